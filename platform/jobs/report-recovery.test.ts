// Report runs a killed process left RUNNING, and its half-written files (decision 059): on PGlite the
// start puts them back (or fails them) and removes the files; on PostgreSQL only a run whose heartbeat
// is older than STALE_HEARTBEAT_MS is taken, with its leftovers removed first, and a live writer that
// keeps beating is left alone however long it runs. Both paths run on both databases (`ownsAllRuns`
// chooses the path; its default follows the database).
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_PATH, type ReportRequestInput } from '../contracts/analytics'
import { auditLog, reportRuns } from '../db/schema'
import { reportFilePath } from '../analytics/report-files'
import { istDate, istStartOfDay } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import {
  HEARTBEAT_EVERY_MS,
  MAX_ATTEMPTS,
  processReportRuns,
  reportFailedSubject,
  STALE_HEARTBEAT_MS,
} from './report-generation'
import {
  IDLE_TEMPORARY_FILE_MS,
  INTERRUPTED_DOWNLOAD,
  INTERRUPTED_FAILED,
  INTERRUPTED_REQUEUED,
  recoverInterruptedRuns,
} from './report-recovery'

let t: TestPlatform
let seller: string
const start = new Date(istStartOfDay(istDate(new Date())).getTime() + 10 * 60 * 60 * 1000)

beforeAll(async () => {
  t = await createTestPlatform({ now: start })
  seller = await t.tokenFor('seller@example.com')
})
afterAll(async () => {
  await t.close()
})

const request = (
  name: string,
  dimensionFields: ReportRequestInput['dimensionFields'] = { campaign_id: true, keyword: true },
): ReportRequestInput => ({
  reportEntityId: '',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  reportMetaData: { reportName: name, isSaved: true },
  dimensionFields,
  metricFields: { impressions: true, clicks: true },
  filters: {
    CAMPAIGN_ID: null,
    CAMPAIGN_STATUS: null,
    PLACEMENT_CATEGORY: null,
    TARGETING_TYPE: null,
    CREATED_BY: null,
  },
  scheduleDetails: null,
})

/** A saved report with its SAVE run QUEUED; returns the report and the run. */
async function savedReport(name: string, dimensions?: ReportRequestInput['dimensionFields']) {
  const response = await t.post(
    `${ANALYTICS_PATH}/saveAndScheduleReport?userId=100001`,
    request(name, dimensions),
    { token: seller },
  )
  expect(response.status).toBe(201)
  const entityId = (await response.json()).data.reportEntityId as string
  const [run] = await t.db.select().from(reportRuns).where(eq(reportRuns.reportEntityId, entityId))
  return { entityId, runId: run!.id }
}

/**
 * What a process killed mid-write leaves: the run RUNNING (this try counted, its last heartbeat at
 * `heartbeatAt`, its start by default) and a half temporary file.
 */
async function killedMidWrite(
  run: { entityId: string; runId: number },
  over: Partial<{
    attempts: number
    trigger: 'SAVE' | 'DOWNLOAD' | 'OPS' | 'SCHEDULE'
    startedAt: Date
    heartbeatAt: Date
    wholeFile: boolean
  }> = {},
) {
  const startedAt = over.startedAt ?? t.deps.now()
  await t.db
    .update(reportRuns)
    .set({
      status: 'RUNNING',
      attempts: over.attempts ?? 1,
      trigger: over.trigger ?? 'SAVE',
      startedAt,
      heartbeatAt: over.heartbeatAt ?? startedAt,
    })
    .where(eq(reportRuns.id, run.runId))
  const final = path.join(t.deps.dataDir, reportFilePath(run.entityId, run.runId))
  mkdirSync(path.dirname(final), { recursive: true })
  const temporary = `${final}.0123456789ab.tmp`
  writeFileSync(temporary, 'Campaign ID,Keyword\r\n1,half a ro')
  // Killed after the rename, before the run was marked DONE: a whole file no DONE run names.
  if (over.wholeFile) writeFileSync(final, 'Campaign ID,Keyword\r\n')
  return { dir: path.dirname(final), temporary, final }
}

const runOf = async (id: number) => (await t.db.select().from(reportRuns).where(eq(reportRuns.id, id)))[0]!
const filesIn = (dir: string) => readdirSync(dir).sort()
const interruptedAudits = (entityId: string) =>
  t.db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'REPORT_RUN_INTERRUPTED'), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id))

/** The owner's saved reports as the list call shows them. */
async function savedList() {
  const response = await t.request(`${ANALYTICS_PATH}/getSavedReports?userId=100001`, { token: seller })
  expect(response.status).toBe(200)
  return (await response.json()).data.reports as {
    reportEntityId: string
    lastRun: { status: string; error: string | null }
  }[]
}

