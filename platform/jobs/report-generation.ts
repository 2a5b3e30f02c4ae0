// Report generation (issue 12, decision 040): report_runs is the queue. Every minute by cron, and at
// once when woken (a save queues a run, a schedule comes due), this job
// 1. claims QUEUED runs (a retry only once RETRY_DELAY_MS has passed since its last try) and RUNNING
//    runs whose writer stopped beating (heartbeat older than STALE_HEARTBEAT_MS: a crashed or killed
//    worker), with FOR UPDATE SKIP LOCKED so concurrent workers take different runs; a claim marks the
//    run RUNNING, sets its heartbeat and counts an attempt;
// 2. generates each: the stored report resolved for its owner as the owner may see it now (the report
//    engine's checks), over the run's period, written as CSV under the data directory, the run's
//    heartbeat refreshed as it goes (at most every HEARTBEAT_EVERY_MS);
// 3. marks it DONE (rows, file) — or, on an error, QUEUED again until MAX_ATTEMPTS tries, then FAILED
//    with the error and an e-mail to the report's owner: never dropped silently;
// 4. e-mails each recipient of a DONE scheduled run a signed link (scheduled-run purpose) and sets
//    emailed_at; a mail failure leaves emailed_at empty and the next run of the job tries again.
// A run a killed process left RUNNING: see report-recovery.ts (decision 059).
// Downloads generate inline through `generateNow` (a DOWNLOAD or OPS run, RUNNING from the start and
// beating like the job's, so the job never takes it while its request lives).
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { audit } from '../audit'
import type { AuthContext } from '../auth/authorize'
import { SCHEDULED_LINK_TTL_MS } from '../contracts/analytics'
import type { Database, Tx } from '../db/client'
import { reportEntities, reportRuns, reportSchedules } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { log } from '../log'
import { istDateTime } from '../rules/time'
import {
  type EntityRow,
  isActiveAccount,
  ownerAuth,
  ownerEmails,
  type RunRow,
  storedRequest,
} from '../analytics/report-entities'
import { type ResolvedReport, resolveReport } from '../analytics/report-engine'
import { removeRunFiles, writeReportCsv } from '../analytics/report-files'
import { signedFileUrl, signRunToken } from '../analytics/signed-links'
import type { JobDefinition } from '.'
import { RETRY_EVERY_MINUTE } from './boss'

export const REPORT_GENERATION_JOB = 'report-generation'
/** Tries a run gets before it is FAILED. */
export const MAX_ATTEMPTS = 3
/**
 * How often a writer refreshes its run's heartbeat, at most: at its progress points (each batch of
 * rows the report engine fetches, 5,000 rows), so never a query per row, and none while a batch is slow.
 */
export const HEARTBEAT_EVERY_MS = 15 * 1000
/**
 * A RUNNING run whose heartbeat (started_at for runs from before migration 0011) is older than this
 * was left by a process that died: it is claimed again (decision 059). Four heartbeat intervals, so a
 * slow but live writer on a busy machine — a batch coming late, a heartbeat waiting for a pool
 * connection — is never taken over; and short enough that PostgreSQL, where a RUNNING run may be a
 * live process's, takes a dead one over within a minute or two instead of ten.
 */
export const STALE_HEARTBEAT_MS = 60 * 1000
/** A failed try is retried after this long (and the next minute's cron). */
export const RETRY_DELAY_MS = 60 * 1000
/** Runs claimed per claim transaction, and per job run at most. */
const CLAIM_BATCH = 5
const RUN_LIMIT = 100
/** The job as the audit log's actor. */
const SYSTEM_ACTOR = { userId: null, role: 'system' } as const
/** The longest error text kept on a run (and e-mailed). */
const ERROR_MAX = 500
export const INTERNAL_FAILURE = 'The report could not be generated because of an internal error'

export const reportReadySubject = (name: string) => `Your report "${name}" is ready`
export const reportFailedSubject = (name: string) => `Your report "${name}" could not be generated`

type Deps = Pick<PlatformDeps, 'database' | 'now' | 'dataDir' | 'mailer' | 'signingSecret' | 'consoleUrl'> & {
  /** HEARTBEAT_EVERY_MS unless set (a test's shorter beat). */
  heartbeatEveryMs?: number
}

