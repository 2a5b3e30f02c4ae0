import { and, eq, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, campaigns, performanceDaily } from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { dateRange } from './campaign-list'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, decodeName, queryString } from './test-support'

const ctx = campaignTestPlatform()

const BASE = INVENTORY_BASE
const list = (token: string, params: Record<string, string | number>) =>
  ctx.t.request(`${BASE}/v1/campaign/loadHomePage?${queryString(params)}`, { token })
const campaignsOf = (sellerId: number) =>
  ctx.t.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.sellerId, sellerId), isNull(campaigns.deletedAt)))

describe('loadHomePage', () => {
  it("lists the seller's campaigns with the spec's fields, role header and metrics summed over the range", async () => {
    const { t, seller } = ctx
    const response = await list(seller, { userId: 100001, dateFilterType: 'LAST_30D', size: 100 })
    expect(response.status).toBe(200)
    expect(response.headers.get('User_id_role')).toBe('SELLER')
    const body = await response.json()
    expect(body).toMatchObject({ code: 200, errors: [] })
    expect(body.data.totalCount).toBe(12)
    expect(body.data.campaigns).toHaveLength(12)
    const own = await campaignsOf(100001)
    const row = body.data.campaigns[0]
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'id',
        'jmcampaign_id',
        'name',
        'state',
        'status',
        'campaignClass',
        'campaignCreatedBy',
        'start_time',
        'expire_time',
        'budget',
        'homePageMetrics',
      ]),
    )
    const dbRow = own.find((c) => c.id === row.id)!
    expect(decodeName(row.name)).toBe(dbRow.name)

    // Metrics equal a direct sum of the facts for the same days.
    const { from, to } = dateRange({ dateFilterType: 'LAST_30D' }, t.deps.now())
    for (const item of body.data.campaigns) {
      const [sum] = await t.db
        .select({
          spend: sql<string>`coalesce(sum(${performanceDaily.spend}),0)`,
          clicks: sql<string>`coalesce(sum(${performanceDaily.clicks}),0)`,
          sales: sql<string>`coalesce(sum(${performanceDaily.sales}),0)`,
        })
        .from(performanceDaily)
        .where(
          and(
            eq(performanceDaily.campaignId, item.id),
            sql`${performanceDaily.day} between ${from} and ${to}`,
          ),
        )
      const m = item.homePageMetrics[0]
      expect(m.spend).toBe(Number(sum!.spend))
      expect(m.clicks).toBe(Number(sum!.clicks))
      expect(m.sales).toBe(Number(sum!.sales))
      expect(m.roas).toBe(m.spend > 0 ? Math.round((m.sales / m.spend) * 100) / 100 : 0)
      if (item.campaignClass === 'Privilege') expect(item.budget).toBe(0)
    }
    expect(
      body.data.campaigns.some(
        (c: { homePageMetrics: { spend: number }[] }) => c.homePageMetrics[0]!.spend > 0,
      ),
    ).toBe(true)
  })

  it('paginates 1-based, filters by status and searches by name case-insensitively', async () => {
    const { seller } = ctx
    const page1 = await (await list(seller, { userId: 100001, size: 10, page: 1 })).json()
    const page2 = await (await list(seller, { userId: 100001, size: 10, page: 2 })).json()
    expect(page1.data.campaigns).toHaveLength(10)
    expect(page2.data.campaigns).toHaveLength(2)
    expect(page1.data).toMatchObject({ totalCount: 12, totalPages: 2, page: 1, size: 10 })
    const ids = [...page1.data.campaigns, ...page2.data.campaigns].map((c: { id: number }) => c.id)
    expect(new Set(ids).size).toBe(12)

    const running = await (await list(seller, { userId: 100001, status: 'Running', size: 50 })).json()
    expect(running.data.campaigns.length).toBeGreaterThan(0)
    expect(running.data.campaigns.every((c: { state: number }) => c.state === 1)).toBe(true)
    const scheduled = await (
      await list(seller, { userId: 100001, status: 'Scheduled Paused', size: 50 })
    ).json()
    expect(scheduled.data.campaigns.map((c: { state: number }) => c.state)).toEqual([6])

    const target = (await campaignsOf(100001))[0]!
    const fragment = target.name.slice(1, 6).toUpperCase()
    const found = await (await list(seller, { userId: 100001, search: fragment, size: 50 })).json()
    expect(found.data.campaigns.map((c: { id: number }) => c.id)).toContain(target.id)
    for (const c of found.data.campaigns) expect(decodeName(c.name).toUpperCase()).toContain(fragment)
    const none = await (await list(seller, { userId: 100001, search: '%_nothing like this_%' })).json()
    expect(none.data).toMatchObject({ totalCount: 0, campaigns: [] })
  })

  it('sorts by budget, start date, end date (Lifetime last) and spend in both directions', async () => {
    const { seller } = ctx
    type Row = {
      budget: number
      start_time: string
      expire_time: string | null
      homePageMetrics: { spend: number }[]
    }
    const value = {
      budget: (c: Row) => c.budget,
      spend: (c: Row) => c.homePageMetrics[0]!.spend,
      startDateTime: (c: Row) => Date.parse(c.start_time),
      endDateTime: (c: Row) => (c.expire_time ? Date.parse(c.expire_time) : Number.POSITIVE_INFINITY),
    }
    for (const sort of ['budget', 'startDateTime', 'endDateTime', 'spend'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const body = await (await list(seller, { userId: 100001, sort, direction, size: 50 })).json()
        expect(body.data.totalCount).toBe(12)
        const values = body.data.campaigns.map(value[sort])
        const sorted = [...values].sort((a, b) =>
          a === b ? 0 : (direction === 'asc' ? a < b : a > b) ? -1 : 1,
        )
        expect(values).toEqual(sorted)
      }
    }
    // Page 2 sorted by spend continues page 1.
    const p1 = await (
      await list(seller, { userId: 100001, sort: 'spend', direction: 'desc', size: 10 })
    ).json()
    const p2 = await (
      await list(seller, { userId: 100001, sort: 'spend', direction: 'desc', size: 10, page: 2 })
    ).json()
    expect(p2.data.campaigns).toHaveLength(2)
    expect(p1.data.campaigns.at(-1).homePageMetrics[0].spend).toBeGreaterThanOrEqual(
      p2.data.campaigns[0].homePageMetrics[0].spend,
    )
    // A page past the end is empty but still reports the total.
    const past = await (await list(seller, { userId: 100001, page: 5 })).json()
    expect(past.data).toMatchObject({ campaigns: [], totalCount: 12, totalPages: 2 })
  })

  it('computes preset ranges in IST and validates CUSTOM dates', async () => {
    const { t, seller } = ctx
    const now = new Date('2026-03-10T20:00:00Z') // 2026-03-11 01:30 IST
    expect(dateRange({ dateFilterType: 'TODAY' }, now)).toEqual({ from: '2026-03-11', to: '2026-03-11' })
    expect(dateRange({ dateFilterType: 'LAST_1D' }, now)).toEqual({ from: '2026-03-10', to: '2026-03-10' })
    expect(dateRange({ dateFilterType: 'LAST_7D' }, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' })
    expect(dateRange({ dateFilterType: 'CURRENT_MONTH' }, now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-11',
    })
    const today = istDate(t.deps.now())
    const future = await list(seller, {
      userId: 100001,
      dateFilterType: 'CUSTOM',
      fromDate: today,
      toDate: addDays(today, 1),
    })
    expect(future.status).toBe(400)
    expect((await future.json()).errors).toEqual(['Dates in the future are not allowed'])
    const custom = await list(seller, {
      userId: 100001,
      dateFilterType: 'CUSTOM',
      fromDate: addDays(today, -89),
      toDate: today,
    })
    expect(custom.status).toBe(200)
    expect((await custom.json()).data).toMatchObject({ fromDate: addDays(today, -89), toDate: today })
    expect((await list(seller, { userId: 100001, size: 15 })).status).toBe(400)
  })

  it('refuses another advertiser with 403 and lets an agency see linked brands only', async () => {
    const { seller, brand, agency, ops } = ctx
    const refused = await list(seller, { userId: 200001 })
    expect(refused.status).toBe(403)
    const body = await refused.json()
    expect(body).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })
    expect((await list(brand, { userId: 100001 })).status).toBe(403)
    expect((await list(agency, { userId: 100001 })).status).toBe(403)
    const linked = await list(agency, { userId: 200001, size: 50 })
    expect(linked.status).toBe(200)
    expect(linked.headers.get('User_id_role')).toBe('AGENCY')
    expect((await linked.json()).data.totalCount).toBe(11)
    expect((await list(ops, { userId: 200001 })).status).toBe(200)
  })
})

