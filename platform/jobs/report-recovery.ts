// Report runs a killed process left behind (decision 059). A run is RUNNING while a process writes its
// file; SIGKILL (or a crash, or the power) leaves it RUNNING and a temporary file half-written.
// - PGlite: one process owns the data directory (lockDataDir), so at start every RUNNING run is an
//   orphan. The report-generation job's start hook (`recoverInterruptedRuns`) takes each at once: a
//   queued run (SAVE, SCHEDULE) goes back to the queue to run again now — FAILED, with the owner
//   e-mailed, once its tries are spent — and a download's run (DOWNLOAD, OPS: generated inside a
//   request that died with the process) is FAILED. Their files and every temporary file are removed.
// - PostgreSQL: several processes share the database and DATA_DIR, and a RUNNING run may be another
//   live process's. Nothing RUNNING is touched at start; the generation job claims a run left RUNNING
//   for STALE_RUNNING_MS (processReportRuns) and removes that run's leftovers first, and the start
//   removes only temporary files no one has written to for as long.
// No half file is ever served meanwhile: a file is written under a temporary name and renamed, and
// downloads and links serve DONE runs only.
import { and, eq, inArray } from 'drizzle-orm'
import { audit } from '../audit'
import { removeOrphanTemporaryFiles, removeRunFiles } from '../analytics/report-files'
import { reportEntities, reportRuns } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { log } from '../log'
import { MAX_ATTEMPTS, mailFailure, STALE_RUNNING_MS } from './report-generation'

/** The error a run interrupted by a restart shows while it waits to run again, and the audit's. */
export const INTERRUPTED_REQUEUED = 'The report generation was interrupted by a server restart; it runs again'
/** The error of a queued run interrupted once too often. */
export const INTERRUPTED_FAILED = 'The report generation was interrupted by a server restart too many times'
/** The error of a download's run interrupted by a restart (its request died with the server). */
export const INTERRUPTED_DOWNLOAD =
  'The report generation was interrupted by a server restart. Download the report again.'

const SYSTEM_ACTOR = { userId: null, role: 'system' } as const

type Deps = Pick<PlatformDeps, 'database' | 'now' | 'dataDir' | 'mailer' | 'consoleUrl'>

export type RecoveryResult = { requeued: number[]; failed: number[]; files: number }

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
  const result: RecoveryResult = { requeued: [], failed: [], files: 0 }
  if (!ownsAllRuns) {
    const quiet = new Date(deps.now().getTime() - STALE_RUNNING_MS)
    result.files = await removeOrphanTemporaryFiles(deps.dataDir, quiet)
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
              { status: 'QUEUED', error, startedAt: null }
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