/** What a user may read of an error: a DomainError's message (the engine's checks), else a generic text. */
export function failureMessage(error: unknown): string {
  if (error instanceof DomainError) return error.message.slice(0, ERROR_MAX)
  return INTERNAL_FAILURE
}

/** The report's display name in e-mails and files. */
export const reportTitle = (entity: Pick<EntityRow, 'reportName' | 'reportType'>) =>
  entity.reportName || entity.reportType

// ---------------------------------------------------------------------------------------------
// Generating one run
// ---------------------------------------------------------------------------------------------
/**
 * The stored report resolved as its owner may see it now (advertiser access, filters, fields), over
 * the run's period. Throws a DomainError a user can read when it no longer can be run.
 */
export async function resolveRun(
  db: Database,
  entity: EntityRow,
  run: Pick<RunRow, 'fromDate' | 'toDate'>,
  now: Date,
  caller?: AuthContext,
): Promise<ResolvedReport> {
  if (entity.deletedAt) throw new DomainError(404, 'NOT_FOUND', 'The report was deleted')
  if (entity.sellerId === null) throw new DomainError(400, 'NO_ADVERTISER', 'The report has no advertiser')
  const auth = caller ?? (await ownerAuth(db, entity.ownerUserId))
  if (!auth || !isActiveAccount(auth.user.accountStatus))
    throw new DomainError(403, 'OWNER_INACTIVE', 'The owner of this report can no longer use the console')
  const resolved = await resolveReport(db, auth, entity.sellerId, storedRequest(entity), now)
  return { ...resolved, from: run.fromDate, to: run.toDate }
}

async function loadEntity(db: Database, id: string): Promise<EntityRow | null> {
  const [row] = await db.select().from(reportEntities).where(eq(reportEntities.reportEntityId, id)).limit(1)
  return row ?? null
}

/**
 * Marks a run DONE with its file, if it is still the RUNNING try that `startedAt` names (else someone
 * re-claimed it: its file is theirs to write). Updates the report's last figures. One transaction.
 */
async function markDone(
  db: Database,
  run: Pick<RunRow, 'id' | 'reportEntityId'>,
  startedAt: Date,
  result: { filePath: string; rows: number },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(reportRuns)
      .set({ status: 'DONE', filePath: result.filePath, totalRows: result.rows, error: null, finishedAt: at })
      .where(
        and(eq(reportRuns.id, run.id), eq(reportRuns.status, 'RUNNING'), eq(reportRuns.startedAt, startedAt)),
      )
      .returning({
        id: reportRuns.id,
        trigger: reportRuns.trigger,
        from: reportRuns.fromDate,
        to: reportRuns.toDate,
      })
    if (!done) return false
    // The report's latest file, unless its definition changed after this run was queued.
    await tx
      .update(reportEntities)
      .set({ totalNumOfRows: result.rows, filePath: result.filePath, lastGeneratedAt: at })
      .where(
        and(
          eq(reportEntities.reportEntityId, run.reportEntityId),
          lte(reportEntities.updatedAt, sql`(select created_at from report_runs where id = ${run.id})`),
        ),
      )
    await audit(tx, {
      action: 'REPORT_RUN_DONE',
      entityType: 'report',
      entityId: run.reportEntityId,
      after: { runId: run.id, trigger: done.trigger, rows: result.rows, from: done.from, to: done.to },
      actor: SYSTEM_ACTOR,
      at,
    })
    return true
  })
}

/**
 * Generates a report now, in the caller's request (a download): a run RUNNING from the start (the job
 * never claims it before it is stale), DONE with its file, or FAILED with the error, which is rethrown.
 * The caller is the signed-in user (the engine's checks are theirs).
 */
