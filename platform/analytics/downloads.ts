// Report downloads (spec accounts §2 "Download opens a one-time-password dialog", §7; issue 12;
// decision 040): GET downloadReport and POST getOpsReport take the REPORT_DOWNLOAD code e-mailed by
// POST /ads/ad-auth/v1/generate-otp, make sure a CSV of the report's current definition exists
// (generating it inline when none is DONE), and answer signed links. GET file?token is the link: no
// session, the HMAC token is the permission (signed-links.ts).
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { audit } from '../audit'
import { type AuthContext, assertMayActFor, requireAuth } from '../auth/authorize'
import { consumeOneTimeCode } from '../auth/one-time-codes'
import { assertNotLimited, hitRateLimit, type RateRule } from '../auth/rate-limit'
import { actorOf } from '../auth/request'
import { AuthMessages } from '../contracts/auth-messages'
import {
  type DownloadResponse,
  downloadQuerySchema,
  opsReportQuerySchema,
  SIGNED_URL_TTL_MS,
  signedFileQuerySchema,
} from '../contracts/analytics'
import { reportEntities, reportRuns } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { generateNow } from '../jobs/report-generation'
import { ADMIN_ROLES } from '../rules/roles'
import { type EntityRow, findReport, reportFileName } from './report-entities'
import { resolveDates, resolveReport } from './report-engine'
import { reportFileExists, storedReportFile } from './report-files'
import { parseRequest, rekeyed } from './saved'
import {
  type LinkPurpose,
  SignedLinkMessages,
  signedFileUrl,
  signRunToken,
  verifyRunToken,
} from './signed-links'

/** Wrong report-download codes per user (besides each code's own 5 tries): as the other code checks. */
export const REPORT_CODE_CHECK: RateRule = { name: 'otp:report:check', limit: 10, windowMs: 15 * 60 * 1000 }

export const DownloadMessages = {
  defaultOnly: 'A default report download sends isDefault true',
  gone: 'This report is no longer available',
  prepared: 'Report ready for download',
} as const

/**
 * Uses up the caller's REPORT_DOWNLOAD code, or refuses with 401 'Invalid OTP' (wrong, used, expired,
 * or none). A refusal is counted against the user (429 past REPORT_CODE_CHECK) and audited; the used
 * attempt is committed either way.
 */
async function consumeReportCode(
  c: Context<Env>,
  deps: PlatformDeps,
  otp: string,
  reportEntityId: string | null,
) {
  const db = deps.database.db
  const { user } = c.get('auth')
  const now = deps.now()
  await assertNotLimited(db, [[REPORT_CODE_CHECK, user.id]], now)
  const result = await db.transaction(async (tx) => {
    const used = await consumeOneTimeCode(tx, { userId: user.id, purpose: 'REPORT_DOWNLOAD', code: otp, now })
    if (!used.ok) {
      await hitRateLimit(tx, REPORT_CODE_CHECK, user.id, now)
      await audit(tx, {
        action: 'REPORT_DOWNLOAD_CODE_REFUSED',
        entityType: 'user',
        entityId: user.id,
        after: { reason: used.reason, reportEntityId },
        actor: actorOf(c, user),
        requestId: c.get('requestId'),
        at: now,
      })
    }
    return used
  })
  if (!result.ok) throw new DomainError(401, 'INVALID_OTP', AuthMessages.invalidOtp)
}

/** The newest DONE run of the report's current definition over `period` whose file is there. */
async function currentRun(deps: PlatformDeps, entity: EntityRow, period: { from: string; to: string }) {
  const rows = await deps.database.db
    .select({ id: reportRuns.id, filePath: reportRuns.filePath, totalRows: reportRuns.totalRows })
    .from(reportRuns)
    .where(
      and(
        eq(reportRuns.reportEntityId, entity.reportEntityId),
        eq(reportRuns.status, 'DONE'),
        eq(reportRuns.fromDate, period.from),
        eq(reportRuns.toDate, period.to),
        isNotNull(reportRuns.filePath),
        // Queued after the definition last changed (updated_at, decision 040).
        gte(reportRuns.createdAt, entity.updatedAt),
      ),
    )
    .orderBy(desc(reportRuns.finishedAt), desc(reportRuns.id))
    .limit(3)
  for (const row of rows)
    if (await reportFileExists(deps.dataDir, row.filePath)) return { runId: row.id, rows: row.totalRows ?? 0 }
  return null
}

/** Signs the run's link, records the expiry on the report (audited), and builds the answer. */
async function issueLink(
  c: Context<Env>,
  deps: PlatformDeps,
  entity: EntityRow,
  run: { runId: number; rows: number; from: string; to: string; generated: boolean },
  action: string,
): Promise<DownloadResponse> {
  const now = deps.now()
  const expiresAt = new Date(now.getTime() + SIGNED_URL_TTL_MS)
  const purpose: LinkPurpose = 'report-download'
  const url = signedFileUrl(
    deps.consoleUrl,
    signRunToken(deps.signingSecret, { runId: run.runId, purpose, expiresAt }),
  )
  const auth = c.get('auth')
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(reportEntities)
      .set({ urlExpiryTs: expiresAt })
      .where(eq(reportEntities.reportEntityId, entity.reportEntityId))
    await audit(tx, {
      action,
      entityType: 'report',
      entityId: entity.reportEntityId,
      after: { runId: run.runId, generated: run.generated, linkExpiresAt: expiresAt.toISOString() },
      actor: actorOf(c, auth.user),
      requestId: c.get('requestId'),
      at: now,
    })
  })
  return {
    signedURLs: [url],
    urlExpiryTs: expiresAt.toISOString(),
    totalNumOfRows: run.rows,
    fileName: reportFileName(entity, run.from, run.to),
  }
}

