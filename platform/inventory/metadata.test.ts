// Keyword metadata (issue 13; docs/decisions/046): the zip upload as the console makes it (metadata.zip,
// multipart field `file`), the all-or-nothing import, the error report, the records it leaves, who may
// call it, the keyword search by product id, and the editor's suggestions fed by it.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  keywordMetadataResponseSchema,
  METADATA_ERROR_REPORT_HEADER,
  METADATA_MESSAGES,
  metadataUploadResultSchema,
} from '../contracts/billing'
import { auditLog, billingUploads, productKeywords, productSellers } from '../db/schema'
import { MESSAGES } from '../rules/campaign-editor'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { INVENTORY_BASE } from './index'
import { METADATA_CONSUMER_NAME, NEW_KEYWORD_BID_PAISE } from './metadata-import'
import { metadataUploadInit, zipOf } from './metadata-testing'
import { generatedUpload, multipartBody, multipartContentType } from '../uploads/test-streams'
import { ZIP_MESSAGES } from '../uploads/unzip'

let t: TestPlatform
let token: string
let superadminId: number
/** Catalog products this file's database holds (the seeded catalog). */
let ids: number[]

const PATH = `${INVENTORY_BASE}/v1/metadata/keyword`
const upload = (csv: string | Uint8Array, who = token, name = 'keywords.csv') =>
  t.request(PATH, metadataUploadInit(zipOf({ [name]: csv }), who))
const uploadZip = (zip: Uint8Array, who = token) => t.request(PATH, metadataUploadInit(zip, who))

async function answer(response: Response) {
  const body = await response.json()
  return { status: response.status, body, data: metadataUploadResultSchema.parse(body.data) }
}

async function keywordsOf(productId: number, source?: 'METADATA' | 'SEED') {
  const rows = await t.db
    .select()
    .from(productKeywords)
    .where(
      source
        ? and(eq(productKeywords.productId, productId), eq(productKeywords.source, source))
        : eq(productKeywords.productId, productId),
    )
    .orderBy(asc(productKeywords.keyword))
  return rows
}

const incoming = () => path.join(t.deps.dataDir, 'uploads', 'incoming')
async function spooled() {
  try {
    return (await readdir(incoming())).sort()
  } catch {
    return []
  }
}