export async function generateNow(
  deps: Deps,
  entity: EntityRow,
  input: { trigger: 'DOWNLOAD' | 'OPS'; from: string; to: string; caller: AuthContext },
): Promise<{ runId: number; rows: number; filePath: string }> {
  const db = deps.database.db
  const startedAt = deps.now()
  const [run] = await db
    .insert(reportRuns)
    .values({
      reportEntityId: entity.reportEntityId,
      trigger: input.trigger,
      status: 'RUNNING',
      attempts: 1,
      fromDate: input.from,
      toDate: input.to,
      createdAt: startedAt,
      startedAt,
      heartbeatAt: startedAt,
    })
    .returning()
  if (!run) throw new Error('report run insert returned nothing')
  const beats = heartbeat(deps, { id: run.id, startedAt }, startedAt)
  try {
    const report = await resolveRun(db, entity, run, deps.now(), input.caller)
    const result = await writeReportCsv(
      deps,
      db,
      report,
      { entityId: entity.reportEntityId, runId: run.id },
      beats.beat,
    )
    await beats.settled()
    await markDone(db, run, startedAt, result, deps.now())
    return { runId: run.id, ...result }
  } catch (error) {
    await beats.settled()
    await db
      .update(reportRuns)
      .set({ status: 'FAILED', error: failureMessage(error), finishedAt: deps.now() })
      .where(eq(reportRuns.id, run.id))
    if (!(error instanceof DomainError))
      log.error('report generation failed', { runId: run.id, error: errorText(error) })
    throw error
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

// ---------------------------------------------------------------------------------------------
// The heartbeat (decision 059)
// ---------------------------------------------------------------------------------------------
/**
 * Sets a RUNNING try's heartbeat, if the run still is this try (its start time names it). False when
 * it is not: taken over by another worker, or finished.
 */
async function writeHeartbeat(db: Tx, run: { id: number; startedAt: Date }, at: Date): Promise<boolean> {
  const rows = await db
    .update(reportRuns)
    .set({ heartbeatAt: at })
    .where(
      and(
        eq(reportRuns.id, run.id),
        eq(reportRuns.status, 'RUNNING'),
        eq(reportRuns.startedAt, run.startedAt),
      ),
    )
    .returning({ id: reportRuns.id })
  return rows.length > 0
}

/**
 * A try's heartbeat while its file is written: `beat` is the writer's progress point (writeReportCsv's
 * onProgress) and writes at most every HEARTBEAT_EVERY_MS since the last one (`lastBeat` to begin).
 * - PostgreSQL: through the pool, and the writer does not wait for it: each generation holds a pool
 *   connection for its cursor, and with every connection a writer's, waiting for another one would
 *   wait for ever. One at a time (a beat while one is still being written is skipped). A timer beats
 *   as well, every HEARTBEAT_EVERY_MS, whatever the writer is doing: a report whose query takes longer
 *   than STALE_HEARTBEAT_MS before its first batch (a large aggregate on a busy database) has no
 *   progress point meanwhile, and without the timer another process would take a live run over.
 * - PGlite: one session, in which nothing else runs while the cursor's transaction is open (a query
 *   through the pool would wait for the writer, and the writer for it). The beat goes through that
 *   transaction, is committed with it, and is what any claim sees once it can read the run again. One
 *   process owns the embedded database, so no other process can take its runs over meanwhile.
 * `settled` stops the timer and waits for a beat still being written (none outlives the try).
 */
function heartbeat(
  deps: Pick<Deps, 'database' | 'now' | 'heartbeatEveryMs'>,
  run: { id: number; startedAt: Date },
  lastBeat: Date,
) {
  const everyMs = deps.heartbeatEveryMs ?? HEARTBEAT_EVERY_MS
  let last = lastBeat.getTime()
  let pending: Promise<void> | null = null
  const throughPool = (at: Date) => {
    if (pending) return
    last = at.getTime()
    pending = writeHeartbeat(deps.database.db, run, at).then(
      () => {
        pending = null
      },
      (error: unknown) => {
        pending = null
        log.error('report heartbeat failed', { runId: run.id, error: errorText(error) })
      },
    )
  }
  const timer = deps.database.kind === 'pglite' ? null : setInterval(() => throughPool(deps.now()), everyMs)
  timer?.unref()
  return {
    beat: async (tx: Database) => {
      const at = deps.now()
      if (at.getTime() - last < everyMs) return
      if (deps.database.kind === 'pglite') {
        last = at.getTime()
        await writeHeartbeat(tx, run, at)
        return
      }
      throughPool(at)
    },
    settled: async () => {
      if (timer) clearInterval(timer)
      await pending
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The queue
// ---------------------------------------------------------------------------------------------
type Claimed = Pick<RunRow, 'id' | 'reportEntityId' | 'trigger' | 'fromDate' | 'toDate' | 'attempts'> & {
  startedAt: Date
  /** A RUNNING run taken over from a worker that did not finish. */
  stale: boolean
}

async function claimBatch(db: Database, now: Date, size: number): Promise<Claimed[]> {
  const staleBefore = new Date(now.getTime() - STALE_HEARTBEAT_MS)
  const retryBefore = new Date(now.getTime() - RETRY_DELAY_MS)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: reportRuns.id,
        reportEntityId: reportRuns.reportEntityId,
        trigger: reportRuns.trigger,
        fromDate: reportRuns.fromDate,
        toDate: reportRuns.toDate,
        attempts: reportRuns.attempts,
        status: reportRuns.status,
      })
      .from(reportRuns)
      .where(
        or(
          and(
            eq(reportRuns.status, 'QUEUED'),
            or(isNull(reportRuns.startedAt), lte(reportRuns.startedAt, retryBefore)),
          ),
          // Its writer stopped beating (a run from before the heartbeat: its start stands in).
          and(
            eq(reportRuns.status, 'RUNNING'),
            or(
              lt(reportRuns.heartbeatAt, staleBefore),
              and(isNull(reportRuns.heartbeatAt), lt(reportRuns.startedAt, staleBefore)),
            ),
          ),
        ),
      )
      .orderBy(asc(reportRuns.createdAt), asc(reportRuns.id))
      .limit(size)
      .for('update', { skipLocked: true })
    if (rows.length === 0) return []
    await tx
      .update(reportRuns)
      .set({ status: 'RUNNING', startedAt: now, heartbeatAt: now, attempts: sql`${reportRuns.attempts} + 1` })
      .where(
        inArray(
          reportRuns.id,
          rows.map((r) => r.id),
        ),
      )
    return rows.map(({ status, ...row }) => ({
      ...row,
      attempts: row.attempts + 1,
      startedAt: now,
      stale: status === 'RUNNING',
    }))
  })
}

/**
 * A try failed: QUEUED again while tries remain, else FAILED with the error. Returns the outcome, or
 * null when the run is no longer this try's (re-claimed meanwhile). One transaction with its audit.
 */
async function markFailedTry(
  db: Database,
  run: Claimed,
  message: string,
  at: Date,
): Promise<'requeued' | 'failed' | null> {
  const final = run.attempts >= MAX_ATTEMPTS
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reportRuns)
      .set(
        final ? { status: 'FAILED', error: message, finishedAt: at } : { status: 'QUEUED', error: message },
      )
      .where(
        and(
          eq(reportRuns.id, run.id),
          eq(reportRuns.status, 'RUNNING'),
          eq(reportRuns.startedAt, run.startedAt),
        ),
      )
      .returning({ id: reportRuns.id })
    if (!row) return null
    await audit(tx, {
      action: final ? 'REPORT_RUN_FAILED' : 'REPORT_RUN_RETRY',
      entityType: 'report',
      entityId: run.reportEntityId,
      after: { runId: run.id, trigger: run.trigger, attempts: run.attempts, error: message },
      actor: SYSTEM_ACTOR,
      at,
    })
    return final ? 'failed' : 'requeued'
  })
}

