import { and, count, eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FACT_BODY_MAX_BYTES, FACT_CSV_HEADER, FACTS_PATH, factsResponseSchema } from '../contracts/analytics'
import { CONTROL_CHARACTERS_MESSAGE } from '../contracts/text'
import {
  adGroupProducts,
  adGroups,
  auditLog,
  campaignSpend,
  campaigns,
  keywordTargets,
  performanceDaily,
  performanceFacts,
} from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, TEST_INGEST_TOKEN, type TestPlatform } from '../testing/platform'
import { type FactInput, FactMessages, readBodyWithLimit } from './facts'

let t: TestPlatform
let today: string
let keywordTarget: { campaignId: number; adGroupId: number; keyword: string }
let productTarget: { campaignId: number; adGroupId: number; productId: number }
beforeAll(async () => {
  // 15:30 IST today: hours up to 15 of today have ended.
  const day = istDate(new Date())
  t = await createTestPlatform({ now: new Date(`${day}T10:00:00Z`) })
  today = day
  const [kw] = await t.db
    .select({
      campaignId: adGroups.campaignId,
      adGroupId: keywordTargets.adGroupId,
      keyword: keywordTargets.keyword,
    })
    .from(keywordTargets)
    .innerJoin(adGroups, eq(adGroups.id, keywordTargets.adGroupId))
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(and(eq(campaigns.sellerId, 100001), sql`${keywordTargets.keyword} ~ '[a-z]'`))
    .orderBy(keywordTargets.id)
    .limit(1)
  keywordTarget = kw!
  const [product] = await t.db
    .select({
      campaignId: adGroups.campaignId,
      adGroupId: adGroupProducts.adGroupId,
      productId: adGroupProducts.productId,
    })
    .from(adGroupProducts)
    .innerJoin(adGroups, eq(adGroups.id, adGroupProducts.adGroupId))
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(and(eq(campaigns.sellerId, 100001), eq(campaigns.targetingType, 'Product')))
    .limit(1)
  productTarget = product!
})
afterAll(async () => {
  await t.close()
})

const row = (over: Partial<Record<(typeof FACT_CSV_HEADER)[number], string>> = {}) => ({
  date: addDays(today, -1),
  hour: '5',
  campaign_id: String(keywordTarget.campaignId),
  ad_group_id: String(keywordTarget.adGroupId),
  keyword: keywordTarget.keyword,
  product_id: '',
  placement: 'SEARCH',
  impressions: '1000',
  clicks: '20',
  spend: '123.45',
  orders: '2',
  units: '3',
  sales: '999.90',
  ...over,
})
const csvOf = (rows: Record<string, string>[]) =>
  Papa.unparse({
    fields: [...FACT_CSV_HEADER],
    data: rows.map((r) => FACT_CSV_HEADER.map((f) => r[f] ?? '')),
  })

const sendCsv = (body: string, token: string | null = TEST_INGEST_TOKEN) =>
  t.request(FACTS_PATH, {
    method: 'POST',
    token: token ?? undefined,
    headers: { 'content-type': 'text/csv' },
    body,
  })
const sendJson = (rows: FactInput[], token = TEST_INGEST_TOKEN) => t.post(FACTS_PATH, { rows }, { token })

async function dailyOf(key: { campaignId: number; adGroupId: number; keyword: string }, day: string) {
  const [r] = await t.db
    .select()
    .from(performanceDaily)
    .where(
      and(
        eq(performanceDaily.day, day),
        eq(performanceDaily.campaignId, key.campaignId),
        eq(performanceDaily.adGroupId, key.adGroupId),
        eq(performanceDaily.keyword, key.keyword),
        eq(performanceDaily.placement, 'SEARCH'),
      ),
    )
  return r
}
async function lifetime(campaignId: number) {
  const [r] = await t.db.select().from(campaignSpend).where(eq(campaignSpend.campaignId, campaignId))
  return r?.spend ?? 0
}
async function totals() {
  const [facts] = await t.db.select({ n: count() }).from(performanceFacts)
  const [audits] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.action, 'PERFORMANCE_FACTS_INGESTED'))
  const [daily] = await t.db.select({ s: sql<string>`sum(${performanceDaily.spend})` }).from(performanceDaily)
  return { facts: facts!.n, audits: audits!.n, dailySpend: daily!.s }
}

