// POST /v1/onBoardUsers and the invitation (set a password, enrol the authenticator) — issue 11
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function onboardingRoutes(_deps: PlatformDeps) {
  const app = new Hono<Env>()
  return app
}