/** Tells the report's owner that a run failed for good (its error, its period). */
export async function mailFailure(
  deps: Pick<Deps, 'database' | 'mailer' | 'consoleUrl'>,
  entity: EntityRow | null,
  run: Pick<RunRow, 'fromDate' | 'toDate' | 'attempts'>,
  message: string,
) {
  if (!entity) return
  const to = (await ownerEmails(deps.database.db, [entity.ownerUserId])).get(entity.ownerUserId)
  if (!to) return
  const page =
    entity.ownerRole === 'OPS' || entity.ownerRole === 'SUPERADMIN'
      ? '/admin/saved-reports'
      : '/saved-reports'
  await deps.mailer.send({
    to,
    subject: reportFailedSubject(reportTitle(entity)),
    text:
      `Your report "${reportTitle(entity)}" for ${run.fromDate} to ${run.toDate} could not be generated ` +
      `after ${run.attempts} attempts.\n\nReason: ${message}\n\n` +
      `You can change the report or try again from your saved reports: ${deps.consoleUrl}${page}`,
  })
}

export type GenerationResult = { done: number[]; requeued: number[]; failed: number[]; skipped: number[] }

async function processClaimed(deps: Deps, run: Claimed, result: GenerationResult) {
  const db = deps.database.db
  // A run claimed with others waited for them to be generated first: for longer than
  // STALE_HEARTBEAT_MS, another worker may have taken it over. A beat first tells (no row: it is theirs
  // now) and keeps it this worker's from here on.
  const confirmed = deps.now()
  if (!(await writeHeartbeat(db, run, confirmed))) {
    result.skipped.push(run.id)
    return
  }
  const entity = await loadEntity(db, run.reportEntityId)
  const beats = heartbeat(deps, run, confirmed)
  try {
    if (!entity) throw new DomainError(404, 'NOT_FOUND', 'The report was deleted')
    if (run.stale && run.attempts > MAX_ATTEMPTS)
      throw new DomainError(422, 'ABANDONED', 'The report generation did not finish')
    // What the try that never finished left (decision 059): its temporary file, or its whole file
    // that no DONE run names. Its writer is taken for dead, as the claim did.
    if (run.stale) await removeRunFiles(deps.dataDir, { entityId: run.reportEntityId, runId: run.id })
    const report = await resolveRun(db, entity, run, deps.now())
    const file = await writeReportCsv(
      deps,
      db,
      report,
      { entityId: run.reportEntityId, runId: run.id },
      beats.beat,
    )
    await beats.settled()
    if (await markDone(db, run, run.startedAt, file, deps.now())) result.done.push(run.id)
    else result.skipped.push(run.id)
  } catch (error) {
    await beats.settled()
    const message = failureMessage(error)
    if (!(error instanceof DomainError))
      log.error('report generation failed', { runId: run.id, attempt: run.attempts, error: errorText(error) })
    // A deleted report is not retried: its run fails at once, and nobody is told (they deleted it).
    const deleted = !entity || entity.deletedAt !== null
    const outcome = await markFailedTry(
      db,
      deleted ? { ...run, attempts: MAX_ATTEMPTS } : run,
      message,
      deps.now(),
    )
    if (outcome === null) result.skipped.push(run.id)
    else result[outcome].push(run.id)
    if (outcome === 'failed' && !deleted) {
      try {
        await mailFailure(deps, entity, run, message)
      } catch (mailError) {
        log.error('report failure mail failed', { runId: run.id, error: errorText(mailError) })
      }
    }
  }
}

