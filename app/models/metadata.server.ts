// The Bulk Upload page (/admin/bulkUpload, spec accounts §2 "Bulk upload", §5, §7 "Keyword metadata",
// §8 "Bulk upload" and "Keyword search"; docs/decisions/048): the Metadata Enrichment upload and the
// Keywords Search by Product ID, over the inventory service's /v1/metadata/keyword.
//
// The upload: the upload kit receives the CSV onto disk (25 MB enforced while streaming, .csv only), this
// module zips it into a second temporary file as `metadata.zip` (fflate's streaming Zip + ZipDeflate, the
// CSV read in chunks: never the whole file in memory), posts the zip from disk as multipart field `file`,
// and maps the answer to the spec's messages. Both temporary files are always removed.
import { randomUUID } from 'node:crypto'
import { createWriteStream, openAsBlob } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { Zip, ZipDeflate } from 'fflate'
import {
  BILLING_MAX_BYTES,
  keywordMetadataResponseSchema,
  METADATA_ERROR_REPORT_NAME,
  METADATA_FIELD,
  METADATA_MESSAGES,
  METADATA_SAMPLE,
  METADATA_ZIP_NAME,
  metadataUploadResultSchema,
} from '../../platform/contracts/billing'
import { firstErrorText, SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { keywordSearchForm } from '../components/bulk/keyword-search-form'
import { refusedUpload, type UploadResult } from '../components/upload/upload-result'
import { flashCookie } from '../flash.server'
import { redirectForStatus, requireUser } from '../guard.server'
import { ROUTES } from '../route-table'
import { parseForm } from '../utils/form-rules.server'
import { type ReceivedUpload, receiveUpload, uploadAnswer } from './upload.server'
import { createUpstreamClient, transportFor, type UpstreamClient } from './upstream.server'

/** The inventory service's keyword-metadata call (under /ads/ad-inventory). */
export const METADATA_CALL = '/v1/metadata/keyword'
const PAGE = ROUTES.adminBulkUpload.path

export function inventoryApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'inventory'), { token, requestId: context.requestId })
}

// ---------------------------------------------------------------------------------------------
// The zip
// ---------------------------------------------------------------------------------------------

/** The CSV's name inside the zip: the uploaded name, reduced to safe characters (never a path). */
export function zipEntryName(fileName: string) {
  const base = fileName.split(/[\\/]/).pop() ?? ''
  const named = base
    .replace(/\.csv$/i, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 96)
  return `${named || 'metadata'}.csv`
}

/**
 * Writes `source` (read as a stream, chunk by chunk) into a new zip file `target` holding one deflated
 * entry `entryName`. The zip is written as it is produced, waiting for the disk when it falls behind.
 */
export async function zipToFile(source: Blob, entryName: string, target: string): Promise<void> {
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 })
  let failure: Error | null = null
  out.on('error', (error) => {
    failure ??= error
  })
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure ??= error
      return
    }
    out.write(chunk)
    if (final) out.end()
  })
  const entry = new ZipDeflate(entryName, { level: 6 })
  zip.add(entry)
  const reader = source.stream().getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      entry.push(value)
      if (failure) throw failure
      if (out.writableNeedDrain) await once(out, 'drain')
    }
    entry.push(new Uint8Array(0), true)
    zip.end()
    if (failure) throw failure
    await finished(out)
  } catch (error) {
    // Stop reading the upload; a failure to cancel changes nothing: the first error is the one thrown.
    await reader.cancel().catch(() => undefined)
    zip.terminate()
    out.destroy()
    await rm(target, { force: true })
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// The upload
// ---------------------------------------------------------------------------------------------

export type MetadataUploadOptions = { dataDir?: string }

const dataDirOf = (options: MetadataUploadOptions) =>
  path.resolve(options.dataDir ?? process.env.DATA_DIR ?? 'data')

/** The kit's messages for this upload (spec §8 "Bulk upload"; wrong type: decision 048). */
const KIT_MESSAGES = {
  tooLarge: METADATA_MESSAGES.tooLarge,
  wrongType: METADATA_MESSAGES.invalidFile,
  serverError: METADATA_MESSAGES.serverError,
}

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}

