// The campaign editor's catalog calls (spec campaigns §7, §8; decision 025), against the seeded catalog
// and a few fixture rows with ids of their own (990000001…) in this file's database copy.
//
// Paths: every inventory call lives under /v1 (the console's client calls '/v1/campaign/…', and the
// handlers register only that form), so the spec's POST /adgroup/keyword/suggest is registered once,
// as /v1/adgroup/keyword/suggest, like /v1/vertex/product/get; the bare /adgroup/… path is a 404.
//
// Suggestions refuse, rather than drop, products the advertiser may not use: another advertiser's
// product or one without ownership data is 403, an unknown id 400 (the editor only asks for products
// product/get has verified, so either is a hand-made request).
import { and, eq, ne, notInArray, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  keywordSuggestResponseSchema,
  productGetResponseSchema,
  SUGGESTED_KEYWORD_PATTERN,
} from '../contracts/catalog'
import {
  accounts,
  adGroups,
  campaigns,
  performanceDaily,
  productKeywords,
  products,
  productSellers,
} from '../db/schema'
import { PRODUCT_LIMIT_MESSAGE } from '../rules/products'
import { addDays, istDate } from '../rules/time'
import { KEYWORD_FACTS_TTL_MS } from './catalog'
import { BID_FLOOR_PAISE } from './catalog-keywords'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform } from './test-support'

const ctx = campaignTestPlatform()
const SELLER = 100001
const BRAND = 200001

const productGet = (token: string | undefined, userId: number | string, body: unknown) =>
  ctx.t.post(`${INVENTORY_BASE}/v1/vertex/product/get?userId=${userId}`, body, { token })
const suggest = (token: string | undefined, userId: number | string, body: unknown) =>
  ctx.t.post(`${INVENTORY_BASE}/v1/adgroup/keyword/suggest?userId=${userId}`, body, { token })

/** The answer's data, checked against its contract (parsing yields the same value). */
async function productData(response: Response) {
  expect(response.status).toBe(200)
  const { data } = await response.json()
  expect(productGetResponseSchema.parse(data)).toEqual(data)
  return data as { productId: number; verificationCode: number; sellerIds?: number[]; brandId?: number }[]
}
async function suggestionData(response: Response) {
  expect(response.status).toBe(200)
  const { data } = await response.json()
  expect(keywordSuggestResponseSchema.parse(data)).toEqual(data)
  return data as { keyWord: string; bid_price_suggestion: number }[]
}

/** Seeded ids: the seller's own, another seller's, the brand's, another brand's, a first-party one. */
const seeded = {} as {
  sellers: number[]
  notSellers: number[]
  brand: number[]
  notBrand: number
  firstParty: number
}

// Fixture products (ids of their own) and the facts their keywords have.
const F = {
  /** Seller 100001's, no brand: keyword metadata shared with B. */
  a: 990_000_001,
  b: 990_000_002,
  /** Listed by no seller, sold by third parties, no brand: ownership data missing for both kinds. */
  orphan: 990_000_003,
  /** First party (1P) with no seller row: the first-party seller's only. */
  firstPartyOnly: 990_000_004,
}
const today = () => istDate(ctx.t.deps.now())

