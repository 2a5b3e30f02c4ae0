// Saved and scheduled reports (spec accounts §2, §3 "Report entity", §4 "Reports", §5, §7):
// POST saveAndScheduleReport, GET getSavedReports, DELETE deleteReport. Every call needs a signed-in
// caller who may act for the advertiser (`userId`); a report belongs to the advertiser it was made for
// (any other advertiser finds nothing: 404), and one created by an agency is read-only for non-agency
// users (403, `editable` false). Decision 040.
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { ZodError } from 'zod/v4'
import { audit } from '../audit'
import { assertMayActFor, requireAuth } from '../auth/authorize'
import { actorOf } from '../auth/request'
import {
  analyticsUserQuerySchema,
  type ReportRequest,
  ReportMessages,
  reportIdQuerySchema,
  reportRequestSchema,
  SAVED_REPORT_TYPES,
  savedReportsQuerySchema,
} from '../contracts/analytics'
import { reportEntities, reportRuns, reportSchedules } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError, forbidden } from '../errors'
import { type Env, ok } from '../http'
import { firstRunAt, REPORT_SCHEDULES_JOB } from '../jobs/report-schedules'
import { REPORT_GENERATION_JOB } from '../jobs/report-generation'
import {
  cleanRecipients,
  isRegenerateFor,
  isSavedFor,
  type ReportDefinition,
  reportRequestProblems,
} from '../rules/reports'
import {
  type EntityRow,
  findReport,
  findSchedule,
  isReportId,
  lastRuns,
  mayChangeReport,
  ownerEmails,
  type ScheduleRow,
  toReportEntity,
} from './report-entities'
import { resolveReport } from './report-engine'

export const SavedReportMessages = {
  /** A saved report is a campaign, keyword or product performance report (spec §3 "Report types seen"). */
  savedTypeOnly: 'Choose a campaign, keyword or product performance report',
  invalidId: 'Report id is invalid',
  saved: 'Report saved',
  deleted: 'Report deleted',
} as const

/**
 * The form field a request path belongs to (field errors are keyed as the save-and-schedule form names
 * its inputs): reportMetaData.reportName → reportName, dateFilter.fromDate → fromDate,
 * scheduleDetails.emailIds.3 → emailIds, filters.CAMPAIGN_ID.0 → CAMPAIGN_ID …
 */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [head, second] = path.map(String)
  if (head === undefined) return '_'
  if (
    (head === 'reportMetaData' ||
      head === 'dateFilter' ||
      head === 'scheduleDetails' ||
      head === 'filters') &&
    second
  )
    return second
  return head
}

function formFieldErrors(entries: Iterable<[string, string]>): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const [key, message] of entries)
    if (!out[key]?.includes(message)) out[key] = [...(out[key] ?? []), message]
  return out
}

/** 400 with the first message and every field's messages, keyed by form field. */
const invalid = (fieldErrors: Record<string, string[]>) =>
  new DomainError(
    400,
    'VALIDATION_FAILED',
    Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request',
    fieldErrors,
  )

/** Parses the body; zod's and the engine's field errors re-keyed by form field. */
export async function parseRequest(c: Context<Env>): Promise<ReportRequest> {
  try {
    return reportRequestSchema.parse(await c.req.json())
  } catch (error) {
    if (error instanceof ZodError)
      throw invalid(formFieldErrors(error.issues.map((issue) => [formFieldOf(issue.path), issue.message])))
    throw error
  }
}

/** The engine's errors (dateFilter.toDate, filters.CAMPAIGN_ID, metricFields) keyed by form field. */
export function rekeyed(error: unknown): unknown {
  if (!(error instanceof DomainError) || !error.fieldErrors) return error
  const entries = Object.entries(error.fieldErrors).flatMap(([key, messages]) =>
    messages.map((m): [string, string] => [formFieldOf(key.split('.')), m]),
  )
  return new DomainError(
    error.status,
    error.errorCode,
    error.message,
    formFieldErrors(entries),
    error.headers,
  )
}

const definitionOf = (
  entity: Pick<EntityRow, 'dateFilter' | 'dimensionFields' | 'metricFields' | 'filters'>,
  schedule: Pick<ScheduleRow, 'frequency' | 'startDate' | 'endDate'> | null,
): ReportDefinition => ({
  dateFilter: entity.dateFilter as ReportDefinition['dateFilter'],
  scheduleDetails: schedule
    ? { frequency: schedule.frequency, startDate: schedule.startDate, endDate: schedule.endDate }
    : null,
  dimensionFields: entity.dimensionFields,
  metricFields: entity.metricFields,
  filters: entity.filters ?? null,
})

/** Only the chosen names (a map of name → true), capped by the contract already. */
const chosenOnly = (fields: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(fields).filter(([, on]) => on === true))

