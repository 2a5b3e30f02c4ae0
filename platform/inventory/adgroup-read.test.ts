// POST /v1/adgroup/list and /v1/adgroup/view (spec campaigns §3 "Ad group", §7; docs/decisions/028)
// against this file's database copy: a campaign of seller 100001 of our own (jm ids 992…) with two live
// groups and a deleted one, a seeded campaign of brand 200001 for the other-advertiser and agency cases.
import { and, asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { adGroupViewResponseSchema } from '../contracts/adgroup-read'
import { adGroupListResponseSchema } from '../contracts/campaign-editor'
import { adGroupProducts, adGroups, campaigns, keywordTargets, products } from '../db/schema'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, insertCampaign } from './test-support'

const ctx = campaignTestPlatform()
const LIST = `${INVENTORY_BASE}/v1/adgroup/list`
const VIEW = `${INVENTORY_BASE}/v1/adgroup/view`

const fixture = {} as {
  campaignId: number
  jmcampaignId: number
  live: number
  failed: number
  deleted: number
  thirdParty: typeof products.$inferSelect
  firstParty: typeof products.$inferSelect
  brandCampaignId: number
  brandGroupId: number
}

beforeAll(async () => {
  const { t } = ctx
  const campaign = await insertCampaign(t, { jmcampaignId: 992_000_001, name: 'Ad group reads' })
  const [thirdParty] = await t.db
    .select()
    .from(products)
    .where(eq(products.availableAt3pSeller, true))
    .orderBy(asc(products.productId))
    .limit(1)
  const [firstParty] = await t.db
    .select()
    .from(products)
    .where(eq(products.availableAt3pSeller, false))
    .orderBy(asc(products.productId))
    .limit(1)
  const group = async (jm: number, values: Partial<typeof adGroups.$inferInsert>) => {
    const [row] = await t.db
      .insert(adGroups)
      .values({
        jmAdgroupId: jm,
        campaignId: campaign.id,
        name: `Group ${jm}`,
        processingStatus: 2,
        ...values,
      })
      .returning()
    return row!.id
  }
  const live = await group(992_000_011, { lastError: 'an old failure, since fixed' })
  const failed = await group(992_000_012, {
    processingStatus: 3,
    lastError: 'Product 1 is no longer available to this seller or brand',
  })
  const deleted = await group(992_000_013, { state: 2 })
  await t.db.insert(adGroupProducts).values([
    { adGroupId: live, productId: firstParty!.productId },
    { adGroupId: live, productId: thirdParty!.productId },
    { adGroupId: failed, productId: thirdParty!.productId },
  ])
  await t.db.insert(keywordTargets).values([
    { adGroupId: live, keyword: 'running shoes', matchType: 1, bidPrice: 550 },
    { adGroupId: live, keyword: 'trail-running', matchType: 0, bidPrice: 300 },
    { adGroupId: live, keyword: 'sneakers', matchType: 2, bidPrice: 1200 },
  ])
  const [brandGroup] = await t.db
    .select({ id: adGroups.id, campaignId: adGroups.campaignId })
    .from(adGroups)
    .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
    .where(and(eq(campaigns.sellerId, 200001), eq(adGroups.state, 1)))
    .orderBy(asc(adGroups.id))
    .limit(1)
  Object.assign(fixture, {
    campaignId: campaign.id,
    jmcampaignId: campaign.jmcampaignId,
    live,
    failed,
    deleted,
    thirdParty: thirdParty!,
    firstParty: firstParty!,
    brandCampaignId: brandGroup!.campaignId,
    brandGroupId: brandGroup!.id,
  })
})

const list = (token: string | undefined, body: unknown) => ctx.t.post(LIST, body, { token })
const view = (token: string | undefined, body: unknown) => ctx.t.post(VIEW, body, { token })

async function data(response: Response) {
  expect(response.status).toBe(200)
  const body = await response.json()
  expect(body).toMatchObject({ code: 200, message: 'Success', errors: [] })
  return body.data
}

describe('POST /v1/adgroup/list', () => {
  it("lists the campaign's live ad groups with their counts, oldest first, deleted ones left out", async () => {
    const rows = await data(await list(ctx.seller, { channel_id: 4, campaign_id: fixture.campaignId }))
    expect(adGroupListResponseSchema.parse(rows)).toEqual(rows)
    expect(rows).toEqual([
      {
        id: fixture.live,
        jm_adgroup_id: 992_000_011,
        adGroupName: 'Group 992000011',
        processing_status: 2,
        state: 1,
        products_count: 2,
        keywords_count: 3,
      },
      {
        id: fixture.failed,
        jm_adgroup_id: 992_000_012,
        adGroupName: 'Group 992000012',
        processing_status: 3,
        state: 1,
        products_count: 1,
        keywords_count: 0,
      },
    ])
  })

  it('lets staff and a linked agency list; refuses another advertiser (403) and a missing token (401)', async () => {
    expect(await data(await list(ctx.ops, { channel_id: 4, campaign_id: fixture.campaignId }))).toHaveLength(
      2,
    )
    const brandRows = await data(
      await list(ctx.agency, { channel_id: 4, campaign_id: fixture.brandCampaignId }),
    )
    expect(brandRows.map((r: { id: number }) => r.id)).toContain(fixture.brandGroupId)

    const other = await list(ctx.brand, { channel_id: 4, campaign_id: fixture.campaignId })
    expect(other.status).toBe(403)
    expect((await other.json()).errorCode).toBe('FORBIDDEN')
    expect((await list(ctx.agency, { channel_id: 4, campaign_id: fixture.campaignId })).status).toBe(403)
    expect((await list(ctx.seller, { channel_id: 4, campaign_id: fixture.brandCampaignId })).status).toBe(403)
    expect((await list(undefined, { channel_id: 4, campaign_id: fixture.campaignId })).status).toBe(401)
  })

  it('answers an unknown campaign 403 to an advertiser and 404 to staff, and another channel 404', async () => {
    expect((await list(ctx.seller, { channel_id: 4, campaign_id: 987_654_321 })).status).toBe(403)
    expect((await list(ctx.ops, { channel_id: 4, campaign_id: 987_654_321 })).status).toBe(404)
    expect((await list(ctx.seller, { channel_id: 5, campaign_id: fixture.campaignId })).status).toBe(404)
  })
})

