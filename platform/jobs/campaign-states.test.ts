import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adGroups, auditLog, campaigns, payments, performanceDaily } from '../db/schema'
import { addDays, istDate, istEndOfDay, istStartOfDay } from '../rules/time'
import { insertCampaign as insertTestCampaign } from '../inventory/test-support'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { applyCampaignStates, campaignStates } from './campaign-states'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

let nextJm = 990_000_000
async function insertCampaign(values: Partial<typeof campaigns.$inferInsert> & { sellerId: number }) {
  nextJm += 1
  const campaign = await insertTestCampaign(t, {
    jmcampaignId: nextJm,
    name: `Engine test ${nextJm}`,
    ...values,
  })
  const [group] = await t.db
    .insert(adGroups)
    .values({ jmAdgroupId: nextJm, campaignId: campaign.id, name: 'Ad Group - 1', processingStatus: 2 })
    .returning()
  return { campaign, adGroupId: group!.id }
}
const stateOf = async (id: number) => {
  const [row] = await t.db
    .select({ state: campaigns.state, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id))
  return row
}
const transitionsOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'CAMPAIGN_STATE_CHANGED')))
    .orderBy(asc(auditLog.id))

describe('campaign state engine', () => {
  it('is a per-minute pg-boss cron', () => {
    expect(campaignStates).toMatchObject({ name: 'campaign-states', cron: '* * * * *' })
  })

  it('moves a campaign scheduled → running → daily limit → running next day → total limit → expired', async () => {
    const day = addDays(istDate(t.deps.now()), 1)
    const start = istStartOfDay(day)
    const { campaign, adGroupId } = await insertCampaign({
      sellerId: 100001,
      state: 6,
      startTime: start,
      expireTime: istEndOfDay(addDays(day, 1)),
      budgetDailyLimit: 100_00,
      budgetTotalLimit: 150_00,
    })
    const spend = (onDay: string, amount: number) =>
      t.db
        .insert(performanceDaily)
        .values({ day: onDay, campaignId: campaign.id, adGroupId, keyword: 'k', spend: amount })

    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 6, status: 1 })

    t.setNow(new Date(start.getTime() + 60_000))
    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 1, status: 1 })

    await spend(day, 100_00)
    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 4, status: 1 })
    t.setNow(new Date(istEndOfDay(day).getTime()))
    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 4, status: 1 })

    t.setNow(new Date(istStartOfDay(addDays(day, 1)).getTime() + 60_000))
    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 1, status: 1 })

    await spend(addDays(day, 1), 50_00)
    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 5, status: 1 })

    t.setNow(new Date(istEndOfDay(addDays(day, 1)).getTime() + 1000))
    await campaignStates.run(t.deps)
    expect(await stateOf(campaign.id)).toEqual({ state: 7, status: 1 })

    const audit = await transitionsOf(campaign.id)
    expect(audit.map((a) => (a.after as { reason: string }).reason)).toEqual([
      'RUNNING',
      'DAILY_LIMIT',
      'RUNNING',
      'TOTAL_LIMIT',
      'END_PASSED',
    ])
    expect(audit[0]).toMatchObject({
      entityType: 'campaign',
      before: { state: 6, status: 1 },
      actorUserId: null,
    })
  })

  it('pauses Sponsored campaigns at zero credit with status 1, resumes them when credit returns, leaves manual pauses', async () => {
    t.setNow(new Date())
    const running = await insertCampaign({ sellerId: 100007 })
    const manual = await insertCampaign({ sellerId: 100007, state: 2, status: 0 })
    const privilege = await insertCampaign({
      sellerId: 100007,
      campaignClass: 'Privilege',
      isPrivileged: true,
    })

    const first = await applyCampaignStates(t.db, t.deps.now())
    expect(first.find((x) => x.campaignId === running.campaign.id)).toMatchObject({
      state: 2,
      status: 1,
      reason: 'NO_CREDIT',
    })
    expect(await stateOf(running.campaign.id)).toEqual({ state: 2, status: 1 })
    expect(await stateOf(manual.campaign.id)).toEqual({ state: 2, status: 0 })
    expect(await stateOf(privilege.campaign.id)).toEqual({ state: 1, status: 1 })

    await t.db.insert(payments).values({
      sellerId: 100007,
      transactionId: 'TXN-ENGINE-1',
      amount: 5_000_00,
      paidAt: new Date(t.deps.now().getTime() - 1000),
    })
    await campaignStates.run(t.deps)
    expect(await stateOf(running.campaign.id)).toEqual({ state: 1, status: 1 })
    expect(await stateOf(manual.campaign.id)).toEqual({ state: 2, status: 0 })
    expect((await transitionsOf(running.campaign.id)).map((a) => a.after)).toEqual([
      { state: 2, status: 1, reason: 'NO_CREDIT' },
      { state: 1, status: 1, reason: 'RUNNING' },
    ])
    expect(await transitionsOf(manual.campaign.id)).toEqual([])

    // A second run with nothing to change writes nothing.
    expect(await applyCampaignStates(t.db, t.deps.now(), { campaignIds: [running.campaign.id] })).toEqual([])
  })
})
