// The console half of the upload kit (docs/decisions/018). An action hands its multipart request here:
// the file part is streamed to a temporary file under DATA_DIR with the byte limit enforced chunk by chunk
// (413 as soon as it is crossed, the partial file removed, nothing buffered), then sent on to the platform
// as a multipart form whose file is read back from disk as it is sent. The temporary file is always removed.
import { randomUUID } from 'node:crypto'
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { json, redirect, unstable_parseMultipartFormData } from '@remix-run/node'
import { csvImportOutcomeSchema } from '../../platform/contracts/csv-upload'
import { firstErrorText } from '../../platform/contracts/envelope'
import {
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_UPLOAD_MESSAGES,
  declaredTooLarge,
  isCsvFileName,
  MAX_UPLOAD_TEXT_FIELD_BYTES,
  STALE_UPLOAD_MS,
  type UploadMessages,
} from '../../platform/rules/uploads'
import { refusedUpload, type UploadResult } from '../components/upload/upload-result'
import { UNREADABLE_FORM_PAGE } from '../utils/read-form'
import type { UpstreamClient } from './upstream.server'

export type { UploadResult }

/** Every message the kit may show; a screen passes the spec's words for its upload. */
export type UploadKitMessages = UploadMessages & {
  /** The platform refused the header (default: the platform's message, which names the expected header). */
  invalidHeader?: string
  /** The platform refused rows (default: the platform's message). */
  invalidRows?: string
  /** Anything else went wrong upstream. */
  serverError: string
  /** Shown after a successful upload (the consumer usually flashes it after a redirect). */
  success?: string
  /**
   * A 400 from the platform that carries no import outcome (no file, not a CSV, a refused request).
   * Default: the platform's message. Billing says 'Invalid file ! Please upload a valid file.' for any 400.
   */
  badRequest?: string
}

export type UploadKitOptions = {
  maxBytes?: number
  /** The form's file field (default 'file'); the platform receives it under the same name. */
  fieldName?: string
  messages?: Partial<UploadKitMessages>
  /** Where the temporary copy goes: <dataDir>/uploads/incoming (default DATA_DIR or ./data). */
  dataDir?: string
  /** Name of the downloadable error report (default '<file>_Error_Report.csv'). */
  errorReportName?: string
  /**
   * Extra lines to show under the message, read from the answer's `data` (e.g. billing's invalid seller
   * ids and transactions). Called for every answer that carries an import outcome.
   */
  details?: (data: unknown) => string[]
}

export type ReceivedUpload = {
  ok: true
  fileName: string
  size: number
  /** Other (small) fields of the same form, e.g. an intent or a match type. */
  fields: Record<string, string>
  /** The file, read from disk as it is consumed. */
  openFile: () => Promise<Blob>
  cleanup: () => Promise<void>
}

const DEFAULT_KIT_MESSAGES: UploadKitMessages = { ...DEFAULT_UPLOAD_MESSAGES, serverError: 'Server error.' }

class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message)
  }
}

const dataDirOf = (options: UploadKitOptions) =>
  path.resolve(options.dataDir ?? process.env.DATA_DIR ?? 'data')

/** Copies the part to `target`, stopping (and removing the copy) the moment it passes `maxBytes`. */
async function spoolWithLimit(
  data: AsyncIterable<Uint8Array>,
  target: string,
  maxBytes: number,
  message: string,
) {
  let size = 0
  async function* limited() {
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size > maxBytes) throw new UploadRefused(413, message)
      yield chunk
    }
  }
  try {
    await pipeline(Readable.from(limited()), createWriteStream(target, { flags: 'wx', mode: 0o600 }))
    return size
  } catch (error) {
    await rm(target, { force: true })
    throw error
  }
}

/** An hour-old file in the incoming folder belongs to a process that died mid-upload: remove it. */
async function removeStale(dir: string, now = Date.now()) {
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name)
    const info = await stat(file).catch(() => null)
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true })
  }
}

/**
 * Reads a multipart upload: the file onto disk under the limit, the other fields as text.
 * Answers a refusal (400 wrong type, no file or a body it cannot read; 413 too large) instead of throwing.
 */
