// Keyword metadata (issue 13; spec accounts §7 "Keyword metadata", §8 "Bulk upload" and "Keyword search";
// docs/decisions/046), SUPERADMIN only:
// POST /v1/metadata/keyword  multipart, field `file` = metadata.zip holding one CSV (keywords,product_ids):
//   received under the 25 MB limit, unzipped safely, imported all or nothing with the upload kit;
// GET  /v1/metadata/keyword?productId  → { keywords } of a catalog product (404 for an unknown product).
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { unstable_parseMultipartFormData } from '@remix-run/node'
import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { requireAuth } from '../auth/authorize'
import {
  BILLING_MAX_BYTES,
  keywordMetadataQuerySchema,
  METADATA_FIELD,
  METADATA_MESSAGES,
  type MetadataUploadResult,
} from '../contracts/billing'
import type { CsvImportOutcome } from '../contracts/csv-upload'
import type { Database } from '../db/client'
import { billingUploads, productKeywords, products } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { log } from '../log'
import { hasControlCharacters } from '../rules/text'
import { declaredTooLarge, MAX_UPLOAD_TEXT_FIELD_BYTES } from '../rules/uploads'
import { DEFAULT_MAX_ERRORS, errorReportCsv, importCsv } from '../uploads/csv-import'
import { importAnswer } from '../uploads/endpoint'
import { sniffedWhileStreaming, spoolWithLimit, UploadTooLarge } from '../uploads/receive'
import { unzipSingleCsv, ZIP_MESSAGES, ZipRefused } from '../uploads/unzip'
import { metadataConsumer, metadataErrorReport, unknownProductErrors } from './metadata-import'

export const METADATA_PATH = '/v1/metadata/keyword'

export const METADATA_UPLOAD_MESSAGES = {
  noFile: 'Select the metadata zip (metadata.zip) to upload',
  notMultipart: 'Upload the CSV zipped as metadata.zip in a multipart form (field "file")',
} as const

type ReceivedZip = { fileName: string; path: string }

/**
 * The zip of a multipart request, spooled to <dataDir>/uploads/incoming/<uuid>.zip under the byte limit
 * (413 while it streams past it). Text fields beside it are small; a second file is refused.
 */
async function receiveZip(request: Request, target: string): Promise<ReceivedZip> {
  if (declaredTooLarge(request.headers.get('content-length'), BILLING_MAX_BYTES))
    throw new UploadTooLarge(METADATA_MESSAGES.tooLarge)
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(contentType))
    throw new DomainError(400, 'WRONG_FILE_TYPE', METADATA_UPLOAD_MESSAGES.notMultipart)
  await mkdir(path.dirname(target), { recursive: true })
  let received: ReceivedZip | null = null
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      if (part.name !== METADATA_FIELD || part.filename === undefined) {
        let size = 0
        for await (const chunk of part.data) {
          size += chunk.byteLength
          if (size > MAX_UPLOAD_TEXT_FIELD_BYTES) throw new UploadTooLarge(METADATA_MESSAGES.tooLarge)
        }
        return undefined
      }
      if (received) throw new DomainError(400, 'ONE_FILE_ONLY', 'Upload one file at a time')
      if (!part.filename) throw new DomainError(400, 'NO_FILE', METADATA_UPLOAD_MESSAGES.noFile)
      // Not a zip (no 'PK' signature): refused at its first bytes, not after the whole file.
      const data = sniffedWhileStreaming(
        part.data,
        2,
        (head) => head[0] === 0x50 && head[1] === 0x4b,
        () => new ZipRefused(ZIP_MESSAGES.notZip),
      )
      await spoolWithLimit(data, target, BILLING_MAX_BYTES, METADATA_MESSAGES.tooLarge)
      received = { fileName: part.filename, path: target }
      return undefined
    })
  } catch (error) {
    if (error instanceof DomainError) throw error
    throw new DomainError(400, 'MALFORMED_UPLOAD', METADATA_UPLOAD_MESSAGES.noFile)
  }
  if (!received) throw new DomainError(400, 'NO_FILE', METADATA_UPLOAD_MESSAGES.noFile)
  return received
}

/** Text as jsonb stores it: PostgreSQL refuses NUL there; other control characters are blanked too. */
const storable = (text: string | null) =>
  text === null ? null : [...text.slice(0, 500)].map((ch) => (hasControlCharacters(ch) ? ' ' : ch)).join('')

/** What the FAILED billing_uploads row keeps: the refusal and its first 100 row errors. */
function storableErrors(outcome: CsvImportOutcome) {
  return {
    refusal: outcome.refusal,
    message: storable(outcome.message),
    errors: outcome.errors.slice(0, 100).map((error) => ({
      ...error,
      value: storable(error.value),
      reason: storable(error.reason),
    })),
  }
}

