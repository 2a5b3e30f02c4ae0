// Failed background jobs (decision 058): a job whose handler throws is retried by pg-boss as its queue's
// policy says, then ends failed; the auth service lists it for SUPERADMIN and OPS with a sanitized error,
// and a SUPERADMIN's retry queues it again through pg-boss's retry (audited), so that it runs once more.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FailedJob, FailedJobsPage } from '../contracts/jobs'
import { auditLog } from '../db/schema'
import { createFailedJobs } from '../testing/failed-jobs'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { type JobDefinition, type Jobs, jobDefinitions, startJobs } from '.'
import { JOB_SCHEMA } from './boss'
import { sanitizeJobError } from './failed'

const A = '/ads/ad-auth/v1'
let t: TestPlatform
let superadmin: string
let ops: string

beforeAll(async () => {
  t = await createTestPlatform()
  superadmin = await t.tokenFor('superadmin@example.com')
  ops = await t.tokenFor('ops@example.com')
})
afterAll(async () => {
  await t?.close()
})

async function failedList(token: string, query = '') {
  const response = await t.request(`${A}/jobs/failed${query}`, { token })
  return { status: response.status, body: await response.json() }
}
const retry = (token: string | undefined, id: string) =>
  t.request(`${A}/jobs/failed/${id}/retry`, { method: 'POST', token })

async function jobRow(id: string) {
  const { rows } = await t.database.executeSql(
    `select state, retry_count, retry_limit from ${JOB_SCHEMA}.job where id = $1::uuid`,
    [id],
  )
  return rows[0] as { state: string; retry_count: number; retry_limit: number } | undefined
}

describe('sanitizeJobError', () => {
  it('keeps the first line of the message, without the stack', () => {
    const error = {
      name: 'Error',
      message: 'Report file could not be written',
      stack: 'Error: x\n    at run (/work/a.ts:1:2)',
    }
    expect(sanitizeJobError(error)).toBe('Report file could not be written')
    expect(sanitizeJobError({ message: 'first line\nsecond line\n    at f (/x/y.js:3:4)' })).toBe(
      'first line',
    )
  })

  it('hides SQL text and database errors, naming only their SQLSTATE', () => {
    expect(sanitizeJobError({ message: 'relation "report_runs" does not exist', code: '42P01' })).toBe(
      'Database error (SQLSTATE 42P01)',
    )
    expect(sanitizeJobError({ message: 'Failed query: select * from users where id = $1' })).toBe(
      'Database error',
    )
  })

  it('replaces file paths and caps the length', () => {
    expect(
      sanitizeJobError({
        message: "ENOENT: no such file or directory, open '/work/main/data/reports/a.csv'",
      }),
    ).toBe("ENOENT: no such file or directory, open '[path]'")
    expect(sanitizeJobError({ message: 'failed at file:///srv/app/build/index.js:12:5 now' })).toBe(
      'failed at [path] now',
    )
    const long = sanitizeJobError({ message: 'x'.repeat(1000) })
    expect(long).toHaveLength(301)
    expect(long.endsWith('…')).toBe(true)
  })

  it("reads pg-boss's own wrappings and says when there is nothing", () => {
    expect(sanitizeJobError({ value: { message: 'job failed by timeout in active state' } })).toBe(
      'job failed by timeout in active state',
    )
    expect(sanitizeJobError({ value: 'pg-boss shut down while active' })).toBe(
      'pg-boss shut down while active',
    )
    expect(sanitizeJobError(null)).toBe('No error message')
    expect(sanitizeJobError({ message: '' })).toBe('No error message')
  })
})

describe('retry policies', () => {
  it('every job of the platform has one that retries', () => {
    for (const definition of jobDefinitions) {
      expect(definition.retry.limit, definition.name).toBeGreaterThanOrEqual(1)
      expect(definition.retry.delaySeconds, definition.name).toBeGreaterThan(0)
    }
  })
})

describe('GET /v1/jobs/failed before pg-boss ever ran here', () => {
  it('answers an empty list, not an error', async () => {
    const answer = await failedList(superadmin)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({ jobs: [], page: 1, size: 10, total: 0 })
  })
})

