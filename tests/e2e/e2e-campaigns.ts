// Campaigns of the e2e advertisers (e2e-users.ts `campaigns`): each project's accounts get their own
// copy, so js-on and js-off can pause, clone and delete without meeting each other.
import { ADVERTISER_FIXTURES } from './e2e-campaign-fixtures'
import type { Database } from '../../platform/db/client'
import { adGroups, campaigns, creditLimits, performanceDaily } from '../../platform/db/schema'
import { addDays, istDate, istEndOfDay, istStartOfDay } from '../../platform/rules/time'

export type CampaignFixtureSet = keyof typeof ADVERTISER_FIXTURES

let nextJm = 8_000_000

/** Creates a fixture set's campaigns for an account; returns name → campaign id. */
export async function createE2eCampaigns(
  db: Database,
  set: CampaignFixtureSet,
  accountId: number,
  createdBy: string,
  now = new Date(),
): Promise<Record<string, number>> {
  const fixture = ADVERTISER_FIXTURES[set]
  const today = istDate(now)
  if (fixture.creditLimitRupees > 0) {
    await db.insert(creditLimits).values({
      sellerId: accountId,
      creditLimit: fixture.creditLimitRupees * 100,
      effectiveFrom: new Date(now.getTime() - 86_400_000 * 60),
    })
  }
  const ids: Record<string, number> = {}
  for (const [index, c] of fixture.campaigns.entries()) {
    const jm = nextJm++
    const [row] = await db
      .insert(campaigns)
      .values({
        jmcampaignId: jm,
        name: c.name,
        sellerId: accountId,
        campaignClass: c.campaignClass ?? 'Sponsored',
        state: c.state,
        status: c.status ?? 1,
        submission: 'SUBMITTED',
        startTime: istStartOfDay(addDays(today, c.startOffsetDays)),
        expireTime: c.endOffsetDays === null ? null : istEndOfDay(addDays(today, c.endOffsetDays)),
        budgetTotalLimit: c.budgetRupees === null ? null : c.budgetRupees * 100,
        budgetDailyLimit: c.dailyBudgetRupees === undefined ? -1 : c.dailyBudgetRupees * 100,
        newRevenueType: c.campaignClass === 'Privilege' ? 4 : 2,
        isPrivileged: c.campaignClass === 'Privilege',
        campaignCreatedBy: createdBy,
        createdAt: new Date(now.getTime() - (fixture.campaigns.length - index) * 60_000),
      })
      .returning({ id: campaigns.id })
    const [group] = await db
      .insert(adGroups)
      .values({ jmAdgroupId: jm, campaignId: row!.id, name: `${c.name} group`, processingStatus: 2 })
      .returning({ id: adGroups.id })
    for (const fact of c.facts ?? []) {
      await db.insert(performanceDaily).values({
        day: addDays(today, -fact.daysAgo),
        campaignId: row!.id,
        adGroupId: group!.id,
        impressions: fact.clicks * 20,
        clicks: fact.clicks,
        spend: fact.spendRupees * 100,
        orders: fact.orders,
        sales: fact.salesRupees * 100,
      })
    }
    ids[c.name] = row!.id
  }
  return ids
}