describe('homePageStats', () => {
  it('counts campaigns and reports available credit', async () => {
    const { t, seller } = ctx
    const response = await t.request(`${BASE}/v1/campaign/homePageStats?userId=100001`, { token: seller })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    const own = await campaignsOf(100001)
    expect(data).toMatchObject({
      sellerId: 100001,
      totalCampaigns: own.length,
      runningCampaigns: own.filter((c) => c.state === 1).length,
      pausedCampaigns: own.filter((c) => c.state === 2 || c.state === 8 || c.state === 9).length,
    })
    expect(data.totalAvailableCredit).toBeGreaterThan(0)
    const none = await t.request(`${BASE}/v1/campaign/homePageStats?userId=100007`, {
      token: await t.tokenFor('seller-nocredit@example.com'),
    })
    expect((await none.json()).data.totalAvailableCredit).toBe(0)
    expect(
      (await t.request(`${BASE}/v1/campaign/homePageStats?userId=200001`, { token: seller })).status,
    ).toBe(403)
  })
})

describe('campaign view', () => {
  it('returns the full campaign with ad groups to its owner, 403 to anyone else', async () => {
    const { t, seller, brand, agency, ops } = ctx
    const [own] = await campaignsOf(200001)
    const body = { channel_id: 4, jmcampaign_id: own!.jmcampaignId, id: own!.id }
    const response = await t.post(`${BASE}/v1/campaign/view`, body, { token: brand })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data).toMatchObject({
      id: own!.id,
      jmcampaign_id: own!.jmcampaignId,
      sellerid: 200001,
      channel_id: 4,
      budget_daily_limit: own!.budgetDailyLimit,
      pincodeFilter: own!.pincodeFilter,
    })
    expect(decodeName(data.name)).toBe(own!.name)
    expect(Array.isArray(data.pincodes)).toBe(true)
    expect(data.adGroups.length).toBeGreaterThan(0)
    expect(data.adGroups[0]).toHaveProperty('products_count')

    const refused = await t.post(`${BASE}/v1/campaign/view`, body, { token: seller })
    expect(refused.status).toBe(403)
    expect(JSON.stringify(await refused.json())).not.toContain(own!.name)
    // Unknown ids look the same as someone else's to an advertiser.
    expect((await t.post(`${BASE}/v1/campaign/view`, { id: 987_654_321 }, { token: seller })).status).toBe(
      403,
    )
    expect((await t.post(`${BASE}/v1/campaign/view`, { id: 987_654_321 }, { token: ops })).status).toBe(404)
    expect((await t.post(`${BASE}/v1/campaign/view`, body, { token: agency })).status).toBe(200)
  })
})

