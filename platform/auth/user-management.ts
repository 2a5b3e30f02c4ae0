// /v1/userManagement/*: the user list, one profile, All Advertisers CSV, role and account-status changes — issue 11
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function userManagementRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