/** A DONE run of the current definition, generated now (as the caller) when there is none. */
async function ensureRun(
  deps: PlatformDeps,
  entity: EntityRow,
  caller: AuthContext,
  trigger: 'DOWNLOAD' | 'OPS',
  period: { from: string; to: string },
) {
  const existing = trigger === 'DOWNLOAD' ? await currentRun(deps, entity, period) : null
  if (existing) return { ...existing, ...period, generated: false }
  const made = await generateNow(deps, entity, { trigger, ...period, caller })
  return { runId: made.runId, rows: made.rows, ...period, generated: true }
}

export function downloadRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: GET downloadReport?reportEntityId&otp → signed links to the CSV.
  app.get('/v1/analytics/downloadReport', requireAuth(), async (c) => {
    const query = downloadQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const auth = c.get('auth')
    await assertMayActFor(db, auth, query.userId)
    const entity = await findReport(db, query.reportEntityId, query.userId)
    await consumeReportCode(c, deps, query.otp, entity.reportEntityId)
    const period = resolveDates(entity.dateFilter as Parameters<typeof resolveDates>[0], deps.now())
    const run = await ensureRun(deps, entity, auth, 'DOWNLOAD', period)
    return ok(c, await issueLink(c, deps, entity, run, 'REPORT_DOWNLOAD_LINK'), DownloadMessages.prepared)
  })

  // spec §7: POST getOpsReport?otp with a body: the default-report download (staff only). Generated
  // now, kept as an unsaved report (isSaved false) with an OPS run.
  app.post('/v1/analytics/getOpsReport', requireAuth({ roles: ADMIN_ROLES }), async (c) => {
    const query = opsReportQuerySchema.parse(c.req.query())
    const request = await parseRequest(c)
    if (!request.isDefault)
      throw new DomainError(400, 'VALIDATION_FAILED', DownloadMessages.defaultOnly, {
        isDefault: [DownloadMessages.defaultOnly],
      })
    const db = deps.database.db
    const auth = c.get('auth')
    const resolved = await resolveReport(db, auth, query.userId, request, deps.now()).catch((error) => {
      throw rekeyed(error)
    })
    await consumeReportCode(c, deps, query.otp, null)
    const now = deps.now()
    const entity = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reportEntities)
        .values({
          reportType: request.reportType,
          isDefault: true,
          ownerUserId: auth.user.id,
          ownerRole: auth.user.role,
          sellerId: query.userId,
          reportName: request.reportMetaData.reportName?.trim() || null,
          isSaved: false,
          dateFilter: request.dateFilter,
          dimensionFields: request.dimensionFields,
          metricFields: request.metricFields,
          filters: request.filters,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (!row) throw new Error('report entity insert returned nothing')
      await tx
        .update(reportEntities)
        .set({ gcpReportNamePrefix: `reports/${row.reportEntityId}/` })
        .where(eq(reportEntities.reportEntityId, row.reportEntityId))
      await audit(tx, {
        action: 'REPORT_OPS_CREATED',
        entityType: 'report',
        entityId: row.reportEntityId,
        after: {
          reportType: row.reportType,
          sellerId: row.sellerId,
          dateFilter: row.dateFilter,
          isDefault: true,
        },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return row
    })
    const run = await ensureRun(deps, entity, auth, 'OPS', { from: resolved.from, to: resolved.to })
    return ok(c, await issueLink(c, deps, entity, run, 'REPORT_OPS_DOWNLOAD_LINK'), DownloadMessages.prepared)
  })

  // The signed link itself: no session. 403 for a forged, expired or wrong-purpose token.
  app.get('/v1/analytics/file', async (c) => {
    const { token } = signedFileQuerySchema.parse(c.req.query())
    const link = verifyRunToken(deps.signingSecret, token, deps.now())
    if (!link.ok) throw new DomainError(403, `LINK_${link.reason}`, link.message)
    const [row] = await deps.database.db
      .select({ run: reportRuns, entity: reportEntities })
      .from(reportRuns)
      .innerJoin(reportEntities, eq(reportEntities.reportEntityId, reportRuns.reportEntityId))
      .where(eq(reportRuns.id, link.runId))
      .limit(1)
    if (row?.run.status !== 'DONE' || !row.run.filePath || row.entity.deletedAt)
      throw new DomainError(404, 'NOT_FOUND', DownloadMessages.gone)
    if (link.purpose === 'scheduled-run' && row.run.trigger !== 'SCHEDULE')
      throw new DomainError(403, 'LINK_PURPOSE', SignedLinkMessages.purpose)
    const file = storedReportFile(deps.dataDir, row.run.filePath)
    const info = file ? await stat(file).catch(() => null) : null
    if (!file || !info?.isFile()) throw new DomainError(404, 'NOT_FOUND', DownloadMessages.gone)
    const name = reportFileName(row.entity, row.run.fromDate, row.run.toDate)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="${name}"`)
    c.header('Content-Length', String(info.size))
    c.header('Cache-Control', 'no-store')
    // The token is in the address: never pass it on to another site.
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream)
  })

  return app
}
