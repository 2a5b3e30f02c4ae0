// The sign-in calls of the auth service (spec accounts §7): login, two-factor, password reset.
import type { AppLoadContext } from '@remix-run/node'
import type { LoginResponse, TotpSignupResponse, VerifyTotpResponse } from '../../platform/contracts/auth'
import { createUpstreamClient, transportFor } from './upstream.server'

type Context = Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>

export function signInApi(context: Context, token?: string | null) {
  const client = createUpstreamClient(transportFor(context, 'auth'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  const ipAddress = context.clientIp ?? undefined
  return {
    login: (input: { email: string; password: string; loginHere?: boolean }) =>
      client.post<LoginResponse>('/v1/login', { json: input }),
    /** QR code and otpauth URI for a user who has not enrolled yet (needs the password-stage token). */
    totpSignup: (input: { email: string; userId: number; token: string }) =>
      client.get<TotpSignupResponse>('/v1/gauth2fa-signup', { query: { ...input, ipAddress } }),
    verifyTotp: (input: { email: string; userId: number; token: string; totp: string }) =>
      client.post<VerifyTotpResponse>('/v1/gauth2fa-verify-totp', {
        query: { token: input.token, userId: input.userId, ipAddress, regenerateToken: true },
        json: { email: input.email, totp: input.totp },
      }),
    requestResetCode: (email: string) => client.post<null>('/v1/user/totp', { query: { email } }),
    resetPassword: (input: { email: string; password: string; confirmPassword: string; otp: string }) =>
      client.post<null>('/v1/user/password/reset', { json: input }),
  }
}
