// Form rules of onboarding, the rejected agency's edit and the invitation (spec accounts §5), shared by
// browser and server (decision 017). The rules and messages come from platform/rules/onboarding.ts,
// the same ones the platform's contract checks. Which fields a form has depends on the role (decision 033).
import { AuthMessages, PASSWORD_MAX, PASSWORD_MIN } from '../../platform/contracts/auth-messages'
import {
  ONBOARDING_MAX,
  ONBOARDING_PATTERNS,
  ONBOARDING_ROLE_OPTIONS,
  OnboardingMessages,
} from '../../platform/rules/onboarding'
import type { Role } from '../../platform/rules/roles'
import { type FormRules, formRules } from '../utils/form-rules'

const name = {
  kind: 'text',
  required: OnboardingMessages.nameEmpty,
  trim: true,
  maxLength: { value: ONBOARDING_MAX.name, message: `Must be at most ${ONBOARDING_MAX.name} characters` },
} as const

const email = {
  kind: 'text',
  required: OnboardingMessages.emailInvalid,
  trim: true,
  maxLength: { value: ONBOARDING_MAX.email, message: OnboardingMessages.emailInvalid },
  email: OnboardingMessages.emailInvalid,
} as const

const accountId = {
  kind: 'text',
  required: OnboardingMessages.idInvalid,
  trim: true,
  pattern: { source: ONBOARDING_PATTERNS.accountId, message: OnboardingMessages.idInvalid },
} as const

// No maxLength rule on the numbers and the pincode: their pattern fixes the length (the inputs carry
// maxLength themselves), and two failing checks would give the server two messages.
const phone = {
  kind: 'text',
  trim: true,
  pattern: { source: ONBOARDING_PATTERNS.phone, message: OnboardingMessages.numberInvalid },
} as const

const agencyFields = {
  primaryContactNumber: { ...phone, required: OnboardingMessages.numberInvalid },
  secondaryContactNumber: phone,
  address: {
    kind: 'text',
    required: OnboardingMessages.addressEmpty,
    trim: true,
    maxLength: {
      value: ONBOARDING_MAX.address,
      message: `Must be at most ${ONBOARDING_MAX.address} characters`,
    },
  },
  pincode: {
    kind: 'text',
    required: OnboardingMessages.pincodeInvalid,
    trim: true,
    pattern: { source: ONBOARDING_PATTERNS.pincode, message: OnboardingMessages.pincodeInvalid },
  },
} as const

export const staffOnboardingForm = formRules({ name, email })
export const accountOnboardingForm = formRules({ name, email, userId: accountId })
export const agencyOnboardingForm = formRules({ name, email, ...agencyFields })
/** Edit mode: a rejected agency's details (its e-mail and role stay as they are). */
export const agencyEditForm = formRules({ name, ...agencyFields })

/** The form of a role: name and e-mail, plus the id (Seller, Brand) or the agency's contact details. */
export function onboardingFormFor(role: Role): FormRules {
  if (role === 'SELLER' || role === 'BRAND') return accountOnboardingForm
  if (role === 'AGENCY') return agencyOnboardingForm
  return staffOnboardingForm
}

export const roleOptionLabel = (role: Role) =>
  ONBOARDING_ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role

/** Step 1 of the invitation: the same password rules and messages as Forgot Password. */
export const invitationPasswordForm = formRules({
  password: {
    kind: 'text',
    required: AuthMessages.passwordTooShort,
    minLength: { value: PASSWORD_MIN, message: AuthMessages.passwordTooShort },
    maxLength: { value: PASSWORD_MAX, message: AuthMessages.passwordTooLong },
  },
  confirmPassword: {
    kind: 'text',
    required: AuthMessages.passwordMismatch,
    equals: { field: 'password', message: AuthMessages.passwordMismatch },
  },
})

/** Step 2: the first code of the authenticator app. */
export const invitationOtpForm = formRules({
  otp: {
    kind: 'text',
    required: AuthMessages.enterValidOtp,
    trim: true,
    pattern: { source: '\\d{6}', message: AuthMessages.enterValidOtp },
  },
})
