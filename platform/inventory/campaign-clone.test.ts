import { and, asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import {
  adGroupProducts,
  adGroups,
  auditLog,
  campaignPincodes,
  campaigns,
  creditLimits,
  keywordTargets,
  performanceDaily,
  pincodes,
} from '../db/schema'
import { applyCampaignStates } from '../jobs/campaign-states'
import { log } from '../log'
import { availableCredit, creditParts } from '../payments/credits'
import { availableCredits } from '../rules/campaigns'
import { cloneSchedule, copyName } from './campaign-clone'
import { encodeName } from './campaign-access'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, decodeName, findCampaign } from './test-support'

const ctx = campaignTestPlatform()

const BASE = INVENTORY_BASE
const clone = (token: string, id: number) =>
  ctx.t.post(`${BASE}/v1/campaign/${id}/clone`, undefined, { token })
const view = async (token: string, id: number) =>
  (await (await ctx.t.post(`${BASE}/v1/campaign/view`, { id }, { token })).json()).data
const countCampaigns = async () =>
  Number((await ctx.t.db.select({ n: sql<string>`count(*)` }).from(campaigns))[0]!.n)
/** Each live ad group's name, products and keywords, in ad group order. */
const groupContents = async (campaignId: number) => {
  const groups = await ctx.t.db
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.campaignId, campaignId), sql`${adGroups.state} <> 2`))
    .orderBy(asc(adGroups.id))
  return Promise.all(
    groups.map(async (g) => ({
      name: g.name,
      products: (
        await ctx.t.db
          .select({ id: adGroupProducts.productId })
          .from(adGroupProducts)
          .where(eq(adGroupProducts.adGroupId, g.id))
          .orderBy(asc(adGroupProducts.productId))
      ).map((p) => p.id),
      keywords: await ctx.t.db
        .select({
          keyword: keywordTargets.keyword,
          matchType: keywordTargets.matchType,
          bid: keywordTargets.bidPrice,
        })
        .from(keywordTargets)
        .where(eq(keywordTargets.adGroupId, g.id))
        .orderBy(asc(keywordTargets.keyword)),
    })),
  )
}

describe('copy name and schedule', () => {
  it("appends ' - copy', then ' - copy 2', ' - copy 3'… to the first free name", () => {
    expect(copyName('Diwali', [])).toBe('Diwali - copy')
    expect(copyName('Diwali', ['Diwali - copy'])).toBe('Diwali - copy 2')
    expect(copyName('Diwali', ['diwali - COPY', 'Diwali - copy 2', 'Diwali - copy 4'])).toBe(
      'Diwali - copy 3',
    )
  })

  it('starts no earlier than now + 2 minutes and keeps only an end after the new start', () => {
    const now = new Date('2026-03-10T06:30:00Z') // 12:00 IST
    const past = new Date('2026-02-01T00:00:00Z')
    const future = new Date('2026-04-01T18:30:00Z')
    const later = new Date('2026-05-01T18:29:59Z')
    expect(cloneSchedule({ startTime: past, expireTime: later, budgetPacing: 3 }, now)).toEqual({
      startTime: new Date('2026-03-10T06:32:00Z'),
      expireTime: later,
      budgetPacing: 3,
    })
    expect(cloneSchedule({ startTime: future, expireTime: later, budgetPacing: 2 }, now)).toEqual({
      startTime: future,
      expireTime: later,
      budgetPacing: 2,
    })
    // An end already past becomes Lifetime; Lifetime drops frontloaded/evenly pacing for asap.
    expect(cloneSchedule({ startTime: past, expireTime: past, budgetPacing: 3 }, now)).toEqual({
      startTime: new Date('2026-03-10T06:32:00Z'),
      expireTime: null,
      budgetPacing: 1,
    })
    expect(cloneSchedule({ startTime: past, expireTime: null, budgetPacing: 4 }, now).budgetPacing).toBe(4)
  })
})

