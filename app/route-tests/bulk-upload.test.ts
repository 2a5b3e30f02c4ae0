// Bulk Upload (/admin/bulkUpload) through the real route module against the in-process test platform
// (decision 048): SUPERADMIN only (the console's guard and the platform's own 403/401), the upload zipped
// as metadata.zip and every spec §8 message it can end in, nothing left on disk, all or nothing, the
// keyword search's messages and field errors.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AppLoadContext } from '@remix-run/node'
import { sql } from 'drizzle-orm'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  METADATA_ERROR_REPORT_HEADER,
  METADATA_ERROR_REPORT_NAME,
  METADATA_MESSAGES,
  METADATA_SAMPLE,
} from '../../platform/contracts/billing'
import { CONTROL_CHARACTERS_MESSAGE, TEXT_MAX, tooLongMessage } from '../../platform/rules/text'
import { PRODUCT_ID_REQUIRED } from '../components/bulk/keyword-search-form'
import type { UploadResult } from '../components/upload/upload-result'
import { takeFlash } from '../flash.server'
import { type BulkUploadData, metadataAnswer, zipEntryName, zipToFile } from '../models/metadata.server'
import { action, loader } from '../routes/admin.bulkUpload'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const PAGE = '/admin/bulkUpload'
const CALL = '/ads/ad-inventory/v1/metadata/keyword'
/** Seeded products: 10234532 has catalog keywords, 10234672 has none (platform/db/seed/catalog.ts). */
const PHONE = 10234532
const COVER = 10234574
const BARE = 10234672
const UNKNOWN = 99999999

let h: RouteHarness
let superadmin: string
let seller: string
let ops: string
let dataDir: string
const run = Date.now().toString(36)

