// The ad-group processing job (docs/decisions/028) against this file's copy of the seeded database:
// pending groups of our own (campaigns with jm ids 991…) move 0 → 1 → 2, or 3 with a reason; a group
// stuck in Processing is retried; concurrent runs never process a group twice; a kick runs it at once.
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adGroupProducts,
  adGroups,
  auditLog,
  type campaigns,
  keywordTargets,
  products,
  productSellers,
} from '../db/schema'
import { insertCampaign as insertTestCampaign } from '../inventory/test-support'
import { MESSAGES } from '../rules/campaign-editor'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { jobDefinitions, startJobs } from '.'
import {
  AD_GROUP_PROCESSING_JOB,
  adGroupProblems,
  adGroupProcessing,
  failureText,
  processPendingAdGroups,
  STALE_PROCESSING_MS,
} from './ad-group-processing'

let t: TestPlatform
const SELLER = 100001
/** Products seller 100001 lists (seeded). */
let owned: number[] = []
/** A product seller 100001 does not list. */
let notOwned: number

beforeAll(async () => {
  t = await createTestPlatform()
  owned = (
    await t.db
      .select({ id: productSellers.productId })
      .from(productSellers)
      .where(eq(productSellers.sellerId, SELLER))
      .orderBy(asc(productSellers.productId))
      .limit(8)
  ).map((r) => r.id)
  const others = await t.db
    .select({ id: products.productId })
    .from(products)
    .innerJoin(productSellers, eq(productSellers.productId, products.productId))
    .orderBy(asc(products.productId))
    .limit(200)
  const own = new Set(
    (
      await t.db
        .select({ id: productSellers.productId })
        .from(productSellers)
        .where(eq(productSellers.sellerId, SELLER))
    ).map((r) => r.id),
  )
  notOwned = others.find((r) => !own.has(r.id))!.id
  expect(owned.length).toBe(8)
  expect(notOwned).toBeGreaterThan(0)
})
afterAll(async () => {
  await t.close()
})

let nextJm = 991_000_000
async function pendingGroup(
  options: {
    products?: number[]
    keywords?: string[]
    campaign?: Partial<typeof campaigns.$inferInsert>
    group?: Partial<typeof adGroups.$inferInsert>
  } = {},
) {
  nextJm += 1
  const campaign = await insertTestCampaign(t, {
    jmcampaignId: nextJm,
    name: `Processing test ${nextJm}`,
    ...options.campaign,
  })
  const [group] = await t.db
    .insert(adGroups)
    .values({
      jmAdgroupId: nextJm,
      campaignId: campaign.id,
      name: 'Ad Group - 1',
      processingStatus: 0,
      updatedAt: t.deps.now(),
      ...options.group,
    })
    .returning()
  const productIds = options.products ?? owned.slice(0, 2)
  if (productIds.length > 0)
    await t.db
      .insert(adGroupProducts)
      .values(productIds.map((productId) => ({ adGroupId: group!.id, productId })))
  const keywords = options.keywords ?? ['running shoes', 'trail-running']
  if (keywords.length > 0)
    await t.db
      .insert(keywordTargets)
      .values(keywords.map((keyword) => ({ adGroupId: group!.id, keyword, matchType: 1, bidPrice: 500 })))
  return group!.id
}

const groupRow = async (id: number) => {
  const [row] = await t.db
    .select({ status: adGroups.processingStatus, lastError: adGroups.lastError })
    .from(adGroups)
    .where(eq(adGroups.id, id))
  return row!
}
/** The job's audit entries of a group: on its campaign, naming the group. */
const entriesOf = async (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'ADGROUP_PROCESSING'), sql`${auditLog.after}->>'adGroupId' = ${String(id)}`),
    )
    .orderBy(asc(auditLog.id))
const transitionsOf = async (id: number) =>
  (await entriesOf(id)).map((row) => ({
    entityType: row.entityType,
    entityId: row.entityId,
    from: (row.before as { processing_status: number }).processing_status,
    to: (row.after as { processing_status: number }).processing_status,
    action: row.action,
    actorUserId: row.actorUserId,
    actorRole: row.actorRole,
    retry: (row.after as { retry?: boolean }).retry ?? false,
  }))

