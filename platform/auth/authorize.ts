// Who may do what: the bearer-token middleware and the checks every service applies itself,
// whatever the console's guards already did.
import { and, eq } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { Database } from '../db/client'
import { accounts, linkRequests } from '../db/schema'
import { DomainError, forbidden, unauthenticated } from '../errors'
import type { Env } from '../http'
import { actsForItself } from '../rules/roles'
import { ID_INVALID } from '../rules/lists'
import { isAdminRole, type Role } from '../rules/roles'
import { sharedRead } from '../request-reads'
import { type ResolvedSession, type SessionStage, resolveToken } from './sessions'

export type AuthContext = ResolvedSession & { token: string }

/** The session of `token`, read once per console request (platform/request-reads.ts). */
const resolveShared = (request: Request, deps: Env['Variables']['deps'], token: string) =>
  sharedRead(request, `session ${token}`, () => resolveToken(deps.database.db, token, deps.now()))

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1] ?? null
}

/**
 * Requires a live session. `stage: 'FULL'` (default) also requires the second factor to be done;
 * 'PASSWORD' accepts a session that is half-way through sign-in.
 */
export const requireAuth = (options: { stage?: SessionStage; roles?: readonly Role[] } = {}) =>
  createMiddleware<Env>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!token) throw unauthenticated()
    const session = await resolveShared(c.req.raw, c.get('deps'), token)
    if (!session) throw unauthenticated()
    if ((options.stage ?? 'FULL') === 'FULL' && session.stage !== 'FULL') throw unauthenticated()
    if (options.roles && !options.roles.includes(session.user.role)) throw forbidden()
    c.set('auth', { ...session, token })
    await next()
  })

/**
 * May this user act for the advertiser (seller or brand account) `sellerId`?
 * Staff: any existing account. SELLER/BRAND: only themselves. AGENCY: only brands linked to it.
 */
export async function mayActFor(db: Database, auth: AuthContext, sellerId: number): Promise<boolean> {
  const { user } = auth
  // spec accounts §6: a SELLER or BRAND acts for itself; its own account id is the only one.
  if (actsForItself(user.role)) return user.accountId === sellerId
  if (isAdminRole(user.role)) {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, sellerId))
      .limit(1)
    return Boolean(row)
  }
  // AGENCY: only brands linked to it.
  const [row] = await db
    .select({ id: linkRequests.id })
    .from(linkRequests)
    .where(
      and(
        eq(linkRequests.agencyId, user.id),
        eq(linkRequests.brandId, sellerId),
        eq(linkRequests.status, 'APPROVED'),
      ),
    )
    .limit(1)
  return Boolean(row)
}

/** Throws 403 unless the caller may act for `sellerId`. */
export async function assertMayActFor(db: Database, auth: AuthContext, sellerId: number) {
  if (!Number.isSafeInteger(sellerId) || sellerId <= 0) {
    throw new DomainError(400, 'INVALID_SELLER', ID_INVALID)
  }
  if (!(await mayActFor(db, auth, sellerId))) throw forbidden()
}