/**
 * Generates up to `limit` queued (or stale) runs, oldest first. Safe to run concurrently with itself.
 */
export async function processReportRuns(deps: Deps, { limit = RUN_LIMIT }: { limit?: number } = {}) {
  const result: GenerationResult = { done: [], requeued: [], failed: [], skipped: [] }
  let remaining = limit
  const seen = new Set<number>()
  while (remaining > 0) {
    const batch = (await claimBatch(deps.database.db, deps.now(), Math.min(CLAIM_BATCH, remaining))).filter(
      (run) => !seen.has(run.id),
    )
    if (batch.length === 0) break
    remaining -= batch.length
    for (const run of batch) {
      seen.add(run.id)
      await processClaimed(deps, run, result)
    }
  }
  return result
}

// ---------------------------------------------------------------------------------------------
// E-mailing scheduled runs
// ---------------------------------------------------------------------------------------------
/**
 * Sends each recipient of every DONE scheduled run not yet e-mailed (finished within the links'
 * lifetime) a signed link. A run is claimed first — emailed_at set and audited in one short
 * transaction, its row taken with SKIP LOCKED so two workers never mail the same run — and the mail
 * goes out after the commit (no transaction waits on the mail server). A mail failure clears
 * emailed_at again (audited), and the next job run tries again.
 */