describe('POST /v1/adgroup/view', () => {
  it('shows the group with its products as the list shows them (3P/1P tag) and its keywords', async () => {
    const group = await data(await view(ctx.seller, { channel_id: 4, id: fixture.live }))
    expect(adGroupViewResponseSchema.parse(group)).toEqual(group)
    const shown = (p: typeof products.$inferSelect, tag: '3P' | '1P') => ({
      productId: p.productId,
      name: p.name,
      imageUrl: p.imageUrl,
      inStock: p.inStock,
      availableAt3pSeller: p.availableAt3pSeller,
      effectivePrice: p.effectivePrice,
      tag,
    })
    expect(group).toEqual({
      id: fixture.live,
      jm_adgroup_id: 992_000_011,
      adGroupName: 'Group 992000011',
      processing_status: 2,
      state: 1,
      products_count: 2,
      keywords_count: 3,
      campaign_id: fixture.campaignId,
      jmcampaign_id: fixture.jmcampaignId,
      products: [shown(fixture.firstParty, '1P'), shown(fixture.thirdParty, '3P')].sort(
        (a, b) => a.productId - b.productId,
      ),
      keywords: [
        { id: expect.any(Number), keyword: 'running shoes', match_type: 1, bid_price: 550 },
        { id: expect.any(Number), keyword: 'trail-running', match_type: 0, bid_price: 300 },
        { id: expect.any(Number), keyword: 'sneakers', match_type: 2, bid_price: 1200 },
      ],
      // The old error of a group that has since completed is not shown.
      failureReason: null,
    })
  })

  it("gives a failed group's reason", async () => {
    const group = await data(await view(ctx.seller, { channel_id: 4, id: fixture.failed }))
    expect(group).toMatchObject({
      processing_status: 3,
      failureReason: 'Product 1 is no longer available to this seller or brand',
      keywords: [],
    })
  })

  it('refuses another advertiser (403), hides unknown ids from advertisers (403, staff 404), needs a token', async () => {
    expect((await view(ctx.brand, { channel_id: 4, id: fixture.live })).status).toBe(403)
    expect((await view(ctx.agency, { channel_id: 4, id: fixture.live })).status).toBe(403)
    expect((await view(ctx.seller, { channel_id: 4, id: fixture.brandGroupId })).status).toBe(403)
    expect((await view(ctx.seller, { channel_id: 4, id: 987_654_321 })).status).toBe(403)
    expect((await view(ctx.ops, { channel_id: 4, id: 987_654_321 })).status).toBe(404)
    expect((await view(undefined, { channel_id: 4, id: fixture.live })).status).toBe(401)
    expect(await data(await view(ctx.agency, { channel_id: 4, id: fixture.brandGroupId }))).toMatchObject({
      id: fixture.brandGroupId,
      campaign_id: fixture.brandCampaignId,
    })
    expect(await data(await view(ctx.ops, { channel_id: 4, id: fixture.live }))).toMatchObject({
      id: fixture.live,
    })
  })

  it('answers a deleted group and another channel 404', async () => {
    const deleted = await view(ctx.seller, { channel_id: 4, id: fixture.deleted })
    expect(deleted.status).toBe(404)
    expect((await deleted.json()).message).toBe('Ad group not found')
    expect((await view(ctx.seller, { channel_id: 5, id: fixture.live })).status).toBe(404)
  })
})

describe('hostile bodies', () => {
  it('a malformed or missing body is a 400', async () => {
    for (const path of [LIST, VIEW]) {
      const malformed = await ctx.t.request(path, {
        method: 'POST',
        token: ctx.seller,
        headers: { 'content-type': 'application/json' },
        body: '{"channel_id": 4,',
      })
      expect(malformed.status).toBe(400)
      expect((await list(ctx.seller, {})).status).toBe(400)
      expect((await ctx.t.post(path, [], { token: ctx.seller })).status).toBe(400)
    }
  })

  it('any JSON body gets a 4xx (or a 200 for a valid one), never a 500 (fast-check)', async () => {
    const id = fc.oneof(
      fc.constantFrom(fixture.live, fixture.campaignId, fixture.deleted, 0, -1, 2 ** 53, 1.5),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.constant(null),
    )
    const body = fc.oneof(
      fc.record({ channel_id: id, campaign_id: id, id }, { requiredKeys: [] }),
      fc.jsonValue(),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(LIST, VIEW), body, async (path, value) => {
        const response = await ctx.t.post(path, value, { token: ctx.seller })
        expect([200, 400, 403, 404]).toContain(response.status)
      }),
      { numRuns: 150 },
    )
  })
})
