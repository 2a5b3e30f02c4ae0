// Campaign create/modify (spec campaigns §3-§6, §9; decision 027) straight against the API: every
// refusal the form gives comes back at the same field, role rules, one transaction, jm ids from the
// sequences, audit entries with before and after.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { encodeBase64Text } from '../contracts/campaign-editor'
import { adGroups, campaigns } from '../db/schema'
import { MESSAGES } from '../rules/campaign-editor'
import { istDate, istDateTime } from '../rules/time'
import { CAMPAIGN_EDITOR_MESSAGES } from './campaign-editor'
import {
  adGroupPayload,
  auditOf,
  BRAND,
  campaignCall,
  days,
  istInstant,
  privilegePayload,
  refusal,
  rowCounts,
  SELLER,
  savedCampaign,
  seededProducts,
  sponsoredPayload,
} from './campaign-editor-fixtures'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, insertCampaign } from './test-support'

const ctx = campaignTestPlatform()
let own: number[] = []
let foreign: number[] = []
beforeAll(async () => {
  ;({ own, foreign } = await seededProducts(ctx.t))
  expect(own.length).toBeGreaterThanOrEqual(55)
  expect(foreign.length).toBeGreaterThan(0)
})

describe('POST /v1/campaign/create', () => {
  it('saves a Sponsored keyword campaign with pincodes and ad groups as a draft, in the view shape', async () => {
    const { t, seller } = ctx
    const [maxJm] = await t.db.select({ max: sql<string>`max(${campaigns.jmcampaignId})` }).from(campaigns)
    const payload = sponsoredPayload(t, {
      pincodeFilter: 'CUSTOM',
      pincodes: [
        { pincode: '110001', district: 'x', state: 'y' },
        { pincode: 110002, district: 'x', state: 'y' },
      ],
      adGroups: [
        adGroupPayload('Shoes', own.slice(0, 3)),
        adGroupPayload('Bats', own.slice(3, 5), [
          { keyword: 'cricket bat', match_type: 1, bid_price: 700 },
          { keyword: 'willow-bat 2', match_type: 0, bid_price: 650 },
        ]),
      ],
    })
    const data = await savedCampaign(await campaignCall(t, seller, 'create', 'save', payload, SELLER))
    const { tomorrow, later } = days(t)
    expect(data).toMatchObject({
      name: encodeBase64Text('Winter sale दिवाली'),
      state: 6,
      status: 1,
      submission: 'DRAFT',
      campaignClass: 'Sponsored',
      campaignCreatedBy: 'seller@example.com',
      channel_id: 4,
      objective: 13,
      weight: 12,
      campaign_type: [3],
      new_revenue_type: 2,
      cpm: 1058,
      budget_daily_limit: -1,
      sellerid: SELLER,
      pincodeFilter: 'CUSTOM',
      pincodes: [
        { pincode: 110001, district: expect.any(String), state: expect.any(String) },
        { pincode: 110002, district: expect.any(String), state: expect.any(String) },
      ],
    })
    expect(data.jmcampaign_id).toBeGreaterThan(Number(maxJm!.max))
    // spec §9: a later start day begins 00:00:00 IST; the end is 23:59:59 IST.
    expect(istDateTime(new Date(data.start_time))).toBe(`${tomorrow} 00:00:00`)
    expect(istDateTime(new Date(data.expire_time!))).toBe(`${later} 23:59:59`)
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, data.id))
    expect(row!.name).toBe('Winter sale दिवाली')
    expect(row!.checksum).toMatch(/^[0-9a-f]{32}$/)
    expect(
      data.adGroups.map((g) => [g.adGroupName, g.processing_status, g.products_count, g.keywords_count]),
    ).toEqual([
      ['Shoes', 2, 3, 1],
      ['Bats', 2, 2, 2],
    ])
    expect(data.adGroups[1]!.keywords.map((k) => [k.keyword, k.match_type, k.bid_price])).toEqual([
      ['cricket bat', 1, 700],
      ['willow-bat 2', 0, 650],
    ])
    expect(data.adGroups[0]!.products).toEqual(own.slice(0, 3).map((productId) => ({ productId })))

    // The same campaign through POST /v1/campaign/view.
    const view = await savedCampaign(
      await t.post(`${INVENTORY_BASE}/v1/campaign/view`, { id: data.id }, { token: seller }),
    )
    expect(view).toEqual(data)

    // Audited: the campaign and each group, by the seller, shown on the history page.
    const entries = await auditOf(t, data.id)
    expect(entries.map((e) => e.action)).toEqual(['CAMPAIGN_CREATED', 'ADGROUP_CREATED', 'ADGROUP_CREATED'])
    expect(entries[0]!.after).toMatchObject({
      name: 'Winter sale दिवाली',
      budget_total_limit: 100_000,
      pincodes: [110001, 110002],
    })
    expect(entries[2]!.after).toMatchObject({
      name: 'Bats',
      keywords: [{ keyword: 'cricket bat', bid_price: 700 }, { keyword: 'willow-bat 2' }],
    })
    expect(entries.every((e) => e.actorUserId === 100001 && e.actorRole === 'SELLER')).toBe(true)
    const history = await (
      await t.request(`${INVENTORY_BASE}/v1/campaign/${data.id}/history`, { token: seller })
    ).json()
    expect(history.data.entries.map((e: { action: string }) => e.action)).toContain('ADGROUP_CREATED')
  })

  it("starts a campaign of today at now + 2 minutes; 'submit' submits it and queues its ad groups", async () => {
    const { t, seller } = ctx
    const { today } = days(t)
    const payload = sponsoredPayload(t, {
      start_time: istInstant(today),
      adGroups: [adGroupPayload('Today', own.slice(0, 2))],
    })
    const data = await savedCampaign(await campaignCall(t, seller, 'create', 'submit', payload))
    expect(new Date(data.start_time).getTime()).toBe(t.deps.now().getTime() + 120_000)
    expect(data.submission).toBe('SUBMITTED')
    // The state engine places it: not started for two more minutes.
    expect(data.state).toBe(6)
    expect(data.adGroups[0]!.processing_status).toBe(0)
  })

  it('answers each invalid payload with the form message at the same field', async () => {
    const { t, ops, seller } = ctx
    const { yesterday } = days(t)
    const cases: [string, string, Record<string, unknown>, string, string][] = [
      ['name missing', 'seller', { name: '' }, 'name', MESSAGES.campaignNameRequired],
      ['name with %', 'seller', { name: encodeBase64Text('50% off') }, 'name', MESSAGES.campaignNameChars],
      [
        'start yesterday',
        'seller',
        { start_time: istInstant(yesterday) },
        'start_time',
        MESSAGES.invalidDate,
      ],
      [
        'manual pacing, no daily',
        'seller',
        { budget_pacing: 4 },
        'budget_daily_limit',
        MESSAGES.dailyBudgetEmpty,
      ],
      [
        'daily over total',
        'seller',
        { budget_daily_limit: 200_000 },
        'budget_daily_limit',
        MESSAGES.dailyOverTotal,
      ],
      [
        'no total budget',
        'seller',
        { budget_total_limit: null },
        'budget_total_limit',
        MESSAGES.requiredField,
      ],
      ['negative total', 'seller', { budget_total_limit: -5 }, 'budget_total_limit', MESSAGES.negativeNumber],
      [
        'category without cpm',
        'seller',
        { targetingType: 'Category', ad_format_type: 2 },
        'cpm',
        MESSAGES.requiredField,
      ],
      [
        'cpm over total',
        'seller',
        { targetingType: 'Category', ad_format_type: 2, cpm: 100_001 },
        'cpm',
        MESSAGES.bidOverTotalBudget,
      ],
      ['custom pincodes empty', 'seller', { pincodeFilter: 'CUSTOM' }, 'pincodes', MESSAGES.requiredField],
      ['except pincodes empty', 'seller', { pincodeFilter: 'EXCEPT' }, 'pincodes', MESSAGES.requiredField],
      ['privilege without cpd', 'ops', { ...privilegePayload(t), cpd: null }, 'cpd', MESSAGES.cpdRequired],
      ['privilege without tag', 'ops', { ...privilegePayload(t), tag: null }, 'tag', MESSAGES.requiredField],
      [
        'privilege tag not letters',
        'ops',
        { ...privilegePayload(t), tag: 'Top 10' },
        'tag',
        MESSAGES.invalidTag,
      ],
      ['privilege without cpm', 'ops', { ...privilegePayload(t), cpm: null }, 'cpm', MESSAGES.requiredField],
    ]
    const before = await rowCounts(t)
    for (const [label, who, overrides, field, message] of cases) {
      const response = await campaignCall(
        t,
        who === 'ops' ? ops : seller,
        'create',
        'save',
        sponsoredPayload(t, overrides),
      )
      const refused = await refusal(response)
      expect(refused.status, label).toBe(400)
      expect(refused.fieldErrors[field], label).toContain(message)
    }
    expect(await rowCounts(t)).toEqual(before)
  })

  it('refuses an unknown pincode by name and saves nothing', async () => {
    const { t, seller } = ctx
    const before = await rowCounts(t)
    const response = await campaignCall(
      t,
      seller,
      'create',
      'save',
      sponsoredPayload(t, {
        pincodeFilter: 'EXCEPT',
        pincodes: [
          { pincode: 110001, district: 'a', state: 'b' },
          { pincode: 999999, district: 'a', state: 'b' },
        ],
        adGroups: [adGroupPayload('One', own.slice(0, 1))],
      }),
    )
    const refused = await refusal(response)
    expect(refused.status).toBe(400)
    expect(refused.message).toBe(CAMPAIGN_EDITOR_MESSAGES.unknownPincode(999999))
    expect(refused.message).toContain('999999')
    expect(await rowCounts(t)).toEqual(before)
  })

  it('writes nothing when the third ad group is invalid (one transaction)', async () => {
    const { t, seller } = ctx
    const before = await rowCounts(t)
    const groups = [
      adGroupPayload('One', own.slice(0, 2)),
      adGroupPayload('Two', own.slice(2, 4)),
      adGroupPayload('Three', [foreign[0]!]),
    ]
    const payload = sponsoredPayload(t, {
      pincodeFilter: 'CUSTOM',
      pincodes: [{ pincode: 110001, district: 'a', state: 'b' }],
      adGroups: groups,
    })
    const refused = await refusal(await campaignCall(t, seller, 'create', 'submit', payload))
    expect(refused.status).toBe(400)
    expect(refused.message).toBe(MESSAGES.noValidProducts)
    expect(refused.fieldErrors['adGroups.2.products']).toContain(MESSAGES.noValidProducts)
    expect(await rowCounts(t)).toEqual(before)

    // A rule of the ad group's own (a name) is reported at its path, too.
    groups[2] = adGroupPayload('Three, again', own.slice(4, 5))
    const named = await refusal(await campaignCall(t, seller, 'create', 'submit', payload))
    expect(named.fieldErrors['adGroups.2.name']).toEqual([MESSAGES.adGroupNameChars])
    expect(await rowCounts(t)).toEqual(before)
  })

  it('only staff create Privilege campaigns; a seller without credit cannot create a Sponsored one', async () => {
    const { t, seller, brand, ops } = ctx
    expect((await campaignCall(t, seller, 'create', 'save', privilegePayload(t))).status).toBe(403)
    expect(
      (await campaignCall(t, brand, 'create', 'save', privilegePayload(t, { sellerid: BRAND }))).status,
    ).toBe(403)
    const created = await savedCampaign(await campaignCall(t, ops, 'create', 'save', privilegePayload(t)))
    expect(created).toMatchObject({
      campaignClass: 'Privilege',
      new_revenue_type: 4,
      isPrivileged: true,
      cpd: 50_000,
      tag: 'Festive Picks',
    })

    const noCredit = await t.tokenFor('seller-nocredit@example.com')
    const refused = await campaignCall(
      t,
      noCredit,
      'create',
      'save',
      sponsoredPayload(t, { sellerid: 100007 }),
    )
    expect(refused.status).toBe(402)
    expect((await refusal(refused)).message).toBe(CAMPAIGN_EDITOR_MESSAGES.noCredits)
  })

  it("refuses a campaign for another advertiser and another advertiser's products", async () => {
    const { t, seller, brand } = ctx
    expect(
      (await campaignCall(t, seller, 'create', 'save', sponsoredPayload(t, { sellerid: 100002 }))).status,
    ).toBe(403)
    const mismatch = await campaignCall(t, seller, 'create', 'save', sponsoredPayload(t), 100002)
    expect(mismatch.status).toBe(400)
    const foreignProducts = await campaignCall(
      t,
      brand,
      'create',
      'save',
      sponsoredPayload(t, { sellerid: BRAND, adGroups: [adGroupPayload('Mine?', own.slice(0, 1))] }),
    )
    expect(await refusal(foreignProducts)).toMatchObject({ status: 400, message: MESSAGES.noValidProducts })
  })

  it('takes unique jm ids from the sequences under concurrent creates', async () => {
    const { t, seller } = ctx
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        campaignCall(
          t,
          seller,
          'create',
          'save',
          sponsoredPayload(t, {
            name: encodeBase64Text(`Parallel ${n}`),
            adGroups: [adGroupPayload(`G${n}`, own.slice(n, n + 1))],
          }),
        ),
      ),
    )
    const saved = await Promise.all(responses.map(savedCampaign))
    expect(new Set(saved.map((c) => c.jmcampaign_id)).size).toBe(5)
    expect(new Set(saved.map((c) => c.adGroups[0]!.jm_adgroup_id)).size).toBe(5)
  })
})

