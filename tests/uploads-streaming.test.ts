// Every upload enforces its size and its type WHILE STREAMING (issue 14, Security; decision 051): for each
// upload endpoint of the platform and each upload form of the console, an over-limit body sent without a
// Content-Length (a stream, as a chunked request arrives) is refused with a 4xx and a message before the
// server has pulled the whole body, and a file of the wrong type is refused with a 4xx and a message.
// The list of endpoints is complete by construction: every source file that reads an uploaded file (the
// markers below) must be the source of a case here, so a new upload without a case fails.
// It lives in tests/ because it drives both halves (tests/architecture.test.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as billingAction } from '../app/routes/admin.billing'
import { action as bulkUploadAction } from '../app/routes/admin.bulkUpload'
import { action as documentAction } from '../app/routes/admin.approval_.$userType.$userId.documents.$docType'
import { action as adminScheduleAction } from '../app/routes/admin.save-schedule-report'
import { action as scheduleAction } from '../app/routes/_advertiser.save-schedule-report'
import { action as editorAction } from '../app/routes/_any.create-campaign'
import { createRouteHarness, type RouteHarness } from '../app/testing/route-harness'
import { AUTH_BASE } from '../platform/auth'
import { FACT_BODY_MAX_BYTES, FACTS_PATH } from '../platform/contracts/analytics'
import { BILLING_MAX_BYTES, BILLING_UPLOAD_KINDS, BILLING_UPLOADS } from '../platform/contracts/billing'
import { INVENTORY_BASE } from '../platform/inventory'
import { PAYMENTS_BASE } from '../platform/payments'
import { AGENCY_DOCUMENT_MAX_BYTES } from '../platform/rules/approvals'
import { TEST_INGEST_TOKEN } from '../platform/testing/platform'

const MB = 1024 * 1024
const BOUNDARY = '----uploads-streaming-boundary'
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`
const encoder = new TextEncoder()

/**
 * A request body of `total` bytes made on demand, 64 KiB at a time: `head`, the first bytes of the file
 * (its signature), filler, `tail`. `pulled()` says how much of it the reader has asked for so far.
 */
function streamedBody(parts: { head: string; first: Uint8Array; tail: string; total: number }) {
  const filler = encoder.encode('123456,some keyword,1.00\r\n'.repeat(2520)) // ≈ 64 KiB
  const chunks = [encoder.encode(parts.head), parts.first]
  let produced = 0
  let fillerSent = 0
  const fillerBytes = parts.total - encoder.encode(parts.head).length - parts.first.length
  let tailSent = false
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift()
      if (next) {
        produced += next.byteLength
        controller.enqueue(next)
      } else if (fillerSent < fillerBytes) {
        fillerSent += filler.byteLength
        produced += filler.byteLength
        controller.enqueue(filler)
      } else if (!tailSent) {
        tailSent = true
        const tail = encoder.encode(parts.tail)
        produced += tail.byteLength
        controller.enqueue(tail)
      } else controller.close()
    },
  })
  return { stream, pulled: () => produced, total: parts.total }
}

/** A multipart body: text fields, then one file part of about `total` bytes. */
function multipartStream(file: {
  field: string
  name: string
  type?: string
  first?: string | Uint8Array
  total: number
  fields?: Record<string, string>
}) {
  let head = ''
  for (const [name, value] of Object.entries(file.fields ?? {}))
    head += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  head +=
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`
  const first = typeof file.first === 'string' ? encoder.encode(file.first) : (file.first ?? new Uint8Array())
  return streamedBody({ head, first, tail: `\r\n--${BOUNDARY}--\r\n`, total: file.total })
}

const streamInit = (body: ReadableStream<Uint8Array>, contentType: string) =>
  ({ method: 'POST', body, headers: { 'content-type': contentType }, duplex: 'half' }) as RequestInit

type Answer = { status: number; message: string }
type Body = ReturnType<typeof streamedBody>

