import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { campaigns } from '../db/schema'
import { applyCampaignStates } from '../jobs/campaign-states'
import {
  adGroupCall,
  adGroupPayload,
  campaignCall,
  SELLER,
  savedCampaign,
  seededProducts,
  sponsoredPayload,
} from './campaign-editor-fixtures'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, findCampaign, insertCampaign } from './test-support'

const ctx = campaignTestPlatform()

const BASE = INVENTORY_BASE
const history = (token: string, id: number, query = '') =>
  ctx.t.request(`${BASE}/v1/campaign/${id}/history${query}`, { token })
const act = (id: number, action: 'pause' | 'play') =>
  ctx.t.post(`${BASE}/v1/campaign/${id}/${action}`, undefined, { token: ctx.seller })
const remove = (id: number) =>
  ctx.t.request(`${BASE}/v1/campaigns/delete?campaignId=${id}`, { method: 'DELETE', token: ctx.seller })
type Entry = {
  id: number
  at: string
  action: string
  actor: { email: string } | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

describe('campaign history', () => {
  it('lists pause, play and delete newest first with the actor, and stays readable after the delete', async () => {
    const { t, seller, ops } = ctx
    const running = await findCampaign(
      t,
      100001,
      (c) =>
        c.state === 1 && c.status === 1 && c.campaignClass === 'Sponsored' && c.submission === 'SUBMITTED',
    )
    const empty = await (await history(seller, running.id)).json()
    expect(empty.data).toMatchObject({ entries: [], totalCount: 0, page: 1, size: 20, totalPages: 1 })

    const start = t.deps.now()
    expect((await act(running.id, 'pause')).status).toBe(200)
    t.setNow(new Date(start.getTime() + 60_000))
    expect((await act(running.id, 'play')).status).toBe(200)
    t.setNow(new Date(start.getTime() + 120_000))
    expect((await remove(running.id)).status).toBe(200)

    const response = await history(seller, running.id)
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data.campaign).toEqual({
      id: running.id,
      jmcampaign_id: running.jmcampaignId,
      name: Buffer.from(running.name, 'utf8').toString('base64'),
      deleted: true,
    })
    // A play may be followed by the state engine's own step (CAMPAIGN_STATE_CHANGED), same actor.
    const mine = data.entries.filter((e: Entry) => e.action !== 'CAMPAIGN_STATE_CHANGED')
    expect(mine.map((e: Entry) => e.action)).toEqual([
      'CAMPAIGN_DELETED',
      'CAMPAIGN_PLAYED',
      'CAMPAIGN_PAUSED',
    ])
    expect(data.entries[0]).toMatchObject({
      action: 'CAMPAIGN_DELETED',
      at: new Date(start.getTime() + 120_000).toISOString(),
      actor: {
        userId: (await t.userByEmail('seller@example.com')).id,
        role: 'SELLER',
        name: (await t.userByEmail('seller@example.com')).name,
        email: 'seller@example.com',
      },
      before: { deletedAt: null },
    })
    expect(mine.at(-1)).toMatchObject({
      action: 'CAMPAIGN_PAUSED',
      at: start.toISOString(),
      before: { state: 1, status: 1 },
      after: { state: 2, status: 0 },
    })
    expect(data.totalCount).toBe(data.entries.length)

    // Staff read it too; after the delete the campaign itself is gone from view.
    expect((await history(ops, running.id)).status).toBe(200)
    expect((await t.post(`${BASE}/v1/campaign/view`, { id: running.id }, { token: seller })).status).toBe(403)
  })

  it('orders entries of the same instant by id, shows the system as a null actor and pages', async () => {
    const { t, seller } = ctx
    const campaign = await insertCampaign(t, {
      jmcampaignId: 994_000_001,
      name: 'History paging',
      startTime: new Date(t.deps.now().getTime() - 10 * 86_400_000),
      expireTime: new Date(t.deps.now().getTime() - 86_400_000),
    })
    // The state engine expires it (actor: the system), then the seller deletes it, at the same instant.
    const [transition] = await applyCampaignStates(t.db, t.deps.now(), { campaignIds: [campaign.id] })
    expect(transition).toMatchObject({ state: 7 })
    expect((await remove(campaign.id)).status).toBe(200)

    const all = (await (await history(seller, campaign.id)).json()).data
    expect(all.entries.map((e: Entry) => e.action)).toEqual(['CAMPAIGN_DELETED', 'CAMPAIGN_STATE_CHANGED'])
    expect(all.entries[0].at).toBe(all.entries[1].at)
    expect(all.entries[0].id).toBeGreaterThan(all.entries[1].id)
    expect(all.entries[1]).toMatchObject({ actor: null, after: { state: 7, reason: expect.any(String) } })

    const second = (await (await history(seller, campaign.id, '?page=2&size=1')).json()).data
    expect(second).toMatchObject({ totalCount: 2, page: 2, size: 1, totalPages: 2 })
    expect(second.entries).toEqual([all.entries[1]])
    const past = (await (await history(seller, campaign.id, '?page=3&size=1')).json()).data
    expect(past).toMatchObject({ entries: [], totalCount: 2 })
    expect((await history(seller, campaign.id, '?size=101')).status).toBe(400)
    expect((await history(seller, campaign.id, '?page=0')).status).toBe(400)
  })

  it('refuses another advertiser with 403, deleted or not; unknown ids are 403 to advertisers, 404 to staff', async () => {
    const { t, seller, brand, agency, ops } = ctx
    const [brandCampaign] = await t.db.select().from(campaigns).where(eq(campaigns.sellerId, 200001)).limit(1)
    for (const email of ['seller@example.com', 'seller-nocredit@example.com']) {
      const refused = await history(await t.tokenFor(email), brandCampaign!.id)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })
    }
    expect((await history(brand, brandCampaign!.id)).status).toBe(200)
    expect((await history(agency, brandCampaign!.id)).status).toBe(200)
    await t.db.update(campaigns).set({ deletedAt: t.deps.now() }).where(eq(campaigns.id, brandCampaign!.id))
    expect((await history(seller, brandCampaign!.id)).status).toBe(403)
    expect((await history(brand, brandCampaign!.id)).status).toBe(200)

    expect((await history(seller, 987_654_321)).status).toBe(403)
    expect((await history(ops, 987_654_321)).status).toBe(404)
    expect((await history(seller, 0)).status).toBe(403)
    expect((await history(seller, Number.NaN)).status).toBe(400)
  })

  it("includes the editor's campaign and ad-group entries with before and after, also after a delete", async () => {
    const { t, seller, ops } = ctx
    const { own } = await seededProducts(t)
    const payload = sponsoredPayload(t, { name: Buffer.from('History editor').toString('base64') })
    const campaign = await savedCampaign(await campaignCall(t, seller, 'create', 'save', payload))
    const group = (keywords: { keyword: string; match_type: 0 | 1 | 2; bid_price: number }[]) => ({
      ...adGroupPayload('Shoes group', own.slice(0, 2), keywords),
      campaign_id: campaign.id,
      jmcampaign_id: campaign.jmcampaign_id,
      sellerid: SELLER,
    })
    const created = await adGroupCall(
      t,
      seller,
      'create',
      'save',
      group([
        { keyword: 'running shoes', match_type: 1, bid_price: 450 },
        { keyword: 'trail shoes', match_type: 1, bid_price: 300 },
      ]),
    )
    expect(created.status).toBe(200)
    const groupId = (await created.json()).data.id as number
    // A second group, so the first may be deleted (a campaign keeps at least one).
    const spare = { ...group([{ keyword: 'socks', match_type: 1, bid_price: 100 }]), name: 'Spare' }
    expect((await adGroupCall(t, seller, 'create', 'save', spare)).status).toBe(200)
    const bid = await adGroupCall(t, seller, 'modify', 'save', {
      ...group([
        { keyword: 'running shoes', match_type: 1, bid_price: 500 },
        { keyword: 'trail shoes', match_type: 1, bid_price: 300 },
      ]),
      id: groupId,
    })
    expect(bid.status).toBe(200)
    const budget = await campaignCall(t, seller, 'modify', 'save', {
      ...payload,
      id: campaign.id,
      budget_total_limit: 250_000,
    })
    expect(budget.status).toBe(200)
    const deleted = await adGroupCall(t, seller, 'modify', 'save', {
      id: groupId,
      campaign_id: campaign.id,
      state: 2,
    })
    expect(deleted.status).toBe(200)
    expect((await remove(campaign.id)).status).toBe(200)

    const { data } = await (await history(seller, campaign.id)).json()
    const entries = data.entries as Entry[]
    expect(entries.map((e) => e.action)).toEqual([
      'CAMPAIGN_DELETED',
      'ADGROUP_DELETED',
      'CAMPAIGN_MODIFIED',
      'ADGROUP_MODIFIED',
      'ADGROUP_CREATED',
      'ADGROUP_CREATED',
      'CAMPAIGN_CREATED',
    ])
    expect(data.totalCount).toBe(7)
    expect(entries.every((e) => e.actor?.email === 'seller@example.com')).toBe(true)
    const byAction = (action: string) => entries.find((e) => e.action === action)!
    expect(byAction('CAMPAIGN_MODIFIED')).toMatchObject({
      before: { budget_total_limit: 100_000 },
      after: { budget_total_limit: 250_000, action: 'save' },
    })
    expect(byAction('ADGROUP_MODIFIED')).toMatchObject({
      before: {
        adGroupId: groupId,
        name: 'Shoes group',
        products: own.slice(0, 2),
        keywords: [
          { keyword: 'running shoes', match_type: 1, bid_price: 450 },
          { keyword: 'trail shoes', match_type: 1, bid_price: 300 },
        ],
      },
      after: {
        adGroupId: groupId,
        keywords: [
          { keyword: 'running shoes', match_type: 1, bid_price: 500 },
          { keyword: 'trail shoes', match_type: 1, bid_price: 300 },
        ],
        action: 'save',
      },
    })
    expect(entries.at(-2)).toMatchObject({ before: null, after: { name: 'Shoes group', action: 'save' } })
    expect(byAction('ADGROUP_DELETED')).toMatchObject({
      before: { adGroupId: groupId, name: 'Shoes group', state: 1 },
      after: { adGroupId: groupId, name: 'Shoes group', state: 2 },
    })

    // Paged like the rest, and staff read the same entries.
    const second = (await (await history(seller, campaign.id, '?page=2&size=3')).json()).data
    expect(second.entries.map((e: Entry) => e.action)).toEqual([
      'ADGROUP_MODIFIED',
      'ADGROUP_CREATED',
      'ADGROUP_CREATED',
    ])
    const staff = (await (await history(ops, campaign.id)).json()).data
    expect(staff.entries).toEqual(entries)
  })
})
