// Shapes of the auth service's calls (spec accounts §7), shared by the platform and the console.
// Every response is wrapped in the envelope of ./envelope.ts ({ code, message, data, errors }).
import { z } from 'zod/v4'
import { Roles } from '../rules/roles'
import { safeText, TEXT_MAX } from './text'

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

/** A seller or brand account a user may act for (GET /v1/accounts/:id, GET /v1/accounts). */
export const accountSchema = z.object({ id: z.number(), kind: z.enum(['SELLER', 'BRAND']), name: z.string() })
export type Account = z.infer<typeof accountSchema>

/** The account picker shows this many matches; a longer list asks for a narrower search. */
export const ACCOUNT_SEARCH_LIMIT = 20

/**
 * GET /v1/accounts?search&limit — the accounts the caller may act for whose name holds `search` or whose
 * id starts with it (staff: every seller and brand; agency: its linked brands; seller, brand: itself).
 */
export const accountSearchQuerySchema = z.object({
  search: safeText({ max: TEXT_MAX.line, trim: true }).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(ACCOUNT_SEARCH_LIMIT),
})
/** data: the first `limit` matches (an exact id first, then by name), and whether more matched. */
export const accountSearchResponseSchema = z.object({ accounts: z.array(accountSchema), more: z.boolean() })
export type AccountSearchResponse = z.infer<typeof accountSearchResponseSchema>

export const pincodeResultSchema = z.object({ pincode: z.string(), district: z.string(), state: z.string() })
export type PincodeResult = z.infer<typeof pincodeResultSchema>

// ---------------------------------------------------------------------------------------------
// Sign-in (issue 3)
// ---------------------------------------------------------------------------------------------

import { AuthMessages, PASSWORD_MAX } from './auth-messages'

export {
  ALREADY_LOGGED_IN,
  AuthMessages,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TOO_MANY_REQUESTS,
} from './auth-messages'

/** POST /v1/login — body. 401 with message ALREADY_LOGGED_IN when another session is live and !loginHere. */
export const loginRequestSchema = z.object({
  email: safeText({ max: TEXT_MAX.email, trim: true }).min(1),
  password: safeText({ max: PASSWORD_MAX }).min(1),
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
export const verifyTotpRequestSchema = z.object({
  email: safeText({ max: TEXT_MAX.email }),
  totp: safeText({ max: TEXT_MAX.code }),
})
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
  /** The browser's address as the console saw it (an IPv6 address is at most 45 characters). */
  ipAddress: safeText({ max: 64 }).nullable().optional(),
  timestamp: safeText({ max: 64 }),
  tncAcceptance: z.boolean(),
})

/** POST /v1/user/totp?email — answers 200 the same way whether or not the e-mail is known. */
/** POST /v1/user/password/reset — body. */
// Passwords are capped at twice PASSWORD_MAX here (UTF-16 units): the reset counts characters itself.
export const passwordResetRequestSchema = z.object({
  email: safeText({ max: TEXT_MAX.email }),
  password: safeText({ max: 2 * PASSWORD_MAX, maxMessage: AuthMessages.passwordTooLong }),
  confirmPassword: safeText({ max: 2 * PASSWORD_MAX, maxMessage: AuthMessages.passwordTooLong }),
  otp: safeText({ max: TEXT_MAX.code }),
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
