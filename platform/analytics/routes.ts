// Which resource answers which path. Each resource file applies its own authentication: the report
// calls need a signed-in caller (requireAuth), the signed file link needs only its token, and the
// ingest needs the machine token.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function analyticsServiceRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