export function savedReportRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: POST saveAndScheduleReport with the report entity; 201 created, 200 updated.
  app.post('/v1/analytics/saveAndScheduleReport', requireAuth(), async (c) => {
    const { userId } = analyticsUserQuerySchema.parse(c.req.query())
    const request = await parseRequest(c)
    const db = deps.database.db
    const auth = c.get('auth')
    const now = deps.now()
    await assertMayActFor(db, auth, userId)

    const problems: Record<string, string[]> = {}
    for (const [field, message] of Object.entries(reportRequestProblems(request, now)))
      if (message) problems[field] = [message]
    if (!(SAVED_REPORT_TYPES as readonly string[]).includes(request.reportType))
      problems.reportType = [SavedReportMessages.savedTypeOnly]
    const id = request.reportEntityId?.trim() || null
    if (id !== null && !isReportId(id)) problems.reportEntityId = [SavedReportMessages.invalidId]
    if (Object.keys(problems).length > 0) throw invalid(problems)

    // The engine's checks: fields of the type, filter values (another advertiser's campaign: 403), dates.
    const resolved = await resolveReport(db, auth, userId, request, now).catch((error) => {
      throw rekeyed(error)
    })

    const schedule = request.scheduleDetails
    const next = {
      dateFilter: request.dateFilter,
      dimensionFields: chosenOnly(request.dimensionFields),
      metricFields: chosenOnly(request.metricFields),
      filters: request.filters
        ? Object.fromEntries(
            Object.entries(request.filters).filter(([, values]) => values && values.length > 0),
          )
        : null,
    }
    const nextSchedule = {
      frequency: schedule?.frequency ?? ('ONCE' as const),
      startDate: schedule?.startDate ?? null,
      endDate: schedule?.endDate ?? null,
      emailIds: cleanRecipients(schedule?.emailIds ?? []),
    }

    const saved = await db.transaction(async (tx) => {
      const existing = id ? await findReport(tx, id, userId, { lock: true }) : null
      if (existing && !mayChangeReport(existing.ownerRole, auth.user.role))
        throw forbidden(ReportMessages.agencyReportReadOnly)
      const existingSchedule = existing ? await findSchedule(tx, existing.reportEntityId) : null
      const isRegenerate = isRegenerateFor(
        existing ? definitionOf(existing, existingSchedule) : null,
        definitionOf(next, nextSchedule),
      )
      const isSaved = isSavedFor({
        isNew: !existing?.isSaved,
        downloadOnly: request.reportMetaData.isSaved === false,
      })
      const reportEntityId = existing?.reportEntityId ?? randomUUID()
      const values = {
        reportType: request.reportType,
        isDefault: request.isDefault,
        reportName: request.reportMetaData.reportName?.trim() || null,
        isSaved,
        ...next,
      }
      let entity: EntityRow | undefined
      if (existing) {
        // updated_at is when the definition last changed (decision 040): a rename or new recipients
        // keep the generated file current.
        ;[entity] = await tx
          .update(reportEntities)
          .set({ ...values, ...(isRegenerate ? { updatedAt: now } : {}) })
          .where(eq(reportEntities.reportEntityId, reportEntityId))
          .returning()
      } else {
        ;[entity] = await tx
          .insert(reportEntities)
          .values({
            ...values,
            reportEntityId,
            ownerUserId: auth.user.id,
            ownerRole: auth.user.role,
            sellerId: userId,
            gcpReportNamePrefix: `reports/${reportEntityId}/`,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      }
      if (!entity) throw new Error('report entity write returned nothing')

      const scheduleChanged =
        !existingSchedule ||
        existingSchedule.frequency !== nextSchedule.frequency ||
        existingSchedule.startDate !== nextSchedule.startDate ||
        existingSchedule.endDate !== nextSchedule.endDate
      const nextRunAt = scheduleChanged
        ? firstRunAt(nextSchedule, now, existingSchedule?.lastRunAt ?? null)
        : (existingSchedule?.nextRunAt ?? null)
      const [storedSchedule] = await tx
        .insert(reportSchedules)
        .values({ reportEntityId, ...nextSchedule, nextRunAt })
        .onConflictDoUpdate({ target: reportSchedules.reportEntityId, set: { ...nextSchedule, nextRunAt } })
        .returning()

      // A download-only report is generated by its download (inline); a saved one in the background.
      let runId: number | null = null
      if (isRegenerate && isSaved) {
        const [run] = await tx
          .insert(reportRuns)
          .values({
            reportEntityId,
            trigger: 'SAVE',
            status: 'QUEUED',
            fromDate: resolved.from,
            toDate: resolved.to,
            createdAt: now,
          })
          .returning({ id: reportRuns.id })
        runId = run?.id ?? null
      }
      await audit(tx, {
        action: existing ? 'REPORT_UPDATED' : 'REPORT_CREATED',
        entityType: 'report',
        entityId: reportEntityId,
        before: existing ? { ...auditView(existing), schedule: existingSchedule } : null,
        after: { ...auditView(entity), schedule: storedSchedule ?? null, isRegenerate, runId },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      const owner = existing
        ? ((await ownerEmails(tx, [existing.ownerUserId])).get(existing.ownerUserId) ?? '')
        : auth.user.email
      const last = (await lastRuns(tx, [reportEntityId])).get(reportEntityId) ?? null
      return {
        created: !existing,
        runId,
        due: nextRunAt !== null && nextRunAt.getTime() <= now.getTime(),
        entity: toReportEntity(entity, {
          schedule: storedSchedule ?? null,
          ownerEmail: owner,
          callerRole: auth.user.role,
          lastRun: last,
          isRegenerate,
        }),
      }
    })
    if (saved.runId !== null) deps.wake?.(REPORT_GENERATION_JOB)
    // A schedule starting today is due at once: queue its first run now rather than at the next cron.
    if (saved.due) deps.wake?.(REPORT_SCHEDULES_JOB)
    return ok(c, saved.entity, SavedReportMessages.saved, saved.created ? 201 : 200)
  })

  // spec §7: GET getSavedReports — the advertiser's saved reports, newest first.
  app.get('/v1/analytics/getSavedReports', requireAuth(), async (c) => {
    const { userId, reportEntityId } = savedReportsQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const auth = c.get('auth')
    await assertMayActFor(db, auth, userId)
    const rows = await db
      .select({ entity: reportEntities, schedule: reportSchedules })
      .from(reportEntities)
      .leftJoin(reportSchedules, eq(reportSchedules.reportEntityId, reportEntities.reportEntityId))
      .where(
        and(
          eq(reportEntities.sellerId, userId),
          reportEntityId
            ? eq(reportEntities.reportEntityId, reportEntityId)
            : eq(reportEntities.isSaved, true),
          isNull(reportEntities.deletedAt),
        ),
      )
      .orderBy(desc(reportEntities.createdAt), desc(reportEntities.reportEntityId))
    const ids = rows.map((r) => r.entity.reportEntityId)
    const [runs, emails] = await Promise.all([
      lastRuns(db, ids),
      ownerEmails(
        db,
        rows.map((r) => r.entity.ownerUserId),
      ),
    ])
    return ok(c, {
      reports: rows.map(({ entity, schedule }) =>
        toReportEntity(entity, {
          schedule,
          ownerEmail: emails.get(entity.ownerUserId) ?? '',
          callerRole: auth.user.role,
          lastRun: runs.get(entity.reportEntityId) ?? null,
        }),
      ),
    })
  })

  // spec §7: DELETE deleteReport?reportEntityId → { status: 'success' }. A soft delete: its schedule stops.
  app.delete('/v1/analytics/deleteReport', requireAuth(), async (c) => {
    const { userId, reportEntityId } = parseIdQuery(c.req.query())
    const db = deps.database.db
    const auth = c.get('auth')
    const now = deps.now()
    await assertMayActFor(db, auth, userId)
    await db.transaction(async (tx) => {
      const entity = await findReport(tx, reportEntityId, userId, { lock: true, savedOnly: true })
      if (!mayChangeReport(entity.ownerRole, auth.user.role))
        throw forbidden(ReportMessages.agencyReportReadOnly)
      await tx
        .update(reportEntities)
        .set({ deletedAt: now })
        .where(eq(reportEntities.reportEntityId, reportEntityId))
      await tx
        .update(reportSchedules)
        .set({ nextRunAt: null })
        .where(eq(reportSchedules.reportEntityId, reportEntityId))
      await audit(tx, {
        action: 'REPORT_DELETED',
        entityType: 'report',
        entityId: reportEntityId,
        before: auditView(entity),
        after: { deletedAt: now.toISOString() },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
    })
    return ok(c, { status: 'success' as const }, SavedReportMessages.deleted)
  })

  return app
}

/** userId and reportEntityId of a query; a malformed report id is a 400 on its field. */
export function parseIdQuery(query: Record<string, string>) {
  return reportIdQuerySchema.parse(query)
}

/** What the audit log keeps of a report. */
function auditView(entity: EntityRow) {
  return {
    reportType: entity.reportType,
    reportName: entity.reportName,
    sellerId: entity.sellerId,
    isSaved: entity.isSaved,
    dateFilter: entity.dateFilter,
    dimensionFields: entity.dimensionFields,
    metricFields: entity.metricFields,
    filters: entity.filters,
  }
}