type UploadCase = {
  name: string
  /** The source file that reads the upload (for the enumeration below). */
  source: string
  /** The byte limit the endpoint enforces. */
  limit: number
  /** An over-limit body, no Content-Length. */
  oversize: () => Body
  /** A body of the wrong type (a few MB, under the limit, unless the type is refused before any byte). */
  wrongType: () => Body
  /** Content type of the request. */
  contentType?: string
  wrongTypeContentType?: string
  send: (body: ReadableStream<Uint8Array>, contentType: string) => Promise<Answer>
  /** How much of a wrong-type body may be read before the refusal (the type known from the part's head
   * or the first bytes: well under the body; the 1 MB in-memory forms read their ≤ 1 MB part first). */
  wrongTypeReadAtMost: number
}

let h: RouteHarness
let dataDir: string
let superadmin: string
/** The super admin acting for an advertiser (the report pages need one). */
let superadminForSeller: string
let seller: string
let superToken: string
let agencyId: number
/** Statuses the console's upstream calls answered (the document pass-through reports its refusal as a flash). */
const upstream: number[] = []

beforeAll(async () => {
  h = await createRouteHarness()
  dataDir = await mkdtemp(join(tmpdir(), 'uploads-streaming-'))
  process.env.DATA_DIR = dataDir
  superadmin = await h.cookieFor('superadmin@example.com')
  superadminForSeller = await h.cookieFor('superadmin@example.com', { sellerId: 100001 })
  seller = await h.cookieFor('seller@example.com')
  superToken = await h.t.tokenFor('superadmin@example.com')
  agencyId = (await h.t.userByEmail('agency@example.com')).id
})
afterAll(async () => {
  await h?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The platform's answer: its status and the envelope's message. */
async function platformAnswer(response: Response): Promise<Answer> {
  const text = await response.text()
  let message = ''
  try {
    message = String(JSON.parse(text).message ?? '')
  } catch {
    message = text
  }
  return { status: response.status, message }
}

const platformCall =
  (path: string | (() => string), token: () => string) =>
  async (body: ReadableStream<Uint8Array>, contentType: string) =>
    platformAnswer(
      await h.t.request(typeof path === 'string' ? path : path(), {
        ...streamInit(body, contentType),
        token: token(),
      }),
    )

/** Runs a console action on a streamed multipart post; the message is the one the page would show. */
function consoleCall(
  action: (args: ActionFunctionArgs) => unknown,
  path: string,
  cookie: () => string,
  params: Record<string, string> = {},
) {
  return async (body: ReadableStream<Uint8Array>, contentType: string): Promise<Answer> => {
    const base = h.context()
    const context: AppLoadContext = {
      ...base,
      platformFetch: async (request: Request) => {
        const response = await base.platformFetch(request)
        upstream.push(response.status)
        return response
      },
    }
    const request = new Request(`http://console.test${path}`, {
      ...streamInit(body, contentType),
      headers: { 'content-type': contentType, cookie: cookie() },
    } as RequestInit)
    let result: unknown
    try {
      result = await action({ request, context, params })
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown
      result = thrown
    }
    return consoleAnswer(result)
  }
}

/** Status and the first message found in a console action's answer (a Response or Remix's data()). */
async function consoleAnswer(result: unknown): Promise<Answer> {
  let status = 200
  let payload: unknown = result
  if (result instanceof Response) {
    status = result.status
    const text = await result.text()
    try {
      payload = text ? JSON.parse(text) : null
    } catch {
      payload = text
    }
    // A redirect carries its message in the flash cookie (the document pass-through).
    if (status >= 300 && status < 400) payload = result.headers.get('set-cookie') ?? ''
  } else if (
    result &&
    typeof result === 'object' &&
    (result as { type?: string }).type === 'DataWithResponseInit'
  ) {
    const withInit = result as { data: unknown; init: ResponseInit | null }
    status = withInit.init?.status ?? 200
    payload = withInit.data
  }
  return { status, message: firstMessage(payload) }
}

/** The first non-empty text under a message/error key (or a flash cookie), depth first. */
function firstMessage(value: unknown): string {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return ''
  for (const [key, inner] of Object.entries(value)) {
    if (/message|error|errors|banner|emailIds|pincodeCsv/i.test(key)) {
      const text = typeof inner === 'string' ? inner : firstMessage(inner)
      if (text) return text
    }
    if (inner && typeof inner === 'object') {
      const text = firstMessage(inner)
      if (text) return text
    }
  }
  return ''
}

const PDF = '%PDF-1.7\n'
const ZIP = Uint8Array.from([0x50, 0x4b, 0x03, 0x04])
const csvHeader = (kind: (typeof BILLING_UPLOAD_KINDS)[number]) =>
  `${BILLING_UPLOADS[kind].columns.map((c) => c.header).join(',')}\r\n`

const cases: UploadCase[] = [
  // --- platform ---
  ...BILLING_UPLOAD_KINDS.flatMap((kind): UploadCase[] => {
    const path = `${PAYMENTS_BASE}/payment/post-paid/${BILLING_UPLOADS[kind].call}`
    return [
      {
        name: `platform POST ${path} (multipart)`,
        source: 'platform/payments/billing-uploads.ts',
        limit: BILLING_MAX_BYTES,
        oversize: () =>
          multipartStream({
            field: 'file',
            name: 'big.csv',
            first: csvHeader(kind),
            total: BILLING_MAX_BYTES + 4 * MB,
          }),
        // A file that is not named .csv: refused at its part header.
        wrongType: () => multipartStream({ field: 'file', name: 'payments.exe', first: 'MZ', total: 8 * MB }),
        send: platformCall(path, () => superToken),
        wrongTypeReadAtMost: 256 * 1024,
      },
      {
        name: `platform POST ${path} (text/csv body)`,
        source: 'platform/payments/billing-uploads.ts',
        limit: BILLING_MAX_BYTES,
        contentType: 'text/csv',
        oversize: () =>
          streamedBody({
            head: csvHeader(kind),
            first: new Uint8Array(),
            tail: '',
            total: BILLING_MAX_BYTES + 4 * MB,
          }),
        wrongType: () => streamedBody({ head: 'MZ', first: new Uint8Array(), tail: '', total: 8 * MB }),
        wrongTypeContentType: 'application/octet-stream',
        send: platformCall(path, () => superToken),
        wrongTypeReadAtMost: 256 * 1024,
      },
    ]
  }),
  {
    name: `platform POST ${INVENTORY_BASE}/v1/metadata/keyword`,
    source: 'platform/inventory/metadata.ts',
    limit: BILLING_MAX_BYTES,
    oversize: () =>
      multipartStream({ field: 'file', name: 'metadata.zip', first: ZIP, total: BILLING_MAX_BYTES + 4 * MB }),
    // Named .zip but not a zip: refused at its first bytes.
    wrongType: () =>
      multipartStream({
        field: 'file',
        name: 'metadata.zip',
        first: 'keywords,product_ids\r\n',
        total: 20 * MB,
      }),
    send: platformCall(`${INVENTORY_BASE}/v1/metadata/keyword`, () => superToken),
    wrongTypeReadAtMost: 1 * MB,
  },
  {
    name: `platform POST ${AUTH_BASE}/v1/AGENCY/:userId/documents/:docType`,
    source: 'platform/auth/approvals.ts',
    limit: AGENCY_DOCUMENT_MAX_BYTES,
    oversize: () =>
      multipartStream({
        field: 'file',
        name: 'io.pdf',
        first: PDF,
        total: AGENCY_DOCUMENT_MAX_BYTES + 4 * MB,
      }),
    // Named .pdf, declared application/pdf, but not a PDF, PNG or JPEG: refused at its first bytes.
    wrongType: () =>
      multipartStream({
        field: 'file',
        name: 'io.pdf',
        type: 'application/pdf',
        first: 'MZ\x90\x00\x03\x00\x00\x00',
        total: 9 * MB,
      }),
    send: platformCall(
      () => `${AUTH_BASE}/v1/AGENCY/${agencyId}/documents/io-doc`,
      () => superToken,
    ),
    wrongTypeReadAtMost: 1 * MB,
  },
  {
    name: `platform POST ${FACTS_PATH} (the performance ingest)`,
    source: 'platform/analytics/facts.ts',
    limit: FACT_BODY_MAX_BYTES,
    contentType: 'text/csv',
    oversize: () =>
      streamedBody({
        head: 'date,hour\r\n',
        first: new Uint8Array(),
        tail: '',
        total: FACT_BODY_MAX_BYTES + 4 * MB,
      }),
    wrongType: () => streamedBody({ head: 'MZ', first: new Uint8Array(), tail: '', total: 8 * MB }),
    wrongTypeContentType: 'application/octet-stream',
    send: async (body, contentType) =>
      platformAnswer(
        await h.t.request(FACTS_PATH, { ...streamInit(body, contentType), token: TEST_INGEST_TOKEN }),
      ),
    wrongTypeReadAtMost: 256 * 1024,
  },
  // --- console ---
  ...BILLING_UPLOAD_KINDS.map(
    (kind): UploadCase => ({
      name: `console POST /admin/billing?kind=${kind}`,
      source: 'app/models/billing.server.ts',
      limit: BILLING_MAX_BYTES,
      oversize: () =>
        multipartStream({
          field: 'file',
          name: 'big.csv',
          first: csvHeader(kind),
          total: BILLING_MAX_BYTES + 4 * MB,
        }),
      wrongType: () => multipartStream({ field: 'file', name: 'payments.exe', first: 'MZ', total: 8 * MB }),
      send: consoleCall(billingAction, `/admin/billing?kind=${kind}`, () => superadmin),
      wrongTypeReadAtMost: 256 * 1024,
    }),
  ),
  {
    name: 'console POST /admin/bulkUpload',
    source: 'app/models/metadata.server.ts',
    limit: BILLING_MAX_BYTES,
    oversize: () =>
      multipartStream({
        field: 'file',
        name: 'keywords.csv',
        first: 'keywords,product_ids\r\n',
        total: BILLING_MAX_BYTES + 4 * MB,
      }),
    wrongType: () => multipartStream({ field: 'file', name: 'keywords.exe', first: 'MZ', total: 8 * MB }),
    send: consoleCall(bulkUploadAction, '/admin/bulkUpload', () => superadmin),
    wrongTypeReadAtMost: 256 * 1024,
  },
  {
    // The console passes the document through as it streams in; the platform counts and sniffs.
    name: 'console POST /admin/approval/AGENCY/:userId/documents/:docType',
    source: 'app/models/approvals.server.ts',
    limit: AGENCY_DOCUMENT_MAX_BYTES,
    oversize: () =>
      multipartStream({
        field: 'file',
        name: 'io.pdf',
        first: PDF,
        total: AGENCY_DOCUMENT_MAX_BYTES + 4 * MB,
      }),
    wrongType: () =>
      multipartStream({ field: 'file', name: 'io.pdf', first: 'MZ\x90\x00\x03\x00\x00\x00', total: 9 * MB }),
    send: (body, contentType) =>
      consoleCall(documentAction, `/admin/approval/AGENCY/${agencyId}/documents/io-doc`, () => superadmin, {
        userType: 'AGENCY',
        userId: String(agencyId),
        docType: 'io-doc',
      })(body, contentType),
    wrongTypeReadAtMost: 1 * MB,
  },
  {
    // The editor's forms read each multipart part into memory with a 1 MB cap (the pincode CSV, the
    // ad group's product and keyword files); the type is the file name, checked once the part is read.
    name: 'console POST /create-campaign (pincode CSV)',
    source: 'app/models/campaign-editor.server.ts',
    limit: MB,
    oversize: () =>
      multipartStream({
        field: 'pincodeCsv',
        name: 'pincodes.csv',
        first: 'Pincode,District,State\r\n',
        total: 3 * MB,
        fields: { intent: 'pincode-upload' },
      }),
    wrongType: () =>
      multipartStream({
        field: 'pincodeCsv',
        name: 'pincodes.txt',
        first: 'Pincode,District,State\r\n',
        total: 512 * 1024,
        fields: { intent: 'pincode-upload' },
      }),
    send: consoleCall(editorAction, '/create-campaign', () => seller),
    wrongTypeReadAtMost: MB + 64 * 1024,
  },
  ...(
    [
      ['/save-schedule-report', scheduleAction, () => seller],
      ['/admin/save-schedule-report', adminScheduleAction, () => superadminForSeller],
    ] as const
  ).map(
    ([path, action, cookie]): UploadCase => ({
      name: `console POST ${path} (recipients CSV)`,
      source: 'app/models/report-schedule.server.ts',
      limit: MB,
      oversize: () =>
        multipartStream({
          field: 'emailFile',
          name: 'emails.csv',
          first: 'email\r\n',
          total: 3 * MB,
          fields: { intent: 'upload' },
        }),
      wrongType: () =>
        multipartStream({
          field: 'emailFile',
          name: 'emails.exe',
          first: 'MZ',
          total: 512 * 1024,
          fields: { intent: 'upload' },
        }),
      send: consoleCall(action, path, cookie),
      wrongTypeReadAtMost: MB + 64 * 1024,
    }),
  ),
]

describe('every upload refuses an over-limit body while it streams (no Content-Length)', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const body = c.oversize()
      const started = upstream.length
      const answer = await c.send(body.stream, c.contentType ?? MULTIPART)
      if (answer.status >= 300 && answer.status < 400) {
        // The document pass-through: the platform's 413 lands in the flash of the redirect back.
        expect(upstream.slice(started)).toContain(413)
      } else expect(answer.status).toBe(413)
      expect(answer.message).not.toBe('')
      // Stopped at the limit: what was pulled is the limit plus at most a few buffered chunks, well short of
      // the body (4 MB past the limit).
      expect(body.pulled()).toBeLessThan(c.limit + 2 * MB)
      expect(body.pulled()).toBeLessThan(body.total)
    },
    60_000,
  )
})

