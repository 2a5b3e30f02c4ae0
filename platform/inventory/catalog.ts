// The catalog calls of the campaign editor (spec campaigns §7; decision 025):
// POST /v1/vertex/product/get?userId   body {productIds} → product records with §8 verification codes;
// POST /v1/adgroup/keyword/suggest?userId body {products} → [{keyWord, bid_price_suggestion}].
// Both act for the advertiser `userId` (assertMayActFor) and decide ownership with the one rule in
// platform/rules/products.ts.
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { assertMayActFor } from '../auth/authorize'
import {
  catalogQuerySchema,
  type KeywordSuggestResponse,
  keywordSuggestBodySchema,
  type ProductGetResponse,
  productGetBodySchema,
  type ProductRecord,
} from '../contracts/catalog'
import { equalsAny } from '../db/any'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { accounts, performanceDaily, productKeywords, products, productSellers } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, forbidden } from '../errors'
import { type Env, ok } from '../http'
import { sharedRead } from '../request-reads'
import { type Advertiser, ProductVerification, uniqueProductIds, verifyKnownProduct } from '../rules/products'
import { addDays, istDate } from '../rules/time'
import {
  type Candidate,
  CPC_WINDOW_DAYS,
  catalogKeywordText,
  type KeywordFacts,
  rankSuggestions,
} from './catalog-keywords'

/**
 * The advertiser account `userId` names (the caller may act for it: it exists). product/get and
 * keyword/suggest, asked at once by the editor, share one read (`request`: platform/request-reads.ts).
 */
async function advertiserOf(db: Database, userId: number, request?: Request): Promise<Advertiser> {
  const [row] = await sharedRead(request, `account kind ${userId}`, () =>
    preparedOnce(db, 'account kind', () =>
      db
        .select({ kind: accounts.kind })
        .from(accounts)
        .where(eq(accounts.id, sql.placeholder('id')))
        .limit(1)
        .prepare(''),
    ).execute({ id: userId }),
  )
  if (!row) throw forbidden()
  return { kind: row.kind, id: userId }
}

type CatalogProduct = Omit<ProductRecord, 'verificationCode'>

/**
 * The catalog records of these ids (unknown ids are absent), keyed by id. product/get and keyword/suggest,
 * asked at once by the editor for a group's products, share one read (`request`:
 * platform/request-reads.ts); the map is shared, read only.
 */
function catalogProducts(
  db: Database,
  ids: readonly number[],
  request?: Request,
): Promise<ReadonlyMap<number, CatalogProduct>> {
  const key = `catalog products ${[...ids].sort((a, b) => a - b).join(' ')}`
  return sharedRead(request, key, () => readCatalogProducts(db, ids))
}

