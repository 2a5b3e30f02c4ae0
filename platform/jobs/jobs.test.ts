import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { type Jobs, startJobs } from '.'
import { sessionCleanup } from './session-cleanup'
import { statistics } from './statistics'

let t: TestPlatform
let jobs: Jobs
const ran: string[] = []

beforeAll(async () => {
  t = await createTestPlatform()
  jobs = await startJobs(t.deps, [
    sessionCleanup,
    statistics,
    {
      name: 'probe',
      retry: { limit: 0, delaySeconds: 0 },
      async run() {
        ran.push('probe')
      },
    },
  ])
})
afterAll(async () => {
  await jobs.stop()
  await t.close()
})

describe('pg-boss on the platform database', () => {
  it('runs a queued job', async () => {
    await jobs.boss.send('probe', {})
    await expect.poll(() => ran, { timeout: 15_000, interval: 200 }).toEqual(['probe'])
  })

  it('schedules the hourly session cleanup, which deletes long-ended sessions only', async () => {
    const schedules = await jobs.boss.getSchedules()
    expect(schedules.map((s) => s.name)).toContain('session-cleanup')

    const live = await t.tokenFor('seller@example.com')
    t.setNow(new Date(Date.now() - 3 * 24 * 60 * 60 * 1000))
    await t.tokenFor('ops@example.com')
    t.setNow(new Date())
    const ops = await t.userByEmail('ops@example.com')
    const seller = await t.userByEmail('seller@example.com')
    const sessionsOf = async (userId: number) =>
      (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length
    const before = (await t.db.select({ id: sessions.id }).from(sessions)).length
    expect(await sessionsOf(ops.id)).toBe(1)

    const result = (await sessionCleanup.run(t.deps)) as { sessions: number }
    // The three-day-old session is gone; the live one stays and still signs its user in.
    expect(await sessionsOf(ops.id)).toBe(0)
    expect(await sessionsOf(seller.id)).toBe(1)
    const after = (await t.db.select({ id: sessions.id }).from(sessions)).length
    expect(result.sessions).toBe(before - after)
    expect((await t.request('/ads/ad-auth/v1/session', { token: live })).status).toBe(200)
  })

  it('refreshes the planner statistics hourly, so the planner knows the fact table', async () => {
    const schedules = await jobs.boss.getSchedules()
    expect(schedules.find((s) => s.name === 'planner-statistics')?.cron).toBe('41 * * * *')
    const statsRows = async () => {
      const result = await t.deps.database.executeSql(
        "select count(*)::int as n from pg_stats where tablename = 'performance_daily'",
      )
      return Number((result.rows[0] as { n: number }).n)
    }
    // A table the planner has never analysed: no row estimate (-1 on PostgreSQL 14+, 0 before) and no
    // column statistics. After the job, the estimate is the real row count and the columns have stats.
    await t.deps.database.executeSql('create table stats_probe as select n from generate_series(1, 500) n')
    const probe = async () => {
      const result = await t.deps.database.executeSql(
        "select (select reltuples from pg_class where relname = 'stats_probe')::int as tuples, (select count(*) from pg_stats where tablename = 'stats_probe')::int as columns",
      )
      return result.rows[0] as { tuples: number; columns: number }
    }
    expect((await probe()).columns).toBe(0)
    expect((await probe()).tuples).toBeLessThanOrEqual(0)

    const result = (await statistics.run(t.deps)) as { ms: number }
    expect(await probe()).toEqual({ tuples: 500, columns: 1 })
    expect(await statsRows()).toBeGreaterThan(0)
    expect(Number.isInteger(result.ms)).toBe(true)
  })
})
