// SIGKILL during a report generation (issue 14 "Reliability"; docs/decisions/059). 'server' project, once.
//
// The seller's rollup gets enough keyword rows that a 30-day keyword-by-day report takes seconds to write.
// With the jobs on, the server generates one saved report whole (what the file must hold), then a second
// of the same definition; the moment its temporary file holds rows, the server is SIGKILLed. On the same
// data the server starts again, and:
// - PGlite: at start the interrupted run goes back to the queue (one process owns the data: no one else can
//   be writing it), its half file and every temporary file are removed, and it runs again at once;
// - PostgreSQL: a RUNNING run may be another live process's, so it is taken over only once its
//   heartbeat is STALE_HEARTBEAT_MS old (a live writer beats every 15 s at most); the spec really waits:
//   the restarted server's job runs when the dead try's heartbeat turns stale, takes the run over and
//   removes the half file first. How long that took after the kill is logged.
// Either way the run ends DONE with the same bytes as the whole one; its signed link never serves half a
// file (404 until DONE); no temporary file is left; the server stops cleanly.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createHmac } from 'node:crypto'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signRunToken, signedFileUrl } from '../../platform/analytics/signed-links'
import { ANALYTICS_PATH, type ReportRequestInput } from '../../platform/contracts/analytics'
import type { DatabaseHandle } from '../../platform/db/client'
import { STALE_HEARTBEAT_MS } from '../../platform/jobs/report-generation'
import { INTERRUPTED_REQUEUED } from '../../platform/jobs/report-recovery'
import { istDate } from '../../platform/rules/time'
import {
  killServer,
  pgliteStore,
  postgresStore,
  signIn,
  type Started,
  type Store,
  startServer,
  stopServer,
} from './server-process'

const SELLER = 'seller@example.com'
const SELLER_ID = 100001
/** Keywords per ad group per day added to the seller's rollup (× 17 ad groups × 30 days ≈ 200k rows). */
const KEYWORDS = 400
const DAYS = 30
const JOBS = { RUN_JOBS: 'true' }

/** Rollup rows for every ad group of the seller: KEYWORDS keywords a day over the last DAYS days (IST). */
async function addKeywordRows(handle: DatabaseHandle) {
  const today = istDate(new Date())
  await handle.executeSql(`insert into performance_daily (day, campaign_id, ad_group_id, keyword, product_id,
      placement, impressions, clicks, spend, orders, units, sales)
    select '${today}'::date - d, g.campaign_id, g.id, 'kill proof ' || k, 0, 'SEARCH',
      100 + k, 1 + (k + d) % 9, 0, (k + d) % 3, (k + d) % 3, 0
    from ad_groups g join campaigns c on c.id = g.campaign_id and c.seller_id = ${SELLER_ID}
    cross join generate_series(1, ${DAYS}) d cross join generate_series(1, ${KEYWORDS}) k
    on conflict do nothing`)
  await handle.executeSql('analyze performance_daily')
}

const report = (name: string): ReportRequestInput => ({
  reportEntityId: '',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
  reportMetaData: { reportName: name, isSaved: true },
  dimensionFields: { date: true, campaign_id: true, campaign_name: true, keyword: true },
  metricFields: { impressions: true, clicks: true, ad_spend: true, orders: true },
  filters: {
    CAMPAIGN_ID: null,
    CAMPAIGN_STATUS: null,
    PLACEMENT_CATEGORY: null,
    TARGETING_TYPE: null,
    CREATED_BY: null,
  },
  scheduleDetails: null,
})

type LastRun = { status: string; error: string | null } | null

function client(token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  return {
    async save(server: Started, name: string) {
      const response = await fetch(
        `${server.baseUrl}${ANALYTICS_PATH}/saveAndScheduleReport?userId=${SELLER_ID}`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify(report(name)),
        },
      )
      expect(response.status, await response.clone().text()).toBe(201)
      return (await response.json()).data.reportEntityId as string
    },
    async lastRun(server: Started, entityId: string): Promise<LastRun> {
      const response = await fetch(`${server.baseUrl}${ANALYTICS_PATH}/getSavedReports?userId=${SELLER_ID}`, {
        headers,
      })
      expect(response.status).toBe(200)
      const reports = (await response.json()).data.reports as { reportEntityId: string; lastRun: LastRun }[]
      return reports.find((r) => r.reportEntityId === entityId)?.lastRun ?? null
    },
  }
}

