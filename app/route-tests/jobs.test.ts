// The Background jobs page's loader and Retry action (decision 058) over the real platform: failed pg-boss
// jobs listed for SUPERADMIN and OPS (IST times, sanitized errors, pages), Retry by the super admin queues
// the job again and comes back to the list with a flash message; OPS and other roles are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFailedJobs, JOB_SCHEMA } from '../../platform/testing/failed-jobs'
import type { JobsData } from '../models/jobs.server'
import { action, loader } from '../routes/admin.jobs'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const PATH = '/admin/jobs'
let h: RouteHarness
let ids: string[]

beforeAll(async () => {
  h = await createRouteHarness()
  const error = new Error("Report file could not be written: '/srv/console/data/reports/r.csv'")
  ids = await createFailedJobs(h.t.database, [
    error,
    ...Array.from({ length: 11 }, (_, i) => `Failure ${i + 1}`),
  ])
})
afterAll(async () => {
  await h?.close()
})

const open = async (email: string, query = '') =>
  h.load<JobsData>(loader, `${PATH}${query}`, { cookie: await h.cookieFor(email) })
const retry = async (email: string, id: string, query = '') =>
  h.submit(action, `${PATH}${query}`, { intent: 'retry', id }, { cookie: await h.cookieFor(email) })

async function stateOf(id: string) {
  const { rows } = await h.t.database.executeSql(`select state from ${JOB_SCHEMA}.job where id = $1::uuid`, [
    id,
  ])
  return rows[0]?.state
}

describe('/admin/jobs loader', () => {
  it('lists failed jobs newest first for SUPERADMIN (with Retry) and OPS (without)', async () => {
    for (const [email, canRetry] of [
      ['superadmin@example.com', true],
      ['ops@example.com', false],
    ] as const) {
      const answer = await open(email)
      expect(answer.status, email).toBe(200)
      expect(answer.data).toMatchObject({
        page: 1,
        size: 10,
        total: 12,
        totalPages: 2,
        canRetry,
        error: null,
      })
      expect(answer.data.jobs).toHaveLength(10)
      expect(answer.data.jobs[0]).toMatchObject({
        id: ids[11],
        name: 'test-failing-job',
        error: 'Failure 11',
        retries: '0 / 0',
      })
      expect(answer.data.jobs[0]!.failedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    }
    const second = await open('ops@example.com', '?page=2&size=10')
    expect(second.data.jobs.map((job) => job.error)).toEqual([
      'Failure 1',
      "Report file could not be written: '[path]'",
    ])
  })

  it('sends other roles and signed-out visitors to Login', async () => {
    for (const email of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
      const answer = await open(email)
      expect(answer.status, email).toBe(302)
      expect(answer.location).toBe('/')
    }
    const signedOut = await h.load(loader, PATH)
    expect(signedOut.location).toBe('/')
  })
})

describe('/admin/jobs Retry', () => {
  it("queues the job again and returns to the same page with the platform's word", async () => {
    const answer = await retry('superadmin@example.com', ids[0]!, '?page=2&size=10')
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/admin/jobs?page=2&size=10')
    expect(answer.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
    expect(await stateOf(ids[0]!)).toBe('retry')
    const after = await open('superadmin@example.com', '?page=2&size=10')
    expect(after.data.jobs.map((job) => job.id)).not.toContain(ids[0])
    expect(after.data.total).toBe(11)
  })

  it('a job no longer failed brings the list back with a message, not an error page', async () => {
    const answer = await retry('superadmin@example.com', ids[0]!)
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/admin/jobs')
    expect(answer.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
  })

  it('refuses OPS (403) and a forged form (400), and changes nothing', async () => {
    const ops = await retry('ops@example.com', ids[1]!)
    expect(ops.status).toBe(403)
    expect(await stateOf(ids[1]!)).toBe('failed')
    for (const id of ['', 'not-a-job', `${ids[1]}' or 1=1`]) {
      const forged = await retry('superadmin@example.com', id)
      expect(forged.status, id).toBe(400)
      expect(forged.data).toEqual({ error: 'Job id is invalid' })
    }
    const unknown = await h.submit(
      action,
      PATH,
      { intent: 'delete', id: ids[1]! },
      { cookie: await h.cookieFor('superadmin@example.com') },
    )
    expect(unknown.status).toBe(400)
    expect(await stateOf(ids[1]!)).toBe('failed')
  })

  it('sends other roles to Login before reading the form', async () => {
    const answer = await retry('seller@example.com', ids[1]!)
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/')
    expect(await stateOf(ids[1]!)).toBe('failed')
  })
})
