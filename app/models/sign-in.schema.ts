// Form rules of sign-in and password reset (spec accounts §5), shared by browser and server: the
// browser checks them (no zod in its bundle), the server builds its zod schema from them (decision 017).
import { AuthMessages, PASSWORD_MAX, PASSWORD_MIN } from '../../platform/contracts/auth-messages'
import { formRules } from '../utils/form-rules'

const EMAIL_MAX = 254

export const loginForm = formRules({
  email: {
    kind: 'text',
    required: 'User name is required',
    trim: true,
    maxLength: { value: EMAIL_MAX, message: 'Email is invalid' },
  },
  password: {
    kind: 'text',
    required: 'Password is required',
    maxLength: { value: PASSWORD_MAX, message: AuthMessages.passwordTooLong },
  },
})

export const otpForm = formRules({
  otp: {
    kind: 'text',
    required: AuthMessages.enterValidOtp,
    trim: true,
    pattern: { source: '\\d{6}', message: AuthMessages.enterValidOtp },
  },
})

export const forgotPasswordForm = formRules({
  email: {
    kind: 'text',
    required: 'Email is invalid',
    trim: true,
    maxLength: { value: EMAIL_MAX, message: 'Email is invalid' },
    email: 'Email is invalid',
  },
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

/** The resend-OTP timer: 45 s after the first code, 300 s after each resend (spec §4, §9). */
export const resendDelaySeconds = (sends: number) => (sends <= 1 ? 45 : 300)

/** mm:ss */
export const formatCountdown = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
