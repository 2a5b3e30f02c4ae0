// Stored reports as the contract shows them (spec accounts §3 "Report entity"), the agency rule of §4,
// and the request a stored report is re-run with. Shared by saved.ts, downloads.ts and the report jobs
// (decision 040).
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { AuthContext } from '../auth/authorize'
import type { ReportEntity, ReportRequest, ReportType, ScheduleDetails } from '../contracts/analytics'
import type { Database, Tx } from '../db/client'
import { reportEntities, reportRuns, reportSchedules, users } from '../db/schema'
import { notFound } from '../errors'
import type { Role } from '../rules/roles'

export type EntityRow = typeof reportEntities.$inferSelect
export type ScheduleRow = typeof reportSchedules.$inferSelect
export type RunRow = typeof reportRuns.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isReportId = (value: string) => UUID.test(value)

export const REPORT_NOT_FOUND = 'Report'

/**
 * spec §4: a report created by an agency cannot be edited or deleted by non-agency users (they see
 * it read-only). Everyone else who may act for the advertiser may change it.
 */
export const mayChangeReport = (ownerRole: string, callerRole: Role) =>
  !(ownerRole === 'AGENCY' && callerRole !== 'AGENCY')

/**
 * The live (not deleted) report `id` of advertiser `sellerId`, or 404: a report belongs to the
 * advertiser it was made for, and any other advertiser (or a malformed id) finds nothing.
 * `lock` takes the row for update (a change in the same transaction).
 */
export async function findReport(
  tx: Tx,
  id: string,
  sellerId: number,
  options: { lock?: boolean; savedOnly?: boolean } = {},
): Promise<EntityRow> {
  if (!isReportId(id)) throw notFound(REPORT_NOT_FOUND)
  const where = and(
    eq(reportEntities.reportEntityId, id),
    eq(reportEntities.sellerId, sellerId),
    isNull(reportEntities.deletedAt),
    options.savedOnly ? eq(reportEntities.isSaved, true) : undefined,
  )
  const query = tx.select().from(reportEntities).where(where).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw notFound(REPORT_NOT_FOUND)
  return row
}

export async function findSchedule(tx: Tx, id: string): Promise<ScheduleRow | null> {
  const [row] = await tx.select().from(reportSchedules).where(eq(reportSchedules.reportEntityId, id)).limit(1)
  return row ?? null
}

/** The schedule as the contract shows it (null: none stored). */
export function scheduleDetails(schedule: ScheduleRow | null): ScheduleDetails | null {
  if (!schedule) return null
  return {
    frequency: schedule.frequency,
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    emailIds: schedule.emailIds,
  }
}

/** The request a stored report is computed with (the report engine's input). */
export function storedRequest(entity: EntityRow): ReportRequest {
  return {
    reportEntityId: entity.reportEntityId,
    reportType: entity.reportType as ReportType,
    isRegenerate: false,
    isDefault: entity.isDefault,
    dateFilter: entity.dateFilter as ReportRequest['dateFilter'],
    reportMetaData: { reportName: entity.reportName, isSaved: entity.isSaved },
    dimensionFields: entity.dimensionFields,
    metricFields: entity.metricFields,
    filters: (entity.filters ?? null) as ReportRequest['filters'],
    scheduleDetails: null,
  }
}

type LastRun = ReportEntity['lastRun']

/** The newest run of each report (QUEUED, RUNNING, DONE or FAILED with its error). */
export async function lastRuns(tx: Tx, ids: readonly string[]): Promise<Map<string, NonNullable<LastRun>>> {
  const result = new Map<string, NonNullable<LastRun>>()
  if (ids.length === 0) return result
  const rows = await tx
    .selectDistinctOn([reportRuns.reportEntityId], {
      reportEntityId: reportRuns.reportEntityId,
      status: reportRuns.status,
      createdAt: reportRuns.createdAt,
      finishedAt: reportRuns.finishedAt,
      error: reportRuns.error,
    })
    .from(reportRuns)
    .where(inArray(reportRuns.reportEntityId, [...ids]))
    .orderBy(reportRuns.reportEntityId, desc(reportRuns.createdAt), desc(reportRuns.id))
  for (const row of rows)
    result.set(row.reportEntityId, {
      status: row.status,
      at: (row.finishedAt ?? row.createdAt).toISOString(),
      error: row.error,
    })
  return result
}

/** Owner e-mails by user id. */
export async function ownerEmails(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r.email]))
}

/** A stored report as the contract's entity, for the caller (`editable`). */
export function toReportEntity(
  entity: EntityRow,
  extra: {
    schedule: ScheduleRow | null
    ownerEmail: string
    callerRole: Role
    lastRun: LastRun
    isRegenerate?: boolean
    signedURLs?: string[] | null
  },
): ReportEntity {
  return {
    reportEntityId: entity.reportEntityId,
    reportType: entity.reportType as ReportType,
    isRegenerate: extra.isRegenerate ?? false,
    isDefault: entity.isDefault,
    dateFilter: entity.dateFilter as ReportEntity['dateFilter'],
    reportMetaData: {
      loggedInEmail: extra.ownerEmail,
      loggedInRole: entity.ownerRole,
      sellerId: entity.sellerId,
      reportName: entity.reportName,
      gcpReportNamePrefix: entity.gcpReportNamePrefix,
      isSaved: entity.isSaved,
      creationDate: entity.createdAt.toISOString(),
      signedURLs: extra.signedURLs ?? null,
      urlExpiryTs: entity.urlExpiryTs?.toISOString() ?? null,
      totalNumOfRows: entity.totalNumOfRows,
    },
    dimensionFields: entity.dimensionFields,
    metricFields: entity.metricFields,
    filters: entity.filters ?? null,
    scheduleDetails: scheduleDetails(extra.schedule),
    lastRun: extra.lastRun,
    editable: mayChangeReport(entity.ownerRole, extra.callerRole),
  }
}

/** A user as the report engine's caller: the owner of a stored report, when a job runs it. */
export async function ownerAuth(db: Database, userId: number): Promise<AuthContext | null> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      accountId: users.accountId,
      accountStatus: users.accountStatus,
      tncAcceptance: users.tncAcceptance,
      twoFactorRegistered: users.twoFactorRegistered,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  if (!user) return null
  return {
    sessionId: 'report-job',
    stage: 'FULL',
    ipAddress: null,
    expiresAt: new Date(8.64e15),
    token: '',
    user,
  }
}

/** Whether a user's account may still use the console (a revoked owner's reports stop running). */
export const isActiveAccount = (status: string) => status === 'APPROVED' || status === 'REACTIVATED'

/** A file name for the download: the report's name (or type) and its period, safe in a header. */
export function reportFileName(
  entity: Pick<EntityRow, 'reportName' | 'reportType'>,
  from: string,
  to: string,
) {
  const base = (entity.reportName || entity.reportType)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return `${base || 'report'}-${from}-to-${to}.csv`
}