/**
 * A file refused for its cells (the kit's first pass) is also checked against the catalog, so that one
 * report lists every kind of problem (spec §8: invalid keywords, empty cells and invalid products).
 */
async function withUnknownProducts(db: Database, outcome: CsvImportOutcome, csvPath: string) {
  if (outcome.result !== 'REFUSED' || outcome.refusal !== 'ROWS' || outcome.errors.length === 0)
    return outcome
  const refused = new Set(outcome.errors.map((error) => error.row))
  const room = Math.max(0, DEFAULT_MAX_ERRORS - outcome.errors.length)
  const extra = await unknownProductErrors(db, csvPath, refused, room)
  if (extra.count === 0) return outcome
  const errors = [...outcome.errors, ...extra.errors].sort((a, b) => a.row - b.row)
  const errorCount = outcome.errorCount + extra.count
  const rows = new Set(errors.map((error) => error.row)).size
  return {
    ...outcome,
    errors,
    errorCount,
    errorReport: errorReportCsv(errors),
    message: `${errorCount} errors in ${rows}${errorCount > errors.length ? '+' : ''} rows; nothing was imported`,
  }
}

/** The answer's data: the kit's outcome plus the spec's error report (null without refused rows). */
async function uploadResult(outcome: CsvImportOutcome, csvPath: string): Promise<MetadataUploadResult> {
  const report =
    outcome.result === 'REFUSED' && outcome.refusal === 'ROWS' && outcome.errors.length > 0
      ? await metadataErrorReport(csvPath, outcome.errors)
      : null
  return { ...outcome, metadataErrorReport: report }
}

export function metadataRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const superadmin = requireAuth({ roles: ['SUPERADMIN'] })

  app.post(METADATA_PATH, superadmin, async (c) => {
    const auth = c.get('auth')
    const incoming = path.join(deps.dataDir, 'uploads', 'incoming')
    const id = randomUUID()
    const zipPath = path.join(incoming, `${id}.zip`)
    const csvPath = path.join(incoming, `${id}.csv`)
    try {
      const zip = await receiveZip(c.req.raw, zipPath)
      const csv = await unzipSingleCsv(zip.path, csvPath, {
        maxBytes: BILLING_MAX_BYTES,
        tooLargeMessage: METADATA_MESSAGES.tooLarge,
      })
      // The zip is no longer needed: only the CSV is read from here on.
      await rm(zipPath, { force: true })
      const fileName = csv.name.split(/[\\/]/).pop() ?? csv.name
      const db = deps.database.db
      const outcome = await importCsv(db, metadataConsumer({ fileName, uploadedBy: auth.user.id }), {
        fileName,
        source: () => createReadStream(csvPath),
        actor: { userId: auth.user.id, role: auth.user.role, ip: c.req.header('x-forwarded-for') ?? null },
        requestId: c.get('requestId'),
        now: deps.now(),
      })
      const checked = await withUnknownProducts(db, outcome, csvPath)
      const data = await uploadResult(checked, csvPath)
      if (outcome.result === 'REFUSED') {
        // Refused: nothing was written; the refusal is recorded (the kit's audit row and this one).
        await db.insert(billingUploads).values({
          kind: 'KEYWORD_METADATA',
          fileName,
          uploadedBy: auth.user.id,
          uploadedAt: deps.now(),
          rowCount: outcome.rows,
          status: 'FAILED',
          errors: storableErrors(checked),
          totals: {},
        })
      }
      log.info('keyword metadata upload', {
        result: outcome.result,
        rows: outcome.rows,
        applied: outcome.applied,
        errorCount: outcome.errorCount,
      })
      const answer = importAnswer(checked, c.get('requestId'))
      return c.json({ ...answer.body, data }, answer.status)
    } finally {
      await rm(zipPath, { force: true })
      await rm(csvPath, { force: true })
    }
  })

  app.get(METADATA_PATH, superadmin, async (c) => {
    const { productId } = keywordMetadataQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const [product] = await db
      .select({ id: products.productId })
      .from(products)
      .where(eq(products.productId, productId))
      .limit(1)
    if (!product) throw new DomainError(404, 'PRODUCT_NOT_FOUND', METADATA_MESSAGES.productNotValid)
    const rows = await db
      .select({ keyword: productKeywords.keyword })
      .from(productKeywords)
      .where(eq(productKeywords.productId, productId))
      .orderBy(asc(productKeywords.keyword))
    const keywords = rows.map((row) => row.keyword).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    return ok(c, { keywords })
  })

  return app
}
