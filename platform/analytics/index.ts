// The analytics service (/ads/adinventory, spec accounts §7 "Analytics calls under
// /{product}ads/adinventory/v1/analytics"): reports computed from the daily rollup, saved and scheduled
// reports, OTP-gated downloads through signed links, and the performance ingest the rollup is fed by
// (docs/decisions/038). One file per resource, mounted here.
import type { PlatformDeps } from '../deps'
import { createService } from '../http'
import { ANALYTICS_BASE } from '../contracts/analytics'
import { analyticsServiceRoutes } from './routes'

export { ANALYTICS_BASE }

export function createAnalyticsService(deps: PlatformDeps) {
  const app = createService(ANALYTICS_BASE, deps)
  app.route('/', analyticsServiceRoutes(deps))
  return app
}