async function readCatalogProducts(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, CatalogProduct>> {
  const found = new Map<number, CatalogProduct>()
  if (ids.length === 0) return found
  // Each product with its sellers (id order) in one statement: a correlated JSON list per product.
  // Columns are spelled out: in a one-table select drizzle leaves its own columns unqualified.
  const rows = await preparedOnce(db, 'catalog products', () =>
    db
      .select({
        product: products,
        sellers: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', ps.seller_id, 'name', a.name) order by ps.seller_id)
        from ${productSellers} ps join ${accounts} a on a.id = ps.seller_id
        where ps.product_id = ${products}.product_id
      ), '[]'::json)`,
      })
      .from(products)
      .where(equalsAny(products.productId, sql.placeholder('ids'), 'bigint'))
      .prepare(''),
  ).execute({ ids })
  for (const { product: p, sellers } of rows) {
    found.set(p.productId, {
      productId: p.productId,
      name: p.name,
      imagePath: p.imagePath,
      imageUrl: p.imageUrl,
      inStock: p.inStock,
      availableAt3pSeller: p.availableAt3pSeller,
      sellerIds: sellers.map((s) => Number(s.id)),
      sellerNames: sellers.map((s) => s.name),
      brand: p.brand,
      brandId: p.brandId,
      categoryLevel: {
        level0: p.categoryLevel0,
        level1: p.categoryLevel1,
        level2: p.categoryLevel2,
        level3: p.categoryLevel3,
        level4: p.categoryLevel4,
      },
      markedPrice: p.markedPrice,
      effectivePrice: p.effectivePrice,
      discount: p.discount,
      discountPct: Number(p.discountPct),
      buyBox: p.buyBox,
      optionCode: p.optionCode,
      popularity: p.popularity,
    })
  }
  return found
}

/** One entry per distinct id, in request order, each with its verification code for the advertiser. */
export async function productGet(
  db: Database,
  advertiser: Advertiser,
  productIds: readonly number[],
  request?: Request,
): Promise<ProductGetResponse> {
  const ids = uniqueProductIds(productIds)
  const found = await catalogProducts(db, ids, request)
  return ids.map((productId) => {
    const product = found.get(productId)
    if (!product) return { productId, verificationCode: ProductVerification.InvalidId }
    return { ...product, verificationCode: verifyKnownProduct(product, advertiser) }
  })
}

/** How long a keyword's clicks and spend over the CPC window are reused before they are read again. */
export const KEYWORD_FACTS_TTL_MS = 5 * 60_000
/** At most this many keywords are remembered per database handle; past it the memory starts again. */
const KEYWORD_FACTS_MAX = 20_000

type RememberedFacts = { day: string; entries: Map<string, { facts: KeywordFacts | null; at: number }> }
const rememberedFacts = new WeakMap<object, RememberedFacts>()

/**
 * Clicks and spend per keyword (lower case) over the CPC window ending today (IST). Each keyword's sums
 * are remembered for a few minutes on this database handle (decision 080): they price suggestions, the
 * facts behind them arrive by the hour, and reading them is the editor's most costly statement (an
 * index range per keyword over every advertiser's facts). A new IST day starts the memory afresh.
 */
async function keywordFacts(db: Database, keywords: readonly string[], now: Date) {
  const facts = new Map<string, KeywordFacts>()
  if (keywords.length === 0) return facts
  const today = istDate(now)
  const at = now.getTime()
  let memory = rememberedFacts.get(db)
  if (!memory || memory.day !== today || memory.entries.size > KEYWORD_FACTS_MAX) {
    memory = { day: today, entries: new Map() }
    rememberedFacts.set(db, memory)
  }
  const missing: string[] = []
  for (const keyword of keywords) {
    const known = memory.entries.get(keyword)
    if (!known || at - known.at < 0 || at - known.at >= KEYWORD_FACTS_TTL_MS) missing.push(keyword)
    else if (known.facts) facts.set(keyword, known.facts)
  }
  if (missing.length === 0) return facts
  const keyword = sql<string>`lower(${performanceDaily.keyword})`
  const rows = await preparedOnce(db, 'keyword facts', () =>
    db
      .select({
        keyword,
        clicks: sql<string>`sum(${performanceDaily.clicks})`,
        spend: sql<string>`sum(${performanceDaily.spend})`,
      })
      .from(performanceDaily)
      .where(
        and(
          gte(performanceDaily.day, sql.placeholder('from')),
          lte(performanceDaily.day, sql.placeholder('to')),
          equalsAny(keyword, sql.placeholder('keywords'), 'text'),
        ),
      )
      .groupBy(keyword)
      .prepare(''),
  ).execute({ from: addDays(today, -(CPC_WINDOW_DAYS - 1)), to: today, keywords: missing })
  const read = new Map(
    rows.map((row) => [row.keyword, { clicks: Number(row.clicks), spend: Number(row.spend) }]),
  )
  // A keyword without facts in the window is remembered as none, so it is not asked for again either.
  for (const keyword of missing) {
    const found = read.get(keyword) ?? null
    memory.entries.set(keyword, { facts: found, at })
    if (found) facts.set(keyword, found)
  }
  return facts
}

/**
 * Suggestions for the advertiser's products. Every product must be valid for the advertiser: another
 * advertiser's product (or one without ownership data) is 403, an unknown id 400.
 */
export async function keywordSuggest(
  db: Database,
  advertiser: Advertiser,
  productIds: readonly number[],
  now: Date,
  request?: Request,
): Promise<KeywordSuggestResponse> {
  const records = await productGet(db, advertiser, productIds, request)
  const refused = records.filter(
    (r) =>
      r.verificationCode === ProductVerification.NotOwned ||
      r.verificationCode === ProductVerification.OwnershipMissing,
  )
  if (refused.length > 0) {
    throw forbidden(
      `Products not available to this advertiser: ${refused.map((r) => r.productId).join(', ')}`,
    )
  }
  const unknown = records.filter((r) => r.verificationCode === ProductVerification.InvalidId)
  if (unknown.length > 0) {
    const message = `Invalid product id: ${unknown.map((r) => r.productId).join(', ')}`
    throw badRequest(message, { products: [message] })
  }
  const ids = records.map((r) => r.productId)
  if (ids.length === 0) return []

  const candidates: Candidate[] = []
  const add = (raw: string | null, productId: number, source: Candidate['source']) => {
    const keyword = raw === null ? null : catalogKeywordText(raw)
    if (keyword) candidates.push({ keyword, productId, source })
  }
  const metadata = await preparedOnce(db, 'product keywords', () =>
    db
      .select({ productId: productKeywords.productId, keyword: productKeywords.keyword })
      .from(productKeywords)
      .where(equalsAny(productKeywords.productId, sql.placeholder('ids'), 'bigint'))
      .prepare(''),
  ).execute({ ids })
  for (const row of metadata) add(row.keyword, row.productId, 'METADATA')
  for (const record of records) {
    if (record.verificationCode === ProductVerification.InvalidId) continue
    const { level2, level3, level4 } = record.categoryLevel
    const leaf = level4 || level3
    add(level2, record.productId, 'CATEGORY')
    add(level3, record.productId, 'CATEGORY')
    add(level4, record.productId, 'CATEGORY')
    if (record.brand && leaf) add(`${record.brand} ${leaf}`, record.productId, 'CATEGORY')
    add(record.name, record.productId, 'NAME')
  }
  const facts = await keywordFacts(db, [...new Set(candidates.map((c) => c.keyword))], now)
  return rankSuggestions(candidates, facts)
}

export function catalogRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: POST /v1/vertex/product/get?userId, body {productIds:[..]}.
  app.post('/v1/vertex/product/get', async (c) => {
    const { userId } = catalogQuerySchema.parse(c.req.query())
    const body = productGetBodySchema.parse(await c.req.json())
    const db = deps.database.db
    await assertMayActFor(db, c.get('auth'), userId)
    return ok(c, await productGet(db, await advertiserOf(db, userId, c.req.raw), body.productIds, c.req.raw))
  })

  // spec §7: POST /adgroup/keyword/suggest, body {products:[..]}; under /v1 like every inventory call.
  app.post('/v1/adgroup/keyword/suggest', async (c) => {
    const { userId } = catalogQuerySchema.parse(c.req.query())
    const body = keywordSuggestBodySchema.parse(await c.req.json())
    const db = deps.database.db
    await assertMayActFor(db, c.get('auth'), userId)
    const advertiser = await advertiserOf(db, userId, c.req.raw)
    return ok(c, await keywordSuggest(db, advertiser, body.products, deps.now(), c.req.raw))
  })

  return app
}