/** The run's signed download link on this server (the server's key: from SESSION_SECRET, as it derives it). */
function linkOf(server: Started, runId: number) {
  const secret = createHmac('sha256', process.env.SESSION_SECRET!).update('report-links').digest('hex')
  const token = signRunToken(secret, {
    runId,
    purpose: 'report-download',
    expiresAt: new Date(Date.now() + 3_600_000),
  })
  return signedFileUrl(server.baseUrl, token)
}

const reportDir = (store: Store, entityId: string) => path.join(store.dataDir, 'reports', entityId)
const filesOf = (store: Store, entityId: string) => {
  try {
    return readdirSync(reportDir(store, entityId)).sort()
  } catch {
    return []
  }
}
/** Every temporary report file under the data directory. */
const temporaryFiles = (store: Store) => {
  const root = path.join(store.dataDir, 'reports')
  let dirs: string[] = []
  try {
    dirs = readdirSync(root)
  } catch {
    return []
  }
  return dirs.flatMap((dir) => readdirSync(path.join(root, dir)).filter((name) => name.endsWith('.tmp')))
}

for (const kind of ['pglite', 'postgres'] as const) {
  test(`SIGKILL during a report generation (${kind}): no half file is ever served, the run is generated again whole, and the server starts again on the same data`, async () => {
    test.setTimeout(300_000)
    const store: Store =
      kind === 'pglite' ? await pgliteStore('report-kill') : await postgresStore('adc_report_kill')
    let server: Started | null = null
    try {
      const handle = await store.open()
      const { token } = await signIn(handle, SELLER, SELLER_ID)
      await addKeywordRows(handle)
      await handle.close()
      const api = client(token)

      // One whole generation: what the file must hold, and how long it takes here.
      server = await startServer(store, { env: JOBS })
      const started = performance.now()
      const whole = await api.save(server, 'Kill proof whole')
      await expect
        .poll(async () => (await api.lastRun(server!, whole))?.status, { timeout: 120_000, intervals: [100] })
        .toBe('DONE')
      const wholeMs = performance.now() - started
      const [wholeName] = filesOf(store, whole)
      expect(wholeName).toMatch(/^\d+\.csv$/)
      const wholeBytes = readFileSync(path.join(reportDir(store, whole), wholeName!))
      const wholeRows = wholeBytes.toString('utf8').split('\r\n').length - 2
      expect(wholeRows, 'the report is big enough to be killed mid-write').toBeGreaterThan(100_000)

      // The same report again: killed as soon as its temporary file holds rows (mid-write).
      const killed = await api.save(server, 'Kill proof killed')
      let half: { name: string; bytes: number } | null = null
      const deadline = Date.now() + 120_000
      while (!half && Date.now() < deadline) {
        const name = filesOf(store, killed).find((n) => n.endsWith('.tmp'))
        const bytes = name
          ? statSync(path.join(reportDir(store, killed), name), { throwIfNoEntry: false })?.size
          : 0
        if (name && bytes && bytes > 64 * 1024) half = { name, bytes }
        else await new Promise((resolve) => setTimeout(resolve, 5))
      }
      expect(half, 'the run wrote its temporary file').not.toBeNull()
      await killServer(server)
      const killedAt = Date.now()
      const runId = Number(half!.name.split('.')[0])
      // Killed mid-write: only the half temporary file, smaller than the whole.
      expect(filesOf(store, killed)).toEqual([half!.name])
      expect(statSync(path.join(reportDir(store, killed), half!.name)).size).toBeLessThan(wholeBytes.length)

      // PostgreSQL: the dead try's last heartbeat (the database is open to others while the server is down).
      let lastBeat: Date | null = null
      if (kind === 'postgres') {
        const dead = await store.open()
        try {
          const { rows } = await dead.executeSql(
            `select status, heartbeat_at from report_runs where id = ${runId}`,
          )
          expect(rows[0]?.status).toBe('RUNNING')
          lastBeat = new Date(rows[0]!.heartbeat_at as string | Date)
        } finally {
          await dead.close()
        }
        expect(Number.isNaN(lastBeat.getTime())).toBe(false)
      }

      // The next start, over what the killed server left: the database opens (healthz 200).
      server = await startServer(store, { env: JOBS })
      const restarted = server
      if (kind === 'pglite') {
        // The start removed the half file, as every temporary file (the run may already be writing
        // again, under a new temporary name).
        expect(temporaryFiles(store)).not.toContain(half!.name)
        expect(temporaryFiles(store).filter((name) => !name.startsWith(`${runId}.csv.`))).toEqual([])
      } else {
        // The start left it: its run beat moments ago and may be another live process's. Taking the
        // run over removes it.
        expect(temporaryFiles(store)).toEqual([half!.name])
      }
      const seen: LastRun[] = []
      const linkAnswers: number[] = []
      await expect
        .poll(
          async () => {
            // The state first, then the link: a run DONE by then must serve its file.
            const last = await api.lastRun(restarted, killed)
            seen.push(last)
            const link = await fetch(linkOf(restarted, runId))
            // Never half a file: not there until DONE, then the whole one.
            const body = Buffer.from(await link.arrayBuffer())
            const whole = link.status === 200 && body.equals(wholeBytes)
            linkAnswers.push(link.status === 200 && !whole ? -body.length : link.status)
            return last?.status
          },
          { timeout: 150_000, intervals: [250] },
        )
        .toBe('DONE')
      const doneAt = Date.now()
      // Every answer of the link: 404 (no file yet) or 200 with the whole file (a negative: a partial one).
      expect(linkAnswers.filter((status) => status !== 404 && status !== 200)).toEqual([])
      expect(linkAnswers.at(-1)).toBe(200)
      // PGlite: the start put it back in the queue with the reason (unless the re-run had begun by the
      // first look); PostgreSQL: still RUNNING until the job took the stale run over.
      for (const last of seen.slice(0, -1))
        expect(['QUEUED', 'RUNNING'], JSON.stringify(seen)).toContain(last?.status)
      if (kind === 'pglite' && seen[0]?.status === 'QUEUED') expect(seen[0]?.error).toBe(INTERRUPTED_REQUEUED)

      // The file: the same bytes as the whole run's, and nothing else beside it.
      expect(filesOf(store, killed)).toEqual([`${runId}.csv`])
      expect(readFileSync(path.join(reportDir(store, killed), `${runId}.csv`)).equals(wholeBytes)).toBe(true)
      expect(temporaryFiles(store)).toEqual([])
      await stopServer(server)
      server = null

      // In the database: the run DONE on its second try with every row; PGlite audited the interruption.
      let takeover = ''
      const after = await store.open()
      try {
        const { rows } = await after.executeSql(
          `select status, attempts, total_rows, from_date::text as from_date, error, started_at from report_runs where id = ${runId}`,
        )
        expect(rows).toEqual([
          {
            status: 'DONE',
            attempts: 2,
            total_rows: wholeRows,
            from_date: expect.any(String),
            error: null,
            started_at: expect.anything(),
          },
        ])
        // PostgreSQL: taken over once the dead try's heartbeat was STALE_HEARTBEAT_MS old, not before.
        const retriedAt = new Date(rows[0]!.started_at as string | Date)
        if (lastBeat) {
          expect(retriedAt.getTime() - lastBeat.getTime()).toBeGreaterThanOrEqual(STALE_HEARTBEAT_MS)
          takeover = `taken over ${retriedAt.getTime() - lastBeat.getTime()} ms after the last heartbeat, ${retriedAt.getTime() - killedAt} ms after the kill; `
        }
        const audits = await after.executeSql(
          `select after->>'outcome' as outcome from audit_log where action = 'REPORT_RUN_INTERRUPTED' and entity_id = '${killed}'`,
        )
        expect(audits.rows).toEqual(kind === 'pglite' ? [{ outcome: 'QUEUED' }] : [])
      } finally {
        await after.close()
      }
      console.log(
        `[report-kill] ${kind}: whole run ${Math.round(wholeMs)} ms, ${wholeRows} rows, ${wholeBytes.length} bytes; killed at ${half!.bytes} bytes; ${takeover}DONE ${doneAt - killedAt} ms after the kill; link answers ${[...new Set(linkAnswers)].join('/')}, states seen ${[...new Set(seen.map((s) => s?.status))].join(' → ')}`,
      )
    } finally {
      if (server) await killServer(server)
      await store.drop()
    }
  })
}