/**
 * The platform's answer → the page's result (spec §8 "Bulk upload"): 200/201 success; 400/404 naming
 * 'Invalid header format' → the header message, no report; other 400/404 → 'Invalid file…' with the
 * Metadata_Error_Report.csv the platform built; 413 → the size message; anything else 'Server error.'.
 */
export function metadataAnswer(status: number, body: unknown, fileName: string): UploadResult {
  const data = (body as { data?: unknown } | null)?.data
  const outcome = metadataUploadResultSchema.safeParse(data)
  if (status === 200 || status === 201) {
    return {
      ...refusedUpload(200, METADATA_MESSAGES.success, fileName),
      ok: true,
      rows: outcome.success ? outcome.data.rows : 0,
      applied: outcome.success ? outcome.data.applied : 0,
    }
  }
  if (status === 413) return refusedUpload(413, METADATA_MESSAGES.tooLarge, fileName)
  if (status !== 400 && status !== 404) return refusedUpload(502, METADATA_MESSAGES.serverError, fileName)
  const message = typeof body === 'string' ? body : firstErrorText(body, '')
  const header =
    message.toLowerCase().includes(METADATA_MESSAGES.headerRefusalPrefix.toLowerCase()) ||
    (outcome.success && outcome.data.refusal === 'HEADER')
  if (header) return refusedUpload(400, METADATA_MESSAGES.invalidHeader, fileName)
  // The report even when the rest of the outcome does not parse: it is what the user downloads.
  const given = (data as { metadataErrorReport?: unknown } | null)?.metadataErrorReport
  const report = typeof given === 'string' && given ? given : null
  return {
    ...refusedUpload(400, METADATA_MESSAGES.invalidFile, fileName),
    rows: outcome.success ? outcome.data.rows : 0,
    errorCount: outcome.success ? outcome.data.errorCount : 0,
    errorReport: report,
    errorReportName: METADATA_ERROR_REPORT_NAME,
  }
}

/** Zips a received CSV and posts it to the platform; removes the zip whatever happens. */
export async function forwardMetadata(
  client: UpstreamClient,
  upload: ReceivedUpload,
  options: MetadataUploadOptions = {},
): Promise<UploadResult & { platformStatus: number }> {
  const zipPath = path.join(dataDirOf(options), 'uploads', 'incoming', `${randomUUID()}.zip`)
  try {
    await zipToFile(await upload.openFile(), zipEntryName(upload.fileName), zipPath)
    const form = new FormData()
    form.append(METADATA_FIELD, await openAsBlob(zipPath, { type: 'application/zip' }), METADATA_ZIP_NAME)
    const response = await client.raw('POST', METADATA_CALL, { body: form })
    const body = parseBody(await response.text())
    return { ...metadataAnswer(response.status, body, upload.fileName), platformStatus: response.status }
  } finally {
    await rm(zipPath, { force: true })
  }
}

