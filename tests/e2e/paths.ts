import path from 'node:path'
import { projectPath } from '../../platform/paths'

export const E2E_DIR = projectPath('.tmp/e2e')
export const SESSIONS_FILE = path.join(E2E_DIR, 'sessions.json')
export type SessionPool = Record<string, { tokens: string[] }>
export const USERS_FILE = path.join(E2E_DIR, 'e2e-users.json')
/** Per campaign and day, the SQL sums over performance_daily of the e2e advertisers, taken by global-setup. */
export const FACT_SUMS_FILE = path.join(E2E_DIR, 'fact-sums.json')
/**
 * The IST day global-setup dated the fixture campaigns and facts from ("today" at seeding). A run that
 * crosses IST midnight (18:30 UTC) sees the server's "yesterday" move one day further from them: CI's
 * js-off project failed that way once, its list totals summing the wrong day.
 */
export const SEED_DAY_FILE = path.join(E2E_DIR, 'seed-day.txt')
export type FactSums = {
  campaignId: number
  day: string
  impressions: number
  clicks: number
  spend: number
  orders: number
  sales: number
}[]

/**
 * The failed background jobs global-setup leaves (decision 058), by their stored error: one nobody
 * retries (every page walk and OPS see a row), and one per project that admin-jobs.spec retries.
 */
export const E2E_FAILED_JOBS = {
  kept: 'E2E: a failed job nobody retries',
  retriedBy: (project: string) => `E2E: a failed job the ${project} project retries`,
  projects: ['js-on', 'js-off'],
} as const