export async function emailScheduledRuns(deps: Deps): Promise<{ emailed: number[]; errors: number[] }> {
  const db = deps.database.db
  const now = deps.now()
  const since = new Date(now.getTime() - SCHEDULED_LINK_TTL_MS)
  const out = { emailed: [] as number[], errors: [] as number[] }
  const candidates = await db
    .select({ id: reportRuns.id })
    .from(reportRuns)
    .where(
      and(
        eq(reportRuns.trigger, 'SCHEDULE'),
        eq(reportRuns.status, 'DONE'),
        isNull(reportRuns.emailedAt),
        isNotNull(reportRuns.filePath),
        gt(reportRuns.finishedAt, since),
      ),
    )
    .orderBy(asc(reportRuns.id))
    .limit(RUN_LIMIT)
  for (const { id } of candidates) {
    const at = deps.now()
    const expiresAt = new Date(at.getTime() + SCHEDULED_LINK_TTL_MS)
    const claimed = await db.transaction(async (tx) => {
      const [run] = await tx
        .select()
        .from(reportRuns)
        .where(and(eq(reportRuns.id, id), isNull(reportRuns.emailedAt)))
        .for('update', { skipLocked: true })
      if (!run) return null
      const [entity] = await tx
        .select()
        .from(reportEntities)
        .where(eq(reportEntities.reportEntityId, run.reportEntityId))
      const [schedule] = await tx
        .select({ emailIds: reportSchedules.emailIds })
        .from(reportSchedules)
        .where(eq(reportSchedules.reportEntityId, run.reportEntityId))
      const recipients = entity && !entity.deletedAt ? (schedule?.emailIds ?? []) : []
      await tx.update(reportRuns).set({ emailedAt: at }).where(eq(reportRuns.id, run.id))
      await audit(tx, {
        action: 'REPORT_RUN_EMAILED',
        entityType: 'report',
        entityId: run.reportEntityId,
        after: { runId: run.id, recipients: recipients.length, linkExpiresAt: expiresAt.toISOString() },
        actor: SYSTEM_ACTOR,
        at,
      })
      return entity ? { run, entity, recipients } : null
    })
    if (!claimed) continue
    const { run, entity, recipients } = claimed
    try {
      if (recipients.length > 0) {
        const url = signedFileUrl(
          deps.consoleUrl,
          signRunToken(deps.signingSecret, { runId: run.id, purpose: 'scheduled-run', expiresAt }),
        )
        for (const to of recipients) {
          await deps.mailer.send({
            to,
            subject: reportReadySubject(reportTitle(entity)),
            text:
              `The scheduled report "${reportTitle(entity)}" for ${run.fromDate} to ${run.toDate} is ready ` +
              `(${run.totalRows ?? 0} rows).\n\nDownload it here: ${url}\n\n` +
              `The link works until ${istDateTime(expiresAt)} IST.`,
          })
        }
      }
      out.emailed.push(id)
    } catch (error) {
      out.errors.push(id)
      log.error('scheduled report mail failed', { runId: id, error: errorText(error) })
      await db.transaction(async (tx) => {
        await tx.update(reportRuns).set({ emailedAt: null }).where(eq(reportRuns.id, id))
        await audit(tx, {
          action: 'REPORT_RUN_EMAIL_FAILED',
          entityType: 'report',
          entityId: run.reportEntityId,
          after: { runId: id, error: errorText(error).slice(0, ERROR_MAX) },
          actor: SYSTEM_ACTOR,
          at: deps.now(),
        })
      })
    }
  }
  return out
}

export const reportGeneration: JobDefinition = {
  name: REPORT_GENERATION_JOB,
  cron: '* * * * *',
  retry: RETRY_EVERY_MINUTE,
  async run(deps) {
    const generated = await processReportRuns(deps)
    const mailed = await emailScheduledRuns(deps)
    return {
      done: generated.done.length,
      requeued: generated.requeued.length,
      failed: generated.failed.length,
      skipped: generated.skipped.length,
      emailed: mailed.emailed.length,
      mailErrors: mailed.errors.length,
    }
  },
}
