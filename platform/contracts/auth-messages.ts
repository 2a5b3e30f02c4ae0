// The auth service's messages and password numbers, without zod: screens that only need a message
// import this and keep the validation library out of their JavaScript.
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
