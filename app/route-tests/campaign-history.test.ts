// The campaign history page in words (decision 032): each audit action's label, each field's label and
// value (money from paise in en-IN rupees, IST times, match type, pacing and pincode codes), and lists
// as differences (keywords, bids, products, pincodes), table-driven; then the history loader on a
// campaign and ad group written through the platform's editor calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase64Text } from '../../platform/contracts/campaign-editor'
import { fullyCategorisedProductsOf } from '../../platform/testing/seeded-products'
import { istDate } from '../../platform/rules/time'
import {
  adGroupNames,
  describeAction,
  describeChanges,
  HISTORY_LIST_CAP,
} from '../models/campaign-page.server'
import { loader as adminHistoryLoader } from '../routes/admin.campaigns_.$id.history'
import { loader as historyLoader } from '../routes/_advertiser.campaigns_.$id.history'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'
import { sponsoredPayload } from '../../platform/testing/campaign-payloads'

const kw = (keyword: string, bid_price: number | null, match_type = 1) => ({ keyword, match_type, bid_price })
const group = (over: Record<string, unknown> = {}) => ({
  adGroupId: 41,
  jm_adgroup_id: 9041,
  name: 'Shoes group',
  state: 1,
  processing_status: 2,
  products: [123, 456],
  keywords: [kw('running shoes', 450), kw('trail shoes', 300)],
  ...over,
})

describe('describeAction: the What column', () => {
  it.each([
    [
      'CAMPAIGN_CREATED',
      null,
      { name: 'A', submission: 'DRAFT', action: 'save' },
      'Created (saved as draft)',
    ],
    [
      'CAMPAIGN_CREATED',
      null,
      { name: 'A', submission: 'SUBMITTED', action: 'submit' },
      'Created (submitted)',
    ],
    ['CAMPAIGN_MODIFIED', { cpm: 100 }, { cpm: 200, action: 'submit' }, 'Edited (submitted)'],
    // Saving a campaign that stays submitted is not a draft.
    ['CAMPAIGN_MODIFIED', { cpm: 100 }, { cpm: 200, action: 'save' }, 'Edited (saved)'],
    [
      'CAMPAIGN_MODIFIED',
      { budget_total_limit: 1 },
      { budget_total_limit: 2, submission: 'DRAFT', action: 'save' },
      'Edited (saved as draft)',
    ],
    ['CAMPAIGN_PAUSED', { state: 1 }, { state: 2 }, 'Paused'],
    ['CAMPAIGN_DELETED', { deletedAt: null }, { deletedAt: '2026-01-01T00:00:00Z' }, 'Deleted'],
    ['ADGROUP_CREATED', null, { ...group(), action: 'save' }, "Ad group 'Shoes group' created (saved)"],
    ['ADGROUP_CREATED', null, { ...group(), action: 'submit' }, "Ad group 'Shoes group' created (submitted)"],
    [
      'ADGROUP_MODIFIED',
      group(),
      { ...group({ name: 'Boots' }), action: 'save' },
      "Ad group 'Boots' edited (saved)",
    ],
    [
      'ADGROUP_DELETED',
      group(),
      { adGroupId: 41, jm_adgroup_id: 9041, name: 'Shoes group', state: 2 },
      "Ad group 'Shoes group' deleted",
    ],
    [
      'ADGROUP_PROCESSING',
      { adGroupId: 7, processing_status: 0 },
      { adGroupId: 7, processing_status: 1 },
      'Ad group processing status',
    ],
    ['SOMETHING_NEW', null, { x: 1 }, 'SOMETHING_NEW'],
  ])('%s → %s', (action, before, after, label) => {
    expect(describeAction(action, before, after)).toBe(label)
  })

  it('names a processed ad group from the other entries of the page', () => {
    const names = adGroupNames([
      { before: null, after: group({ adGroupId: 7, name: 'Bottles' }) },
      { before: { adGroupId: 7, processing_status: 0 }, after: { adGroupId: 7, processing_status: 1 } },
    ])
    expect(
      describeAction('ADGROUP_PROCESSING', { adGroupId: 7 }, { adGroupId: 7, processing_status: 2 }, names),
    ).toBe("Ad group 'Bottles' processing status")
  })
})

