// Pages open to everyone (external login landing, static terms) still need to know whether the visitor
// is signed in, without requireUser's redirect to Login for those who are not.
import { type AppLoadContext, redirect } from '@remix-run/node'
import type { SessionInfo } from '../../platform/contracts/auth'
import { homePath } from '../guard.server'
import { type ConsoleSession, readSession } from '../session.server'
import { authApi } from './auth.server'

export type SignedInVisitor = { session: ConsoleSession; info: SessionInfo }

/**
 * The visitor's session when it is a live, fully signed-in one (second factor done); null when there is
 * no cookie, the platform no longer knows the token, or sign-in is half-way.
 */
type Context = Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>

export async function signedInVisitor(request: Request, context: Context): Promise<SignedInVisitor | null> {
  const session = await readSession(request)
  if (!session) return null
  const checked = await authApi(context, session.token).session()
  if (!checked.ok || checked.data.stage !== 'FULL') return null
  return { session, info: checked.data }
}

/** Pages for signing in (the external login landing) send a signed-in visitor home (spec accounts §2). */
export async function redirectSignedInHome(request: Request, context: Context) {
  const visitor = await signedInVisitor(request, context)
  if (visitor) throw redirect(homePath(visitor.info.role, visitor.info.sellerId ?? visitor.session.sellerId))
}