describe('a single process (PGlite) at start', () => {
  it('puts a saved report run a kill left RUNNING back in the queue, removes its half file, and it then runs whole', async () => {
    t.setNow(start)
    const run = await savedReport('Killed while writing')
    const { dir, temporary, final } = await killedMidWrite(run)
    const sentBefore = t.sent.length

    const recovered = await recoverInterruptedRuns(t.deps, { ownsAllRuns: true })

    expect(recovered.requeued).toContain(run.runId)
    expect(await runOf(run.runId)).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      error: INTERRUPTED_REQUEUED,
      startedAt: null,
      heartbeatAt: null,
      filePath: null,
    })
    expect(filesIn(dir)).not.toContain(path.basename(temporary))
    expect(await interruptedAudits(run.entityId)).toEqual([
      {
        after: {
          runId: run.runId,
          trigger: 'SAVE',
          attempts: 1,
          outcome: 'QUEUED',
          error: INTERRUPTED_REQUEUED,
        },
      },
    ])
    // The owner sees it waiting with the reason, not "running" forever.
    expect((await savedList()).find((r) => r.reportEntityId === run.entityId)?.lastRun).toMatchObject({
      status: 'QUEUED',
      error: INTERRUPTED_REQUEUED,
    })
    expect(t.sent.length).toBe(sentBefore)

    // Claimed at once (no retry delay: nothing failed in it), and generated whole.
    const generated = await processReportRuns(t.deps)
    expect(generated.done).toContain(run.runId)
    expect(await runOf(run.runId)).toMatchObject({ status: 'DONE', attempts: 2, error: null })
    expect(filesIn(dir)).toEqual([path.basename(final)])
  })

  it('fails a saved run whose tries are spent and tells its owner; fails a download run without mail; removes whole files no DONE run names', async () => {
    t.setNow(start)
    const spent = await savedReport('Killed three times')
    const spentFiles = await killedMidWrite(spent, { attempts: MAX_ATTEMPTS, wholeFile: true })
    const download = await savedReport('Killed during a download')
    // The SAVE run of this report finished earlier; the download's run was RUNNING in its request.
    await processReportRuns(t.deps)
    const [downloadRun] = await t.db
      .insert(reportRuns)
      .values({
        reportEntityId: download.entityId,
        trigger: 'DOWNLOAD',
        status: 'RUNNING',
        attempts: 1,
        fromDate: '2026-01-01',
        toDate: '2026-01-08',
        startedAt: start,
      })
      .returning()
    const downloadFiles = await killedMidWrite(
      { entityId: download.entityId, runId: downloadRun!.id },
      { trigger: 'DOWNLOAD' },
    )
    // A temporary file of a run that no longer exists (its report deleted and purged): removed too.
    const strayDir = path.join(t.deps.dataDir, 'reports', '00000000-0000-4000-8000-000000000000')
    mkdirSync(strayDir, { recursive: true })
    writeFileSync(path.join(strayDir, '99.csv.abcdefabcdef.tmp'), 'half')
    const sentBefore = t.sent.length

    const recovered = await recoverInterruptedRuns(t.deps, { ownsAllRuns: true })

    expect(recovered.failed).toEqual(expect.arrayContaining([spent.runId, downloadRun!.id]))
    expect(await runOf(spent.runId)).toMatchObject({ status: 'FAILED', error: INTERRUPTED_FAILED })
    expect((await runOf(spent.runId)).finishedAt).toEqual(start)
    expect(await runOf(downloadRun!.id)).toMatchObject({ status: 'FAILED', error: INTERRUPTED_DOWNLOAD })
    expect(filesIn(spentFiles.dir)).toEqual([])
    // The download report's earlier DONE file stays; only the killed run's files went.
    expect(filesIn(downloadFiles.dir)).toEqual([`${download.runId}.csv`])
    expect(filesIn(strayDir)).toEqual([])
    const mails = t.sent.slice(sentBefore)
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['seller@example.com', reportFailedSubject('Killed three times')],
    ])
    expect(mails[0]!.text).toContain(INTERRUPTED_FAILED)
    // Nothing RUNNING is left, and a second start finds nothing to do.
    expect(await recoverInterruptedRuns(t.deps, { ownsAllRuns: true })).toEqual({
      requeued: [],
      failed: [],
      files: 0,
      staleAt: null,
    })
  })
})

