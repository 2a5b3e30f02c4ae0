// Keyword metadata (issue 13): POST (zip upload) and GET ?productId. Owner: metadata helper.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function metadataRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
