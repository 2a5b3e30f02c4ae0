// Onboarding and invitation calls of the auth service (spec accounts §3 "Onboarding payload", §7
// POST /v1/onBoardUsers; the invitation calls are this product's design, decision 033).
//
// POST /v1/onBoardUsers                  {sendMail, users[]} → data {users: [{id, email, role, accountStatus}]}
// PUT  /v1/onBoardUsers/{email}          a rejected agency's details → back to PENDING (edit mode)
// GET  /v1/invitation?token              → InvitationInfo, or 400 OnboardingMessages.invitationInvalid
// POST /v1/invitation/password           {token, password, confirmPassword} → InvitationTotp
// POST /v1/invitation/totp               {token, totp} → InvitationDone (the token is used up)
// POST /v1/invitation/resend             {email} (SUPERADMIN, OPS) → a new invitation replaces older ones
import { z } from 'zod/v4'
import { Roles } from '../rules/roles'
import { ONBOARDING_MAX, OnboardingMessages, onboardUserProblems } from '../rules/onboarding'
import { AuthMessages, PASSWORD_MAX } from './auth-messages'
import { safeText, TEXT_MAX } from './text'

export { OnboardingMessages } from '../rules/onboarding'

/** Numbers may come as JSON numbers (the spec's pincode and userId); kept as digit strings. */
const digits = (max: number) =>
  z
    .union([z.number().int().nonnegative().transform(String), safeText({ max, trim: true })])
    .optional()
    .transform((v) => (v === '' ? undefined : v))

const optionalLine = (max: number) =>
  safeText({ max, trim: true })
    .optional()
    .nullable()
    .transform((v) => v || undefined)

/** The §5 problems as field issues, skipping a field that already has one (control characters, length). */
function addProblems(ctx: z.RefinementCtx, problems: Record<string, string>) {
  const taken = new Set(ctx.issues.map((issue) => String(issue.path?.[0])))
  for (const [field, message] of Object.entries(problems)) {
    if (!taken.has(field)) ctx.addIssue({ code: 'custom', path: [field], message })
  }
}

export const onboardUserSchema = z
  .object({
    name: safeText({ max: ONBOARDING_MAX.name, trim: true }),
    email: safeText({ max: TEXT_MAX.email, maxMessage: OnboardingMessages.emailInvalid, trim: true }),
    role: z.enum(Roles, { error: OnboardingMessages.roleInvalid }),
    userId: digits(20),
    primaryContactNumber: optionalLine(20),
    secondaryContactNumber: optionalLine(20),
    address: optionalLine(ONBOARDING_MAX.address),
    pincode: digits(10),
  })
  .superRefine((user, ctx) => addProblems(ctx, onboardUserProblems(user)))
export type OnboardUser = z.infer<typeof onboardUserSchema>

export const onboardRequestSchema = z.object({
  sendMail: z.boolean().default(true),
  users: z.array(onboardUserSchema).min(1, 'Add at least one user').max(50, 'At most 50 users at a time'),
})
export type OnboardRequest = z.input<typeof onboardRequestSchema>

export type OnboardedUser = {
  id: number
  name: string
  email: string
  role: (typeof Roles)[number]
  accountStatus: 'APPROVED' | 'PENDING'
  invited: boolean
}
export type OnboardResponse = { users: OnboardedUser[] }

/** PUT /v1/onBoardUsers/{email}: the agency fields (role fixed to AGENCY, e-mail from the path). */
export const agencyResubmitSchema = z
  .object({
    name: safeText({ max: ONBOARDING_MAX.name, trim: true }),
    primaryContactNumber: optionalLine(20),
    secondaryContactNumber: optionalLine(20),
    address: optionalLine(ONBOARDING_MAX.address),
    pincode: digits(10),
  })
  .superRefine((user, ctx) =>
    addProblems(ctx, onboardUserProblems({ ...user, role: 'AGENCY', email: 'agency@example.com' })),
  )
export type AgencyResubmit = z.input<typeof agencyResubmitSchema>

const tokenField = safeText({ max: 128, maxMessage: OnboardingMessages.invitationInvalid })

export const invitationPasswordSchema = z.object({
  token: tokenField,
  password: safeText({ max: 2 * PASSWORD_MAX, maxMessage: AuthMessages.passwordTooLong }),
  confirmPassword: safeText({ max: 2 * PASSWORD_MAX, maxMessage: AuthMessages.passwordTooLong }),
})
export const invitationTotpSchema = z.object({
  token: tokenField,
  totp: safeText({ max: TEXT_MAX.code }),
})
export const invitationResendSchema = z.object({
  email: safeText({ max: TEXT_MAX.email, maxMessage: OnboardingMessages.emailInvalid, trim: true }),
})

export type InvitationInfo = {
  name: string
  email: string
  role: (typeof Roles)[number]
  accountStatus: string
  /** The password was set (step 2 comes next). */
  passwordSet: boolean
}
export type InvitationTotp = { otpauthUri: string; secret: string; qrCode: string }
export type InvitationDone = { email: string; accountStatus: string; canSignIn: boolean }
