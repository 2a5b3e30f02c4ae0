// POST /v1/facts: the ad server's performance rows (machine token). Filled by issue 12's ingest work.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function factsRoutes(_deps: PlatformDeps) {
  return new Hono<Env>()
}
