// The seller portal's hand-off (spec accounts §7 POST /v1/external/login): the platform checks the
// signature, age and single use of the link and opens a session; the console stores it in its cookie.
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import { homePath } from '../guard.server'
import { commitSession } from '../session.server'
import { authApi } from './auth.server'

/**
 * Redeems the link: a redirect home (the guard sends a user who has not accepted to the terms first), or
 * the platform's reason for refusing it.
 */
export async function signInExternally(context: AppLoadContext, query: string) {
  const result = await authApi(context).externalLogin(query)
  if (!result.ok) {
    const refused = result.status >= 400 && result.status < 500
    return data(
      {
        error: refused ? result.message || 'Invalid login link' : 'Sign-in is unavailable, please try again.',
      },
      { status: refused ? result.status : 502 },
    )
  }
  const user = result.data
  const cookie = await commitSession({
    token: user.token,
    role: user.role,
    userId: user.userId,
    userEmail: user.email,
    sellerId: user.sellerId,
    tncAcceptance: user.tncAcceptance,
    twoFactorRegistered: user.twoFactorRegistered,
    ipAddress: context.clientIp ?? null,
  })
  return redirect(homePath(user.role, user.sellerId), { headers: { 'Set-Cookie': cookie } })
}
