// Report runs a killed process left behind (decision 059). A run is RUNNING while a process writes its
// file; SIGKILL (or a crash, or the power) leaves it RUNNING and a temporary file half-written.
// - PGlite: one process owns the data directory (lockDataDir), so at start every RUNNING run is an
//   orphan. The report-generation job's start hook (`recoverInterruptedRuns`) takes each at once: a
//   queued run (SAVE, SCHEDULE) goes back to the queue to run again now — FAILED, with the owner
//   e-mailed, once its tries are spent — and a download's run (DOWNLOAD, OPS: generated inside a
//   request that died with the process) is FAILED. Their files and every temporary file are removed.
// - PostgreSQL: several processes share the database and DATA_DIR, and a RUNNING run may be another
//   live process's. Nothing RUNNING is touched at start; the generation job claims a run whose writer
//   stopped beating (heartbeat older than STALE_HEARTBEAT_MS, processReportRuns) and removes that
//   run's leftovers first. The start sends the job for the moment the oldest RUNNING run would turn
//   stale (a process restarted after a kill takes its own run over then, not at a later cron minute),
//   and removes only temporary files no one has written to for IDLE_TEMPORARY_FILE_MS.
// No half file is ever served meanwhile: a file is written under a temporary name and renamed, and
// downloads and links serve DONE runs only.
import { and, eq, inArray } from 'drizzle-orm'
import { audit } from '../audit'
import { removeOrphanTemporaryFiles, removeRunFiles } from '../analytics/report-files'
import { reportEntities, reportRuns } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { log } from '../log'
import { MAX_ATTEMPTS, mailFailure, STALE_HEARTBEAT_MS } from './report-generation'

/**
 * PostgreSQL's start removes a temporary report file no one has written to for this long. Not
 * STALE_HEARTBEAT_MS: the file only changes when rows are written, and a live writer's stays unchanged
 * while its report's query runs before the first rows; removing it would fail that writer's rename. A
 * dead try's files go anyway when its run is taken over (removeRunFiles): this only clears files whose
 * run nobody takes over (its report deleted), where waiting costs nothing.
 */
export const IDLE_TEMPORARY_FILE_MS = 10 * 60 * 1000

/** The error a run interrupted by a restart shows while it waits to run again, and the audit's. */
export const INTERRUPTED_REQUEUED = 'The report generation was interrupted by a server restart; it runs again'
/** The error of a queued run interrupted once too often. */
export const INTERRUPTED_FAILED = 'The report generation was interrupted by a server restart too many times'
/** The error of a download's run interrupted by a restart (its request died with the server). */
export const INTERRUPTED_DOWNLOAD =
  'The report generation was interrupted by a server restart. Download the report again.'

const SYSTEM_ACTOR = { userId: null, role: 'system' } as const

type Deps = Pick<PlatformDeps, 'database' | 'now' | 'dataDir' | 'mailer' | 'consoleUrl'>

export type RecoveryResult = {
  requeued: number[]
  failed: number[]
  files: number
  /**
   * PostgreSQL: when the oldest RUNNING run turns stale if its writer does not beat again (null: none
   * RUNNING; always null on PGlite, where nothing is left RUNNING).
   */
  staleAt: Date | null
}

/**
 * Recovers what a killed process left (see above). `ownsAllRuns`: no other process can be generating
 * (PGlite, the default); false on PostgreSQL. Returns the runs put back in the queue (to run now),
 * those failed, and how many files were removed.
 */
export async function recoverInterruptedRuns(
  deps: Deps,
  { ownsAllRuns = deps.database.kind === 'pglite' }: { ownsAllRuns?: boolean } = {},
): Promise<RecoveryResult> {
  const db = deps.database.db
  const result: RecoveryResult = { requeued: [], failed: [], files: 0, staleAt: null }
  if (!ownsAllRuns) {
    const quiet = new Date(deps.now().getTime() - IDLE_TEMPORARY_FILE_MS)
    result.files = await removeOrphanTemporaryFiles(deps.dataDir, quiet)
    const running = await db
      .select({ heartbeatAt: reportRuns.heartbeatAt, startedAt: reportRuns.startedAt })
      .from(reportRuns)
      .where(eq(reportRuns.status, 'RUNNING'))
    const beats = running
      .map((run) => (run.heartbeatAt ?? run.startedAt)?.getTime())
      .filter((at): at is number => at !== undefined)
    if (beats.length > 0) result.staleAt = new Date(Math.min(...beats) + STALE_HEARTBEAT_MS)
    return result
  }
  const at = deps.now()
  const interrupted = await db.transaction(async (tx) => {
    const runs = await tx
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.status, 'RUNNING'))
      .for('update', { skipLocked: true })
    for (const run of runs) {
      const queued = run.trigger === 'SAVE' || run.trigger === 'SCHEDULE'
      const again = queued && run.attempts < MAX_ATTEMPTS
      const error = again ? INTERRUPTED_REQUEUED : queued ? INTERRUPTED_FAILED : INTERRUPTED_DOWNLOAD
      await tx
        .update(reportRuns)
        .set(
          again
            ? // No started time: claimed at once, not after the retry delay (nothing failed in it).
              { status: 'QUEUED', error, startedAt: null, heartbeatAt: null }
            : { status: 'FAILED', error, finishedAt: at },
        )
        .where(and(eq(reportRuns.id, run.id), eq(reportRuns.status, 'RUNNING')))
      await audit(tx, {
        action: 'REPORT_RUN_INTERRUPTED',
        entityType: 'report',
        entityId: run.reportEntityId,
        after: {
          runId: run.id,
          trigger: run.trigger,
          attempts: run.attempts,
          outcome: again ? 'QUEUED' : 'FAILED',
          error,
        },
        actor: SYSTEM_ACTOR,
        at,
      })
      ;(again ? result.requeued : result.failed).push(run.id)
    }
    return runs
  })
  for (const run of interrupted)
    result.files += await removeRunFiles(deps.dataDir, { entityId: run.reportEntityId, runId: run.id })
  result.files += await removeOrphanTemporaryFiles(deps.dataDir, null)

  // A saved or scheduled report whose tries are spent: its owner hears of it, as after any failure.
  const spent = interrupted.filter(
    (run) => result.failed.includes(run.id) && run.trigger !== 'DOWNLOAD' && run.trigger !== 'OPS',
  )
  if (spent.length > 0) {
    const entities = await db
      .select()
      .from(reportEntities)
      .where(inArray(reportEntities.reportEntityId, [...new Set(spent.map((run) => run.reportEntityId))]))
    for (const run of spent) {
      const entity = entities.find((e) => e.reportEntityId === run.reportEntityId)
      if (!entity || entity.deletedAt) continue
      await mailFailure(deps, entity, run, INTERRUPTED_FAILED).catch((error: Error) =>
        log.error('report failure mail failed', { runId: run.id, error: error.message }),
      )
    }
  }
  if (interrupted.length > 0 || result.files > 0)
    log.info('interrupted report runs recovered', {
      requeued: result.requeued,
      failed: result.failed,
      files: result.files,
    })
  return result
}
