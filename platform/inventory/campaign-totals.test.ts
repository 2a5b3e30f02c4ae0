// loadHomePage's totals (issue 9): every filtered campaign's metrics over the range, all pages, checked
// against a direct SQL sum of the facts.
import { and, eq, ilike, inArray, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { campaigns, performanceDaily } from '../db/schema'
import { STATES_FOR_STATUS_FILTER } from '../rules/campaigns'
import { dateRange } from './campaign-list'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, queryString } from './test-support'

const ctx = campaignTestPlatform()

const list = (token: string, params: Record<string, string | number>) =>
  ctx.t.request(`${INVENTORY_BASE}/v1/campaign/loadHomePage?${queryString(params)}`, { token })

/** The facts of the seller's live campaigns in the range, summed directly. */
async function directSum(
  sellerId: number,
  dateFilterType: 'LAST_30D' | 'LAST_7D',
  extra: { status?: 'Running'; search?: string } = {},
) {
  const { from, to } = dateRange({ dateFilterType }, ctx.t.deps.now())
  const [sum] = await ctx.t.db
    .select({
      spend: sql<string>`coalesce(sum(${performanceDaily.spend}), 0)`,
      clicks: sql<string>`coalesce(sum(${performanceDaily.clicks}), 0)`,
      orders: sql<string>`coalesce(sum(${performanceDaily.orders}), 0)`,
      sales: sql<string>`coalesce(sum(${performanceDaily.sales}), 0)`,
    })
    .from(performanceDaily)
    .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
    .where(
      and(
        eq(campaigns.sellerId, sellerId),
        isNull(campaigns.deletedAt),
        sql`${performanceDaily.day} between ${from} and ${to}`,
        extra.status ? inArray(campaigns.state, STATES_FOR_STATUS_FILTER[extra.status]) : undefined,
        extra.search ? ilike(campaigns.name, `%${extra.search}%`) : undefined,
      ),
    )
  return {
    spend: Number(sum!.spend),
    clicks: Number(sum!.clicks),
    orders: Number(sum!.orders),
    sales: Number(sum!.sales),
  }
}

describe('loadHomePage totals', () => {
  it('sums every filtered campaign over the range, not only the page, with the ROAS of the sums', async () => {
    const { seller } = ctx
    const body = await (await list(seller, { userId: 100001, dateFilterType: 'LAST_30D', size: 10 })).json()
    expect(body.data.totalPages).toBeGreaterThan(1)
    const expected = await directSum(100001, 'LAST_30D')
    expect(expected.spend).toBeGreaterThan(0)
    expect(body.data.totals).toEqual({
      ...expected,
      roas: Math.round((expected.sales / expected.spend) * 100) / 100,
    })
    // The page's own rows sum to less than the totals: the totals are not the page's.
    const pageSpend = body.data.campaigns.reduce(
      (s: number, c: { homePageMetrics: { spend: number }[] }) => s + c.homePageMetrics[0]!.spend,
      0,
    )
    expect(pageSpend).toBeLessThanOrEqual(body.data.totals.spend)
    // Any page of the same filter answers the same totals.
    const page2 = await (
      await list(seller, { userId: 100001, dateFilterType: 'LAST_30D', size: 10, page: 2 })
    ).json()
    expect(page2.data.totals).toEqual(body.data.totals)
  })

  it('follows the status filter, the name search and the date range', async () => {
    const { seller } = ctx
    const running = await (
      await list(seller, { userId: 100001, dateFilterType: 'LAST_7D', status: 'Running', size: 10 })
    ).json()
    const expected = await directSum(100001, 'LAST_7D', { status: 'Running' })
    expect(running.data.totals).toMatchObject(expected)

    const [first] = await ctx.t.db
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.sellerId, 100001), isNull(campaigns.deletedAt)))
      .limit(1)
    const fragment = first!.name.slice(0, 4)
    const searched = await (
      await list(seller, { userId: 100001, dateFilterType: 'LAST_30D', search: fragment })
    ).json()
    expect(searched.data.totals).toMatchObject(await directSum(100001, 'LAST_30D', { search: fragment }))

    const none = await (await list(seller, { userId: 100001, search: 'no campaign is called this' })).json()
    expect(none.data.totals).toEqual({ spend: 0, clicks: 0, orders: 0, sales: 0, roas: 0 })
  })
})