describe('several processes (PostgreSQL) at start and in the job', () => {
  it('leaves a RUNNING run that beat recently and a fresh temporary file alone (another process may be writing them), however long ago it started', async () => {
    t.setNow(start)
    const run = await savedReport('Maybe another process')
    const lastBeat = new Date(start.getTime() - 30_000)
    const { dir, temporary } = await killedMidWrite(run, {
      startedAt: new Date(start.getTime() - 20 * 60_000),
      heartbeatAt: lastBeat,
    })
    // Written just now by the platform's clock.
    utimesSync(temporary, start, start)

    const recovered = await recoverInterruptedRuns(t.deps, { ownsAllRuns: false })

    // Untouched; the job is to run when the run would turn stale without another beat.
    expect(recovered).toEqual({
      requeued: [],
      failed: [],
      files: 0,
      staleAt: new Date(lastBeat.getTime() + STALE_HEARTBEAT_MS),
    })
    expect(await runOf(run.runId)).toMatchObject({ status: 'RUNNING', attempts: 1 })
    expect(filesIn(dir)).toContain(path.basename(temporary))
    // Nor does the job take it while its heartbeat is fresh.
    const job = await processReportRuns(t.deps)
    expect([...job.done, ...job.skipped, ...job.requeued, ...job.failed]).not.toContain(run.runId)
    expect(await runOf(run.runId)).toMatchObject({ status: 'RUNNING', attempts: 1, heartbeatAt: lastBeat })
    await t.db.update(reportRuns).set({ status: 'FAILED' }).where(eq(reportRuns.id, run.runId))
  })

  it('removes a temporary file nobody wrote to for IDLE_TEMPORARY_FILE_MS; the job re-runs the run whose heartbeat stopped after removing its leftovers', async () => {
    t.setNow(start)
    const run = await savedReport('Left by a dead process')
    const { dir, temporary, final } = await killedMidWrite(run, { startedAt: start, wholeFile: true })
    // Another file, not written to for longer than a temporary file is kept.
    const old = path.join(dir, '424242.csv.fedcba987654.tmp')
    writeFileSync(old, 'half')
    const longAgo = new Date(start.getTime() - IDLE_TEMPORARY_FILE_MS - 60_000)
    utimesSync(old, longAgo, longAgo)
    utimesSync(temporary, start, start)

    const recovered = await recoverInterruptedRuns(t.deps, { ownsAllRuns: false })
    expect(recovered).toEqual({
      requeued: [],
      failed: [],
      files: 1,
      staleAt: new Date(start.getTime() + STALE_HEARTBEAT_MS),
    })
    expect(filesIn(dir)).toEqual([path.basename(final), path.basename(temporary)].sort())

    // Not before its heartbeat is STALE_HEARTBEAT_MS old...
    t.setNow(new Date(start.getTime() + STALE_HEARTBEAT_MS))
    expect((await processReportRuns(t.deps)).done).not.toContain(run.runId)
    expect(await runOf(run.runId)).toMatchObject({ status: 'RUNNING', attempts: 1 })
    // ...then the job takes the run over, removes what the dead try left, and writes it whole.
    t.setNow(new Date(start.getTime() + STALE_HEARTBEAT_MS + 1000))
    const generated = await processReportRuns(t.deps)
    expect(generated.done).toContain(run.runId)
    expect(await runOf(run.runId)).toMatchObject({ status: 'DONE', attempts: 2 })
    expect(filesIn(dir)).toEqual([path.basename(final)])
  })

  it('defaults to the single-process path on PGlite only', async () => {
    t.setNow(start)
    const run = await savedReport('Default path')
    await killedMidWrite(run)
    const recovered = await recoverInterruptedRuns(t.deps)
    if (t.database.kind === 'pglite') expect(recovered.requeued).toContain(run.runId)
    else expect(await runOf(run.runId)).toMatchObject({ status: 'RUNNING' })
    await t.db.update(reportRuns).set({ status: 'FAILED' }).where(eq(reportRuns.id, run.runId))
  })
})

