// The auth service (/ads/ad-auth): sign-in (one file per step, composed below), sessions, accounts, pincodes.
import { and, asc, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm'
import { z } from 'zod/v4'
import { accountSchema, accountSearchQuerySchema } from '../contracts/auth'
import { likeLiteral } from '../db/like'
import { accounts, linkRequests, pincodes } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, unauthenticated } from '../errors'
import { createService, ok } from '../http'
import { assertMayActFor, requireAuth } from './authorize'
import { audit } from '../audit'
import { resolveToken, revokeSession } from './sessions'
import { externalLoginRoutes } from './external-login'
import { linkRoutes } from './links'
import { loginRoutes } from './login'
import { onboardingRoutes } from './onboarding'
import { outboxRoutes } from './outbox'
import { jobRoutes } from './jobs'
import { approvalRoutes } from './approvals'
import { userManagementRoutes } from './user-management'
import { passwordResetRoutes } from './password-reset'
import { reportOtpRoutes } from './report-otp'
import { actorOf } from './request'
import { termsRoutes } from './terms'
import { twoFactorRoutes } from './two-factor'
import { sellerIdOf } from './users'
import { actsForItself, isAdminRole } from '../rules/roles'

export const AUTH_BASE = '/ads/ad-auth'

const pincodeList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^\d{6}$/, 'Pincode is invalid'))
      .min(1, 'Pincode is invalid')
      .max(500),
  )

export function createAuthService(deps: PlatformDeps) {
  const app = createService(AUTH_BASE, deps)

  // Sign-in: password, second factor, terms, forgot password, report codes, seller-portal hand-off.
  app.route('/', loginRoutes(deps))
  app.route('/', twoFactorRoutes(deps))
  app.route('/', termsRoutes(deps))
  app.route('/', passwordResetRoutes(deps))
  app.route('/', reportOtpRoutes(deps))
  app.route('/', externalLoginRoutes(deps))

  // Accounts (issue 11): onboarding and invitations, user management, approvals, agency links, outbox.
  app.route('/', onboardingRoutes(deps))
  app.route('/', userManagementRoutes(deps))
  app.route('/', linkRoutes(deps))
  app.route('/', outboxRoutes(deps))
  // Failed background jobs and their retry (decision 058).
  app.route('/', jobRoutes(deps))
  // Last: its /v1/{userType}/{userId} paths are patterns (restricted to role names and digits).
  app.route('/', approvalRoutes(deps))

  // spec: GET /v1/validateToken?token&ipAddress → field token; missing means unauthorized.
  app.get('/v1/validateToken', async (c) => {
    const token = c.req.query('token') ?? ''
    const session = await resolveToken(deps.database.db, token, deps.now())
    if (session?.stage !== 'FULL') throw unauthenticated('unauthorized')
    return ok(c, {
      token,
      userId: session.user.id,
      role: session.user.role,
      expireTime: session.expiresAt.toISOString(),
      tncAcceptance: session.user.tncAcceptance,
    })
  })

  // Who is signed in behind this token (the console's header and guard read it).
  app.get('/v1/session', requireAuth({ stage: 'PASSWORD' }), (c) => {
    const { user, stage, expiresAt } = c.get('auth')
    return ok(c, {
      userId: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      sellerId: sellerIdOf(user),
      tncAcceptance: user.tncAcceptance,
      twoFactorRegistered: user.twoFactorRegistered,
      stage,
      expireTime: expiresAt.toISOString(),
    })
  })

  // The account picker: the accounts the caller may act for (the same rule as mayActFor), by name or id.
  app.get('/v1/accounts', requireAuth(), async (c) => {
    const { search, limit } = accountSearchQuerySchema.parse(c.req.query())
    const { user } = c.get('auth')
    const filters: SQL[] = []
    if (actsForItself(user.role)) filters.push(eq(accounts.id, user.accountId ?? -1))
    else if (!isAdminRole(user.role)) {
      filters.push(
        exists(
          deps.database.db
            .select({ one: sql`1` })
            .from(linkRequests)
            .where(
              and(
                eq(linkRequests.agencyId, user.id),
                eq(linkRequests.brandId, accounts.id),
                eq(linkRequests.status, 'APPROVED'),
              ),
            ),
        ),
      )
    }
    const byName = ilike(accounts.name, `%${likeLiteral(search)}%`)
    const isId = /^\d{1,15}$/.test(search)
    if (search)
      filters.push(isId ? (or(sql`${accounts.id}::text like ${`${search}%`}`, byName) as SQL) : byName)
    const rows = await deps.database.db
      .select({ id: accounts.id, kind: accounts.kind, name: accounts.name })
      .from(accounts)
      .where(and(...filters))
      // The typed id first, then names starting with the text, then the rest by name.
      .orderBy(
        ...(isId ? [desc(sql`${accounts.id} = ${Number(search)}`)] : []),
        ...(search ? [desc(ilike(accounts.name, `${likeLiteral(search)}%`))] : []),
        asc(sql`lower(${accounts.name}) collate "C"`),
        asc(accounts.id),
      )
      .limit(limit + 1)
    return ok(c, {
      accounts: rows.slice(0, limit).map((r) => accountSchema.parse(r)),
      more: rows.length > limit,
    })
  })

  // Account selection: may the caller work for this seller or brand id? Staff: any; agency: linked brands;
  // seller and brand: themselves. A refusal does not tell an agency whether the id exists.
  app.get('/v1/accounts/:id', requireAuth(), async (c) => {
    const id = Number(c.req.param('id'))
    if (!/^\d{1,15}$/.test(c.req.param('id'))) throw badRequest('ID is invalid')
    await assertMayActFor(deps.database.db, c.get('auth'), id)
    const [account] = await deps.database.db.select().from(accounts).where(eq(accounts.id, id)).limit(1)
    if (!account) throw badRequest('ID is invalid')
    return ok(c, { id: account.id, kind: account.kind, name: account.name })
  })

  // spec: POST /v1/logout → code 200; the session ends on the server.
  app.post('/v1/logout', requireAuth({ stage: 'PASSWORD' }), async (c) => {
    const auth = c.get('auth')
    const now = deps.now()
    await deps.database.db.transaction(async (tx) => {
      await revokeSession(tx, auth.sessionId, 'LOGOUT', now)
      await audit(tx, {
        action: 'LOGOUT',
        entityType: 'session',
        entityId: auth.sessionId,
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
    })
    return ok(c, null, 'Logged out')
  })

  // spec: GET /v1/pincodes/fetch?pincodes=560001,110001 → district and state.
  app.get('/v1/pincodes/fetch', requireAuth(), async (c) => {
    const parsed = pincodeList.safeParse(c.req.query('pincodes') ?? '')
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Pincode is invalid')
    const rows = await deps.database.db
      .select()
      .from(pincodes)
      .where(inArray(pincodes.pincode, parsed.data.map(Number)))
    return ok(
      c,
      rows.map((r) => ({ pincode: String(r.pincode), district: r.district, state: r.state })),
    )
  })

  return app
}