beforeAll(async () => {
  const { t } = ctx
  const mine = await t.db
    .select({ id: productSellers.productId })
    .from(productSellers)
    .where(eq(productSellers.sellerId, SELLER))
    .orderBy(productSellers.productId)
  seeded.sellers = mine.map((r) => r.id)
  const others = await t.db
    .select({ id: products.productId })
    .from(products)
    .where(
      and(
        notInArray(products.productId, seeded.sellers),
        eq(products.availableAt3pSeller, true),
        ne(products.brandId, BRAND),
      ),
    )
    .orderBy(products.productId)
    .limit(60)
  seeded.notSellers = others.map((r) => r.id)
  const brands = await t.db
    .select({ id: products.productId })
    .from(products)
    .where(eq(products.brandId, BRAND))
    .orderBy(products.productId)
  seeded.brand = brands.map((r) => r.id)
  seeded.notBrand = seeded.notSellers[0]!
  const [firstParty] = await t.db
    .select({ id: products.productId })
    .from(products)
    .where(eq(products.availableAt3pSeller, false))
    .limit(1)
  seeded.firstParty = firstParty!.id
  expect(seeded.sellers.length).toBeGreaterThan(50)
  expect(seeded.brand.length).toBeGreaterThan(0)

  const product = (productId: number, name: string, values: Partial<typeof products.$inferInsert> = {}) => ({
    productId,
    name,
    markedPrice: 99_900,
    effectivePrice: 79_900,
    discount: 20_000,
    discountPct: '20.02',
    categoryLevel0: 'Home & Kitchen',
    categoryLevel1: 'Lighting',
    categoryLevel2: 'Zqx Lamps',
    categoryLevel3: 'Zqx Desk Lamps',
    ...values,
  })
  await t.db.insert(products).values([
    product(F.a, 'Zqxlite Desk Lamp A'),
    product(F.b, 'Zqxlite Desk Lamp B'),
    product(F.orphan, 'Orphan Lamp'),
    product(F.firstPartyOnly, 'House Lamp', {
      availableAt3pSeller: false,
      brandId: BRAND,
      brand: 'Voltix',
    }),
  ])
  await t.db.insert(productSellers).values([
    { productId: F.a, sellerId: SELLER },
    { productId: F.b, sellerId: SELLER },
  ])
  const kw = (productId: number, keyword: string) => ({ productId, keyword, bidPriceSuggestion: 500 })
  await t.db
    .insert(productKeywords)
    .values([
      kw(F.a, 'Zqx Shared Word'),
      kw(F.a, 'zqx alpha'),
      kw(F.a, 'zqx beta'),
      kw(F.a, 'Zqx Wi-Fi® Lamp!!'),
      kw(F.b, 'zqx shared word'),
      kw(F.b, 'zqx gamma'),
      kw(F.b, 'zqx cheap'),
    ])

  // Facts: a seeded campaign's ad group carries the clicks (any advertiser's: the CPC is the market's).
  const [group] = await t.db
    .select({ id: adGroups.id, campaignId: adGroups.campaignId })
    .from(adGroups)
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(eq(campaigns.sellerId, SELLER))
    .limit(1)
  const fact = (day: string, keyword: string, clicks: number, spend: number) => ({
    day,
    campaignId: group!.campaignId,
    adGroupId: group!.id,
    keyword,
    clicks,
    spend,
    impressions: clicks * 20,
  })
  await t.db.insert(performanceDaily).values([
    // zqx gamma: 3 + 7 clicks for ₹12.34 + ₹20.00 in the window → ₹3.234 a click → 323 paise.
    fact(addDays(today(), -1), 'zqx gamma', 3, 1_234),
    fact(today(), 'ZQX Gamma', 7, 2_000),
    // The window's first day counts; the day before it does not.
    fact(addDays(today(), -29), 'zqx beta', 4, 1_000),
    fact(addDays(today(), -30), 'zqx beta', 100, 900_000),
    // Cheaper than the floor: the floor.
    fact(addDays(today(), -2), 'zqx cheap', 10, 50),
    // Only outside the window: no recent clicks, the floor.
    fact(addDays(today(), -45), 'zqx alpha', 50, 50_000),
  ])
})

