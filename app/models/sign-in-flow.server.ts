// State carried between the steps of sign-in and password reset, in short-lived encrypted cookies,
// so each step works as a plain page without JavaScript.
import type { AppLoadContext } from '@remix-run/node'
import type { LoginResponse } from '../../platform/contracts/auth'
import { commitSession, sealedCookie } from '../session.server'

/** Credentials waiting for the user's "Continue" on the logged-in-elsewhere warning (2 minutes). */
export const pendingLogin = sealedCookie<{ email: string; password: string }>('console_pending_login', 120)

/** A new password waiting for its e-mailed code (15 minutes: the code lives 10). */
export const pendingReset = sealedCookie<{ email: string; password: string; sentAt: number; sends: number }>(
  'console_pending_reset',
  15 * 60,
)

/** The console cookie between password and second factor: the platform's password-stage token. */
export function passwordStageCookie(login: LoginResponse, context: Pick<AppLoadContext, 'clientIp'>) {
  return commitSession({
    token: login.token,
    role: login.role,
    userId: login.userId,
    userEmail: login.email,
    sellerId: null,
    tncAcceptance: false,
    twoFactorRegistered: login.twoFactorRegistered,
    ipAddress: context.clientIp ?? null,
  })
}
