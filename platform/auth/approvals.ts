// GET /v1/approval/listing, GET and PATCH /v1/{userType}/{userId}, agency documents — issue 11
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function approvalRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
