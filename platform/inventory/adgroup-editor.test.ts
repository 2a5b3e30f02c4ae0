// Ad-group create/modify/list/view (spec campaigns §3 "Ad group", §4, §5, §6, §7; decision 027)
// straight against the API: the form's refusals at the same fields, catalog ownership, busy groups,
// role rules, whole replacement of products and keywords, and the audit entries.
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { adGroupViewResponseSchema } from '../contracts/adgroup-read'
import { adGroupListResponseSchema } from '../contracts/campaign-editor'
import { adGroups, campaigns } from '../db/schema'
import { MESSAGES, productProblemMessage } from '../rules/campaign-editor'
import { ADGROUP_MESSAGES } from './adgroup-editor'
import {
  adGroupCall,
  adGroupPayload,
  auditOf,
  BRAND,
  campaignCall,
  type Keyword,
  refusal,
  rowCounts,
  SELLER,
  savedCampaign,
  seededProducts,
  sponsoredPayload,
} from './campaign-editor-fixtures'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform } from './test-support'

const ctx = campaignTestPlatform()
let own: number[] = []
let foreign: number[] = []
/** A draft Sponsored keyword campaign of seller 100001: ₹1,000 total, ₹200 a day. */
let campaign: { id: number; jmcampaign_id: number }

beforeAll(async () => {
  ;({ own, foreign } = await seededProducts(ctx.t))
  campaign = await savedCampaign(
    await campaignCall(
      ctx.t,
      ctx.seller,
      'create',
      'save',
      sponsoredPayload(ctx.t, {
        budget_daily_limit: 20_000,
        budget_pacing: 4,
        adGroups: [adGroupPayload('Base', own.slice(0, 1))],
      }),
    ),
  )
})

const groupBody = (
  overrides: Record<string, unknown> = {},
  productIds = own.slice(1, 3),
  keywords?: Keyword[],
) => ({
  ...adGroupPayload('Group', productIds, keywords),
  campaign_id: campaign.id,
  jmcampaign_id: campaign.jmcampaign_id,
  sellerid: SELLER,
  ...overrides,
})

async function saved(response: Response) {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  return body.data as {
    id: number
    jm_adgroup_id: number
    adGroupName: string
    processing_status: number
    state: number
  }
}

