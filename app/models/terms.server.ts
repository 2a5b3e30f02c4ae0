// Terms acceptance (spec accounts §2 "Route guard", §4 "The terms acceptance is stored, then the user is
// sent to campaigns"): the click-wrap page is for advertisers who have not accepted yet.
import type { Submission } from '@conform-to/react'
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import { isAdminRole } from '../../platform/rules/roles'
import { flashCookie } from '../flash.server'
import { type CurrentUser, homePath, redirectForStatus, UNAUTHORIZED_PATH } from '../guard.server'
import { commitSession, destroySession } from '../session.server'
import { authApi } from './auth.server'

export const TERMS_NOT_ACCEPTED_PATH = '/terms-not-accepted'

/** Staff, and advertisers who have accepted already, may not open the click-wrap page. */
export function assertTermsPending(user: CurrentUser) {
  if (isAdminRole(user.role) || user.info.tncAcceptance) throw redirect(UNAUTHORIZED_PATH)
}

/** Stores the acceptance on the platform and in the cookie, then sends the user to their home. */
export async function acceptTerms(
  request: Request,
  context: AppLoadContext,
  user: CurrentUser,
  submission: Submission<{ tncAcceptance: boolean }>,
) {
  const result = await authApi(context, user.session.token).acceptTerms({
    userId: user.info.userId,
    // Where the box was ticked, for the record; the sign-in address when the server cannot tell.
    ipAddress: context.clientIp ?? user.session.ipAddress,
    timestamp: new Date().toISOString(),
    tncAcceptance: true,
  })
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    return data(
      { lastResult: submission.reply({ formErrors: [result.message || 'Something went wrong'] }) },
      { status: result.status >= 500 ? 502 : result.status },
    )
  }
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession({ ...user.session, tncAcceptance: true }))
  headers.append(
    'Set-Cookie',
    await flashCookie(request, {
      kind: 'success',
      message: 'Thank you for accepting the Terms and Conditions.',
    }),
  )
  return redirect(homePath(user.role, user.sellerId), { headers })
}

/** Declining ends the session (platform and cookie) and explains why the console cannot be used. */
export async function declineTerms(context: AppLoadContext, user: CurrentUser) {
  const result = await authApi(context, user.session.token).logout()
  // A session already gone on the platform (401) is fine: the cookie goes either way.
  if (!result.ok && result.status !== 401) {
    throw new Response('Signing out failed, please try again', { status: 502 })
  }
  return redirect(TERMS_NOT_ACCEPTED_PATH, { headers: { 'Set-Cookie': await destroySession() } })
}