describe('POST /v1/facts', () => {
  it('takes hourly CSV rows, replaces the day’s rollup with their sums, and the same file twice changes nothing', async () => {
    const yesterday = addDays(today, -1)
    const before = await dailyOf(keywordTarget, yesterday)
    const lifetimeBefore = await lifetime(keywordTarget.campaignId)
    const auditsBefore = (await totals()).audits
    // The keyword in another case names the same target; it is stored as the target spells it.
    const file = csvOf([row(), row({ hour: '6', keyword: keywordTarget.keyword.toUpperCase(), spend: '10' })])
    const first = await sendCsv(file)
    expect(first.status).toBe(200)
    const firstData = (await first.json()).data
    expect(factsResponseSchema.parse(firstData)).toEqual({
      received: 2,
      inserted: 2,
      updated: 0,
      days: [yesterday],
    })
    const after = await dailyOf(keywordTarget, yesterday)
    expect(after).toMatchObject({
      impressions: 2000,
      clicks: 40,
      spend: 12_345 + 1000,
      orders: 4,
      units: 6,
      sales: 199_980,
    })
    // campaign_spend follows the rollup: the seeded row's spend is replaced by the facts' sum.
    expect(await lifetime(keywordTarget.campaignId)).toBe(lifetimeBefore - (before?.spend ?? 0) + 13_345)

    const second = await sendCsv(file)
    expect(second.status).toBe(200)
    expect((await second.json()).data).toEqual({ received: 2, inserted: 0, updated: 2, days: [yesterday] })
    expect(await dailyOf(keywordTarget, yesterday)).toEqual(after)
    expect(await lifetime(keywordTarget.campaignId)).toBe(lifetimeBefore - (before?.spend ?? 0) + 13_345)
    const stored = await t.db
      .select({ keyword: performanceFacts.keyword, source: performanceFacts.source })
      .from(performanceFacts)
      .where(
        and(eq(performanceFacts.day, yesterday), eq(performanceFacts.campaignId, keywordTarget.campaignId)),
      )
    expect(stored).toEqual([
      { keyword: keywordTarget.keyword, source: 'INGEST' },
      { keyword: keywordTarget.keyword, source: 'INGEST' },
    ])
    // One audit row per call, with the counts and days.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'PERFORMANCE_FACTS_INGESTED'))
      .orderBy(auditLog.id)
    expect(audits.length).toBe(auditsBefore + 2)
    expect(audits.at(-1)!.after).toMatchObject({
      received: 2,
      inserted: 0,
      updated: 2,
      days: [yesterday],
      source: 'INGEST',
    })
    expect(audits.at(-1)!.actorRole).toBe('INGEST')
  })

  it('late rows (up to 3 days) update the earlier figures; older days and the future are refused', async () => {
    const day = addDays(today, -3)
    const first = await sendJson([{ ...row({ date: day, hour: '' }), clicks: 5, spend: 50 }])
    expect(first.status).toBe(200)
    expect(await dailyOf(keywordTarget, day)).toMatchObject({ clicks: 5, spend: 5000 })
    const late = await sendJson([{ ...row({ date: day, hour: '' }), clicks: 7, spend: '70.5' }])
    expect(late.status).toBe(200)
    expect((await late.json()).data).toMatchObject({ inserted: 0, updated: 1 })
    expect(await dailyOf(keywordTarget, day)).toMatchObject({ clicks: 7, spend: 7050 })

    const refused = await sendJson([
      row({ date: addDays(today, -4) }),
      row({ date: addDays(today, 1) }),
      row({ date: today, hour: '16' }),
      row({ date: '2026-02-30' }),
    ])
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.rowErrors).toEqual([
      { row: 1, field: 'date', value: addDays(today, -4), message: FactMessages.tooLate },
      { row: 2, field: 'date', value: addDays(today, 1), message: FactMessages.future },
      { row: 3, field: 'hour', value: '16', message: FactMessages.futureHour },
      { row: 4, field: 'date', value: '2026-02-30', message: FactMessages.date },
    ])
    // Today's ended hours are taken.
    expect((await sendJson([row({ date: today, hour: '15' })])).status).toBe(200)
  })

  it('one bad row refuses the whole call: 400 with per-row errors, nothing written', async () => {
    const before = await totals()
    const response = await sendCsv(
      csvOf([
        row({ hour: '1' }),
        row({ hour: '2', orders: '30' }),
        row({ hour: '3', clicks: '2000' }),
        row({ hour: '4', spend: '1.234', impressions: '-1', placement: 'HOME' }),
        row({ hour: '5', product_id: String(productTarget.productId) }),
        row({ hour: '24' }),
      ]),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.code).toBe(400)
    expect(body.message).toBe('5 rows were refused; nothing was written')
    expect(body.rowErrors).toEqual([
      { row: 3, field: 'orders', value: '30', message: FactMessages.orders },
      { row: 4, field: 'clicks', value: '2000', message: FactMessages.clicks },
      { row: 5, field: 'placement', value: 'HOME', message: FactMessages.placement },
      { row: 5, field: 'impressions', value: '-1', message: FactMessages.count },
      { row: 5, field: 'spend', value: '1.234', message: FactMessages.money },
      { row: 6, field: 'product_id', value: keywordTarget.keyword, message: FactMessages.keywordOrProduct },
      { row: 7, field: 'hour', value: '24', message: FactMessages.hour },
    ])
    expect(body.fieldErrors['rows.3.orders']).toEqual([FactMessages.orders])
    expect(await totals()).toEqual(before)
  })

  it('checks the keys against the campaigns: ad group, keyword and product must belong', async () => {
    const before = await totals()
    const foreignProduct = row({
      hour: '11',
      campaign_id: String(productTarget.campaignId),
      ad_group_id: String(productTarget.adGroupId),
      keyword: '',
      product_id: '999999999',
      placement: 'PRODUCT_PAGE',
    })
    const rows = [
      row({ hour: '7' }),
      row({ hour: '8', campaign_id: '999999999' }),
      row({ hour: '9', ad_group_id: String(productTarget.adGroupId) }),
      row({ hour: '10', keyword: 'no such keyword anywhere' }),
      foreignProduct,
    ]
    // A duplicate key is found before the database is asked.
    const duplicate = await sendJson([...rows, row({ hour: '7' })])
    expect(duplicate.status).toBe(400)
    expect((await duplicate.json()).rowErrors).toEqual([
      { row: 6, field: null, value: null, message: FactMessages.duplicate(1) },
    ])
    const keys = await sendJson(rows)
    expect(keys.status).toBe(400)
    expect((await keys.json()).rowErrors).toEqual([
      { row: 2, field: 'campaign_id', value: '999999999', message: FactMessages.noCampaign },
      {
        row: 3,
        field: 'ad_group_id',
        value: String(productTarget.adGroupId),
        message: FactMessages.noAdGroup,
      },
      { row: 4, field: 'keyword', value: 'no such keyword anywhere', message: FactMessages.noKeyword },
      { row: 5, field: 'product_id', value: '999999999', message: FactMessages.noProduct },
    ])
    expect(await totals()).toEqual(before)
    // A product row of a product target is taken, on the product page.
    const product = await sendJson([{ ...foreignProduct, product_id: String(productTarget.productId) }])
    expect(product.status).toBe(200)
  })

  it('refuses control characters and overlong text with a 400, never a 500', async () => {
    for (const keyword of ['shoe\u0000s', 'a\u0085b', `x${'y'.repeat(300)}`]) {
      const response = await sendJson([row({ keyword })])
      expect(response.status).toBe(400)
      const [error] = (await response.json()).rowErrors
      expect(error.field).toBe('keyword')
      expect(error.message).toBe(
        keyword.length > 200 ? 'Must be at most 200 characters' : CONTROL_CHARACTERS_MESSAGE,
      )
    }
    const csv = await sendCsv(csvOf([row({ keyword: 'new\nline' })]))
    expect(csv.status).toBe(400)
    expect((await csv.json()).rowErrors[0].message).toBe(CONTROL_CHARACTERS_MESSAGE)
    // Objects and booleans in JSON are text the checks refuse; a bad header or body is a 400.
    const odd = await t.post(
      FACTS_PATH,
      { rows: [{ ...row(), clicks: { $gt: 1 } }] },
      { token: TEST_INGEST_TOKEN },
    )
    expect(odd.status).toBe(400)
    expect((await sendCsv('date,clicks\n2026-01-01,1')).status).toBe(400)
    expect((await sendCsv(`${FACT_CSV_HEADER.join(',')}\n`)).status).toBe(400)
    expect((await t.post(FACTS_PATH, { rows: 'x' }, { token: TEST_INGEST_TOKEN })).status).toBe(400)
    expect((await t.post(FACTS_PATH, [1, 2], { token: TEST_INGEST_TOKEN })).status).toBe(400)
    const bytes = await t.request(FACTS_PATH, {
      method: 'POST',
      token: TEST_INGEST_TOKEN,
      headers: { 'content-type': 'text/csv' },
      body: new Uint8Array([0xff, 0xfe, 0x00]),
    })
    expect(bytes.status).toBe(400)
    const plain = await t.request(FACTS_PATH, {
      method: 'POST',
      token: TEST_INGEST_TOKEN,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(plain.status).toBe(400)
  })
})

describe('who may send facts', () => {
  it('only the machine token: none, a user session and a wrong token get 401, and nothing is written', async () => {
    const before = await totals()
    const file = csvOf([row({ hour: '12' })])
    expect((await sendCsv(file, null)).status).toBe(401)
    for (const email of ['superadmin@example.com', 'ops@example.com', 'seller@example.com']) {
      const response = await sendCsv(file, await t.tokenFor(email))
      expect(response.status).toBe(401)
      expect((await response.json()).message).toBe(FactMessages.invalidToken)
    }
    expect((await sendCsv(file, `${TEST_INGEST_TOKEN}x`)).status).toBe(401)
    expect((await sendCsv(file, TEST_INGEST_TOKEN.slice(0, -1))).status).toBe(401)
    const basic = await t.request(FACTS_PATH, {
      method: 'POST',
      headers: { authorization: `Basic ${TEST_INGEST_TOKEN}`, 'content-type': 'text/csv' },
      body: file,
    })
    expect(basic.status).toBe(401)
    expect(await totals()).toEqual(before)
  })

  it('answers 403 when no ingest token is configured', async () => {
    const off = await createTestPlatform({ ingestToken: '' })
    try {
      const response = await off.request(FACTS_PATH, {
        method: 'POST',
        token: TEST_INGEST_TOKEN,
        headers: { 'content-type': 'text/csv' },
        body: csvOf([row()]),
      })
      expect(response.status).toBe(403)
      expect((await response.json()).message).toBe('Performance ingest is not configured')
    } finally {
      await off.close()
    }
  }, 60_000)
})

describe('body limit', () => {
  it('refuses a declared length over the limit before reading, and a streamed body as it passes the limit', async () => {
    const declared = await t.request(FACTS_PATH, {
      method: 'POST',
      token: TEST_INGEST_TOKEN,
      headers: { 'content-type': 'text/csv', 'content-length': String(FACT_BODY_MAX_BYTES + 1) },
      body: 'date',
    })
    expect(declared.status).toBe(413)

    const megabyte = new Uint8Array(1024 * 1024).fill(0x61)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        if (sent > 60) controller.close()
        else controller.enqueue(megabyte)
      },
    })
    const streamed = await t.request(FACTS_PATH, {
      method: 'POST',
      token: TEST_INGEST_TOKEN,
      headers: { 'content-type': 'text/csv' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect((await streamed.json()).message).toBe(FactMessages.tooLarge)
    // It stopped reading at the limit: the rest was never pulled.
    expect(sent).toBeLessThanOrEqual(53)
  })

  it('readBodyWithLimit counts bytes, not characters', async () => {
    const request = (body: string) => new Request('http://x.test', { method: 'POST', body })
    expect(await readBodyWithLimit(request('ab'), 4)).toBe('ab')
    await expect(readBodyWithLimit(request('₹₹'), 4)).rejects.toMatchObject({ status: 413 })
  })
})