describe('POST /v1/adgroup/create and /v1/adgroup/modify', () => {
  it("'save' writes a group with nothing pending; 'submit' leaves it Pending and then read-only", async () => {
    const { t, seller } = ctx
    const draft = await saved(await adGroupCall(t, seller, 'create', 'save', groupBody({ name: 'Draft' })))
    expect(draft).toMatchObject({ adGroupName: 'Draft', processing_status: 2, state: 1 })
    const submitted = await saved(
      await adGroupCall(t, seller, 'modify', 'submit', groupBody({ id: draft.id, name: 'Draft' })),
    )
    expect(submitted.processing_status).toBe(0)
    expect(submitted.jm_adgroup_id).toBe(draft.jm_adgroup_id)

    const pending = await refusal(
      await adGroupCall(t, seller, 'modify', 'save', groupBody({ id: draft.id, name: 'Changed' })),
    )
    expect(pending).toMatchObject({ status: 409, message: 'This AdGroup is currently in Pending state' })
    await t.db.update(adGroups).set({ processingStatus: 1 }).where(eq(adGroups.id, draft.id))
    const processing = await refusal(
      await adGroupCall(t, seller, 'modify', 'save', groupBody({ id: draft.id, name: 'Changed' })),
    )
    expect(processing).toMatchObject({
      status: 409,
      message: 'This AdGroup is currently in Processing state',
    })
    const [row] = await t.db.select().from(adGroups).where(eq(adGroups.id, draft.id))
    expect(row!.name).toBe('Draft')
  })

  it('replaces products and keywords as a whole and audits who changed which bid', async () => {
    const { t, seller } = ctx
    const group = await saved(
      await adGroupCall(
        t,
        seller,
        'create',
        'save',
        groupBody({ name: 'Bids' }, own.slice(3, 6), [
          { keyword: 'red shoes', match_type: 1, bid_price: 500 },
          { keyword: 'blue shoes', match_type: 1, bid_price: 600 },
        ]),
      ),
    )
    await saved(
      await adGroupCall(
        t,
        seller,
        'modify',
        'save',
        groupBody({ id: group.id, name: 'Bids' }, own.slice(5, 7), [
          { keyword: 'red shoes', match_type: 1, bid_price: 900 },
        ]),
      ),
    )
    const view = await (
      await t.post(`${INVENTORY_BASE}/v1/adgroup/view`, { channel_id: 4, id: group.id }, { token: seller })
    ).json()
    expect(adGroupViewResponseSchema.parse(view.data)).toEqual(view.data)
    expect(view.data.products.map((p: { productId: number }) => p.productId)).toEqual(own.slice(5, 7))
    expect(view.data.keywords.map((k: Keyword) => [k.keyword, k.bid_price])).toEqual([['red shoes', 900]])

    const modified = (await auditOf(t, campaign.id)).at(-1)!
    expect(modified).toMatchObject({ action: 'ADGROUP_MODIFIED', actorUserId: 100001, actorRole: 'SELLER' })
    expect(modified.before).toMatchObject({
      adGroupId: group.id,
      products: own.slice(3, 6),
      keywords: [
        { keyword: 'red shoes', match_type: 1, bid_price: 500 },
        { keyword: 'blue shoes', match_type: 1, bid_price: 600 },
      ],
    })
    expect(modified.after).toMatchObject({
      products: own.slice(5, 7),
      keywords: [{ keyword: 'red shoes', match_type: 1, bid_price: 900 }],
      action: 'save',
    })
  })

  it('answers each invalid ad group with the form message at the same field, writing nothing', async () => {
    const { t, seller } = ctx
    const many = (n: number): Keyword[] =>
      Array.from({ length: n }, (_, i) => ({ keyword: `kw ${i}`, match_type: 1, bid_price: 100 }))
    const cases: [string, Record<string, unknown>, number[], Keyword[] | undefined, string, string][] = [
      ['name missing', { name: '' }, own.slice(1, 2), undefined, 'name', MESSAGES.adGroupNameRequired],
      ['name with comma', { name: 'a,b' }, own.slice(1, 2), undefined, 'name', MESSAGES.adGroupNameChars],
      ['no products', {}, [], undefined, 'products', MESSAGES.requiredField],
      ['51 products', {}, own.slice(0, 51), undefined, 'products', MESSAGES.productLimit],
      ['no keywords', {}, own.slice(1, 2), [], 'keywords', MESSAGES.requiredField],
      ['501 keywords', {}, own.slice(1, 2), many(501), 'keywords', MESSAGES.maxKeywords],
      [
        'bid 0',
        {},
        own.slice(1, 2),
        [{ keyword: 'x', match_type: 1, bid_price: 0 }],
        'keywords.0.bid_price',
        MESSAGES.requiredBidPrice,
      ],
      [
        'bid over daily',
        {},
        own.slice(1, 2),
        [{ keyword: 'x', match_type: 1, bid_price: 20_001 }],
        'keywords.0.bid_price',
        MESSAGES.keywordBidOverDaily,
      ],
      [
        'keyword characters',
        {},
        own.slice(1, 2),
        [{ keyword: 'shoes!', match_type: 1, bid_price: 100 }],
        'keywords.0.keyword',
        MESSAGES.invalidKeyword,
      ],
      [
        'Broad by a seller',
        {},
        own.slice(1, 2),
        [{ keyword: 'shoes', match_type: 2, bid_price: 100 }],
        'keywords.0.match_type',
        MESSAGES.selectMatchType,
      ],
      ['foreign product', {}, [foreign[0]!], undefined, 'products', MESSAGES.noValidProducts],
      [
        'one foreign product among own',
        {},
        [own[1]!, foreign[0]!],
        undefined,
        'products',
        productProblemMessage(1, foreign[0]!),
      ],
    ]
    const before = await rowCounts(t)
    for (const [label, overrides, productIds, keywords, field, message] of cases) {
      const refused = await refusal(
        await adGroupCall(t, seller, 'create', 'submit', groupBody(overrides, productIds, keywords)),
      )
      expect(refused.status, label).toBe(400)
      expect(refused.fieldErrors[field], label).toContain(message)
    }
    expect(await rowCounts(t)).toEqual(before)
  })

  it('over a total budget only: the total-budget message', async () => {
    const { t, seller } = ctx
    const noDaily = await savedCampaign(
      await campaignCall(t, seller, 'create', 'save', sponsoredPayload(t, { budget_total_limit: 10_000 })),
    )
    const refused = await refusal(
      await adGroupCall(
        t,
        seller,
        'create',
        'save',
        groupBody({ campaign_id: noDaily.id, jmcampaign_id: noDaily.jmcampaign_id }, own.slice(1, 2), [
          { keyword: 'x', match_type: 1, bid_price: 10_001 },
        ]),
      ),
    )
    expect(refused.fieldErrors['keywords.0.bid_price']).toEqual([MESSAGES.keywordBidOverTotal])
  })

  it('Broad match is for staff only', async () => {
    const { t, ops } = ctx
    const broad = await saved(
      await adGroupCall(
        t,
        ops,
        'create',
        'save',
        groupBody({ name: 'Broad' }, own.slice(7, 8), [{ keyword: 'shoes', match_type: 2, bid_price: 100 }]),
      ),
    )
    expect(broad.state).toBe(1)
  })

  it("refuses another advertiser's campaign and BRAND/SELLER on a Privilege campaign", async () => {
    const { t, seller, brand, ops } = ctx
    const [privilege] = await t.db.select().from(campaigns).where(eq(campaigns.id, 22))
    expect(privilege).toMatchObject({ campaignClass: 'Privilege', sellerId: BRAND })
    const [privilegeGroup] = await t.db.select().from(adGroups).where(eq(adGroups.campaignId, 22))
    const onPrivilege = (extra: Record<string, unknown> = {}) =>
      groupBody({ campaign_id: 22, jmcampaign_id: privilege!.jmcampaignId, sellerid: BRAND, ...extra })
    const before = await rowCounts(t)
    expect((await adGroupCall(t, seller, 'create', 'save', onPrivilege())).status).toBe(403)
    expect((await adGroupCall(t, brand, 'create', 'save', onPrivilege())).status).toBe(403)
    expect(
      (await adGroupCall(t, brand, 'modify', 'save', onPrivilege({ id: privilegeGroup!.id }))).status,
    ).toBe(403)
    expect(
      (await adGroupCall(t, brand, 'modify', 'save', { id: privilegeGroup!.id, campaign_id: 22, state: 2 }))
        .status,
    ).toBe(403)
    expect(await rowCounts(t)).toEqual(before)
    // Staff may add to it, with the brand's products.
    const { brand: brandProducts } = await seededProducts(t)
    const byOps = await adGroupCall(t, ops, 'create', 'save', {
      ...onPrivilege({ name: 'By staff' }),
      products: [{ productId: brandProducts[0] }],
    })
    expect(byOps.status, JSON.stringify(await byOps.clone().json())).toBe(200)
  })

  it('deletes a group with state 2, never the last active one', async () => {
    const { t, seller } = ctx
    const lonely = await savedCampaign(
      await campaignCall(
        t,
        seller,
        'create',
        'save',
        sponsoredPayload(t, { adGroups: [adGroupPayload('Only', own.slice(0, 1))] }),
      ),
    )
    const only = lonely.adGroups[0]!
    const refused = await refusal(
      await adGroupCall(t, seller, 'modify', 'save', { id: only.id, campaign_id: lonely.id, state: 2 }),
    )
    expect(refused).toMatchObject({ status: 409, message: ADGROUP_MESSAGES.lastActiveGroup })
    const second = await saved(
      await adGroupCall(
        t,
        seller,
        'create',
        'save',
        groupBody({ campaign_id: lonely.id, jmcampaign_id: lonely.jmcampaign_id, name: 'Second' }),
      ),
    )
    const deleted = await saved(
      await adGroupCall(t, seller, 'modify', 'save', { id: only.id, campaign_id: lonely.id, state: 2 }),
    )
    expect(deleted.state).toBe(2)
    const again = await adGroupCall(t, seller, 'modify', 'save', {
      id: only.id,
      campaign_id: lonely.id,
      state: 2,
    })
    expect(again.status).toBe(404)
    const entry = (await auditOf(t, lonely.id)).at(-1)!
    expect(entry).toMatchObject({
      action: 'ADGROUP_DELETED',
      before: { adGroupId: only.id, name: 'Only' },
      after: { state: 2 },
    })

    const list = await (
      await t.post(
        `${INVENTORY_BASE}/v1/adgroup/list`,
        { channel_id: 4, campaign_id: lonely.id },
        { token: seller },
      )
    ).json()
    expect(adGroupListResponseSchema.parse(list.data)).toEqual(list.data)
    expect(list.data.map((g: { id: number }) => g.id)).toEqual([second.id])
  })

  it('a group id of another campaign, or a mismatched jm id or seller, is refused', async () => {
    const { t, seller } = ctx
    const other = await savedCampaign(
      await campaignCall(
        t,
        seller,
        'create',
        'save',
        sponsoredPayload(t, { adGroups: [adGroupPayload('Other', own.slice(0, 1))] }),
      ),
    )
    const wrong = await refusal(
      await adGroupCall(t, seller, 'modify', 'save', groupBody({ id: other.adGroups[0]!.id })),
    )
    expect(wrong.fieldErrors.id).toEqual([ADGROUP_MESSAGES.wrongCampaign])
    const jm = await refusal(
      await adGroupCall(t, seller, 'create', 'save', groupBody({ jmcampaign_id: other.jmcampaign_id })),
    )
    expect(jm.fieldErrors.jmcampaign_id).toEqual([ADGROUP_MESSAGES.jmCampaignMismatch])
    expect((await adGroupCall(t, seller, 'create', 'save', groupBody({ sellerid: 100002 }))).status).toBe(400)
  })

  it('a modify leaves exactly the products and keywords it sends (fast-check, 100 runs)', async () => {
    const { t, seller } = ctx
    const group = await saved(await adGroupCall(t, seller, 'create', 'save', groupBody({ name: 'Property' })))
    const word = fc.stringMatching(/^[a-z0-9][a-z0-9 -]{0,18}[a-z0-9]$/)
    const keywords = fc.uniqueArray(
      fc.record({
        keyword: word,
        match_type: fc.constantFrom(0 as const, 1 as const),
        bid_price: fc.integer({ min: 1, max: 20_000 }),
      }),
      { minLength: 1, maxLength: 12, selector: (k) => k.keyword.toLowerCase() },
    )
    const productIds = fc.uniqueArray(fc.constantFrom(...own.slice(0, 50)), { minLength: 1, maxLength: 6 })
    await fc.assert(
      fc.asyncProperty(productIds, keywords, async (ids, kws) => {
        await saved(
          await adGroupCall(
            t,
            seller,
            'modify',
            'save',
            groupBody({ id: group.id, name: 'Property' }, ids, kws),
          ),
        )
        const view = await (
          await t.post(
            `${INVENTORY_BASE}/v1/adgroup/view`,
            { channel_id: 4, id: group.id },
            { token: seller },
          )
        ).json()
        expect(view.data.products.map((p: { productId: number }) => p.productId)).toEqual(
          [...ids].sort((a, b) => a - b),
        )
        expect(
          view.data.keywords.map(({ keyword, match_type, bid_price }: Keyword) => ({
            keyword,
            match_type,
            bid_price,
          })),
        ).toEqual(kws)
      }),
      { numRuns: 100 },
    )
  })
})

