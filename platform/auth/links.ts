// Agency–brand links: /v1/brand/link-request, de-link-request, link, de-link, the listings and history, linkedAgencies and linkedBrands — issue 11
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function linkRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