describe('POST /v1/vertex/product/get', () => {
  it("answers the seller's products as §3 records with code 0, in request order, duplicates once", async () => {
    const { seller } = ctx
    const ids = seeded.sellers.slice(0, 5)
    const data = await productData(await productGet(seller, SELLER, { productIds: [ids[1], ...ids, ids[3]] }))
    expect(data.map((p) => p.productId)).toEqual([ids[1], ids[0], ids[2], ids[3], ids[4]])
    for (const record of data) {
      expect(record.verificationCode).toBe(0)
      expect(record.sellerIds).toContain(SELLER)
    }
    const [row] = await ctx.t.db.select().from(products).where(eq(products.productId, ids[0]!))
    expect(data.find((p) => p.productId === ids[0])).toMatchObject({
      name: row!.name,
      imagePath: row!.imagePath,
      brand: row!.brand,
      brandId: row!.brandId,
      availableAt3pSeller: true,
      markedPrice: row!.markedPrice,
      effectivePrice: row!.effectivePrice,
      discount: row!.discount,
      discountPct: Number(row!.discountPct),
      optionCode: row!.optionCode,
      popularity: row!.popularity,
      categoryLevel: {
        level0: row!.categoryLevel0,
        level1: row!.categoryLevel1,
        level2: row!.categoryLevel2,
        level3: row!.categoryLevel3,
        level4: row!.categoryLevel4,
      },
      sellerNames: expect.arrayContaining(['Sharma Retail Mart']),
    })
  })

  it("lists a product's sellers in id order, each name beside its id", async () => {
    const { t, ops } = ctx
    const [shared] = await t.db
      .select({ productId: productSellers.productId })
      .from(productSellers)
      .groupBy(productSellers.productId)
      .having(sql`count(*) >= 2`)
      .limit(1)
    expect(shared).toBeDefined()
    const expected = await t.db
      .select({ id: productSellers.sellerId, name: accounts.name })
      .from(productSellers)
      .innerJoin(accounts, eq(accounts.id, productSellers.sellerId))
      .where(eq(productSellers.productId, shared!.productId))
      .orderBy(productSellers.sellerId)
    const [record] = (await productData(
      await productGet(ops, expected[0]!.id, { productIds: [shared!.productId] }),
    )) as unknown as { sellerIds: number[]; sellerNames: string[] }[]
    expect(record!.sellerIds).toEqual(expected.map((s) => s.id))
    expect(record!.sellerNames).toEqual(expected.map((s) => s.name))
  })

  it('codes 1 (not owned), 2 (ownership data missing) and 3 (unknown id) for a seller', async () => {
    const data = await productData(
      await productGet(ctx.seller, SELLER, {
        productIds: [seeded.notSellers[0], F.orphan, 1, seeded.sellers[0], F.firstPartyOnly],
      }),
    )
    expect(data.map((p) => [p.productId, p.verificationCode])).toEqual([
      [seeded.notSellers[0], 1],
      [F.orphan, 2],
      [1, 3],
      [seeded.sellers[0], 0],
      [F.firstPartyOnly, 1],
    ])
    // An unknown id answers only its id and code.
    expect(data[2]).toEqual({ productId: 1, verificationCode: 3 })
  })

  it("decides a BRAND's ownership by the product's brand: its own 0, another brand's 1, no brand 2", async () => {
    const data = await productData(
      await productGet(ctx.brand, BRAND, {
        productIds: [seeded.brand[0], seeded.notBrand, F.orphan, F.a, F.firstPartyOnly, 999_999_999],
      }),
    )
    expect(data.map((p) => p.verificationCode)).toEqual([0, 1, 2, 2, 0, 3])
    expect(data[0]!.brandId).toBe(BRAND)
    // The agency linked to the brand gets the brand's answer.
    const byAgency = await productData(
      await productGet(ctx.agency, BRAND, { productIds: [seeded.brand[0], seeded.notBrand] }),
    )
    expect(byAgency.map((p) => p.verificationCode)).toEqual([0, 1])
  })

  it("first party: seller '1' owns the 1P products, listed or not; staff act for it", async () => {
    const { t, ops } = ctx
    const [thirdParty] = await t.db
      .select({ id: products.productId })
      .from(products)
      .where(
        and(
          eq(products.availableAt3pSeller, true),
          sql`not exists (select 1 from ${productSellers} where ${productSellers.productId} = ${products.productId} and ${productSellers.sellerId} = 1)`,
        ),
      )
      .limit(1)
    const data = await productData(
      await productGet(ops, 1, { productIds: [seeded.firstParty, F.firstPartyOnly, thirdParty!.id] }),
    )
    expect(data.map((p) => p.verificationCode)).toEqual([0, 0, 1])
    expect(data[0]).toMatchObject({ availableAt3pSeller: false, sellerIds: [1] })
    expect(data[1]).toMatchObject({ availableAt3pSeller: false, sellerIds: [] })
  })

  it("refuses another advertiser's userId with 403 and a missing token with 401", async () => {
    const { t, seller, brand, agency } = ctx
    const body = { productIds: [seeded.sellers[0]] }
    for (const [token, userId] of [
      [seller, 100002],
      [seller, BRAND],
      [brand, SELLER],
      // The agency's link to 200004 was rejected, to 200008 delinked, to 200006 is pending.
      [agency, 200004],
      [agency, 200008],
      [agency, 200006],
      [await t.tokenFor('seller2@example.com'), SELLER],
    ] as const) {
      const response = await productGet(token, userId, body)
      expect(response.status, `userId ${userId}`).toBe(403)
      expect(await response.json()).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })
    }
    const anonymous = await productGet(undefined, SELLER, body)
    expect(anonymous.status).toBe(401)
    expect((await anonymous.json()).code).toBe(401)
    // A half-signed-in session (password only) is no caller either.
    const half = await productGet(await t.tokenFor('seller@example.com', 'PASSWORD'), SELLER, body)
    expect(half.status).toBe(401)
  })

  it('takes up to 50 ids; 51 is a 400 with the product-limit message', async () => {
    const fifty = seeded.sellers.slice(0, 50)
    expect((await productData(await productGet(ctx.seller, SELLER, { productIds: fifty }))).length).toBe(50)
    const response = await productGet(ctx.seller, SELLER, { productIds: seeded.sellers.slice(0, 51) })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body).toMatchObject({ code: 400, message: PRODUCT_LIMIT_MESSAGE, errorCode: 'VALIDATION_FAILED' })
    expect(body.fieldErrors.productIds).toEqual([PRODUCT_LIMIT_MESSAGE])
    // An empty list is an empty answer.
    expect(await productData(await productGet(ctx.seller, SELLER, { productIds: [] }))).toEqual([])
  })

  it('answers 4xx, never 500, to hostile bodies and queries', async () => {
    const { t, seller } = ctx
    const huge = Array.from({ length: 100_000 }, (_, i) => 10_000_000 + i)
    const bodies: unknown[] = [
      { productIds: ['10234501'] },
      { productIds: ['abc'] },
      { productIds: [`1\u0000`] },
      { productIds: [1.5] },
      { productIds: [-4] },
      { productIds: [0] },
      { productIds: [2 ** 63] },
      { productIds: [null] },
      { productIds: '1,2,3' },
      { productIds: { 0: 1 } },
      {},
      null,
      [1, 2],
      'x',
      { productIds: huge },
    ]
    for (const body of bodies) {
      const response = await productGet(seller, SELLER, body)
      expect(response.status, JSON.stringify(body)?.slice(0, 60)).toBe(400)
      expect((await response.json()).code).toBe(400)
    }
    const malformed = await t.request(`${INVENTORY_BASE}/v1/vertex/product/get?userId=${SELLER}`, {
      method: 'POST',
      token: seller,
      headers: { 'content-type': 'application/json' },
      body: '{"productIds": [1,',
    })
    expect(malformed.status).toBe(400)
    for (const userId of ['abc', '', '1e3', `${SELLER}\u0000`, '1\u0007', '-1', '0']) {
      const response = await productGet(seller, encodeURIComponent(userId), { productIds: [1] })
      expect(response.status, userId).toBe(400)
    }
  })
})