describe('ad-group processing job', () => {
  it('is registered as a per-minute cron', () => {
    expect(adGroupProcessing).toMatchObject({ name: 'ad-group-processing', cron: '* * * * *' })
    expect(jobDefinitions).toContain(adGroupProcessing)
  })

  it('moves a pending group Pending → Processing → Completed, audited with the system as actor', async () => {
    const id = await pendingGroup()
    const result = await processPendingAdGroups(t.deps)
    expect(result.completed).toContain(id)
    expect(await groupRow(id)).toEqual({ status: 2, lastError: null })
    const [campaignId] = (
      await t.db.select({ c: adGroups.campaignId }).from(adGroups).where(eq(adGroups.id, id))
    ).map((r) => String(r.c))
    const entry = { entityType: 'campaign', entityId: campaignId, action: 'ADGROUP_PROCESSING' }
    const system = { actorUserId: null, actorRole: 'system' }
    expect(await transitionsOf(id)).toEqual([
      { ...entry, ...system, from: 0, to: 1, retry: false },
      { ...entry, ...system, from: 1, to: 2, retry: false },
    ])
    // Nothing left to do: a second run touches no group of ours again.
    const again = await processPendingAdGroups(t.deps)
    expect([...again.completed, ...again.failed]).not.toContain(id)
    expect(await transitionsOf(id)).toHaveLength(2)
  })

  it('fails a group with a product the advertiser no longer owns, with a reason a user can read', async () => {
    const [kept, dropped] = [owned[2]!, owned[3]!]
    const id = await pendingGroup({ products: [kept, dropped] })
    // After the group was submitted, the product passes to another seller (this one stops listing it).
    const [other] = await t.db
      .select({ id: productSellers.sellerId })
      .from(productSellers)
      .where(ne(productSellers.sellerId, SELLER))
      .limit(1)
    await t.db
      .delete(productSellers)
      .where(and(eq(productSellers.productId, dropped), eq(productSellers.sellerId, SELLER)))
    await t.db
      .insert(productSellers)
      .values({ productId: dropped, sellerId: other!.id })
      .onConflictDoNothing()
    const result = await processPendingAdGroups(t.deps)
    expect(result.failed).toContain(id)
    expect(await groupRow(id)).toEqual({
      status: 3,
      lastError: `Product ${dropped} is no longer available to this seller or brand`,
    })
    const transitions = await transitionsOf(id)
    expect(transitions.map((x) => [x.from, x.to])).toEqual([
      [0, 1],
      [1, 3],
    ])
    const failedEntry = (await entriesOf(id))[1]
    expect(failedEntry!.after).toMatchObject({
      processing_status: 3,
      last_error: `Product ${dropped} is no longer available to this seller or brand`,
    })
  })

  it('fails a group with another seller’s product and a keyword the rule refuses, naming each', async () => {
    const id = await pendingGroup({ products: [owned[4]!, notOwned], keywords: ['good one', 'bad!word'] })
    await processPendingAdGroups(t.deps)
    const row = await groupRow(id)
    expect(row.status).toBe(3)
    expect(row.lastError).toBe(
      `Product ${notOwned} is no longer available to this seller or brand; ` +
        `Keyword "bad!word" is not allowed: ${MESSAGES.invalidKeyword}`,
    )
  })

  it('fails a Category group whose product lost a category level, with the spec’s message', async () => {
    const product = owned[5]!
    await t.db.update(products).set({ categoryLevel2: null }).where(eq(products.productId, product))
    const id = await pendingGroup({
      products: [product],
      campaign: { targetingType: 'Category', adFormatType: 2 },
    })
    await processPendingAdGroups(t.deps)
    expect(await groupRow(id)).toEqual({
      status: 3,
      lastError: `Category level doesn't exists for the product ${product}`,
    })
  })

  it('retries a group stuck in Processing for more than 10 minutes, and leaves a recent one alone', async () => {
    const now = t.deps.now().getTime()
    const stuck = await pendingGroup({
      group: { processingStatus: 1, updatedAt: new Date(now - STALE_PROCESSING_MS - 60_000) },
    })
    const busy = await pendingGroup({
      group: { processingStatus: 1, updatedAt: new Date(now - STALE_PROCESSING_MS / 2) },
    })
    const result = await processPendingAdGroups(t.deps)
    expect(result.completed).toContain(stuck)
    expect([...result.completed, ...result.failed]).not.toContain(busy)
    expect(await groupRow(stuck)).toEqual({ status: 2, lastError: null })
    expect((await transitionsOf(stuck)).map((x) => [x.from, x.to, x.retry])).toEqual([
      [1, 1, true],
      [1, 2, false],
    ])
    expect(await groupRow(busy)).toEqual({ status: 1, lastError: null })
    expect(await transitionsOf(busy)).toEqual([])

    // Eleven minutes later the busy one's run is taken to have died: it is retried too.
    t.setNow(new Date(now + STALE_PROCESSING_MS + 60_000))
    try {
      expect((await processPendingAdGroups(t.deps)).completed).toContain(busy)
      expect(await groupRow(busy)).toEqual({ status: 2, lastError: null })
    } finally {
      t.setNow(new Date(now))
    }
  })

  it('leaves groups of deleted campaigns, and deleted groups, pending; a draft campaign’s submitted group is processed', async () => {
    const draft = await pendingGroup({ campaign: { submission: 'DRAFT', state: null } })
    const ofDeleted = await pendingGroup({ campaign: { deletedAt: t.deps.now() } })
    const deletedGroup = await pendingGroup({ group: { state: 2 } })
    const result = await processPendingAdGroups(t.deps)
    expect(result.completed).toContain(draft)
    for (const id of [ofDeleted, deletedGroup]) {
      expect([...result.completed, ...result.failed, ...result.skipped]).not.toContain(id)
      expect((await groupRow(id)).status).toBe(0)
    }
  })

  it('processes at most `limit` groups a run, oldest first; the next run takes the rest', async () => {
    // Drain whatever earlier tests or the seed left, then queue three.
    await processPendingAdGroups(t.deps)
    const base = t.deps.now().getTime()
    const ids = [
      await pendingGroup({ group: { updatedAt: new Date(base - 3000) } }),
      await pendingGroup({ group: { updatedAt: new Date(base - 2000) } }),
      await pendingGroup({ group: { updatedAt: new Date(base - 1000) } }),
    ]
    const first = await processPendingAdGroups(t.deps, { limit: 2 })
    expect(first.completed).toEqual(ids.slice(0, 2))
    expect((await groupRow(ids[2]!)).status).toBe(0)
    const second = await processPendingAdGroups(t.deps, { limit: 2 })
    expect(second.completed).toEqual([ids[2]])
  })

  it('two (or three) concurrent runs never process one group twice', async () => {
    await processPendingAdGroups(t.deps)
    const ids: number[] = []
    // Products no earlier test took away from the seller.
    const usable = [owned[0]!, owned[1]!, owned[2]!, owned[6]!, owned[7]!]
    for (let i = 0; i < 25; i++) ids.push(await pendingGroup({ products: [usable[i % usable.length]!] }))
    const runs = await Promise.all([
      processPendingAdGroups(t.deps),
      processPendingAdGroups(t.deps),
      processPendingAdGroups(t.deps),
    ])
    const done = runs.flatMap((r) => r.completed)
    expect(done.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual(
      [...ids].sort((a, b) => a - b),
    )
    expect(new Set(done).size).toBe(done.length)
    for (const id of ids) {
      expect((await transitionsOf(id)).map((x) => [x.from, x.to])).toEqual([
        [0, 1],
        [1, 2],
      ])
    }
  })

  it('runs at once when its queue is sent a job (the kick), not only on the minute', async () => {
    const id = await pendingGroup()
    const jobs = await startJobs(t.deps, [adGroupProcessing])
    try {
      await jobs.boss.send(AD_GROUP_PROCESSING_JOB, {})
      await expect.poll(async () => (await groupRow(id)).status, { timeout: 20_000, interval: 250 }).toBe(2)
    } finally {
      await jobs.stop()
    }
  }, 40_000)
})

describe('the check and the reason text (pure)', () => {
  const catalog = (sellerIds: number[]) => ({
    sellerIds,
    brandId: null,
    availableAt3pSeller: true,
    categoryLevel: { level0: 'a', level1: 'b', level2: 'c', level3: 'd', level4: 'e' },
  })

  it('passes exactly when every product is the seller’s and every keyword is allowed', () => {
    const keyword = fc.oneof(
      fc.stringMatching(/^[a-z0-9][a-z0-9 -]{0,20}$/),
      fc.stringMatching(/^[a-z]{1,5}[!@#$%&*.,;:][a-z]{0,5}$/),
    )
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 1e9 }), fc.boolean()), { minLength: 1, maxLength: 10 }),
        fc.array(keyword, { maxLength: 10 }),
        (items, keywords) => {
          const problems = adGroupProblems({
            advertiser: { kind: 'SELLER', id: SELLER },
            sellerId: SELLER,
            targetingType: 'Keyword',
            products: items.map(([productId, mine]) => ({
              productId,
              catalog: catalog(mine ? [SELLER] : [SELLER + 1]),
            })),
            keywords,
          })
          const badProducts = items.filter(([, mine]) => !mine).length
          const badKeywords = keywords.filter((k) => !/^[a-z0-9 -]+$/.test(k) || k.trim() === '').length
          expect(problems).toHaveLength(badProducts + badKeywords)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('says a product the catalog no longer has, no products at all, and a missing advertiser', () => {
    const base = {
      advertiser: { kind: 'SELLER' as const, id: SELLER },
      sellerId: SELLER,
      targetingType: 'Keyword' as const,
      keywords: [],
    }
    expect(adGroupProblems({ ...base, products: [{ productId: 7, catalog: null }] })).toEqual([
      'Product 7 is no longer available in the catalog',
    ])
    expect(adGroupProblems({ ...base, products: [] })).toEqual(['No valid products found'])
    expect(adGroupProblems({ ...base, advertiser: null, products: [] })).toEqual([
      `Advertiser account ${SELLER} no longer exists`,
    ])
  })

  it('keeps the first three reasons and counts the rest', () => {
    expect(failureText(['a'])).toBe('a')
    expect(failureText(['a', 'b', 'c'])).toBe('a; b; c')
    expect(failureText(['a', 'b', 'c', 'd', 'e'])).toBe('a; b; c; and 2 more')
  })
})
