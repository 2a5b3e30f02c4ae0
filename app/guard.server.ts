// The one route guard (spec accounts §2 "Route guard"). Every loader and action starts with it.
import { type AppLoadContext, redirect } from '@remix-run/node'
import type { SessionInfo } from '../platform/contracts/auth'
import { actsForItself, type Role } from '../platform/rules/roles'
import { authApi } from './models/auth.server'
import type { UpstreamResult } from './models/upstream.server'
import { homePath, menuFor, ROUTES, selectAccountPath } from './route-table'
import { type ConsoleSession, destroySession, readSession } from './session.server'
import { SOMETHING_WENT_WRONG } from '../platform/contracts/envelope'

/** What a route asks of the visitor. Every entry of the route table (app/route-table.ts) is one. */
export type GuardOptions = {
  /** Roles allowed on the route; absent means any signed-in user. */
  roles?: readonly Role[]
  /** Most routes need a selected seller id (default true). */
  needsSeller?: boolean
  /** The terms pages themselves: do not send a user who has not accepted to the terms page. */
  termsPage?: boolean
}

export type CurrentUser = {
  session: ConsoleSession
  info: SessionInfo
  role: Role
  sellerId: number | null
  /** The platform keeps mail in its outbox (not production, no SMTP_URL): the menu offers the Outbox. */
  outbox: boolean
}

const LOGIN = ROUTES.login.path
export const TERMS_PATH = ROUTES.terms.path
export const UNAUTHORIZED_PATH = ROUTES.unauthorized.path
export const TNC_ERROR_PATH = ROUTES.tncErrorPopup.path

// One platform check per request, however many loaders of the request ask. Remix gives every loader
// of a request its own Request object but the same load context, so the context is the key.
const checked = new WeakMap<AppLoadContext, Map<string, Promise<UpstreamResult<SessionInfo>>>>()

function checkSession(context: AppLoadContext, token: string) {
  let byToken = checked.get(context)
  if (!byToken) {
    byToken = new Map()
    checked.set(context, byToken)
  }
  let pending = byToken.get(token)
  if (!pending) {
    pending = authApi(context, token).session()
    byToken.set(token, pending)
  }
  return pending
}

async function toLogin(clearCookie: boolean): Promise<never> {
  throw redirect(LOGIN, clearCookie ? { headers: { 'Set-Cookie': await destroySession() } } : undefined)
}

/** The signed-in user, or a redirect that applies the route-guard rules. */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  options: GuardOptions = {},
): Promise<CurrentUser> {
  const session = await readSession(request)
  if (!session) return toLogin(false)

  const checkedSession = await checkSession(context, session.token)
  if (!checkedSession.ok) {
    if (checkedSession.status === 401 && options.termsPage) {
      // spec §8: a failed token check on the terms pages goes to /unauthorized.
      throw redirect(UNAUTHORIZED_PATH, { headers: { 'Set-Cookie': await destroySession() } })
    }
    if (checkedSession.status === 401) return toLogin(true)
    throw new Response('The sign-in service is unavailable', { status: 503 })
  }
  const info = checkedSession.data
  if (info.stage !== 'FULL') return toLogin(true)
  const role = info.role
  if (options.roles && !options.roles.includes(role)) throw redirect(LOGIN)

  const sellerId = actsForItself(role) ? info.sellerId : session.sellerId
  if (!info.tncAcceptance && !options.termsPage) {
    if (role === 'AGENCY') throw redirect(TERMS_PATH)
    if (actsForItself(role) && sellerId) throw redirect(TERMS_PATH)
  }
  if ((options.needsSeller ?? true) && !sellerId) throw redirect(LOGIN)
  return { session, info, role, sellerId, outbox: context.outboxEnabled === true }
}

/**
 * What a failed platform call means for the page (spec accounts §6, §8): a 401 whose body is
 * 'unauthorized' or a 403 → /unauthorized; 406 for OPS or SUPERADMIN → /tncErrorPopup; any other 401
 * → the session is gone: Login. Returns nothing for other failures (the page shows the message).
 */
export async function redirectForStatus(
  result: { ok: boolean; status: number; message?: string },
  role: Role,
) {
  if (result.ok) return
  if (result.status === 403 || (result.status === 401 && result.message === 'unauthorized')) {
    throw redirect(UNAUTHORIZED_PATH)
  }
  if (result.status === 406 && (role === 'OPS' || role === 'SUPERADMIN')) throw redirect(TNC_ERROR_PATH)
  if (result.status === 401) await toLogin(true)
}

/**
 * The message a page shows for a failed call (spec §8: the server's message, else 'Something went
 * wrong'), after the redirects its status calls for (redirectForStatus).
 */
export async function failureMessage(result: { ok: false; status: number; message?: string }, role: Role) {
  await redirectForStatus(result, role)
  return result.message || SOMETHING_WENT_WRONG
}

/** Where a signed-in user lands from Login (kept here for the sign-in routes; the table decides). */
export { homePath }

/** What the shell (header and menu) needs to know about the user. */
export function shellUser(user: CurrentUser) {
  return {
    role: user.role,
    name: user.info.name,
    sellerId: user.sellerId,
    sellerName: actsForItself(user.role) ? null : (user.session.sellerName ?? null),
    home: homePath(user.role, user.sellerId),
    switchTo: selectAccountPath(user.role),
    menu: menuFor(user.role, { outbox: user.outbox }),
  }
}
