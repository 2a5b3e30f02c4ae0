// downloadReport, getOpsReport and the signed file link. Filled by issue 12's download work.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function downloadRoutes(_deps: PlatformDeps) {
  return new Hono<Env>()
}