describe('a submitted group wakes the processing job', () => {
  it('is Completed within seconds of its submit (not on the next minute) when the server runs jobs', async () => {
    const { t, seller } = ctx
    const { startJobs, wakeJob } = await import('../jobs')
    const { adGroupProcessing } = await import('../jobs/ad-group-processing')
    // Only the job's queue, with no cron firing meanwhile: whatever runs it is the wake.
    const jobs = await startJobs(t.deps, [{ ...adGroupProcessing, cron: undefined }])
    const woken: string[] = []
    t.deps.wake = (job) => {
      woken.push(job)
      wakeJob(jobs, job)
    }
    try {
      const group = await saved(
        await adGroupCall(t, seller, 'create', 'submit', groupBody({ name: 'Woken' })),
      )
      expect(group.processing_status).toBe(0)
      expect(woken).toEqual(['ad-group-processing'])
      await expect
        .poll(
          async () =>
            (await t.db.select().from(adGroups).where(eq(adGroups.id, group.id)))[0]?.processingStatus,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(2)
      // A save queues nothing, so it wakes nothing.
      await saved(await adGroupCall(t, seller, 'create', 'save', groupBody({ name: 'Quiet' })))
      expect(woken).toEqual(['ad-group-processing'])
    } finally {
      t.deps.wake = undefined
      await jobs.stop()
    }
  }, 40_000)
})