beforeAll(async () => {
  h = await createRouteHarness()
  superadmin = await h.cookieFor('superadmin@example.com')
  seller = await h.cookieFor('seller@example.com')
  ops = await h.cookieFor('ops@example.com', { sellerId: 100001 })
  dataDir = await mkdtemp(path.join(tmpdir(), 'bulk-upload-test-'))
  process.env.DATA_DIR = dataDir
})
afterAll(async () => {
  await h?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** The action's answer for a multipart post of `file` (what a browser sends without JavaScript). */
async function upload(
  file: { name: string; text: string } | Blob,
  init: {
    cookie?: string
    context?: AppLoadContext
    search?: string
    body?: BodyInit
    headers?: HeadersInit
  } = {},
) {
  const form = new FormData()
  if (file instanceof Blob) form.append('file', file, 'big.csv')
  else form.append('file', new Blob([file.text], { type: 'text/csv' }), file.name)
  const headers = new Headers(init.headers)
  headers.set('Cookie', init.cookie ?? superadmin)
  const request = new Request(`http://console.test${PAGE}${init.search ?? ''}`, {
    method: 'POST',
    headers,
    body: init.body ?? form,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  let answer: unknown
  try {
    answer = await action({ request, context: init.context ?? h.context(), params: {} })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    answer = thrown
  }
  const response = answer as Response
  const text = await response.text()
  return {
    status: response.status,
    location: response.headers.get('Location'),
    setCookie: response.headers.get('Set-Cookie'),
    upload: (text ? (JSON.parse(text) as { upload?: UploadResult }) : {}).upload ?? null,
  }
}

const search = (productId: string | null, cookie = superadmin) =>
  h.load<BulkUploadData>(
    loader,
    productId === null ? PAGE : `${PAGE}?${new URLSearchParams({ productId })}`,
    { cookie },
  )

/** Rows as PGlite and node-postgres give them (raw SQL: console tests may not import the schema). */
async function rowsOf<T>(query: ReturnType<typeof sql>) {
  const result = await h.t.db.execute(query)
  return ((result as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[]
}

const keywordsOf = async (productId: number) =>
  (
    await rowsOf<{ keyword: string }>(
      sql`select keyword from product_keywords where product_id = ${productId}`,
    )
  ).map((row) => row.keyword)

const leftOnDisk = async () => {
  try {
    return await readdir(path.join(dataDir, 'uploads', 'incoming'))
  } catch {
    return []
  }
}

/** A context whose platform answers the metadata call with `status` (other calls pass through). */
function contextAnswering(status: number, body: unknown): AppLoadContext {
  const context = h.context()
  return {
    ...context,
    platformFetch: async (request: Request) =>
      new URL(request.url).pathname === CALL
        ? new Response(typeof body === 'string' ? body : JSON.stringify(body), {
            status,
            headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
          })
        : h.t.platform.fetch(request),
  }
}

describe('who may use the page', () => {
  it('sends a seller and OPS away from the page, the search and the upload (console guard)', async () => {
    for (const cookie of [seller, ops]) {
      expect((await search(null, cookie)).location).toBe('/')
      expect((await search(String(PHONE), cookie)).location).toBe('/')
      const posted = await upload(
        { name: 'm.csv', text: `keywords,product_ids\nnope ${run},${PHONE}\n` },
        { cookie },
      )
      expect(posted.location).toBe('/')
    }
    expect(await keywordsOf(PHONE)).not.toContain(`nope ${run}`)
  })

  it('is refused by the platform itself: 403 for other roles, 401 for a revoked user or no token', async () => {
    const zip = zipSync({ 'm.csv': strToU8(`keywords,product_ids\nsneaky ${run},${PHONE}\n`) })
    const post = (token?: string) => {
      const form = new FormData()
      form.append('file', new Blob([zip], { type: 'application/zip' }), 'metadata.zip')
      return h.t.request(CALL, { method: 'POST', body: form, token })
    }
    const get = (token?: string) => h.t.request(`${CALL}?productId=${PHONE}`, { token })
    for (const email of [
      'seller@example.com',
      'brand@example.com',
      'agency@example.com',
      'ops@example.com',
    ]) {
      const token = await h.t.tokenFor(email)
      expect((await post(token)).status, email).toBe(403)
      expect((await get(token)).status, email).toBe(403)
    }
    const revoked = await h.t.tokenFor('superadmin2@example.com')
    expect((await post(revoked)).status).toBe(401)
    expect((await get(revoked)).status).toBe(401)
    expect((await post()).status).toBe(401)
    expect((await get()).status).toBe(401)
    expect(await keywordsOf(PHONE)).not.toContain(`sneaky ${run}`)
  })
})

describe('Metadata Enrichment upload', () => {
  it("applies a valid file, flashes 'Metadata successfully uploaded !', audits it and leaves nothing on disk", async () => {
    const keyword = `route test phone ${run}`
    const both = `route test cover ${run}`
    const answer = await upload(
      {
        name: 'metadata-ok.csv',
        text: `keywords,product_ids\n${keyword},${PHONE}\n${both},${PHONE}|${COVER}\n`,
      },
      { search: `?productId=${PHONE}` },
    )
    expect(answer.status).toBe(302)
    // Back to the page, keeping the search on screen.
    expect(answer.location).toBe(`${PAGE}?productId=${PHONE}`)
    const flash = await takeFlash(
      new Request('http://console.test/', { headers: { Cookie: answer.setCookie!.split(';')[0]! } }),
    )
    expect(flash.flash).toEqual({ kind: 'success', message: METADATA_MESSAGES.success })
    expect(await keywordsOf(PHONE)).toEqual(expect.arrayContaining([keyword, both]))
    expect(await keywordsOf(COVER)).toContain(both)
    const [audit] = await rowsOf<{ after: unknown; actor_role: string }>(
      sql`select after, actor_role from audit_log
           where action = 'csv.import' and entity_type = 'keyword-metadata' order by id desc limit 1`,
    )
    expect(audit?.actor_role).toBe('SUPERADMIN')
    expect(audit?.after).toMatchObject({ result: 'SUCCESS', rows: 2, applied: 2 })
    expect(await leftOnDisk()).toEqual([])

    const found = await search(String(PHONE))
    expect(found.data.search).toMatchObject({ kind: 'found', productId: String(PHONE) })
    expect(found.data.search.kind === 'found' && found.data.search.keywords).toContain(keyword)
  })

  it('imports the sample file offered on the page (real products, valid keywords)', async () => {
    const text = await readFile(path.join(process.cwd(), 'public', METADATA_SAMPLE), 'utf8')
    const answer = await upload({ name: 'sample-keyword-metadata.csv', text })
    expect(answer.status).toBe(302)
    expect(await keywordsOf(COVER)).toEqual(
      expect.arrayContaining(['shockproof phone cover', 'phone accessories']),
    )
    expect(await keywordsOf(10234592)).toContain('phone accessories')
  })

  it("answers 'Invalid Header Format. Please upload a valid file.' without a report for a wrong header", async () => {
    const answer = await upload({
      name: 'bad-header.csv',
      text: `keyword,products\nheader ${run},${PHONE}\n`,
    })
    expect(answer.status).toBe(400)
    expect(answer.upload).toMatchObject({
      ok: false,
      message: METADATA_MESSAGES.invalidHeader,
      errorReport: null,
    })
    expect(await keywordsOf(PHONE)).not.toContain(`header ${run}`)
    expect(await leftOnDisk()).toEqual([])
  })

  it("answers 'Invalid file. Please upload a valid file.' with Metadata_Error_Report.csv and applies no row", async () => {
    const good = `all or nothing ${run}`
    const files = [
      { text: `keywords,product_ids\n${good},${PHONE}\n,${PHONE}\n`, reason: METADATA_MESSAGES.emptyCells },
      {
        text: `keywords,product_ids\n${good},${PHONE}\nunknown product ${run},${UNKNOWN}\n`,
        reason: String(UNKNOWN),
      },
    ]
    for (const file of files) {
      const answer = await upload({ name: 'bad-rows.csv', text: file.text })
      expect(answer.status).toBe(400)
      expect(answer.upload?.message).toBe(METADATA_MESSAGES.invalidFile)
      expect(answer.upload?.errorReportName).toBe(METADATA_ERROR_REPORT_NAME)
      const report = answer.upload?.errorReport ?? ''
      const lines = report.trim().split(/\r?\n/)
      expect(lines[0]).toBe(METADATA_ERROR_REPORT_HEADER.join(','))
      expect(lines.length).toBe(2)
      expect(lines[1]).toContain(file.reason)
      expect(report).not.toContain(good)
      // All or nothing: the good row was not applied either.
      expect(await keywordsOf(PHONE)).not.toContain(good)
    }
    expect(await leftOnDisk()).toEqual([])
  })

  it('refuses a file that is not a .csv before the platform sees it', async () => {
    const answer = await upload({ name: 'metadata.txt', text: `keywords,product_ids\ntxt ${run},${PHONE}\n` })
    expect(answer.status).toBe(400)
    expect(answer.upload?.message).toBe(METADATA_MESSAGES.invalidFile)
    expect(await keywordsOf(PHONE)).not.toContain(`txt ${run}`)
  })

  it('answers 400 with a message, never 500, for a post without a file, a plain form and a hostile file name', async () => {
    const plain = await h.submit<{ upload: UploadResult }>(
      action,
      PAGE,
      { file: 'x' },
      { cookie: superadmin },
    )
    expect(plain.status).toBe(400)
    expect(plain.data.upload.message).toBe('Select a CSV file to upload')

    const empty = new FormData()
    empty.append('file', new Blob([]), '')
    const none = await upload({ name: 'x.csv', text: '' }, { body: empty })
    expect(none.status).toBe(400)
    expect(none.upload?.message).toBe('Select a CSV file to upload')

    // Control characters and a path in the file name: zipped under a safe name, refused or applied as usual.
    const keyword = `hostile name ${run}`
    const named = await upload({
      name: '../..\\evil\u0007\u0000name.csv',
      text: `keywords,product_ids\n${keyword},${PHONE}\n`,
    })
    expect(named.status).toBe(302)
    expect(await keywordsOf(PHONE)).toContain(keyword)
    expect(await leftOnDisk()).toEqual([])
  })

  it("answers 'File size exceeds 25MB limit' for a body declared over 25 MB and one that streams past it", async () => {
    const declared = await upload(
      { name: 'm.csv', text: 'keywords,product_ids\n' },
      { headers: { 'content-length': String(27_000_000) } },
    )
    expect(declared.status).toBe(413)
    expect(declared.upload?.message).toBe(METADATA_MESSAGES.tooLarge)

    // 26,214,401 bytes of CSV in a multipart body with no declared length.
    const boundary = 'bulk-upload-test-boundary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nkeywords,product_ids\n`
    const line = `streamed keyword,${PHONE}\n`
    let sent = 0
    const total = 26_214_401
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head))
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`))
          controller.close()
          return
        }
        const chunk = new TextEncoder().encode(line.repeat(4096))
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const streamed = await upload(
      { name: 'big.csv', text: '' },
      { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    )
    expect(streamed.status).toBe(413)
    expect(streamed.upload?.message).toBe(METADATA_MESSAGES.tooLarge)
    expect(await leftOnDisk()).toEqual([])
  })

  it("answers 'Server error.' when the service fails, and removes both temporary files", async () => {
    for (const status of [500, 502, 503]) {
      const answer = await upload(
        { name: 'm.csv', text: `keywords,product_ids\nx ${run},${PHONE}\n` },
        { context: contextAnswering(status, 'boom') },
      )
      expect(answer.status).toBe(502)
      expect(answer.upload?.message).toBe(METADATA_MESSAGES.serverError)
    }
    const unreachable = {
      ...h.context(),
      platformFetch: async (request: Request) => {
        if (new URL(request.url).pathname === CALL) throw new TypeError('fetch failed')
        return h.t.platform.fetch(request)
      },
    }
    const answer = await upload(
      { name: 'm.csv', text: `keywords,product_ids\nx,${PHONE}\n` },
      { context: unreachable },
    )
    expect(answer.upload?.message).toBe(METADATA_MESSAGES.serverError)
    expect(await leftOnDisk()).toEqual([])
  })
})

describe("the platform's answer → the page's message (spec §8 'Bulk upload')", () => {
  const envelope = (status: number, message: string, data: unknown = null) => ({
    code: status,
    message,
    data,
    errors: [message],
  })
  const outcome = {
    result: 'REFUSED',
    fileName: 'm.csv',
    rows: 2,
    applied: 0,
    duplicates: 0,
    totals: {},
    refusal: 'ROWS',
    message: 'Rows refused',
    errorCount: 1,
    errors: [],
    errorReport: null,
    metadataErrorReport: 'keywords,product_ids,error_message\r\n,1,Empty cells are not allowed\r\n',
  }

  it('200 and 201 are success', () => {
    for (const status of [200, 201]) {
      expect(metadataAnswer(status, envelope(status, 'ok'), 'm.csv')).toMatchObject({
        ok: true,
        message: METADATA_MESSAGES.success,
      })
    }
  })

  it("400 and 404 naming 'Invalid header format' give the header message and no report", () => {
    for (const status of [400, 404]) {
      const answer = metadataAnswer(
        status,
        envelope(status, 'Invalid header format: expected "keywords,product_ids", found "a,b"', {
          ...outcome,
          refusal: 'HEADER',
        }),
        'm.csv',
      )
      expect(answer).toMatchObject({ ok: false, message: METADATA_MESSAGES.invalidHeader, errorReport: null })
    }
  })

  it('other 400 and 404 give the invalid-file message with the report when there is one', () => {
    for (const status of [400, 404]) {
      expect(metadataAnswer(status, envelope(status, 'Rows refused', outcome), 'm.csv')).toMatchObject({
        ok: false,
        message: METADATA_MESSAGES.invalidFile,
        errorReport: outcome.metadataErrorReport,
        errorReportName: METADATA_ERROR_REPORT_NAME,
      })
      expect(metadataAnswer(status, envelope(status, 'Not found'), 'm.csv')).toMatchObject({
        message: METADATA_MESSAGES.invalidFile,
        errorReport: null,
      })
    }
  })

  it("413 is the size message; every other status is 'Server error.'", () => {
    expect(metadataAnswer(413, envelope(413, 'too big'), 'm.csv').message).toBe(METADATA_MESSAGES.tooLarge)
    for (const status of [401, 403, 409, 422, 500, 502, 503]) {
      expect(metadataAnswer(status, 'oops', 'm.csv').message).toBe(METADATA_MESSAGES.serverError)
    }
  })
})

describe('the zip', () => {
  it('holds one deflated entry with the CSV byte for byte, named after the upload', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bulk-zip-'))
    try {
      const csv = `keywords,product_ids\n${Array.from({ length: 20_000 }, (_, i) => `kw ${i},${PHONE}`).join('\n')}\n`
      const target = path.join(dir, 'out.zip')
      await zipToFile(new Blob([csv]), zipEntryName('My Metadata (v2).CSV'), target)
      const bytes = await readFile(target)
      expect(bytes.byteLength).toBeLessThan(csv.length)
      const entries = unzipSync(new Uint8Array(bytes))
      expect(Object.keys(entries)).toEqual(['My Metadata _v2_.csv'])
      expect(new TextDecoder().decode(entries['My Metadata _v2_.csv'])).toBe(csv)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('never names a path or a control character inside the zip', () => {
    expect(zipEntryName('../../etc/passwd.csv')).toBe('passwd.csv')
    expect(zipEntryName('C:\\uploads\\m.csv')).toBe('m.csv')
    expect(zipEntryName('a\u0000b\n.csv')).toBe('a_b_.csv')
    expect(zipEntryName('.csv')).toBe('metadata.csv')
  })
})

describe('Keywords Search by Product ID', () => {
  it('shows nothing until a search is asked', async () => {
    const page = await search(null)
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ lastResult: null, search: { kind: 'none' } })
    expect(page.data.settings).toEqual({
      maxBytes: 26_214_400,
      sample: METADATA_SAMPLE,
      messages: {
        tooLarge: 'File size exceeds 25MB limit',
        wrongType: METADATA_MESSAGES.invalidFile,
        serverError: 'Server error.',
      },
    })
  })

  it("lists a product's keywords and keeps the typed id", async () => {
    const page = await search(` ${PHONE} `)
    expect(page.data.search).toMatchObject({ kind: 'found', productId: String(PHONE) })
    expect(page.data.search.kind === 'found' && page.data.search.keywords).toContain('budget phone')
    expect(page.data.lastResult?.initialValue).toMatchObject({ productId: ` ${PHONE} ` })
  })

  it("says 'No Keywords Found for the product {id}' for a product without keywords", async () => {
    expect((await keywordsOf(BARE)).length).toBe(0)
    const page = await search(String(BARE))
    expect(page.data.search).toEqual({
      kind: 'empty',
      productId: String(BARE),
      message: `No Keywords Found for the product ${BARE}`,
    })
  })

  it("says 'Product is not valid' for an unknown or malformed id (the platform's 404 and 400)", async () => {
    for (const id of [String(UNKNOWN), 'abc', '12.5', '1'.repeat(20)]) {
      const page = await search(id)
      expect(page.status, id).toBe(200)
      expect(page.data.search, id).toMatchObject({
        kind: 'notValid',
        message: METADATA_MESSAGES.productNotValid,
      })
    }
  })

  it('answers a field error for an empty id, control characters and overlong text, keeping what was typed', async () => {
    const cases: [string, string][] = [
      ['', PRODUCT_ID_REQUIRED],
      ['   ', PRODUCT_ID_REQUIRED],
      ['123\u0007', CONTROL_CHARACTERS_MESSAGE],
      ['1\r\n2', CONTROL_CHARACTERS_MESSAGE],
      ['9'.repeat(TEXT_MAX.code + 1), tooLongMessage(TEXT_MAX.code)],
    ]
    for (const [typed, message] of cases) {
      const page = await search(typed)
      expect(page.status, JSON.stringify(typed)).toBe(200)
      expect(page.data.search).toEqual({ kind: 'none' })
      expect(page.data.lastResult?.error?.productId, JSON.stringify(typed)).toEqual([message])
      if (typed) expect(page.data.lastResult?.initialValue).toMatchObject({ productId: typed })
    }
  })

  it('shows the Error panel with the server message when the service fails otherwise', async () => {
    const context = contextAnswering(500, {
      code: 500,
      message: 'Database unavailable',
      data: null,
      errors: ['Database unavailable'],
    })
    const answer = await (async () => {
      try {
        return await loader({
          request: new Request(`http://console.test${PAGE}?productId=${PHONE}`, {
            headers: { Cookie: superadmin },
          }),
          context,
          params: {},
        })
      } catch (thrown) {
        return thrown
      }
    })()
    expect(answer).toMatchObject({ search: { kind: 'error', message: 'Database unavailable' } })
  })
})