describe('POST /v1/adgroup/keyword/suggest', () => {
  it('ranks metadata keywords first, then by how many products share them, then recent clicks', async () => {
    const data = await suggestionData(await suggest(ctx.seller, SELLER, { products: [F.a, F.b] }))
    const words = data.map((s) => s.keyWord)
    // Metadata (weight 3): the shared keyword (2 products) first, then by clicks in the window (cheap 10
    // and gamma 10, alphabetically; beta 4), then alphabetically without clicks; 'Zqx Shared Word' and
    // 'zqx shared word' are one; 'Zqx Wi-Fi® Lamp!!' is cleaned to letters, digits, spaces and hyphens.
    // Then the category levels 2-4 (weight 2, both products), then the names (weight 1, one each).
    expect(words).toEqual([
      'zqx shared word',
      'zqx cheap',
      'zqx gamma',
      'zqx beta',
      'zqx alpha',
      'zqx wi-fi lamp',
      'zqx desk lamps',
      'zqx lamps',
      'zqxlite desk lamp a',
      'zqxlite desk lamp b',
    ])
  })

  it('prices each keyword at its recent cost per click, rounded to the paisa, with a ₹1.00 floor', async () => {
    const data = await suggestionData(await suggest(ctx.seller, SELLER, { products: [F.a, F.b] }))
    const bid = Object.fromEntries(data.map((s) => [s.keyWord, s.bid_price_suggestion]))
    expect(bid['zqx gamma']).toBe(323) // (1234 + 2000) / 10 = 323.4 paise
    expect(bid['zqx beta']).toBe(250) // only the window's first day: 1000 / 4
    expect(bid['zqx cheap']).toBe(BID_FLOOR_PAISE) // 5 paise a click is under the floor
    expect(bid['zqx alpha']).toBe(BID_FLOOR_PAISE) // clicks only before the window
    expect(bid['zqx shared word']).toBe(BID_FLOOR_PAISE) // never clicked
    expect(BID_FLOOR_PAISE).toBe(100)
  })

  it('reuses a keyword’s recent clicks and spend for five minutes, then reads them again', async () => {
    const { t, seller } = ctx
    const started = t.deps.now()
    const bidOf = async (keyword: string) =>
      (await suggestionData(await suggest(seller, SELLER, { products: [F.a, F.b] }))).find(
        (s) => s.keyWord === keyword,
      )?.bid_price_suggestion
    expect(await bidOf('zqx gamma')).toBe(323)
    const [group] = await t.db
      .select({ id: adGroups.id, campaignId: adGroups.campaignId })
      .from(adGroups)
      .limit(1)
    const extra = {
      day: today(),
      campaignId: group!.campaignId,
      adGroupId: group!.id,
      keyword: 'zqx gamma',
      placement: 'PRODUCT_PAGE' as const,
      clicks: 10,
      spend: 10_000,
    }
    await t.db.insert(performanceDaily).values(extra)
    try {
      // Within five minutes the remembered sums price it; after them the new fact counts:
      // (1234 + 2000 + 10000) / 20 = 661.7 paise.
      t.setNow(new Date(started.getTime() + KEYWORD_FACTS_TTL_MS - 1000))
      expect(await bidOf('zqx gamma')).toBe(323)
      t.setNow(new Date(started.getTime() + KEYWORD_FACTS_TTL_MS))
      expect(await bidOf('zqx gamma')).toBe(662)
    } finally {
      await t.db
        .delete(performanceDaily)
        .where(
          and(
            eq(performanceDaily.campaignId, extra.campaignId),
            eq(performanceDaily.adGroupId, extra.adGroupId),
            eq(performanceDaily.keyword, extra.keyword),
            eq(performanceDaily.placement, extra.placement),
          ),
        )
      t.setNow(started)
    }
  })

  it('gives at most 100 distinct keywords of letters, digits, spaces and hyphens for 50 products', async () => {
    const data = await suggestionData(
      await suggest(ctx.seller, SELLER, { products: seeded.sellers.slice(0, 50) }),
    )
    expect(data.length).toBe(100)
    const lower = data.map((s) => s.keyWord.toLowerCase())
    expect(new Set(lower).size).toBe(100)
    for (const s of data) {
      expect(s.keyWord).toMatch(SUGGESTED_KEYWORD_PATTERN)
      expect(s.keyWord).toMatch(/^[A-Za-z0-9 -]+$/)
      expect(s.bid_price_suggestion).toBeGreaterThanOrEqual(BID_FLOOR_PAISE)
    }
    // Seeded keywords with clicks in the window are priced from them, not at the floor.
    expect(data.some((s) => s.bid_price_suggestion > BID_FLOOR_PAISE)).toBe(true)
  })

  it('prices a seeded keyword from the seeded facts of the last 30 days', async () => {
    const { t } = ctx
    const since = addDays(today(), -29)
    const [top] = await t.db
      .select({
        keyword: productKeywords.keyword,
        clicks: sql<string>`sum(${performanceDaily.clicks})`,
        spend: sql<string>`sum(${performanceDaily.spend})`,
      })
      .from(productKeywords)
      .innerJoin(productSellers, eq(productSellers.productId, productKeywords.productId))
      .innerJoin(performanceDaily, sql`lower(${performanceDaily.keyword}) = ${productKeywords.keyword}`)
      .where(
        and(
          eq(productSellers.sellerId, SELLER),
          sql`${performanceDaily.day} >= ${since}`,
          sql`${performanceDaily.day} <= ${today()}`,
        ),
      )
      .groupBy(productKeywords.keyword)
      .having(sql`sum(${performanceDaily.clicks}) > 0`)
      .orderBy(sql`sum(${performanceDaily.clicks}) desc`)
      .limit(1)
    if (!top) throw new Error('the seed has no clicked keyword of seller 100001 in the last 30 days')
    const [product] = await t.db
      .select({ id: productKeywords.productId })
      .from(productKeywords)
      .innerJoin(productSellers, eq(productSellers.productId, productKeywords.productId))
      .where(and(eq(productKeywords.keyword, top.keyword), eq(productSellers.sellerId, SELLER)))
      .limit(1)
    const data = await suggestionData(await suggest(ctx.seller, SELLER, { products: [product!.id] }))
    const found = data.find((s) => s.keyWord === top.keyword)
    const expected = Math.max(BID_FLOOR_PAISE, Math.round(Number(top.spend) / Number(top.clicks)))
    expect(found?.bid_price_suggestion).toBe(expected)
  })

  it("refuses another advertiser's product (403), one without ownership data (403), an unknown id (400)", async () => {
    const { seller, brand } = ctx
    const notMine = await suggest(seller, SELLER, { products: [F.a, seeded.notSellers[0]] })
    expect(notMine.status).toBe(403)
    expect(await notMine.json()).toMatchObject({ code: 403, errorCode: 'FORBIDDEN', data: null })
    expect((await suggest(seller, SELLER, { products: [F.orphan] })).status).toBe(403)
    expect((await suggest(brand, BRAND, { products: [F.a] })).status).toBe(403)
    const unknown = await suggest(seller, SELLER, { products: [F.a, 1] })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).fieldErrors.products).toEqual(['Invalid product id: 1'])
    // The brand's own products are fine.
    await suggestionData(await suggest(brand, BRAND, { products: seeded.brand.slice(0, 3) }))
    expect(await suggestionData(await suggest(seller, SELLER, { products: [] }))).toEqual([])
  })

  it('checks the caller, the 50 cap and hostile input like product/get', async () => {
    const { seller, brand } = ctx
    expect((await suggest(undefined, SELLER, { products: [F.a] })).status).toBe(401)
    expect((await suggest(seller, 100002, { products: [F.a] })).status).toBe(403)
    expect((await suggest(brand, SELLER, { products: [F.a] })).status).toBe(403)
    const many = await suggest(seller, SELLER, { products: seeded.sellers.slice(0, 51) })
    expect(many.status).toBe(400)
    expect((await many.json()).message).toBe(PRODUCT_LIMIT_MESSAGE)
    for (const body of [{ products: ['x\u0000'] }, { products: 'abc' }, { products: [1.25] }, {}, null]) {
      expect((await suggest(seller, SELLER, body)).status).toBe(400)
    }
    const bare = await ctx.t.post(
      `${INVENTORY_BASE}/adgroup/keyword/suggest?userId=${SELLER}`,
      { products: [] },
      {
        token: seller,
      },
    )
    expect(bare.status).toBe(404)
  })
})