describe('a job that throws', () => {
  let jobs: Jobs
  let runs = 0
  let failing = true
  const flaky: JobDefinition = {
    name: 'test-flaky-report',
    retry: { limit: 1, delaySeconds: 1 },
    async run() {
      runs += 1
      if (failing) {
        // What a careless error carries: a path, SQL on a second line, a stack.
        throw new Error(
          "Report for seller 100001 failed: cannot open '/work/data/reports/r-1.csv'\nselect * from report_runs",
        )
      }
      return { ok: true }
    },
  }

  beforeAll(async () => {
    jobs = await startJobs(t.deps, [flaky])
  })
  afterAll(async () => {
    await jobs?.stop()
  })

  it('is retried as its queue says, ends failed, is listed, and a retry runs it again', async () => {
    const queue = await jobs.boss.getQueue(flaky.name)
    expect(queue).toMatchObject({ retryLimit: 1, retryDelay: 1, retryBackoff: false })

    const id = (await jobs.boss.send(flaky.name, { seller: 100001 }))!
    // The first try and one retry, then pg-boss gives up.
    await expect
      .poll(async () => (await jobRow(id))?.state, { timeout: 30_000, interval: 250 })
      .toBe('failed')
    expect(runs).toBe(2)
    expect(await jobRow(id)).toMatchObject({ retry_count: 1, retry_limit: 1 })

    // Listed for both staff roles, with the error as one safe line.
    for (const token of [superadmin, ops]) {
      const answer = await failedList(token)
      expect(answer.status).toBe(200)
      const listed = (answer.body.data as FailedJobsPage).jobs.find((job) => job.id === id)
      expect(listed).toMatchObject({
        name: 'test-flaky-report',
        retryCount: 1,
        retryLimit: 1,
        error: "Report for seller 100001 failed: cannot open '[path]'",
      } satisfies Partial<FailedJob>)
      expect(Date.parse(listed!.failedAt)).toBeGreaterThanOrEqual(Date.parse(listed!.createdAt))
    }

    // OPS may not retry; the super admin may, and it is audited.
    expect((await retry(ops, id)).status).toBe(403)
    expect((await jobRow(id))?.state).toBe('failed')
    failing = false
    const answer = await retry(superadmin, id)
    expect(answer.status).toBe(200)
    expect((await answer.json()).data).toEqual({ id, name: 'test-flaky-report', state: 'retry' })
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'JOB_RETRIED'), eq(auditLog.entityId, id)))
    const admin = await t.userByEmail('superadmin@example.com')
    expect(entry).toMatchObject({
      entityType: 'job',
      actorUserId: admin.id,
      actorRole: 'SUPERADMIN',
      before: { name: 'test-flaky-report', state: 'failed', retryCount: 1, retryLimit: 1 },
      after: { name: 'test-flaky-report', state: 'retry', retryLimit: 2 },
    })

    // The worker runs it again; this time it succeeds, and it leaves the list.
    await expect
      .poll(async () => (await jobRow(id))?.state, { timeout: 30_000, interval: 250 })
      .toBe('completed')
    expect(runs).toBe(3)
    const after = await failedList(superadmin)
    expect((after.body.data as FailedJobsPage).jobs.map((job) => job.id)).not.toContain(id)
    // A job that is not failed any more is not retried again.
    expect((await retry(superadmin, id)).status).toBe(404)
  }, 60_000)
})

describe('the failed-jobs calls', () => {
  let ids: string[]
  beforeAll(async () => {
    ids = await createFailedJobs(t.database, ['Oldest failure', 'Middle failure', 'Newest failure'])
  })

  it('list newest failure first, paged, with the total', async () => {
    const answer = await failedList(ops, '?page=1&size=10')
    const page = answer.body.data as FailedJobsPage
    const ours = page.jobs.filter((job) => ids.includes(job.id))
    expect(ours.map((job) => job.error)).toEqual(['Newest failure', 'Middle failure', 'Oldest failure'])
    expect(page.total).toBeGreaterThanOrEqual(3)
    expect(ours[0]).toMatchObject({ name: 'test-failing-job', retryCount: 0, retryLimit: 0 })
  })

  it('refuse other roles (403) and callers without a session (401)', async () => {
    for (const email of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
      const token = await t.tokenFor(email)
      expect((await failedList(token)).status, email).toBe(403)
      expect((await retry(token, ids[0]!)).status, email).toBe(403)
    }
    expect((await t.request(`${A}/jobs/failed`)).status).toBe(401)
    expect((await retry(undefined, ids[0]!)).status).toBe(401)
    expect((await jobRow(ids[0]!))?.state).toBe('failed')
  })

  it('answer 404 for an unknown or malformed job id, and 400 for a bad page', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '%00']) {
      const response = await retry(superadmin, encodeURIComponent(id))
      expect(response.status, id).toBe(404)
      expect((await response.json()).message).toBe('Failed job not found')
    }
    expect((await failedList(ops, '?page=0')).status).toBe(400)
    expect((await failedList(ops, '?size=7')).body.message).toBe('Page size is invalid')
  })

  it('retry queues the job again (state retry, one more try allowed)', async () => {
    const response = await retry(superadmin, ids[1]!)
    expect(response.status).toBe(200)
    expect(await jobRow(ids[1]!)).toMatchObject({ state: 'retry', retry_limit: 1 })
    const listed = (await failedList(superadmin)).body.data as FailedJobsPage
    expect(listed.jobs.map((job) => job.id)).not.toContain(ids[1])
  })
})