describe('jm id sequences', () => {
  it('move past ids written explicitly (the seed, imports), so the next campaign never collides', async () => {
    const { t, seller } = ctx
    await insertCampaign(t, { jmcampaignId: 8_800_000, name: 'Imported' })
    const next = await savedCampaign(await campaignCall(t, seller, 'create', 'save', sponsoredPayload(t)))
    expect(next.jmcampaign_id).toBe(8_800_001)
  })
})

describe('POST /v1/campaign/modify', () => {
  async function created(overrides: Record<string, unknown> = {}) {
    const { t, seller } = ctx
    return savedCampaign(
      await campaignCall(
        t,
        seller,
        'create',
        'save',
        sponsoredPayload(t, { adGroups: [adGroupPayload('First', own.slice(10, 12))], ...overrides }),
      ),
    )
  }

  it('changes the budget, keeps the locked start, and audits only what changed', async () => {
    const { t, seller } = ctx
    const original = await created()
    // A running campaign: a Scheduled Paused one sends no times (spec §4).
    await t.db.update(campaigns).set({ state: 1 }).where(eq(campaigns.id, original.id))
    const { later } = days(t)
    const lastDay = istDate(new Date(new Date(istInstant(later)).getTime() + 5 * 86_400_000))
    const data = await savedCampaign(
      await campaignCall(
        t,
        seller,
        'modify',
        'save',
        sponsoredPayload(t, {
          id: original.id,
          jmcampaign_id: original.jmcampaign_id,
          budget_total_limit: 250_000,
          start_time: istInstant(later),
          expire_time: istInstant(lastDay),
        }),
      ),
    )
    expect(data.budget_total_limit).toBe(250_000)
    expect(data.start_time).toBe(original.start_time)
    expect(istDateTime(new Date(data.expire_time!))).toBe(`${lastDay} 23:59:59`)
    expect(data.submission).toBe('DRAFT')
    expect(data.adGroups).toHaveLength(1)
    const entries = await auditOf(t, original.id)
    const modified = entries.at(-1)!
    expect(modified.action).toBe('CAMPAIGN_MODIFIED')
    expect(modified.before).toEqual({ budget_total_limit: 100_000, expire_time: original.expire_time })
    expect(modified.after).toEqual({
      budget_total_limit: 250_000,
      expire_time: data.expire_time,
      action: 'save',
    })
    expect(modified.actorRole).toBe('SELLER')
  })

  it('refuses a budget lowered under a stored keyword bid, at the budget field, changing nothing', async () => {
    const { t, seller } = ctx
    // Its group's keyword bids ₹5.00 (adGroupPayload).
    const original = await created()
    const modify = (overrides: Record<string, unknown>) =>
      campaignCall(
        t,
        seller,
        'modify',
        'save',
        sponsoredPayload(t, { id: original.id, jmcampaign_id: original.jmcampaign_id, ...overrides }),
      )
    const before = await rowCounts(t)
    const daily = await refusal(await modify({ budget_daily_limit: 300, budget_pacing: 4 }))
    expect(daily).toMatchObject({ status: 400, message: 'Bid price cannot be greater than Daily budget' })
    expect(daily.fieldErrors.budget_daily_limit).toEqual(['Bid price cannot be greater than Daily budget'])
    const total = await refusal(await modify({ budget_total_limit: 400 }))
    expect(total).toMatchObject({ status: 400, message: 'Bid cannot be greater than total budget' })
    expect(total.fieldErrors.budget_total_limit).toEqual(['Bid cannot be greater than total budget'])
    expect(await rowCounts(t)).toEqual(before)
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, original.id))
    expect([row?.budgetTotalLimit, row?.budgetDailyLimit]).toEqual([100_000, -1])
    // Exactly the bid is allowed.
    await savedCampaign(await modify({ budget_daily_limit: 500, budget_pacing: 4 }))
  })

  it('refuses the form rules of an edit at their fields, and a cpd change outside state 6', async () => {
    const { t, seller, ops } = ctx
    const original = await created()
    await t.db.update(campaigns).set({ state: 1 }).where(eq(campaigns.id, original.id))
    const { yesterday } = days(t)
    const endBeforeToday = await refusal(
      await campaignCall(
        t,
        seller,
        'modify',
        'save',
        sponsoredPayload(t, { id: original.id, expire_time: istInstant(yesterday) }),
      ),
    )
    expect(endBeforeToday.fieldErrors.expire_time).toEqual([MESSAGES.invalidDate])

    const privilege = await savedCampaign(await campaignCall(t, ops, 'create', 'save', privilegePayload(t)))
    // Still Scheduled Paused: cpd may change.
    const cpd = await savedCampaign(
      await campaignCall(t, ops, 'modify', 'save', privilegePayload(t, { id: privilege.id, cpd: 60_000 })),
    )
    expect(cpd.cpd).toBe(60_000)
    await t.db.update(campaigns).set({ state: 1 }).where(eq(campaigns.id, privilege.id))
    const locked = await refusal(
      await campaignCall(t, ops, 'modify', 'save', privilegePayload(t, { id: privilege.id, cpd: 70_000 })),
    )
    expect(locked).toMatchObject({ status: 400, fieldErrors: { cpd: [CAMPAIGN_EDITOR_MESSAGES.cpdLocked] } })
    const classChange = await refusal(
      await campaignCall(t, ops, 'modify', 'save', sponsoredPayload(t, { id: privilege.id })),
    )
    expect(classChange.fieldErrors.new_revenue_type).toEqual([CAMPAIGN_EDITOR_MESSAGES.classLocked])
  })

  it('ignores the times a Scheduled Paused campaign sends', async () => {
    const { t, seller } = ctx
    const original = await created()
    const { later } = days(t)
    const data = await savedCampaign(
      await campaignCall(
        t,
        seller,
        'modify',
        'save',
        sponsoredPayload(t, { id: original.id, start_time: istInstant(later), expire_time: null }),
      ),
    )
    expect([data.start_time, data.expire_time]).toEqual([original.start_time, original.expire_time])
  })

  it('changes the targeting type only when the payload resets the ad groups', async () => {
    const { t, seller } = ctx
    const original = await created()
    const category = { id: original.id, targetingType: 'Category', ad_format_type: 2, cpm: 300 }
    const refused = await refusal(
      await campaignCall(t, seller, 'modify', 'save', sponsoredPayload(t, category)),
    )
    expect(refused.fieldErrors.targetingType).toEqual([CAMPAIGN_EDITOR_MESSAGES.targetingLocked])
    const reset = await savedCampaign(
      await campaignCall(
        t,
        seller,
        'modify',
        'save',
        sponsoredPayload(t, {
          ...category,
          adGroups: [adGroupPayload('By category', own.slice(20, 22), [])],
        }),
      ),
    )
    expect(reset.targetingType).toBe('Category')
    expect(reset.adGroups.map((g) => g.adGroupName)).toEqual(['By category'])
    const [old] = await t.db.select().from(adGroups).where(eq(adGroups.id, original.adGroups[0]!.id))
    expect(old!.state).toBe(2)
    const actions = (await auditOf(t, original.id)).map((e) => e.action)
    expect(actions.slice(-3)).toEqual(['CAMPAIGN_MODIFIED', 'ADGROUP_DELETED', 'ADGROUP_CREATED'])
  })

  it("refuses another advertiser's campaign (403) and BRAND/SELLER on a Privilege campaign", async () => {
    const { t, seller, brand, ops } = ctx
    // Campaign 22 is brand 200001's; 12 is a Privilege campaign of seller 100001 (seeded).
    const [brandCampaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, 22))
    expect(brandCampaign!.sellerId).toBe(BRAND)
    expect((await campaignCall(t, seller, 'modify', 'save', sponsoredPayload(t, { id: 22 }))).status).toBe(
      403,
    )
    expect(
      (await campaignCall(t, seller, 'modify', 'save', sponsoredPayload(t, { id: 987_654 }))).status,
    ).toBe(403)
    const [privilege] = await t.db.select().from(campaigns).where(eq(campaigns.id, 12))
    expect(privilege).toMatchObject({ campaignClass: 'Privilege', sellerId: SELLER })
    const before = await rowCounts(t)
    const refused = await campaignCall(
      t,
      seller,
      'modify',
      'save',
      privilegePayload(t, {
        id: 12,
        cpd: privilege!.cpd,
        targetingType: privilege!.targetingType,
        ad_format_type: privilege!.adFormatType,
      }),
    )
    expect(refused.status).toBe(403)
    expect(await rowCounts(t)).toEqual(before)
    // Staff may.
    const byOps = await campaignCall(
      t,
      ops,
      'modify',
      'save',
      privilegePayload(t, {
        id: 12,
        cpd: privilege!.cpd,
        tag: 'Staff Pick',
        targetingType: privilege!.targetingType,
        ad_format_type: privilege!.adFormatType,
        expire_time: null,
      }),
    )
    expect(byOps.status, JSON.stringify(await byOps.clone().json())).toBe(200)
    void brand
  })
})