describe('describeChanges: campaign fields and values', () => {
  it.each([
    [
      'total budget in rupees (en-IN)',
      { budget_total_limit: 100_000 },
      { budget_total_limit: 12_345_650 },
      'Total budget: ₹1,000.00 → ₹1,23,456.50',
    ],
    [
      'daily budget -1 is Not set',
      { budget_daily_limit: -1 },
      { budget_daily_limit: 20_000 },
      'Daily budget: Not set → ₹200.00',
    ],
    [
      'daily budget back to Not set',
      { budget_daily_limit: 123_450 },
      { budget_daily_limit: -1 },
      'Daily budget: ₹1,234.50 → Not set',
    ],
    ['pacing codes', { budget_pacing: 1 }, { budget_pacing: 4 }, 'Pacing: ASAP → Manual'],
    ['pacing evenly/frontloaded', { budget_pacing: 3 }, { budget_pacing: 2 }, 'Pacing: Evenly → Frontloaded'],
    [
      'start date in IST',
      { start_time: '2026-03-01T18:30:00.000Z' },
      { start_time: '2026-03-04T18:30:00.000Z' },
      'Start date: 2026-03-02 00:00:00 → 2026-03-05 00:00:00',
    ],
    [
      'end date to Lifetime',
      { expire_time: '2026-03-10T18:29:59.000Z' },
      { expire_time: null },
      'End date: 2026-03-10 23:59:59 → Lifetime',
    ],
    ['bid (CPM)', { cpm: 1200 }, { cpm: 2500 }, 'Bid (CPM): ₹12.00 → ₹25.00'],
    ['CPD', { cpd: 50_000 }, { cpd: 40_000 }, 'CPD: ₹500.00 → ₹400.00'],
    [
      'privilege tag',
      { tag: 'Festive Picks' },
      { tag: 'Big Sale' },
      'Privilege tag: Festive Picks → Big Sale',
    ],
    [
      'targeting type',
      { targetingType: 'Keyword' },
      { targetingType: 'Category' },
      'Targeting type: Keyword → Category',
    ],
    [
      'pincode filter',
      { pincodeFilter: 'ALL' },
      { pincodeFilter: 'EXCEPT' },
      'Pincode targeting: All pincodes → All except these pincodes',
    ],
    ['submission', { submission: 'DRAFT' }, { submission: 'SUBMITTED' }, 'Submission: Draft → Submitted'],
    ['state', { state: 1 }, { state: 2 }, 'State: Running → Paused'],
    ['status', { status: 1 }, { status: 0 }, 'Status: Active → Paused manually'],
    ['name', { name: 'Old' }, { name: 'New' }, 'Name: Old → New'],
  ])('%s', (_case, before, after, line) => {
    expect(describeChanges(before, { ...after, action: 'save' }, 'CAMPAIGN_MODIFIED')).toEqual([line])
  })

  it('lists pincodes added and removed, not the arrays', () => {
    expect(
      describeChanges(
        { pincodes: [110001, 560001] },
        { pincodes: [560001, 700001], action: 'save' },
        'CAMPAIGN_MODIFIED',
      ),
    ).toEqual(['Pincode added: 700001', 'Pincode removed: 110001'])
  })

  it('a created campaign lists what it was set to, leaving out empty values and the save action', () => {
    const lines = describeChanges(
      null,
      {
        name: 'Winter sale',
        state: 6,
        status: 1,
        submission: 'DRAFT',
        campaignClass: 'Sponsored',
        targetingType: 'Keyword',
        start_time: '2026-03-01T18:30:00.000Z',
        expire_time: null,
        budget_total_limit: 100_000,
        budget_daily_limit: -1,
        budget_pacing: 1,
        cpm: null,
        cpd: null,
        tag: null,
        pincodeFilter: 'CUSTOM',
        pincodes: [110001, 560001],
        action: 'save',
      },
      'CAMPAIGN_CREATED',
    )
    expect(lines).toEqual([
      'Name: Winter sale',
      'State: Scheduled Paused',
      'Status: Active',
      'Submission: Draft',
      'Campaign class: Sponsored',
      'Targeting type: Keyword',
      'Start date: 2026-03-02 00:00:00',
      'End date: Lifetime',
      'Total budget: ₹1,000.00',
      'Daily budget: Not set',
      'Pacing: ASAP',
      'Pincode targeting: Only these pincodes',
      'Pincodes (2): 110001, 560001',
    ])
    expect(lines.join('\n')).not.toMatch(/action|save|null|\{|\[/)
  })

  it('the other campaign entries keep reading as before', () => {
    expect(describeChanges({ state: 2, status: 0 }, { state: 1, status: 1 }, 'CAMPAIGN_PLAYED')).toEqual([
      'State: Paused → Running',
      'Status: Paused manually → Active',
    ])
    expect(
      describeChanges({ deletedAt: null }, { deletedAt: '2026-01-01T10:00:00.000Z' }, 'CAMPAIGN_DELETED'),
    ).toEqual(['Deleted at: — → 2026-01-01 15:30:00'])
    expect(
      describeChanges(null, { sourceCampaignId: 12, name: 'A - copy', state: 6 }, 'CAMPAIGN_CLONED'),
    ).toEqual(['Copied from campaign: 12', 'Name: A - copy', 'State: Scheduled Paused'])
  })
})

describe('describeChanges: ad groups as differences', () => {
  it.each([
    [
      'keyword added with its bid',
      [kw('trail shoes', 300)],
      [kw('trail shoes', 300), kw('running shoes', 450)],
      ['Keyword added: running shoes (₹4.50)'],
    ],
    [
      'keyword removed',
      [kw('running shoes', 450), kw('trail shoes', 300)],
      [kw('running shoes', 450)],
      ['Keyword removed: trail shoes'],
    ],
    [
      'bid changed',
      [kw('running shoes', 450)],
      [kw('running shoes', 500)],
      ['Bid for running shoes: ₹4.50 → ₹5.00'],
    ],
    [
      'bid of four digits',
      [kw('boots', 150_000)],
      [kw('boots', 123_450)],
      ['Bid for boots: ₹1,500.00 → ₹1,234.50'],
    ],
    [
      'same keyword in another case is the same keyword',
      [kw('Running Shoes', 450)],
      [kw('running shoes', 450)],
      [],
    ],
    [
      'match type of the whole group (0/1/2)',
      [kw('a', 100, 1), kw('b', 100, 1)],
      [kw('a', 100, 0), kw('b', 100, 0)],
      ['Match type: Exact → Phrase'],
    ],
    ['Broad', [kw('a', 100, 0)], [kw('a', 100, 2)], ['Match type: Phrase → Broad']],
    [
      'mixed match types, per keyword',
      [kw('a', 100, 1), kw('b', 100, 0)],
      [kw('a', 100, 2), kw('b', 100, 0)],
      ['Match type for a: Exact → Broad'],
    ],
  ])('%s', (_case, before, after, lines) => {
    expect(
      describeChanges(
        group({ keywords: before }),
        { ...group({ keywords: after }), action: 'save' },
        'ADGROUP_MODIFIED',
      ),
    ).toEqual(lines)
  })

  it('products added and removed, the name and processing, never raw ids or JSON', () => {
    const lines = describeChanges(
      group({ products: [123, 456], processing_status: 2 }),
      { ...group({ name: 'Boots', products: [123, 789], processing_status: 0 }), action: 'submit' },
      'ADGROUP_MODIFIED',
    )
    expect(lines).toEqual([
      'Ad group name: Shoes group → Boots',
      'Processing: Completed → Pending',
      'Product added: 789',
      'Product removed: 456',
    ])
  })

  it('a created group lists its name, products count, match type and keywords with bids', () => {
    expect(describeChanges(null, { ...group(), action: 'save' }, 'ADGROUP_CREATED')).toEqual([
      'Ad group name: Shoes group',
      'Ad group state: Active',
      'Processing: Completed',
      'Products: 2',
      'Match type: Exact',
      'Keyword: running shoes (₹4.50)',
      'Keyword: trail shoes (₹3.00)',
    ])
  })

  it('a keyword without a bid (Privilege) shows none; mixed match types show per keyword', () => {
    const lines = describeChanges(
      null,
      group({ keywords: [kw('festive deals', null, 2), kw('gifts', 0, 0)] }),
      'ADGROUP_CREATED',
    )
    expect(lines).toContain('Keyword: festive deals (Broad)')
    expect(lines).toContain('Keyword: gifts (Phrase)')
    expect(lines.some((l) => l.startsWith('Match type:'))).toBe(false)
  })

  it(`caps long lists at ${HISTORY_LIST_CAP}, then says how many more`, () => {
    const many = Array.from({ length: 25 }, (_, i) => kw(`kw ${i}`, 100 + i))
    const created = describeChanges(null, group({ keywords: many }), 'ADGROUP_CREATED')
    expect(created.filter((l) => l.startsWith('Keyword: '))).toHaveLength(HISTORY_LIST_CAP)
    expect(created.at(-1)).toBe('and 5 more keywords')

    const products = Array.from({ length: 30 }, (_, i) => 1000 + i)
    const diff = describeChanges(group({ products: [] }), group({ products }), 'ADGROUP_MODIFIED')
    expect(diff).toHaveLength(HISTORY_LIST_CAP + 1)
    expect(diff.at(-1)).toBe('and 10 more product changes')

    const removed = describeChanges(group({ keywords: many }), group({ keywords: [] }), 'ADGROUP_MODIFIED')
    expect(removed.at(-1)).toBe('and 5 more keyword changes')
  })

  it('a deleted group says what it had; the processing job reads in words', () => {
    expect(
      describeChanges(
        group(),
        { adGroupId: 41, jm_adgroup_id: 9041, name: 'Shoes group', state: 2 },
        'ADGROUP_DELETED',
      ),
    ).toEqual([
      'Processing: Completed',
      'Products: 2',
      'Match type: Exact',
      'Keyword: running shoes (₹4.50)',
      'Keyword: trail shoes (₹3.00)',
    ])
    expect(
      describeChanges(
        { adGroupId: 7, processing_status: 1 },
        { adGroupId: 7, processing_status: 3, last_error: 'Product 5 is out of stock' },
        'ADGROUP_PROCESSING',
      ),
    ).toEqual(['Processing: Processing → Failed', 'Error: Product 5 is out of stock'])
  })
})

describe('the history loader on editor writes', () => {
  let h: RouteHarness
  let campaignId: number
  let cookie: string
  let addedProduct: number

  beforeAll(async () => {
    h = await createRouteHarness()
    cookie = await h.cookieFor('seller@example.com', { sellerId: 100001 })
    const token = await h.t.tokenFor('seller@example.com')
    const [first, second] = await fullyCategorisedProductsOf(h.t.db, 100001, 2)
    const _today = istDate(h.t.deps.now())
    const campaign = sponsoredPayload(h.t, { name: encodeBase64Text('History words') })
    const created = await h.t.post('/ads/ad-inventory/v1/campaign/create?action=save', campaign, { token })
    expect(created.status).toBe(200)
    const saved = (await created.json()).data as { id: number; jmcampaign_id: number }
    campaignId = saved.id
    const groupBody = (keywords: ReturnType<typeof kw>[], products: number[]) => ({
      channel_id: 4,
      jmflg: false,
      checksum: null,
      name: 'Shoes group',
      campaign_id: saved.id,
      jmcampaign_id: saved.jmcampaign_id,
      sellerid: 100001,
      products: products.map((productId) => ({ productId })),
      keywords,
    })
    const group = await h.t.post(
      '/ads/ad-inventory/v1/adgroup/create?action=save',
      groupBody([kw('running shoes', 450), kw('trail shoes', 300)], [first!]),
      { token },
    )
    expect(group.status).toBe(200)
    const groupId = (await group.json()).data.id as number
    const modified = await h.t.post(
      '/ads/ad-inventory/v1/adgroup/modify?action=save',
      { ...groupBody([kw('running shoes', 500)], [first!, second!]), id: groupId },
      { token },
    )
    expect(modified.status).toBe(200)
    const edited = await h.t.post(
      '/ads/ad-inventory/v1/campaign/modify?action=save',
      { ...campaign, id: saved.id, budget_total_limit: 250_050 },
      { token },
    )
    expect(edited.status, await edited.clone().text()).toBe(200)
    addedProduct = second!
  })
  afterAll(async () => {
    await h?.close()
  })

  type Page = { entries: { what: string; changes: string[]; who: string }[] }

  it('shows each editor write in words, newest first, to the seller and to staff', async () => {
    const answer = await h.load<Page>(historyLoader, `/campaigns/${campaignId}/history`, {
      cookie,
      params: { id: String(campaignId) },
    })
    expect(answer.status).toBe(200)
    const { entries } = answer.data
    // The modify's entry holds only changed fields, so it cannot say the campaign is still a draft.
    expect(entries.map((e) => e.what)).toEqual([
      'Edited (saved)',
      "Ad group 'Shoes group' edited (saved)",
      "Ad group 'Shoes group' created (saved)",
      'Created (saved as draft)',
    ])
    expect(entries[0]!.changes).toEqual(['Total budget: ₹1,000.00 → ₹2,500.50'])
    expect(entries[1]!.changes).toEqual([
      `Product added: ${addedProduct}`,
      'Bid for running shoes: ₹4.50 → ₹5.00',
      'Keyword removed: trail shoes',
    ])
    expect(entries[2]!.changes).toContain('Keyword: running shoes (₹4.50)')
    expect(entries[3]!.changes).toContain('Total budget: ₹1,000.00')
    expect(JSON.stringify(entries)).not.toMatch(/budget_total_limit|bid_price|\\"keyword\\"/)

    const ops = await h.cookieFor('ops@example.com', { sellerId: 100001 })
    const staff = await h.load<Page>(adminHistoryLoader, `/admin/campaigns/${campaignId}/history`, {
      cookie: ops,
      params: { id: String(campaignId) },
    })
    expect(staff.status).toBe(200)
    expect(staff.data.entries.map((e) => e.what)).toEqual(entries.map((e) => e.what))
  })
})
