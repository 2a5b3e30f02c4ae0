// The three billing uploads (issue 13): credit limits, payments, promo credits. Owner: billing-uploads helper.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function billingUploadRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