beforeAll(async () => {
  t = await createTestPlatform()
  token = await t.tokenFor('superadmin@example.com')
  superadminId = (await t.userByEmail('superadmin@example.com')).id
  // Products with seeded keywords first (one of them shows an existing pair keeping its bid).
  const rows = await t.db
    .selectDistinct({ id: productKeywords.productId })
    .from(productKeywords)
    .where(eq(productKeywords.source, 'SEED'))
    .orderBy(asc(productKeywords.productId))
    .limit(40)
  ids = rows.map((row) => row.id)
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('POST /v1/metadata/keyword', () => {
  it('imports the rows of the zipped CSV: new pairs get the fallback bid, existing ones keep theirs', async () => {
    const [a, b] = ids
    const seeded = await keywordsOf(b!, 'SEED')
    expect(seeded.length).toBeGreaterThan(0)
    const existing = seeded[0]!
    const before = await spooled()
    const response = await upload(
      `keywords,product_ids\nTrail Running  Shoes|waterproof boots,${a}|${b}\n` +
        `${existing.keyword},${b}\n"monsoon jacket","${a}, ${b}"\n`,
    )
    const { status, body, data } = await answer(response)
    expect(status).toBe(200)
    expect(body.code).toBe(200)
    expect(data).toMatchObject({
      result: 'SUCCESS',
      fileName: 'keywords.csv',
      rows: 3,
      applied: 3,
      metadataErrorReport: null,
    })
    expect(data.totals).toMatchObject({ pairs: 7, newPairs: 6, updatedPairs: 1, duplicatePairs: 0 })
    const forA = await keywordsOf(a!, 'METADATA')
    expect(forA.map((row) => row.keyword)).toEqual(
      expect.arrayContaining(['trail running shoes', 'waterproof boots', 'monsoon jacket']),
    )
    for (const row of forA) expect(row.bidPriceSuggestion).toBe(NEW_KEYWORD_BID_PAISE)
    const [kept] = (await keywordsOf(b!)).filter((row) => row.keyword === existing.keyword)
    expect(kept).toMatchObject({ source: 'METADATA', bidPriceSuggestion: existing.bidPriceSuggestion })
    expect(await spooled()).toEqual(before)
  })
  it("records the import: one billing_uploads row (SUCCESS, rows, totals) and the kit's audit row", async () => {
    const [a] = ids
    const response = await upload(`keywords,product_ids\nrecorded keyword,${a}\n`, token, 'recorded.csv')
    expect(response.status).toBe(200)
    const [record] = await t.db
      .select()
      .from(billingUploads)
      .where(eq(billingUploads.fileName, 'recorded.csv'))
    expect(record).toMatchObject({
      kind: 'KEYWORD_METADATA',
      uploadedBy: superadminId,
      status: 'SUCCESS',
      rowCount: 1,
      totals: { pairs: 1, newPairs: 1, updatedPairs: 0, duplicatePairs: 0, rows: 1 },
    })
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'csv.import'), eq(auditLog.entityType, METADATA_CONSUMER_NAME)))
      .orderBy(desc(auditLog.id))
    const audit = audits.find((row) => (row.after as { fileName?: string }).fileName === 'recorded.csv')
    expect(audit).toMatchObject({ actorUserId: superadminId, actorRole: 'SUPERADMIN' })
    expect(audit?.after).toMatchObject({ result: 'SUCCESS', rows: 1, applied: 1, totals: { pairs: 1 } })
  })

  it('drops repeated rows and repeated keyword–product pairs, counting them', async () => {
    const [a, b] = ids
    const response = await upload(
      'keywords,product_ids\n' +
        `repeat one|repeat two,${a}\n` +
        `repeat one|repeat two,${a}\n` + // the same row: a duplicate row
        `Repeat One|repeat three,${a}|${b}\n`, // (repeat one, a) again: a duplicate pair
    )
    const { status, data } = await answer(response)
    expect(status).toBe(200)
    expect(data).toMatchObject({ rows: 3, applied: 2, duplicates: 1 })
    expect(data.totals).toMatchObject({ pairs: 5, newPairs: 5, duplicatePairs: 1 })
  })

  it('refuses a wrong header: 400 "Invalid header format…", no error report, nothing written, FAILED recorded', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(productKeywords)
    const response = await upload(`keyword,product_id\nheader test,${ids[0]}\n`, token, 'header.csv')
    const { status, body, data } = await answer(response)
    expect(status).toBe(400)
    expect(body.message.startsWith(METADATA_MESSAGES.headerRefusalPrefix)).toBe(true)
    expect(body.errorCode).toBe('INVALID_HEADER')
    expect(data).toMatchObject({
      result: 'REFUSED',
      refusal: 'HEADER',
      applied: 0,
      metadataErrorReport: null,
    })
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(productKeywords)).toEqual(before)
    const [record] = await t.db.select().from(billingUploads).where(eq(billingUploads.fileName, 'header.csv'))
    expect(record).toMatchObject({ kind: 'KEYWORD_METADATA', status: 'FAILED', uploadedBy: superadminId })
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'csv.import'), eq(auditLog.entityType, METADATA_CONSUMER_NAME)))
    expect(
      audits.some(
        (row) =>
          (row.after as { fileName?: string; result?: string }).fileName === 'header.csv' &&
          (row.after as { result?: string }).result === 'REFUSED',
      ),
    ).toBe(true)
  })

  it("refuses empty cells, invalid keywords and unknown products with the spec's error report", async () => {
    const [a] = ids
    const response = await upload(
      'keywords,product_ids\n' +
        `good keyword,${a}\n` +
        `,${a}\n` +
        'empty products,\n' +
        `shoes!,${a}\n` +
        `fine|bad@word,${a}\n` +
        `${'k'.repeat(201)},${a}\n` +
        `=HYPERLINK("x"),${a}\n` +
        `unknown product,${a}|999999999999\n` +
        'bad id,12ab\n',
      token,
      'rows.csv',
    )
    const { status, body, data } = await answer(response)
    expect(status).toBe(400)
    expect(body.errorCode).toBe('INVALID_ROWS')
    expect(data).toMatchObject({ result: 'REFUSED', refusal: 'ROWS', applied: 0 })
    const report = Papa.parse<string[]>(data.metadataErrorReport!.trim(), { header: false }).data
    expect(report[0]).toEqual([...METADATA_ERROR_REPORT_HEADER])
    expect(report.slice(1)).toEqual([
      ['', String(a), METADATA_MESSAGES.emptyCells],
      ['empty products', '', METADATA_MESSAGES.emptyCells],
      ['shoes!', String(a), MESSAGES.invalidKeyword],
      ['fine|bad@word', String(a), `Keyword "bad@word": ${MESSAGES.invalidKeyword}`],
      ['k'.repeat(201), String(a), MESSAGES.nameTooLong],
      // A formula cell comes back neutralised (a leading quote), never as a formula.
      ['\'=HYPERLINK("x")', String(a), MESSAGES.invalidKeyword],
      // Checked against the catalog although other rows refused the file: one report lists everything.
      ['unknown product', `${a}|999999999999`, 'Invalid product id: 999999999999'],
      ['bad id', '12ab', 'Invalid product id: "12ab"'],
    ])
    expect(data.errorCount).toBe(8)
    expect(data.errors.map((error) => error.row)).toEqual([3, 4, 5, 6, 7, 8, 9, 10])
    // Nothing was written.
    expect(await keywordsOf(a!, 'METADATA')).not.toContainEqual(
      expect.objectContaining({ keyword: 'good keyword' }),
    )
  })

  it('refuses a file whose only problem is an unknown product, naming it in the report', async () => {
    const [a] = ids
    const response = await upload(`keywords,product_ids\nunknown product,${a}|999999999999\nanother,${a}\n`)
    const { status, data } = await answer(response)
    expect(status).toBe(400)
    const report = Papa.parse<string[]>(data.metadataErrorReport!.trim(), { header: false }).data
    expect(report.slice(1)).toEqual([
      ['unknown product', `${a}|999999999999`, 'Invalid product id: 999999999999'],
    ])
    expect((await keywordsOf(a!)).map((row) => row.keyword)).not.toContain('another')
  })

  it('writes nothing when a bad row follows 2,500 good ones (all or nothing)', async () => {
    const [a, b, c] = ids
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(productKeywords))[0]!.n
    const before = await count()
    const good = Array.from({ length: 2500 }, (_, i) => `bulk keyword ${i},${[a, b, c][i % 3]}`)
    const response = await upload(`keywords,product_ids\n${good.join('\n')}\nlast keyword,999999999998\n`)
    const { status, data } = await answer(response)
    expect(status).toBe(400)
    expect(data).toMatchObject({ result: 'REFUSED', rows: 2501, applied: 0, errorCount: 1 })
    expect(data.errors[0]).toMatchObject({ row: 2502, column: 'product_ids' })
    expect(await count()).toBe(before)
    const written = await t.db
      .select()
      .from(productKeywords)
      .where(sql`${productKeywords.keyword} like 'bulk keyword %'`)
    expect(written).toEqual([])
    const records = await t.db
      .select()
      .from(billingUploads)
      .where(and(eq(billingUploads.kind, 'KEYWORD_METADATA'), eq(billingUploads.rowCount, 2501)))
    expect(records.map((row) => row.status)).toEqual(['FAILED'])
  })

  it('imports the same 2,500 rows when they are all good, one batch after another', async () => {
    const [a, b, c] = ids
    const good = Array.from({ length: 2500 }, (_, i) => `bulk keyword ${i},${[a, b, c][i % 3]}`)
    const { status, data } = await answer(await upload(`keywords,product_ids\n${good.join('\n')}\n`))
    expect(status).toBe(200)
    expect(data).toMatchObject({ rows: 2500, applied: 2500 })
    expect(data.totals).toMatchObject({ pairs: 2500, newPairs: 2500, rows: 2500 })
  })

  it('imports two files at once that name the same pairs in opposite orders: both succeed, each pair once', async () => {
    const [a, b, c] = ids
    const rows = Array.from({ length: 1500 }, (_, i) => `together ${i},${[a, b, c][i % 3]}`)
    const [first, second] = await Promise.all([
      upload(`keywords,product_ids\n${rows.join('\n')}\n`).then(answer),
      upload(`keywords,product_ids\n${[...rows].reverse().join('\n')}\n`).then(answer),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    expect((first.data.totals.newPairs ?? 0) + (second.data.totals.newPairs ?? 0)).toBe(1500)
    expect((await keywordsOf(a!)).map((row) => row.keyword)).toContain('together 0')
  })
})