describe('campaign clone', () => {
  it('copies the campaign as a draft with its pincodes and live ad groups, products and keywords', async () => {
    const { t, seller } = ctx
    // seller@example.com's running keyword campaign that also has a deleted ad group.
    const [withDeleted] = await t.db
      .select({ campaignId: adGroups.campaignId })
      .from(adGroups)
      .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
      .where(and(eq(campaigns.sellerId, 100001), eq(adGroups.state, 2)))
    const sourceId = withDeleted!.campaignId
    const someCodes = await t.db.select({ pincode: pincodes.pincode }).from(pincodes).limit(3)
    await t.db.delete(campaignPincodes).where(eq(campaignPincodes.campaignId, sourceId))
    await t.db
      .insert(campaignPincodes)
      .values(someCodes.map((p) => ({ campaignId: sourceId, pincode: p.pincode })))
    await t.db.update(campaigns).set({ pincodeFilter: 'CUSTOM' }).where(eq(campaigns.id, sourceId))
    const [source] = await t.db.select().from(campaigns).where(eq(campaigns.id, sourceId))
    const [maxJm] = await t.db.select({ max: sql<string>`max(${campaigns.jmcampaignId})` }).from(campaigns)

    const response = await clone(seller, sourceId)
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data).toMatchObject({
      name: encodeName(`${source!.name} - copy`),
      campaignClass: 'Sponsored',
      state: 6,
      status: 1,
    })
    expect(data.id).not.toBe(sourceId)
    expect(data.jmcampaign_id).toBe(Number(maxJm!.max) + 1)

    // It heads the list (newest first) under its new name.
    const listed = await (
      await t.request(`${BASE}/v1/campaign/loadHomePage?userId=100001&size=100`, { token: seller })
    ).json()
    expect(listed.data.campaigns[0]).toMatchObject({ id: data.id, name: data.name, state: 6, status: 1 })
    expect(decodeName(listed.data.campaigns[0].name)).toBe(`${source!.name} - copy`)

    // The full campaign: settings, pincodes and live ad groups as the source's, as a new draft.
    const original = await view(seller, sourceId)
    const copy = await view(seller, data.id)
    const settings = [
      'campaignClass',
      'budget_total_limit',
      'budget_daily_limit',
      'ad_format_type',
      'targetingType',
      'isPDP',
      'isPrivileged',
      'channel_id',
      'objective',
      'campaign_type',
      'deal_type',
      'sellerid',
      'new_revenue_type',
      'cpm',
      'cpd',
      'tag',
      'weight',
      'biddingStrategy',
      'pincodeFilter',
      'pincodes',
    ]
    for (const key of settings) expect(copy[key], key).toEqual(original[key])
    expect(copy.pincodes).toHaveLength(3)
    expect(copy).toMatchObject({
      submission: 'DRAFT',
      campaignCreatedBy: 'seller@example.com',
      start_time: new Date(t.deps.now().getTime() + 120_000).toISOString(),
    })
    expect(copy.adGroups.map((g: { adGroupName: string }) => g.adGroupName)).toEqual(
      original.adGroups.map((g: { adGroupName: string }) => g.adGroupName),
    )
    for (const [i, g] of copy.adGroups.entries()) {
      expect(g).toMatchObject({
        processing_status: 2,
        state: 1,
        products_count: original.adGroups[i].products_count,
        keywords_count: original.adGroups[i].keywords_count,
      })
      expect(g.id).not.toBe(original.adGroups[i].id)
      expect(g.jm_adgroup_id).not.toBe(original.adGroups[i].jm_adgroup_id)
    }
    expect(copy.adGroups.length).toBeGreaterThan(0)
    expect(await groupContents(data.id)).toEqual(await groupContents(sourceId))
    // The deleted ad group is not copied, nor are any performance facts.
    const copiedGroups = await t.db.select().from(adGroups).where(eq(adGroups.campaignId, data.id))
    expect(copiedGroups).toHaveLength(original.adGroups.length)
    expect(
      await t.db.select().from(performanceDaily).where(eq(performanceDaily.campaignId, data.id)),
    ).toEqual([])
    // The state engine leaves a draft alone.
    expect(await applyCampaignStates(t.db, t.deps.now(), { campaignIds: [data.id] })).toEqual([])

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CAMPAIGN_CLONED'), eq(auditLog.entityId, String(data.id))))
    expect(entry).toMatchObject({
      entityType: 'campaign',
      actorRole: 'SELLER',
      after: {
        sourceCampaignId: sourceId,
        name: `${source!.name} - copy`,
        state: 6,
        status: 1,
        submission: 'DRAFT',
      },
    })

    // A second clone takes the next free name and jm id.
    const second = (await (await clone(seller, sourceId)).json()).data
    expect(decodeName(second.name)).toBe(`${source!.name} - copy 2`)
    expect(second.jmcampaign_id).toBe(data.jmcampaign_id + 1)
  })

  it('turns an expired source into a Lifetime copy starting now + 2 minutes', async () => {
    const { t, seller } = ctx
    const expired = await findCampaign(t, 100001, (c) => c.state === 7)
    const { data } = await (await clone(seller, expired.id)).json()
    const [copy] = await t.db.select().from(campaigns).where(eq(campaigns.id, data.id))
    expect(copy!.expireTime).toBeNull()
    expect(copy!.startTime).toEqual(new Date(t.deps.now().getTime() + 120_000))
    expect(copy!.createdByUserId).toBe((await t.userByEmail('seller@example.com')).id)
  })

  it("refuses another advertiser's or an unknown campaign and writes nothing", async () => {
    const { t, seller, agency, ops } = ctx
    const brandCampaign = await findCampaign(
      t,
      200001,
      (c) => c.campaignClass === 'Sponsored' && c.deletedAt === null,
    )
    const before = await countCampaigns()
    for (const email of ['seller@example.com', 'seller-nocredit@example.com']) {
      const refused = await clone(await t.tokenFor(email), brandCampaign.id)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })
    }
    expect((await clone(seller, 987_654_321)).status).toBe(403)
    expect((await clone(ops, 987_654_321)).status).toBe(404)
    expect(await countCampaigns()).toBe(before)
    // The linked agency may.
    expect((await clone(agency, brandCampaign.id)).status).toBe(200)
  })

  it('refuses SELLER and BRAND on Privilege campaigns; staff clone them', async () => {
    const { t, seller, brand, ops } = ctx
    const privilege = await findCampaign(t, 100001, (c) => c.campaignClass === 'Privilege')
    const before = await countCampaigns()
    const refused = await clone(seller, privilege.id)
    expect(refused.status).toBe(403)
    expect(await countCampaigns()).toBe(before)
    const brandPrivilege = await findCampaign(t, 200001, (c) => c.campaignClass === 'Privilege')
    expect((await clone(brand, brandPrivilege.id)).status).toBe(403)

    const response = await clone(ops, privilege.id)
    expect(response.status).toBe(200)
    const copy = await view(ops, (await response.json()).data.id)
    expect(copy).toMatchObject({
      campaignClass: 'Privilege',
      campaignCreatedBy: 'ops@example.com',
      sellerid: 100001,
    })
  })

  it('refuses an advertiser without credit a Sponsored copy', async () => {
    const { t } = ctx
    const noCredit = await findCampaign(t, 100007, (c) => c.campaignClass === 'Sponsored')
    const response = await clone(await t.tokenFor('seller-nocredit@example.com'), noCredit.id)
    expect(response.status).toBe(402)
    expect((await response.json()).errorCode).toBe('NO_CREDITS')
  })

  it('leaves nothing behind when a write fails half-way', async () => {
    const { t, seller } = ctx
    const source = await findCampaign(t, 100001, (c) => c.state === 1 && c.campaignClass === 'Sponsored')
    const [group] = await t.db.select().from(adGroups).where(eq(adGroups.campaignId, source.id)).limit(1)
    await t.db
      .insert(keywordTargets)
      .values({ adGroupId: group!.id, keyword: 'refused keyword', matchType: 1, bidPrice: 500 })
    // The database refuses the copy of that keyword: the campaign, its pincodes, ad groups and
    // products are already written when it fails.
    await t.db.execute(sql`
      create function refuse_keyword() returns trigger language plpgsql as $$
      begin
        if new.keyword = 'refused keyword' then raise exception 'refused'; end if;
        return new;
      end $$`)
    await t.db.execute(
      sql`create trigger refuse_keyword before insert on keyword_targets for each row execute function refuse_keyword()`,
    )
    const count = async (
      table: typeof campaigns | typeof adGroups | typeof adGroupProducts | typeof auditLog,
    ) => Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n)
    const counts = async () => ({
      campaigns: await count(campaigns),
      adGroups: await count(adGroups),
      products: await count(adGroupProducts),
      audit: await count(auditLog),
    })
    const before = await counts()
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {})
    try {
      const failed = await clone(seller, source.id)
      expect(failed.status).toBe(500)
      expect(logged).toHaveBeenCalledOnce()
      expect(JSON.stringify(logged.mock.calls[0])).toContain('insert into \\"keyword_targets\\"')
      expect(await counts()).toEqual(before)
      expect(
        await t.db
          .select()
          .from(campaigns)
          .where(eq(campaigns.name, `${source.name} - copy`)),
      ).toEqual([])
    } finally {
      logged.mockRestore()
      await t.db.execute(sql`drop trigger refuse_keyword on keyword_targets`)
    }
    // Once the database accepts it again, the same clone goes through, keyword included.
    const ok = await clone(seller, source.id)
    expect(ok.status).toBe(200)
    const { data } = await ok.json()
    expect(decodeName(data.name)).toBe(`${source.name} - copy`)
    expect(await groupContents(data.id)).toEqual(await groupContents(source.id))
  })
  it('refuses an agency a Privilege copy (403) whatever the credit, and a Sponsored copy without credit (402)', async () => {
    const { t, agency, ops } = ctx
    const live = (cls: string) => (c: typeof campaigns.$inferSelect) =>
      c.campaignClass === cls && c.deletedAt === null
    const privilege = await findCampaign(t, 200001, live('Privilege'))
    const sponsored = await findCampaign(t, 200001, live('Sponsored'))
    const before = await countCampaigns()

    // A Privilege campaign is created only by staff (docs/decisions/014): credit does not help.
    expect(await availableCredit(t.db, 200001, t.deps.now())).toBeGreaterThan(0)
    const byRole = await clone(agency, privilege.id)
    expect(byRole.status).toBe(403)
    expect(await byRole.json()).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })

    // The brand's credit used up: a credit limit in force from now that brings it to exactly 0.
    const parts = await creditParts(t.db, 200001, t.deps.now())
    await t.db.insert(creditLimits).values({
      sellerId: 200001,
      creditLimit: parts.creditLimit - availableCredits(parts),
      effectiveFrom: t.deps.now(),
    })
    expect(await availableCredit(t.db, 200001, t.deps.now())).toBe(0)
    expect((await clone(agency, privilege.id)).status).toBe(403)
    const noCredit = await clone(agency, sponsored.id)
    expect(noCredit.status).toBe(402)
    expect(await noCredit.json()).toMatchObject({
      code: 402,
      data: null,
      errorCode: 'NO_CREDITS',
      errors: ['Add credits to create a Sponsored campaign'],
    })
    expect(await countCampaigns()).toBe(before)

    // Staff clone both without credit.
    expect((await clone(ops, sponsored.id)).status).toBe(200)
    expect((await clone(ops, privilege.id)).status).toBe(200)
    expect(await countCampaigns()).toBe(before + 2)
  })
})
