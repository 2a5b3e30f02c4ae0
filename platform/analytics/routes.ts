// Which resource answers which path. Each resource file applies its own authentication: the report
// calls need a signed-in caller (requireAuth), the signed file link needs only its token, and the
// ingest needs the machine token.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'
import { downloadRoutes } from './downloads'
import { factsRoutes } from './facts'
import { reportRoutes } from './reports'
import { savedReportRoutes } from './saved'

export function analyticsServiceRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  app.route('/', factsRoutes(deps))
  app.route('/', downloadRoutes(deps))
  app.route('/', reportRoutes(deps))
  app.route('/', savedReportRoutes(deps))
  return app
}
