// Receiving an uploaded CSV over HTTP: a multipart form (the file field of spec §7) or a plain text/csv
// body. The byte limit is enforced while the body streams in: an oversize file is refused with 413 as soon
// as it crosses the limit, its partial copy is removed, and nothing of it is held in memory.
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { unstable_parseMultipartFormData } from '@remix-run/node'
import { DomainError } from '../errors'
import {
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_UPLOAD_MESSAGES,
  declaredTooLarge,
  isCsvFileName,
  MAX_UPLOAD_TEXT_FIELD_BYTES,
  STALE_UPLOAD_MS,
  type UploadMessages,
} from '../rules/uploads'

export { DEFAULT_MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_MESSAGES, isCsvFileName, MEGABYTE } from '../rules/uploads'

export type ReceivedFile = {
  fileName: string
  /** The spooled copy, under <dataDir>/uploads/incoming; removed by cleanup(). */
  path: string
  size: number
  cleanup: () => Promise<void>
}

export type ReceiveOptions = {
  dataDir: string
  maxBytes?: number
  /** The multipart field that carries the file (default 'file'). */
  fieldName?: string
  messages?: Partial<UploadMessages>
}

export class UploadTooLarge extends DomainError {
  constructor(message: string) {
    super(413, 'FILE_TOO_LARGE', message)
  }
}

/**
 * Copies `data` to `target`, counting bytes; past `maxBytes` it stops reading, removes the partial file
 * and throws UploadTooLarge. Returns the number of bytes written.
 */
export async function spoolWithLimit(
  data: AsyncIterable<Uint8Array>,
  target: string,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<number> {
  let size = 0
  async function* limited() {
    for await (const chunk of data) {
      size += chunk.byteLength
      if (size > maxBytes) throw new UploadTooLarge(tooLargeMessage)
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

/**
 * Passes `data` through, and refuses it (throws `refusal()`) as soon as its first `bytes` bytes fail
 * `accept`: a type sniffed from the content while the file streams in, so a file of the wrong kind is
 * not read to its end first. A file shorter than `bytes` is left to the caller's own check.
 */
export async function* sniffedWhileStreaming(
  data: AsyncIterable<Uint8Array>,
  bytes: number,
  accept: (head: Uint8Array) => boolean,
  refusal: () => Error,
): AsyncGenerator<Uint8Array> {
  let head = new Uint8Array(0)
  for await (const chunk of data) {
    if (head.length < bytes) {
      const next = new Uint8Array(Math.min(bytes, head.length + chunk.byteLength))
      next.set(head, 0)
      next.set(chunk.subarray(0, next.length - head.length), head.length)
      head = next
      if (head.length === bytes && !accept(head)) throw refusal()
    }
    yield chunk
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

/** Reads the CSV file of an upload request onto disk (never into memory), or refuses it. */
export async function receiveCsvUpload(request: Request, options: ReceiveOptions): Promise<ReceivedFile> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES
  const messages = { ...DEFAULT_UPLOAD_MESSAGES, ...options.messages }
  const fieldName = options.fieldName ?? 'file'
  const dir = path.join(options.dataDir, 'uploads', 'incoming')
  await mkdir(dir, { recursive: true })
  await removeStale(dir)

  // A declared length far past the limit is refused before a byte is read (multipart adds a little).
  if (declaredTooLarge(request.headers.get('content-length'), maxBytes))
    throw new UploadTooLarge(messages.tooLarge)

  const target = path.join(dir, `${randomUUID()}.csv`)
  const cleanup = () => rm(target, { force: true })
  const contentType = request.headers.get('content-type') ?? ''

  if (/^text\/csv\b/i.test(contentType)) {
    const url = new URL(request.url)
    const fileName = url.searchParams.get('fileName') ?? 'upload.csv'
    if (!isCsvFileName(fileName)) throw new DomainError(400, 'WRONG_FILE_TYPE', messages.wrongType)
    if (!request.body) throw new DomainError(400, 'NO_FILE', messages.noFile)
    const size = await spoolWithLimit(
      request.body as unknown as AsyncIterable<Uint8Array>,
      target,
      maxBytes,
      messages.tooLarge,
    )
    return { fileName, path: target, size, cleanup }
  }

  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new DomainError(400, 'WRONG_FILE_TYPE', messages.wrongType)
  }
  let received: ReceivedFile | null = null
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      if (part.name !== fieldName || part.filename === undefined) {
        // Small form fields only; a file in another field is not read.
        let text = ''
        let size = 0
        for await (const chunk of part.data) {
          size += chunk.byteLength
          if (size > MAX_UPLOAD_TEXT_FIELD_BYTES) throw new UploadTooLarge(messages.tooLarge)
          if (part.filename === undefined) text += Buffer.from(chunk).toString('utf8')
        }
        return part.filename === undefined ? text : undefined
      }
      if (received) throw new DomainError(400, 'ONE_FILE_ONLY', 'Upload one file at a time')
      if (!part.filename) throw new DomainError(400, 'NO_FILE', messages.noFile)
      if (!isCsvFileName(part.filename)) throw new DomainError(400, 'WRONG_FILE_TYPE', messages.wrongType)
      const size = await spoolWithLimit(part.data, target, maxBytes, messages.tooLarge)
      received = { fileName: part.filename, path: target, size, cleanup }
      return part.filename
    })
  } catch (error) {
    await cleanup()
    if (error instanceof DomainError) throw error
    throw new DomainError(400, 'MALFORMED_UPLOAD', messages.noFile)
  }
  if (!received) throw new DomainError(400, 'NO_FILE', messages.noFile)
  return received
}