describe('a live generation longer than STALE_HEARTBEAT_MS', () => {
  /** Ad groups × KEYWORDS keywords × 7 days: rows enough for several of the engine's 5,000-row batches. */
  const KEYWORDS = 300

  it('keeps beating while it writes, and another worker past the limit leaves it alone', async () => {
    t.setNow(start)
    const today = istDate(start)
    await t.database.executeSql(`insert into performance_daily (day, campaign_id, ad_group_id, keyword,
        product_id, placement, impressions, clicks, spend, orders, units, sales)
      select '${today}'::date - d, g.campaign_id, g.id, 'heartbeat ' || g.id || ' ' || k, 0, 'SEARCH',
        100 + k, 1 + k % 9, 0, 0, 0, 0
      from ad_groups g join campaigns c on c.id = g.campaign_id and c.seller_id = 100001
      cross join generate_series(1, 7) d cross join generate_series(1, ${KEYWORDS}) k
      on conflict do nothing`)
    const run = await savedReport('Long and alive', { date: true, campaign_id: true, keyword: true })
    // A slow writer: every reading of its clock is 20 s later (more than HEARTBEAT_EVERY_MS), so it
    // beats at each batch, and its generation lasts minutes by that clock.
    expect(20_000).toBeGreaterThan(HEARTBEAT_EVERY_MS)
    let clock = start.getTime()
    const writer = {
      ...t.deps,
      now: () => {
        clock += 20_000
        return new Date(clock)
      },
    }
    const generating = processReportRuns(writer)

    // Another worker looks at the run while it is written. Once the writer has been at it for longer
    // than the limit (by its last beat), that worker's job runs a few seconds after that beat: the
    // run started more than STALE_HEARTBEAT_MS ago, but its writer is alive.
    let seen: { startedAt: Date; heartbeatAt: Date } | null = null
    for (;;) {
      const row = await runOf(run.runId)
      if (row.status !== 'RUNNING' && row.status !== 'QUEUED') break
      if (
        row.status === 'RUNNING' &&
        row.startedAt &&
        row.heartbeatAt &&
        row.heartbeatAt.getTime() - row.startedAt.getTime() > STALE_HEARTBEAT_MS
      ) {
        seen = { startedAt: row.startedAt, heartbeatAt: row.heartbeatAt }
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    expect(seen, 'the writer beat past the limit while the run was RUNNING').not.toBeNull()
    const otherNow = new Date(seen!.heartbeatAt.getTime() + 5_000)
    expect(otherNow.getTime() - seen!.startedAt.getTime()).toBeGreaterThan(STALE_HEARTBEAT_MS)
    const other = await processReportRuns({ ...t.deps, now: () => otherNow })
    expect([...other.done, ...other.skipped, ...other.requeued, ...other.failed]).not.toContain(run.runId)

    // The writer finishes its own try: DONE on the first attempt, every row in its file.
    const generated = await generating
    expect(generated.done).toContain(run.runId)
    const done = await runOf(run.runId)
    expect(done).toMatchObject({ status: 'DONE', attempts: 1 })
    expect(done.totalRows).toBeGreaterThan(4 * 5_000)
    expect(done.heartbeatAt!.getTime() - done.startedAt!.getTime()).toBeGreaterThan(STALE_HEARTBEAT_MS)
    expect(filesIn(path.join(t.deps.dataDir, 'reports', run.entityId))).toEqual([`${run.runId}.csv`])
  })
})

// PostgreSQL only: there another session can hold what the report reads while the writer waits, and
// another process can take a run over. PGlite has one session and one owning process (its beat rides
// the cursor's transaction, tested above).
describe.runIf(Boolean(process.env.DATABASE_URL))(
  'a report whose first rows take longer than the beat (PostgreSQL)',
  () => {
    it('beats on a timer while its first batch waits, so its heartbeat never turns stale', async () => {
      t.setNow(start)
      const run = await savedReport('Slow first batch', { date: true, campaign_id: true, keyword: true })
      // Another session holds the rollup the report reads: the writer's first fetch waits behind it.
      let release!: () => void
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      let locked!: () => void
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve
      })
      const holder = t.db.transaction(async (tx) => {
        await tx.execute('lock table performance_daily in access exclusive mode')
        locked()
        await released
      })
      await isLocked
      // The writer's clock runs in real time from the start; it beats every 100 ms.
      const offset = start.getTime() - Date.now()
      const writer = { ...t.deps, now: () => new Date(Date.now() + offset), heartbeatEveryMs: 100 }
      const generating = processReportRuns(writer)
      try {
        // No batch has come back (no progress point), yet the heartbeat moves on: by the claim's rule
        // (heartbeat older than STALE_HEARTBEAT_MS) the run stays its writer's however long the query waits.
        let beats = 0
        let lastBeat: number | null = null
        const waitUntil = Date.now() + 10_000
        while (beats < 3 && Date.now() < waitUntil) {
          const row = await runOf(run.runId)
          const at = row.heartbeatAt?.getTime() ?? null
          if (row.status === 'RUNNING' && at !== null && at !== lastBeat) {
            if (lastBeat !== null) beats += 1
            lastBeat = at
          }
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(beats, 'heartbeats while the first batch waited').toBeGreaterThanOrEqual(3)
      } finally {
        release()
        await holder
      }
      const generated = await generating
      expect(generated.done).toContain(run.runId)
      expect(await runOf(run.runId)).toMatchObject({ status: 'DONE', attempts: 1 })
    })
  },
)
