import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, campaigns } from '../db/schema'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, findCampaign, insertCampaign } from './test-support'

const ctx = campaignTestPlatform()

const act = (token: string, id: number, action: 'pause' | 'play') =>
  ctx.t.post(`${INVENTORY_BASE}/v1/campaign/${id}/${action}`, undefined, { token })
const stateOf = async (id: number) => {
  const [row] = await ctx.t.db
    .select({ state: campaigns.state, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id))
  return row
}

describe('pause and play', () => {
  it('pauses a running campaign (state 2, status 0) and plays it again (state 1, status 1), audited', async () => {
    const { t, seller } = ctx
    const running = await findCampaign(
      t,
      100001,
      (c) =>
        c.state === 1 && c.status === 1 && c.campaignClass === 'Sponsored' && c.submission === 'SUBMITTED',
    )
    const paused = await act(seller, running.id, 'pause')
    expect(paused.status).toBe(200)
    expect(await paused.json()).toMatchObject({
      code: 200,
      data: { campaignId: running.id, state: 2, status: 0 },
    })
    expect(await stateOf(running.id)).toEqual({ state: 2, status: 0 })

    const twice = await act(seller, running.id, 'pause')
    expect(twice.status).toBe(409)
    expect((await twice.json()).errorCode).toBe('INVALID_STATE')

    // Play decides the state from the budgets at once: without limits the campaign runs (1, status 1).
    await t.db
      .update(campaigns)
      .set({ budgetTotalLimit: null, budgetDailyLimit: -1 })
      .where(eq(campaigns.id, running.id))
    const played = await act(seller, running.id, 'play')
    expect(played.status).toBe(200)
    expect((await played.json()).data).toMatchObject({ campaignId: running.id, state: 1, status: 1 })
    expect(await stateOf(running.id)).toEqual({ state: 1, status: 1 })

    // With its total budget already spent it plays straight into Total Limit Reached (5).
    expect((await act(seller, running.id, 'pause')).status).toBe(200)
    await t.db.update(campaigns).set({ budgetTotalLimit: 0 }).where(eq(campaigns.id, running.id))
    const limited = await act(seller, running.id, 'play')
    expect((await limited.json()).data).toMatchObject({ state: 5, status: 1 })
    expect(await stateOf(running.id)).toEqual({ state: 5, status: 1 })

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'campaign'), eq(auditLog.entityId, String(running.id))))
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['CAMPAIGN_PAUSED', 'CAMPAIGN_PLAYED']))
    expect(audit.find((a) => a.action === 'CAMPAIGN_PAUSED')).toMatchObject({
      actorRole: 'SELLER',
      before: { state: 1, status: 1 },
      after: { state: 2, status: 0 },
    })
  })

  it("refuses another advertiser's campaign with 403 and leaves it as it was", async () => {
    const { t, agency } = ctx
    const brandCampaign = await findCampaign(
      t,
      200001,
      (c) => c.state === 1 && c.status === 1 && c.campaignClass === 'Sponsored',
    )
    for (const email of ['seller@example.com', 'seller-nocredit@example.com']) {
      const response = await act(await t.tokenFor(email), brandCampaign.id, 'pause')
      expect(response.status).toBe(403)
      expect(await response.json()).toMatchObject({ code: 403, data: null })
    }
    expect(await stateOf(brandCampaign.id)).toEqual({ state: 1, status: 1 })
    // The linked agency may.
    expect((await act(agency, brandCampaign.id, 'pause')).status).toBe(200)
  })

  it('gives SELLER and BRAND no action on Privilege campaigns, staff keep theirs', async () => {
    const { t, seller, ops } = ctx
    const privilege = await findCampaign(
      t,
      100001,
      (c) => c.campaignClass === 'Privilege' && c.state === 1 && c.status === 1,
    )
    expect((await act(seller, privilege.id, 'pause')).status).toBe(403)
    expect(await stateOf(privilege.id)).toEqual({ state: 1, status: 1 })
    const byOps = await act(ops, privilege.id, 'pause')
    expect(byOps.status).toBe(200)
    expect(await stateOf(privilege.id)).toEqual({ state: 2, status: 0 })
  })

  it('plays a manual pause without credit into a pause for lack of budget (state 2, status 1)', async () => {
    const { t } = ctx
    const campaign = await insertCampaign(t, {
      jmcampaignId: 991_000_001,
      name: 'No credit play',
      sellerId: 100007,
      state: 2,
      status: 0,
    })
    const response = await act(await t.tokenFor('seller-nocredit@example.com'), campaign.id, 'play')
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ state: 2, status: 1 })
    expect(await stateOf(campaign.id)).toEqual({ state: 2, status: 1 })
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(campaign.id)))
    expect(actions.map((a) => a.action)).toEqual(['CAMPAIGN_PLAYED', 'CAMPAIGN_STATE_CHANGED'])
  })
})

describe('Privilege campaigns are read-only for SELLER and BRAND', () => {
  it('refuses their delete with 403 and keeps the campaign; staff may delete it', async () => {
    const { t, seller, ops } = ctx
    const privilege = await findCampaign(t, 100001, (c) => c.campaignClass === 'Privilege' && !c.deletedAt)
    const remove = (token: string) =>
      t.request(`${INVENTORY_BASE}/v1/campaigns/delete?campaignId=${privilege.id}`, {
        method: 'DELETE',
        token,
      })
    const refused = await remove(seller)
    expect(refused.status).toBe(403)
    const [kept] = await t.db
      .select({ deletedAt: campaigns.deletedAt })
      .from(campaigns)
      .where(eq(campaigns.id, privilege.id))
    expect(kept!.deletedAt).toBeNull()
    const byStaff = await remove(ops)
    expect(byStaff.status).toBe(200)
    expect((await byStaff.json()).data.campaignStatus).toBe('DELETED')
  })
})