export async function receiveUpload(
  request: Request,
  options: UploadKitOptions = {},
): Promise<ReceivedUpload | UploadResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES
  const messages = { ...DEFAULT_KIT_MESSAGES, ...options.messages }
  const fieldName = options.fieldName ?? 'file'
  if (declaredTooLarge(request.headers.get('content-length'), maxBytes))
    return refusedUpload(413, messages.tooLarge)
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) {
    return refusedUpload(400, messages.noFile)
  }

  const dir = path.join(dataDirOf(options), 'uploads', 'incoming')
  await mkdir(dir, { recursive: true })
  await removeStale(dir)
  const target = path.join(dir, `${randomUUID()}.csv`)
  const cleanup = () => rm(target, { force: true })
  const fields: Record<string, string> = {}
  let file: { fileName: string; size: number } | null = null

  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      // A file input left empty posts a part with an empty file name: read below as an empty field.
      if (part.name === fieldName && part.filename) {
        if (file) throw new UploadRefused(400, messages.noFile)
        if (!isCsvFileName(part.filename)) throw new UploadRefused(400, messages.wrongType)
        const size = await spoolWithLimit(part.data, target, maxBytes, messages.tooLarge)
        file = { fileName: part.filename, size }
        return undefined
      }
      let size = 0
      const chunks: Uint8Array[] = []
      for await (const chunk of part.data) {
        size += chunk.byteLength
        if (size > MAX_UPLOAD_TEXT_FIELD_BYTES) throw new UploadRefused(413, messages.tooLarge)
        chunks.push(chunk)
      }
      // Files in other fields are not kept.
      if (part.filename === undefined) fields[part.name] = Buffer.concat(chunks).toString('utf8')
      return undefined
    })
  } catch (error) {
    await cleanup()
    if (error instanceof UploadRefused) return refusedUpload(error.status, error.message)
    // The parser could not read the body: a boundary that never closes, a body cut short (decision 052).
    return refusedUpload(400, UNREADABLE_FORM_PAGE)
  }
  const received = file as { fileName: string; size: number } | null
  if (!received) {
    await cleanup()
    return refusedUpload(400, messages.noFile)
  }
  return {
    ok: true,
    fileName: received.fileName,
    size: received.size,
    fields,
    openFile: () => openAsBlob(target, { type: 'text/csv' }),
    cleanup,
  }
}

/** Sends a received file to a platform upload call and turns its answer into the page's UploadResult. */
export async function forwardUpload(
  client: UpstreamClient,
  callPath: string,
  upload: ReceivedUpload,
  options: UploadKitOptions & { query?: Record<string, string | number | undefined> } = {},
): Promise<UploadResult> {
  const messages = { ...DEFAULT_KIT_MESSAGES, ...options.messages }
  const form = new FormData()
  form.append(options.fieldName ?? 'file', await upload.openFile(), upload.fileName)
  const response = await client.raw('POST', callPath, { body: form, query: options.query })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // A plain-text answer: its status decides below.
  }
  const outcome = csvImportOutcomeSchema.safeParse((body as { data?: unknown } | null)?.data)
  if (outcome.success) {
    const o = outcome.data
    const ok = response.ok && o.result === 'SUCCESS'
    const message = ok
      ? (messages.success ?? o.message)
      : o.refusal === 'HEADER'
        ? (messages.invalidHeader ?? o.message)
        : (messages.invalidRows ?? o.message)
    return {
      ok,
      status: ok ? 200 : 400,
      message,
      fileName: o.fileName,
      rows: o.rows,
      applied: o.applied,
      errors: o.errors,
      errorCount: o.errorCount,
      errorReport: o.errorReport,
      errorReportName:
        options.errorReportName ?? `${upload.fileName.replace(/\.csv$/i, '')}_Error_Report.csv`,
      ...(options.details ? { details: options.details((body as { data?: unknown }).data) } : {}),
    }
  }
  if (response.status === 413) return refusedUpload(413, messages.tooLarge, upload.fileName)
  if (response.status === 400)
    return refusedUpload(
      400,
      messages.badRequest ?? firstErrorText(body, messages.serverError),
      upload.fileName,
    )
  return refusedUpload(502, messages.serverError, upload.fileName)
}

/** The whole console half in one call: receive, forward, always clean up. */
export async function handleCsvUpload(
  request: Request,
  target: { client: UpstreamClient; path: string; query?: Record<string, string | number | undefined> },
  options: UploadKitOptions = {},
): Promise<UploadResult & { fields?: Record<string, string> }> {
  const received = await receiveUpload(request, options)
  if (!received.ok) return received as UploadResult
  try {
    const result = await forwardUpload(target.client, target.path, received as ReceivedUpload, {
      ...options,
      query: target.query,
    })
    return { ...result, fields: (received as ReceivedUpload).fields }
  } finally {
    await (received as ReceivedUpload).cleanup()
  }
}

/**
 * The action's answer: a redirect (with the consumer's headers, e.g. a flash cookie) on success, the
 * result as `{ upload }` with its status otherwise. Works the same for a document post (no JS) and for the
 * kit's progress request (with JS), which follows the redirect as Remix would.
 */
export function uploadAnswer(result: UploadResult, success: { to: string; headers?: HeadersInit }) {
  if (result.ok) return redirect(success.to, { headers: success.headers })
  const { fields: _fields, ...upload } = result as UploadResult & { fields?: unknown }
  return json({ upload }, { status: result.status })
}
