// Shapes of the auth service's calls (spec accounts §7), shared by the platform and the console.
// Every response is wrapped in the envelope of ./envelope.ts ({ code, message, data, errors }).
import { z } from 'zod/v4'
import { Roles } from '../rules/roles'

export const sessionInfoSchema = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(Roles),
  /** SELLER and BRAND: their own account id; others null. */
  sellerId: z.number().nullable(),
  tncAcceptance: z.boolean(),
  twoFactorRegistered: z.boolean(),
  stage: z.enum(['PASSWORD', 'FULL']),
  expireTime: z.string(),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

export const pincodeResultSchema = z.object({ pincode: z.string(), district: z.string(), state: z.string() })
export type PincodeResult = z.infer<typeof pincodeResultSchema>

// ---------------------------------------------------------------------------------------------
// Sign-in (issue 3)
// ---------------------------------------------------------------------------------------------

/** The exact message of a login refused because another session of the user is live (spec §4). */
export const ALREADY_LOGGED_IN = 'User already Logged in from another device!'
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.'

/** Messages of the sign-in calls (the `message` and `errors[0]` of their error envelopes). */
export const AuthMessages = {
  /** 401 from /v1/login: wrong password, unknown e-mail, or a user without a password. */
  invalidCredentials: 'Invalid email or password',
  /** 401 from /v1/login after a correct password, by account status. */
  accountPending: 'Your account is awaiting approval',
  accountRejected: 'Your account registration was rejected',
  accountRevoked: 'Your account has been revoked',
  /** 400 from /v1/gauth2fa-signup for a user who has enrolled already. */
  twoFactorAlreadySetUp: 'Two-factor authentication is already set up',
  /** 400 from /v1/gauth2fa-verify-totp before the QR code was ever shown. */
  twoFactorNotSetUp: 'Two-factor authentication is not set up',
  /** 400: the OTP is empty or not 6 digits. */
  enterValidOtp: 'Enter a valid otp',
  /** 401 from /v1/gauth2fa-verify-totp: wrong or replayed code. */
  invalidOtp: 'Invalid OTP',
  /** 400 from /v1/tnc without the box ticked. */
  acceptTerms: 'Please accept the Terms and Conditions',
  /** 406 from /v1/tnc for SUPERADMIN and OPS (the console's terms error popup). */
  termsNotApplicable: 'Terms and conditions do not apply to this role',
  /** 200 from /v1/user/totp, whether or not the e-mail is registered. */
  resetCodeSent: 'If the e-mail is registered, an OTP has been sent',
  passwordMismatch: 'Password does not match',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  /** 400 from /v1/user/password/reset: wrong, used, superseded, expired or exhausted code. */
  invalidResetCode: 'Invalid or expired OTP',
  passwordReset: 'Password reset successfully',
  /** 200 from /v1/generate-otp. */
  reportCodeSent: 'An OTP has been sent to your e-mail',
  /** 403 from /v1/external/login when EXTERNAL_LOGIN_SECRET is not configured. */
  externalLoginDisabled: 'External login is not enabled',
  /** 401 from /v1/external/login. */
  invalidLoginLink: 'Invalid login link',
  loginLinkExpired: 'This login link has expired',
  loginLinkUsed: 'This login link has already been used',
  /** 403 from /v1/external/login: no active SELLER user with that seller id and e-mail. */
  sellerNotActive: 'This seller account cannot sign in to the Ad Console',
} as const

/** Passwords: ASVS 5.0 §6.2 — at least 8 characters, at least 64 accepted, no composition rules. */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** POST /v1/login — body. 401 with message ALREADY_LOGGED_IN when another session is live and !loginHere. */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
  loginHere: z.boolean().optional(),
})
/** POST /v1/login — data: a PASSWORD-stage token; the second factor upgrades it. */
export const loginResponseSchema = z.object({
  token: z.string(),
  expireTime: z.string(),
  userId: z.number(),
  email: z.string(),
  role: z.enum(Roles),
  twoFactorRegistered: z.boolean(),
})
export type LoginResponse = z.infer<typeof loginResponseSchema>

/** GET /v1/gauth2fa-signup?email&token&userId&ipAddress — for a user not yet enrolled. */
export const totpSignupResponseSchema = z.object({
  /** otpauth://totp/… URI (SHA1, 6 digits, 30 s) */
  otpauthUri: z.string(),
  /** The same URI as a PNG QR code, data:image/png;base64,… */
  qrCode: z.string(),
})
export type TotpSignupResponse = z.infer<typeof totpSignupResponseSchema>

/** POST /v1/gauth2fa-verify-totp?token&userId&ipAddress&regenerateToken=true — body. */
export const verifyTotpRequestSchema = z.object({ email: z.string(), totp: z.string() })
/** data: a new FULL-stage token (the PASSWORD-stage one ends). */
export const verifyTotpResponseSchema = z.object({
  token: z.string(),
  expireTime: z.string(),
  userId: z.number(),
  email: z.string(),
  role: z.enum(Roles),
  ipAddress: z.string().nullable(),
  tncVersion: z.string().nullable(),
  tncAcceptance: z.boolean(),
  /** SELLER and BRAND: their account id. */
  sellerId: z.number().nullable(),
})
export type VerifyTotpResponse = z.infer<typeof verifyTotpResponseSchema>

/** POST /v1/tnc — body; refused (400) unless tncAcceptance is true. data: { tncAcceptance } */
export const tncRequestSchema = z.object({
  userId: z.number(),
  ipAddress: z.string().nullable().optional(),
  timestamp: z.string(),
  tncAcceptance: z.boolean(),
})

/** POST /v1/user/totp?email — answers 200 the same way whether or not the e-mail is known. */
/** POST /v1/user/password/reset — body. */
export const passwordResetRequestSchema = z.object({
  email: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
  otp: z.string(),
})

/** POST /v1/external/login?sellerId&email&ts&nonce&sig — data as in the spec. */
export const externalLoginResponseSchema = z.object({
  token: z.string(),
  expireTime: z.string(),
  userId: z.number(),
  sellerId: z.number(),
  role: z.enum(Roles),
  tncAcceptance: z.boolean(),
  email: z.string(),
  twoFactorRegistered: z.boolean(),
})
export type ExternalLoginResponse = z.infer<typeof externalLoginResponseSchema>
