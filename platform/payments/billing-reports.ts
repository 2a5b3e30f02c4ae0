// The three billing reports (issue 13): CreditLimit.csv, PromoCredits.csv, the overall summary. Owner: billing console helper.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function billingReportRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
