// GET /v1/outbox: the mail kept in the outbox outside production (issue 11, beyond the spec)
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function outboxRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
