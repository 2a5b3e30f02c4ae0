// POST /v1/tnc: the click-wrap acceptance of the terms (spec accounts §2 "Terms page", §3 payload).
// For AGENCY, BRAND and SELLER; staff get 406, which the console turns into the terms error popup (§6).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit'
import { AuthMessages, tncRequestSchema } from '../contracts/auth'
import { users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, DomainError, forbidden } from '../errors'
import { type Env, ok } from '../http'
import { isAdminRole } from '../rules/roles'
import { requireAuth } from './authorize'
import { actorOf, clientIp } from './request'
import { currentTncVersion } from './users'

export function termsRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  app.post('/v1/tnc', requireAuth(), async (c) => {
    const auth = c.get('auth')
    const body = tncRequestSchema.parse(await c.req.json())
    if (body.userId !== auth.user.id) throw forbidden()
    if (isAdminRole(auth.user.role)) {
      throw new DomainError(406, 'TNC_NOT_APPLICABLE', AuthMessages.termsNotApplicable)
    }
    if (body.tncAcceptance !== true) throw badRequest(AuthMessages.acceptTerms)

    const now = deps.now()
    // The console sends the browser's address; without it, the address the request came from.
    const ipAddress = body.ipAddress?.trim().slice(0, 64) || clientIp(c)
    await deps.database.db.transaction(async (tx) => {
      const tncVersion = await currentTncVersion(tx)
      const before = { tncAcceptance: auth.user.tncAcceptance }
      await tx
        .update(users)
        .set({ tncAcceptance: true, tncVersion, tncAcceptedAt: now, tncIpAddress: ipAddress, updatedAt: now })
        .where(eq(users.id, auth.user.id))
      await audit(tx, {
        action: 'TNC_ACCEPTED',
        entityType: 'user',
        entityId: auth.user.id,
        before,
        after: { tncAcceptance: true, tncVersion, tncIpAddress: ipAddress, clientTimestamp: body.timestamp },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
    })
    return ok(c, { tncAcceptance: true }, 'Terms and conditions accepted')
  })

  return app
}
