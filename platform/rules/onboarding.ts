// Onboarding (spec accounts §2 "Onboarding form", §3 payload, §5 "Onboarding"): who may onboard whom,
// the status a new user starts in, and the field rules with their messages word for word. Pure: the
// platform contract (platform/contracts/onboarding.ts) and the console's form rules both use these.
import type { Role } from './roles'

export const OnboardingMessages = {
  nameEmpty: 'Name cannot be empty',
  emailInvalid: 'Email is invalid',
  idInvalid: 'ID is invalid',
  numberInvalid: 'Number is invalid',
  addressEmpty: 'Address cannot be empty',
  pincodeInvalid: 'Pincode is invalid',
  roleInvalid: 'Role is invalid',
  /** 409: an e-mail already used by a user (compared without case). */
  duplicateEmail: 'A user with this email already exists',
  /** 400 from every invitation call: unknown, superseded, used or expired token. */
  invitationInvalid: 'This invitation link is not valid or has expired',
  /** 400 from the invitation's authenticator step: a wrong code (spec §5 'OTP failure'). */
  otpFailed: 'OTP verification failed',
  /** 400: the edit mode is only for a rejected agency. */
  notRejectedAgency: 'Only a rejected agency can be edited and sent for approval again',
} as const

/** 403 message: OPS onboarding a Super Admin. */
export const MAY_NOT_ONBOARD_ROLE = 'You may not onboard this role'

/** The role select of the form, in the spec's order, with the labels the console shows. */
export const ONBOARDING_ROLE_OPTIONS = [
  { value: 'OPS', label: 'Admin' },
  { value: 'SUPERADMIN', label: 'Super Admin' },
  { value: 'SELLER', label: 'Seller' },
  { value: 'BRAND', label: 'Brand' },
  { value: 'AGENCY', label: 'Agency' },
] as const satisfies readonly { value: Role; label: string }[]

/** spec accounts §6: SUPERADMIN onboards any role, OPS any but Super Admin, nobody else any. */
export function mayOnboard(actor: Role, role: Role): boolean {
  if (actor === 'SUPERADMIN') return true
  if (actor === 'OPS') return role !== 'SUPERADMIN'
  return false
}

/** The roles `actor` may pick in the form. */
export const onboardableRoles = (actor: Role) =>
  ONBOARDING_ROLE_OPTIONS.filter((option) => mayOnboard(actor, option.value))

/** Decision 033: an agency waits for the super admin's approval; everyone else can sign in at once. */
export const initialAccountStatus = (role: Role) => (role === 'AGENCY' ? 'PENDING' : 'APPROVED')

/** Patterns (whole value, as the HTML pattern attribute: no anchors). */
export const ONBOARDING_PATTERNS = {
  /** A marketplace seller or brand id: digits (at most 15, a safe integer). */
  accountId: '[0-9]{1,15}',
  /** An Indian mobile number without the +91 prefix: 10 digits starting 3–9. */
  phone: '[3-9][0-9]{9}',
  pincode: '[0-9]{6}',
} as const

/** The WHATWG e-mail rule of <input type="email"> (the console's EMAIL_PATTERN). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

const whole = (source: string) => new RegExp(`^(?:${source})$`)

/** Field caps (characters). */
export const ONBOARDING_MAX = { name: 200, email: 254, address: 500 } as const

/** Stored form of a contact number (decision 033): +91 and the 10 digits. */
export const storedPhone = (digits: string) => `+91${digits}`
/** The 10 digits of a stored contact number (what the form shows after its +91 prefix). */
export const phoneDigits = (stored: string | null | undefined) => (stored ?? '').replace(/^\+91/, '')

export type OnboardUserInput = {
  name?: string
  email?: string
  role?: string
  userId?: string
  primaryContactNumber?: string
  secondaryContactNumber?: string
  address?: string
  pincode?: string
}

/**
 * The first problem of each field of one user, by field name (empty when the user is valid). Seller
 * and Brand need an id; Agency needs a primary number, address and pincode (the secondary number is
 * optional, but checked when given). Fields another role does not use are not checked.
 */
export function onboardUserProblems(user: OnboardUserInput): Record<string, string> {
  const problems: Record<string, string> = {}
  if (!user.name?.trim()) problems.name = OnboardingMessages.nameEmpty
  if (!user.email || !EMAIL.test(user.email.trim()) || user.email.trim().length > ONBOARDING_MAX.email)
    problems.email = OnboardingMessages.emailInvalid
  const role = user.role
  if (role === 'SELLER' || role === 'BRAND') {
    if (!user.userId || !whole(ONBOARDING_PATTERNS.accountId).test(user.userId))
      problems.userId = OnboardingMessages.idInvalid
  }
  if (role === 'AGENCY') {
    if (!user.primaryContactNumber || !whole(ONBOARDING_PATTERNS.phone).test(user.primaryContactNumber))
      problems.primaryContactNumber = OnboardingMessages.numberInvalid
    if (user.secondaryContactNumber && !whole(ONBOARDING_PATTERNS.phone).test(user.secondaryContactNumber))
      problems.secondaryContactNumber = OnboardingMessages.numberInvalid
    if (!user.address?.trim()) problems.address = OnboardingMessages.addressEmpty
    if (!user.pincode || !whole(ONBOARDING_PATTERNS.pincode).test(user.pincode))
      problems.pincode = OnboardingMessages.pincodeInvalid
  }
  return problems
}

/** The invitation link's lifetime and the page's token parameter. */
export const INVITATION_TTL_HOURS = 72
export const INVITATION_SUBJECT = 'You are invited to the Ad Console'
