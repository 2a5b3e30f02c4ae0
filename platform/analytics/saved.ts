// saveAndScheduleReport, getSavedReports, deleteReport. Filled by issue 12's saved-report work.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'

export function savedReportRoutes(_deps: PlatformDeps) {
  return new Hono<Env>()
}
