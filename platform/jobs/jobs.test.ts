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
    const before = (await t.db.select({ id: sessions.id }).from(sessions)).length
    const result = (await sessionCleanup.run(t.deps)) as { sessions: number }
    expect(result.sessions).toBeGreaterThanOrEqual(1)
    const after = (await t.db.select({ id: sessions.id }).from(sessions)).length
    expect(after).toBe(before - result.sessions)
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
    const result = (await statistics.run(t.deps)) as { ms: number }
    expect(result.ms).toBeGreaterThanOrEqual(0)
    expect(await statsRows()).toBeGreaterThan(0)
  })
})