describe('campaign delete', () => {
  it('soft-deletes with campaignStatus DELETED and an audit row; the campaign leaves the list', async () => {
    const { t, seller, brand } = ctx
    const [target] = await campaignsOf(100001)
    const refused = await t.request(`${BASE}/v1/campaigns/delete?campaignId=${target!.id}`, {
      method: 'DELETE',
      token: brand,
    })
    expect(refused.status).toBe(403)
    const [still] = await t.db.select().from(campaigns).where(eq(campaigns.id, target!.id))
    expect(still!.deletedAt).toBeNull()

    const response = await t.request(`${BASE}/v1/campaigns/delete?campaignId=${target!.id}`, {
      method: 'DELETE',
      token: seller,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      code: 200,
      data: { campaignId: target!.id, campaignStatus: 'DELETED' },
    })
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, target!.id))
    expect(row!.deletedAt).not.toBeNull()
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CAMPAIGN_DELETED'), eq(auditLog.entityId, String(target!.id))))
    expect(entry).toMatchObject({ entityType: 'campaign', actorRole: 'SELLER' })
    expect(entry!.before).toMatchObject({ deletedAt: null })
    expect((entry!.after as { deletedAt: string }).deletedAt).toBeTruthy()

    const after = await (await list(seller, { userId: 100001, size: 50 })).json()
    expect(after.data.totalCount).toBe(11)
    expect(after.data.campaigns.map((c: { id: number }) => c.id)).not.toContain(target!.id)
    const again = await t.request(`${BASE}/v1/campaigns/delete?campaignId=${target!.id}`, {
      method: 'DELETE',
      token: seller,
    })
    expect(again.status).toBe(403)
    expect((await t.post(`${BASE}/v1/campaign/view`, { id: target!.id }, { token: seller })).status).toBe(403)
  })
})
