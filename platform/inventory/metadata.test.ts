// Keyword metadata (issue 13; docs/decisions/046): the zip upload as the console makes it (metadata.zip,
// multipart field `file`), the all-or-nothing import, the error report, the records it leaves, who may
// call it, the keyword search by product id, and the editor's suggestions fed by it.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  keywordMetadataResponseSchema,
  METADATA_ERROR_REPORT_HEADER,
  METADATA_MESSAGES,
  metadataUploadResultSchema,
} from '../contracts/billing'
import { auditLog, billingUploads, productKeywords, products } from '../db/schema'
import { MESSAGES } from '../rules/campaign-editor'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { INVENTORY_BASE } from './index'
import { METADATA_CONSUMER_NAME, NEW_KEYWORD_BID_PAISE } from './metadata-import'
import { metadataUploadInit, zipOf } from './metadata-testing'

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
