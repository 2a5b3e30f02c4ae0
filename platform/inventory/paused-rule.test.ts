// One rule for "paused" (decision 021): the list's Paused filter and the home stats' pausedCampaigns
// count the same campaigns, the budget icon states (8, 9) included.
import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { campaigns } from '../db/schema'
import { CampaignState } from '../rules/campaigns'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, queryString } from './test-support'

const ctx = campaignTestPlatform()

async function pausedBothWays(token: string, userId: number) {
  const stats = await ctx.t.request(`${INVENTORY_BASE}/v1/campaign/homePageStats?userId=${userId}`, { token })
  const list = await ctx.t.request(
    `${INVENTORY_BASE}/v1/campaign/loadHomePage?${queryString({ userId, status: 'Paused', size: 100 })}`,
    { token },
  )
  expect(stats.status).toBe(200)
  expect(list.status).toBe(200)
  const listed = (await list.json()).data
  return {
    stat: (await stats.json()).data.pausedCampaigns as number,
    listed: listed.totalCount as number,
    states: new Set((listed.campaigns as { state: number }[]).map((c) => c.state)),
  }
}

describe('the Paused filter and the Paused Campaigns stat', () => {
  it('count the same campaigns, states 2, 8 and 9', async () => {
    const { t, seller } = ctx
    const live = await t.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.sellerId, 100001), isNull(campaigns.deletedAt)))
    expect(live.length).toBeGreaterThanOrEqual(3)
    // One campaign in each paused state, so that the rule is tested whatever the seed holds.
    const pausedStates = [
      CampaignState.Paused,
      CampaignState.DailyBudgetLimitReachedIcon,
      CampaignState.TotalBudgetLimitReachedIcon,
    ]
    for (const [i, state] of pausedStates.entries()) {
      await t.db.update(campaigns).set({ state }).where(eq(campaigns.id, live[i]!.id))
    }
    const { stat, listed, states } = await pausedBothWays(seller, 100001)
    expect(listed).toBe(stat)
    expect(stat).toBeGreaterThanOrEqual(3)
    expect([...states].sort()).toEqual([...pausedStates].sort())
  })
})
