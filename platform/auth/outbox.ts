// GET /v1/outbox: the mail kept in the outbox outside production (issue 11, beyond the spec; decision
// 037). SUPERADMIN and OPS only. Where the outbox is off (production, or SMTP_URL set) the path does not
// exist for anyone: 404 before any sign-in check.
import { Hono } from 'hono'
import { outboxPageSchema, outboxQuerySchema } from '../contracts/outbox'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { ADMIN_ROLES } from '../rules/roles'
import { requireAuth } from './authorize'

export function outboxRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  app.get(
    '/v1/outbox',
    async (_c, next) => {
      // Read on every request: the flag and the mailer are the deps' (tests switch them).
      if (!deps.outboxEnabled) throw new DomainError(404, 'NOT_FOUND', 'Not found')
      await next()
    },
    requireAuth({ roles: ADMIN_ROLES }),
    (c) => {
      const { page, size } = outboxQuerySchema.parse(c.req.query())
      const kept = deps.mailer.outbox?.list({ page, size }) ?? { total: 0, messages: [] }
      return ok(c, outboxPageSchema.parse({ ...kept, page, size, consoleUrl: deps.consoleUrl }))
    },
  )

  return app
}
