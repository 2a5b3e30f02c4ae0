// getDefaultReport, getFilters, generateReport, getReport. Filled by issue 12's report engine work.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function reportRoutes(_deps: PlatformDeps) {
  return new Hono<Env>()
}