describe('zip safety at the endpoint (400 with a clear message, never a 500; nothing left on disk)', () => {
  const csv = () => `keywords,product_ids\nzip keyword,${ids[0]}\n`
  it.each([
    ['two entries', () => zipOf({ 'a.csv': csv(), 'b.csv': csv() }), ZIP_MESSAGES.oneEntry(2)],
    ['no CSV', () => zipOf({ 'keywords.txt': csv() }), ZIP_MESSAGES.notCsv('keywords.txt')],
    ['a path with ..', () => zipOf({ '../keywords.csv': csv() }), ZIP_MESSAGES.traversal],
    ['a nested zip', () => zipOf({ 'inner.zip': zipOf({ 'a.csv': csv() }) }), ZIP_MESSAGES.nested],
    ['a CSV posted without zipping', () => new TextEncoder().encode(csv()), ZIP_MESSAGES.notZip],
    ['a truncated zip', () => zipOf({ 'keywords.csv': csv() }).subarray(0, 60), ZIP_MESSAGES.damaged],
    [
      'a zip bomb',
      () => zipOf({ 'keywords.csv': new Uint8Array(20 * 1024 * 1024).fill(0x61) }),
      ZIP_MESSAGES.bomb,
    ],
  ])('%s', async (_name, make, message) => {
    const before = await spooled()
    const response = await uploadZip(make())
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.message).toBe(message)
    expect(body.code).toBe(400)
    expect(await spooled()).toEqual(before)
  })

  it('refuses a body that is not multipart (a text/csv post) and a form without the file', async () => {
    const plain = await t.request(PATH, {
      method: 'POST',
      token,
      headers: { 'content-type': 'text/csv' },
      body: `keywords,product_ids\nx,${ids[0]}\n`,
    })
    expect(plain.status).toBe(400)
    const noFile = await t.request(PATH, {
      method: 'POST',
      token,
      headers: { 'content-type': multipartContentType },
      body: multipartBody({ field: 'other', name: 'metadata.zip', text: 'x' }),
    })
    expect(noFile.status).toBe(400)
  })

  it("refuses a zip over 25 MB while it streams (413, the spec's message)", async () => {
    // A zip's signature first: a file that is not a zip is refused at its first bytes (400) instead.
    const big = generatedUpload({
      totalBytes: 27 * 1024 * 1024,
      fileName: 'metadata.zip',
      first: 'PK\u0003\u0004',
    })
    const response = await t.request(PATH, {
      method: 'POST',
      token,
      headers: { 'content-type': multipartContentType },
      body: big.stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect((await response.json()).message).toBe(METADATA_MESSAGES.tooLarge)
    expect(big.pulled()).toBeLessThan(27 * 1024 * 1024)
  })
})

describe('who may call it', () => {
  const zip = () => zipOf({ 'roles.csv': `keywords,product_ids\nrole keyword,${ids[0]}\n` })
  it.each([
    ['seller@example.com', 403],
    ['brand@example.com', 403],
    ['agency@example.com', 403],
    ['ops@example.com', 403],
  ])('%s gets %i for the upload and the search', async (email, status) => {
    const who = await t.tokenFor(email)
    expect((await uploadZip(zip(), who)).status).toBe(status)
    expect((await t.request(`${PATH}?productId=${ids[0]}`, { token: who })).status).toBe(status)
  })

  it('signed out is 401; a revoked super admin is refused; nothing was written', async () => {
    const anonymous = await t.request(PATH, { ...metadataUploadInit(zip(), ''), token: undefined })
    expect(anonymous.status).toBe(401)
    expect((await t.request(`${PATH}?productId=${ids[0]}`)).status).toBe(401)
    const revoked = await t.tokenFor('superadmin2@example.com')
    expect([401, 403]).toContain((await uploadZip(zip(), revoked)).status)
    expect([401, 403]).toContain((await t.request(`${PATH}?productId=${ids[0]}`, { token: revoked })).status)
    expect((await keywordsOf(ids[0]!)).map((row) => row.keyword)).not.toContain('role keyword')
  })
})

describe("the editor's keyword suggestions", () => {
  it('suggest a keyword uploaded for a product of the advertiser', async () => {
    const [owned] = await t.db
      .select({ productId: productSellers.productId })
      .from(productSellers)
      .where(eq(productSellers.sellerId, 100001))
      // The other tests enrich the first products of the catalog; this one is the seller's last.
      .orderBy(desc(productSellers.productId))
      .limit(1)
    const productId = owned!.productId
    const suggest = () =>
      t.post(
        `${INVENTORY_BASE}/v1/adgroup/keyword/suggest?userId=100001`,
        { products: [productId] },
        {
          token: sellerToken,
        },
      )
    const sellerToken = await t.tokenFor('seller@example.com')
    const before = (await (await suggest()).json()).data as { keyWord: string }[]
    expect(before.map((s) => s.keyWord)).not.toContain('zz enriched keyword')
    const response = await upload(`keywords,product_ids\nZZ Enriched  Keyword,${productId}\n`)
    expect(response.status).toBe(200)
    const after = await suggest()
    expect(after.status).toBe(200)
    const suggestions = (await after.json()).data as { keyWord: string; bid_price_suggestion: number }[]
    expect(suggestions.map((s) => s.keyWord)).toContain('zz enriched keyword')
  })
})

describe('GET /v1/metadata/keyword', () => {
  it("lists a product's keywords, sorted", async () => {
    const response = await t.request(`${PATH}?productId=${ids[0]}`, { token })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    const { keywords } = keywordMetadataResponseSchema.parse(data)
    expect(keywords).toEqual([...keywords].sort())
    expect(keywords).toEqual(expect.arrayContaining(['trail running shoes', 'monsoon jacket']))
  })

  it('answers 404 "Product is not valid" for an unknown product and 400 for a malformed id', async () => {
    const unknown = await t.request(`${PATH}?productId=999999999999`, { token })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe(METADATA_MESSAGES.productNotValid)
    for (const bad of ['abc', '', '-1', '1.5']) {
      const response = await t.request(`${PATH}?productId=${encodeURIComponent(bad)}`, { token })
      expect(response.status).toBe(400)
    }
    expect((await t.request(PATH, { token })).status).toBe(400)
  })
})
