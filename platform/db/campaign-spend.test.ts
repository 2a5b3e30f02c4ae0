// campaign_spend is the sum of each campaign's facts, kept by statement triggers (migration 0002).
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { adGroups, campaignSpend, campaigns, performanceDaily } from './schema'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

/** Every campaign whose total differs from the sum of its facts (none expected). */
async function drift() {
  const result = await t.deps.database.executeSql(`
    select c.id, coalesce(s.spend, 0) as kept, coalesce(f.total, 0) as facts
    from campaigns c
    left join campaign_spend s on s.campaign_id = c.id
    left join (select campaign_id, sum(spend) as total from performance_daily group by campaign_id) f
      on f.campaign_id = c.id
    where coalesce(s.spend, 0) <> coalesce(f.total, 0)`)
  return result.rows
}

const keptSpend = async (campaignId: number) =>
  Number(
    (
      await t.db
        .select({ spend: campaignSpend.spend })
        .from(campaignSpend)
        .where(eq(campaignSpend.campaignId, campaignId))
    )[0]?.spend ?? 0,
  )

describe('campaign_spend', () => {
  it('matches the facts of every seeded campaign', async () => {
    const [{ n }] = (await t.db.select({ n: sql<string>`count(*)` }).from(campaignSpend)) as [{ n: string }]
    expect(Number(n)).toBeGreaterThan(0)
    expect(await drift()).toEqual([])
  })

  it('follows multi-row inserts, updates and deletes of facts', async () => {
    const [group] = await t.db
      .select({ id: adGroups.id, campaignId: adGroups.campaignId })
      .from(adGroups)
      .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
      .where(eq(campaigns.sellerId, 100002))
      .limit(1)
    const before = await keptSpend(group!.campaignId)
    const fact = (day: string, spend: number) => ({
      day,
      campaignId: group!.campaignId,
      adGroupId: group!.id,
      keyword: 'spend-trigger-test',
      spend,
    })
    await t.db.insert(performanceDaily).values([fact('2020-01-01', 1_000), fact('2020-01-02', 2_500)])
    expect(await keptSpend(group!.campaignId)).toBe(before + 3_500)

    await t.db
      .update(performanceDaily)
      .set({ spend: sql`${performanceDaily.spend} * 2` })
      .where(eq(performanceDaily.keyword, 'spend-trigger-test'))
    expect(await keptSpend(group!.campaignId)).toBe(before + 7_000)

    await t.db
      .delete(performanceDaily)
      .where(and(eq(performanceDaily.keyword, 'spend-trigger-test'), eq(performanceDaily.day, '2020-01-01')))
    expect(await keptSpend(group!.campaignId)).toBe(before + 5_000)
    expect(await drift()).toEqual([])
  })
})