/** The page's action: guard, receive, zip, post, answer (a redirect with the flash on success). */
export async function bulkUploadAction(
  { request, context }: Pick<ActionFunctionArgs, 'request' | 'context'>,
  route: typeof ROUTES.adminBulkUpload,
  options: MetadataUploadOptions = {},
) {
  const user = await requireUser(request, context, route)
  const received = await receiveUpload(request, {
    maxBytes: BILLING_MAX_BYTES,
    fieldName: METADATA_FIELD,
    messages: KIT_MESSAGES,
    dataDir: options.dataDir,
  })
  if (!received.ok) return uploadAnswer(received as UploadResult, { to: PAGE })
  const upload = received as ReceivedUpload
  let result: UploadResult
  try {
    const answer = await forwardMetadata(inventoryApi(context, user.session.token), upload, options)
    // A session the platform no longer accepts, or a role taken away: the guard's redirects.
    await redirectForStatus({ ok: answer.ok, status: answer.platformStatus }, user.role)
    const { platformStatus: _status, ...rest } = answer
    result = rest
  } catch (error) {
    if (error instanceof Response) throw error
    console.error(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        msg: `metadata upload failed: ${error instanceof Error ? error.message : String(error)}`,
        requestId: context.requestId,
      }),
    )
    result = refusedUpload(502, METADATA_MESSAGES.serverError, upload.fileName)
  } finally {
    await upload.cleanup()
  }
  // Back to the page, keeping a search on screen (only the product id: nothing else is ours to echo).
  const productId = new URL(request.url).searchParams.get('productId')
  const to = productId !== null ? `${PAGE}?${new URLSearchParams({ productId })}` : PAGE
  if (!result.ok) return uploadAnswer(result, { to })
  const setCookie = await flashCookie(request, { kind: 'success', message: result.message })
  return uploadAnswer(result, { to, headers: { 'Set-Cookie': setCookie } })
}

// ---------------------------------------------------------------------------------------------
// The keyword search
// ---------------------------------------------------------------------------------------------

export type KeywordSearch =
  /** No search asked (no productId in the address), or the field was refused (see lastResult). */
  | { kind: 'none' }
  | { kind: 'found'; productId: string; keywords: string[] }
  | { kind: 'empty'; productId: string; message: string }
  /** The platform refused the id (400 malformed, 404 unknown): 'Product is not valid'. */
  | { kind: 'notValid'; productId: string; message: string }
  /** Any other failure: the Error panel with the server's message. */
  | { kind: 'error'; message: string }

/** What the page's upload form needs to know (the contract module holds zod: kept off the browser). */
export type MetadataUploadSettings = {
  maxBytes: number
  sample: string
  messages: { tooLarge: string; wrongType: string; serverError: string }
}

export const METADATA_UPLOAD_SETTINGS: MetadataUploadSettings = {
  maxBytes: BILLING_MAX_BYTES,
  sample: METADATA_SAMPLE,
  messages: KIT_MESSAGES,
}

export type BulkUploadData = {
  settings: MetadataUploadSettings
  /** The search form's answer: what was typed and its field error. Null when nothing was searched. */
  lastResult: SubmissionResult<string[]> | null
  search: KeywordSearch
}

export async function bulkUploadLoader(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  route: typeof ROUTES.adminBulkUpload,
): Promise<BulkUploadData> {
  const user = await requireUser(request, context, route)
  const params = new URL(request.url).searchParams
  const typed = params.get('productId')
  const settings = METADATA_UPLOAD_SETTINGS
  if (typed === null) return { settings, lastResult: null, search: { kind: 'none' } }
  const form = new FormData()
  form.set('productId', typed)
  const submission = parseForm(form, keywordSearchForm)
  if (submission.status !== 'success') {
    return { settings, lastResult: submission.reply(), search: { kind: 'none' } }
  }
  const productId = submission.value.productId
  const lastResult = submission.reply()
  const answer = await inventoryApi(context, user.session.token).get(METADATA_CALL, {
    query: { productId },
    response: keywordMetadataResponseSchema,
  })
  if (answer.ok) {
    const keywords = answer.data.keywords
    return {
      settings,
      lastResult,
      search: keywords.length
        ? { kind: 'found', productId, keywords }
        : { kind: 'empty', productId, message: METADATA_MESSAGES.noKeywords(productId) },
    }
  }
  await redirectForStatus(answer, user.role)
  if (answer.status === 400 || answer.status === 404) {
    return {
      settings,
      lastResult,
      search: { kind: 'notValid', productId, message: METADATA_MESSAGES.productNotValid },
    }
  }
  return { settings, lastResult, search: { kind: 'error', message: answer.message || SOMETHING_WENT_WRONG } }
}