describe('every upload refuses a file of the wrong type', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const body = c.wrongType()
      const started = upstream.length
      const answer = await c.send(body.stream, c.wrongTypeContentType ?? c.contentType ?? MULTIPART)
      if (answer.status >= 300 && answer.status < 400) {
        expect(upstream.slice(started)).toContain(400)
      } else expect(answer.status).toBe(400)
      expect(answer.message).not.toBe('')
      // Refused before the body was read past the point where its type is known.
      expect(body.pulled()).toBeLessThanOrEqual(c.wrongTypeReadAtMost)
    },
    60_000,
  )
})

// ---------------------------------------------------------------------------------------------
// Complete by construction
// ---------------------------------------------------------------------------------------------
const root = resolve(__dirname, '..')
/** What reading an uploaded file looks like in this code base (multipart parsing, the kits, a request's raw
 * body read or passed on); a Blob of the code's own (a database dump) is not an upload. */
const UPLOAD_MARKERS =
  /unstable_parseMultipartFormData|readFormWithFile\(|receiveCsvUpload\(|receiveUpload\(|handleCsvUpload\(|spoolWithLimit\(|readBodyWithLimit\(|duplex:|\b(request|req|raw)\.(arrayBuffer|blob)\(\)|req\.raw\.body|request\.body\b/
/** The upload kits themselves: proven by their own tests (platform/uploads/*.test.ts, tests/upload-kit.test.ts),
 * and the console's form reader, which the editor and schedule cases above read their files through. */
const KITS = [
  'platform/uploads/receive.ts',
  'platform/uploads/endpoint.ts',
  'app/models/upload.server.ts',
  'app/utils/read-form.server.ts',
]

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((f) => !f.includes('/testing/') && !/\/test-[^/]*$/.test(f) && !f.includes('node_modules'))
}

describe('the list of uploads', () => {
  it('names every source file that reads an uploaded body (a new upload without a case fails)', () => {
    const readers = ['app', 'platform', 'server']
      .flatMap(sources)
      .filter((file) => !KITS.includes(file) && UPLOAD_MARKERS.test(readFileSync(join(root, file), 'utf8')))
    expect(readers.length).toBeGreaterThan(5)
    expect([...new Set(cases.map((c) => c.source))].sort()).toEqual(readers.sort())
  })
})
