import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod/v4'
import {
  adFormatType,
  type CampaignDetailsForm,
  campaignTimes,
  Pacing,
  validateCampaignDetails,
} from '../rules/campaign-editor'
import { addDays } from '../rules/time'
import {
  adGroupBodySchema,
  adGroupFullSchema,
  adGroupListBodySchema,
  adGroupSaveBodySchema,
  adGroupSaveQuerySchema,
  adGroupViewBodySchema,
  CAMPAIGN_FIELD_PATHS,
  type CampaignSaveInput,
  campaignSaveBodySchema,
  campaignSaveQuerySchema,
  DERIVED_FIELD_MESSAGES,
  decodeBase64Text,
  encodeBase64Text,
  keywordSuggestBodySchema,
  NAME_NOT_BASE64,
  productGetBodySchema,
} from './campaign-editor'

const NOW = new Date('2026-11-22T06:30:00Z') // 12:00 IST, 22 November
const create = campaignSaveBodySchema({ mode: 'create', now: () => NOW })

/** Each refused field path with its messages. */
function issues(schema: z.ZodType, body: unknown): Record<string, string[]> {
  const result = schema.safeParse(body)
  if (result.success) return {}
  const out: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.')
    out[key] = [...(out[key] ?? []), issue.message]
  }
  return out
}

const sponsored: CampaignSaveInput = {
  name: encodeBase64Text('Winter sale दिवाली'),
  targetingType: 'Keyword',
  ad_format_type: 1,
  isPrivileged: false,
  new_revenue_type: 2,
  sellerid: 100001,
  budget_total_limit: 100_000,
  budget_daily_limit: -1,
  budget_pacing: 1,
  pincodeFilter: 'ALL',
  start_time: '2026-11-22T06:32:00.000Z',
  expire_time: '2026-11-30T18:29:59.000Z',
}
const privilege: CampaignSaveInput = {
  ...sponsored,
  isPrivileged: true,
  new_revenue_type: 4,
  budget_total_limit: null,
  cpm: 1200,
  cpd: 50_000,
  tag: 'Festive Picks',
}

describe('campaign create/modify body', () => {
  it('accepts a Sponsored keyword campaign and fills the spec defaults', () => {
    const parsed = create.parse(sponsored)
    expect(parsed).toMatchObject({
      channel_id: 4,
      objective: 13,
      weight: 12,
      campaign_type: [3],
      cpm: null,
      budget_daily_limit: -1,
      decodedName: 'Winter sale दिवाली',
    })
    expect(create.parse(privilege).tag).toBe('Festive Picks')
    expect(create.parse({ ...sponsored, expire_time: null }).expire_time).toBeNull()
  })

  it.each<[string, Partial<CampaignSaveInput>, Record<string, string[]>, CampaignSaveInput?]>([
    ['an empty name', { name: encodeBase64Text(' ') }, { name: ['Campaign Name is required !'] }],
    [
      'a forbidden character',
      { name: encodeBase64Text('Sale (new)') },
      { name: ['Campaign name should not contain ^%₹`()."'] },
    ],
    ['a name that is not base64', { name: 'not base64!' }, { name: [NAME_NOT_BASE64] }],
    [
      'a start before today',
      { start_time: '2026-11-20T18:30:00.000Z' },
      { start_time: ['Enter a valid date'] },
    ],
    ['no start', { start_time: undefined }, { start_time: ['Enter a valid date'] }],
    [
      'an end before the start',
      { expire_time: '2026-11-21T18:29:59.000Z' },
      { expire_time: ['Enter a valid date'] },
    ],
    ['no end (Lifetime is null)', { expire_time: undefined }, { expire_time: ['Enter a valid date'] }],
    ['an instant that is not one', { expire_time: '30-11-2026' }, { expire_time: ['Enter a valid date'] }],
    ['no total budget', { budget_total_limit: null }, { budget_total_limit: ['Required field'] }],
    [
      'a negative total budget',
      { budget_total_limit: -5 },
      { budget_total_limit: ['Value cannot be less than 0'] },
    ],
    [
      'manual pacing without a daily budget',
      { budget_pacing: 4 },
      { budget_daily_limit: ['Daily budget cannot be empty !'] },
    ],
    [
      'a daily budget above the total',
      { budget_pacing: 4, budget_daily_limit: 100_001 },
      { budget_daily_limit: ['Daily budget cannot be greater than Total Budget'] },
    ],
    [
      'Category targeting without cpm',
      { targetingType: 'Category', ad_format_type: 2 },
      { cpm: ['Required field'] },
    ],
    [
      'a category bid above the total',
      { targetingType: 'Product', ad_format_type: 2, cpm: 100_001 },
      { cpm: ['Bid price cannot be greater than Total Budget'] },
    ],
    [
      'a category bid above the daily budget',
      { targetingType: 'Category', ad_format_type: 2, cpm: 6000, budget_pacing: 4, budget_daily_limit: 5000 },
      { cpm: ['Bid price cannot be greater than Daily Budget'] },
    ],
    ['CUSTOM without pincodes', { pincodeFilter: 'CUSTOM' }, { pincodes: ['Required field'] }],
    ['EXCEPT without pincodes', { pincodeFilter: 'EXCEPT' }, { pincodes: ['Required field'] }],
    [
      'a 5-digit pincode',
      { pincodeFilter: 'CUSTOM', pincodes: [{ pincode: '11000', district: 'Delhi', state: 'Delhi' }] },
      { 'pincodes.0.pincode': ['Enter a valid 6-digit pincode'] },
    ],
    [
      'a wrong ad_format_type',
      { ad_format_type: 2 },
      { ad_format_type: [DERIVED_FIELD_MESSAGES.adFormatType] },
    ],
    [
      'isPrivileged against the revenue type',
      { isPrivileged: true },
      { isPrivileged: [DERIVED_FIELD_MESSAGES.privileged] },
    ],
    [
      'Lifetime with evenly pacing',
      { expire_time: null, budget_pacing: 3 },
      { budget_pacing: [DERIVED_FIELD_MESSAGES.lifetimePacing] },
    ],
    ['a channel other than 4', { channel_id: 5 as 4 }, { channel_id: ['Invalid input: expected 4'] }],
    ['Privilege without cpd', { cpd: null }, { cpd: ['CPD is required'] }, privilege],
    ['Privilege without cpm', { cpm: null }, { cpm: ['Required field'] }, privilege],
    ['Privilege without a tag', { tag: null }, { tag: ['Required field'] }, privilege],
    ['Privilege with a tag of digits', { tag: 'Top 10' }, { tag: ['Enter a valid tag'] }, privilege],
  ])('refuses %s with the spec message at the field', (_name, change, expected, base = sponsored) => {
    expect(issues(create, { ...base, ...change })).toEqual(expected)
  })

  it('on modify checks only the end date, none in state 6, and needs the id', () => {
    const pastStart = { ...sponsored, id: 7, start_time: '2026-01-01T00:00:00.000Z' }
    expect(issues(campaignSaveBodySchema({ mode: 'edit', state: 1, now: () => NOW }), pastStart)).toEqual({})
    const pastEnd = { ...pastStart, expire_time: '2026-11-01T18:29:59.000Z' }
    expect(issues(campaignSaveBodySchema({ mode: 'edit', state: 1, now: () => NOW }), pastEnd)).toEqual({
      expire_time: ['Enter a valid date'],
    })
    const scheduled = { ...sponsored, id: 7, start_time: undefined, expire_time: undefined }
    expect(issues(campaignSaveBodySchema({ mode: 'edit', state: 6, now: () => NOW }), scheduled)).toEqual({})
    expect(issues(campaignSaveBodySchema({ mode: 'edit', state: 1, now: () => NOW }), sponsored)).toEqual({
      id: ['Required field'],
    })
  })

  it('takes action save or submit', () => {
    expect(campaignSaveQuerySchema.parse({ action: 'submit', userId: '100001' })).toEqual({
      action: 'submit',
      userId: 100001,
    })
    expect(campaignSaveQuerySchema.safeParse({ action: 'publish' }).success).toBe(false)
    expect(adGroupSaveQuerySchema.parse({ action: 'save' })).toEqual({ action: 'save' })
  })

  it('round-trips names through base64 and refuses what is not UTF-8', () => {
    for (const name of ['Winter sale', 'दिवाली ₹ offer', ''])
      expect(decodeBase64Text(encodeBase64Text(name))).toBe(name)
    expect(decodeBase64Text('/w==')).toBeNull()
  })
})

describe('ad group create/modify body', () => {
  const group = {
    campaign_id: 11,
    jmcampaign_id: 5011,
    sellerid: 100001,
    name: "Men's shoes",
    products: [{ productId: 10234532 }, { productId: 10234532 }, { productId: 10234574 }],
    keywords: [
      { keyword: 'running shoes', match_type: 1 as const, bid_price: 450 },
      { keyword: 'sports shoes', match_type: 1 as const, bid_price: 300 },
    ],
  }
  const keywordCampaign = (role: 'SELLER' | 'OPS' = 'SELLER') =>
    adGroupSaveBodySchema({
      campaignClass: 'Sponsored',
      targetingType: 'Keyword',
      budgets: { total: 100_000, daily: 1_000 },
      role,
    })

  it('accepts a good group, drops duplicate product ids and fills the defaults', () => {
    const parsed = keywordCampaign().parse(group)
    expect(parsed.products).toEqual([{ productId: 10234532 }, { productId: 10234574 }])
    expect(parsed).toMatchObject({ channel_id: 4, jmflg: false, checksum: null })
  })

  const bigList = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ keyword: `kw ${i}`, match_type: 1 as const, bid_price: 100 }))
  it.each<[string, object, Record<string, string[]>]>([
    ['no name', { name: '' }, { name: ['Adgroup name is required !'] }],
    ['a comma in the name', { name: 'Shoes, boots' }, { name: ['Adgroup name should not contain ^%₹`(),'] }],
    ['no products', { products: [] }, { products: ['Required field'] }],
    [
      '51 products',
      { products: Array.from({ length: 51 }, (_, i) => ({ productId: i + 1 })) },
      {
        products: [
          'Product count limit reached! You can add up to 50 products only. Please try again with fewer products.',
        ],
      },
    ],
    ['501 keywords', { keywords: bigList(501) }, { keywords: ['Maximum 500 keywords allowed !'] }],
    [
      'a keyword with a character outside the set',
      { keywords: [{ keyword: 'shoes!', match_type: 1, bid_price: 10 }] },
      {
        'keywords.0.keyword': ['Keyword may contain only letters, digits, spaces and hyphens'],
      },
    ],
    [
      'a keyword twice',
      {
        keywords: [
          { keyword: 'Shoes', match_type: 1, bid_price: 10 },
          { keyword: 'shoes', match_type: 1, bid_price: 10 },
        ],
      },
      { 'keywords.1.keyword': [DERIVED_FIELD_MESSAGES.duplicateKeyword] },
    ],
    [
      'bid 0',
      { keywords: [{ keyword: 'shoes', match_type: 1, bid_price: 0 }] },
      { 'keywords.0.bid_price': ['Required bid price'] },
    ],
    [
      'a negative bid',
      { keywords: [{ keyword: 'shoes', match_type: 1, bid_price: -5 }] },
      { 'keywords.0.bid_price': ['Value cannot be less than 0'] },
    ],
    [
      'a control character in the name',
      { name: 'Shoes\u0000' },
      { name: ['Remove control characters from this field'] },
    ],
    [
      'a control character in a keyword',
      { keywords: [{ keyword: 'red\tshoes', match_type: 1, bid_price: 10 }] },
      { 'keywords.0.keyword': ['Remove control characters from this field'] },
    ],
    [
      'a bid above the daily budget',
      { keywords: [{ keyword: 'shoes', match_type: 1, bid_price: 1001 }] },
      { 'keywords.0.bid_price': ['Bid price cannot be greater than Daily budget'] },
    ],
    [
      'Broad from a seller',
      { keywords: [{ keyword: 'shoes', match_type: 2, bid_price: 10 }] },
      { 'keywords.0.match_type': ['Select Keyword Match Type'] },
    ],
    ['no keywords on Keyword targeting', { keywords: [] }, { keywords: ['Required field'] }],
  ])('refuses %s', (_name, change, expected) => {
    expect(issues(keywordCampaign(), { ...group, ...change })).toEqual(expected)
  })

  it('checks bids against the total when there is no daily budget, and lets Broad go without keywords for staff', () => {
    const noDaily = adGroupSaveBodySchema({
      campaignClass: 'Sponsored',
      targetingType: 'Keyword',
      budgets: { total: 1000, daily: -1 },
      role: 'OPS',
    })
    expect(
      issues(noDaily, { ...group, keywords: [{ keyword: 'shoes', match_type: 2, bid_price: 1001 }] }),
    ).toEqual({
      'keywords.0.bid_price': ['Bid cannot be greater than total budget'],
    })
    expect(issues(noDaily, { ...group, keywords: [], keywordMatch: { type: 2 } })).toEqual({})
    expect(issues(keywordCampaign('SELLER'), { ...group, keywords: [], keywordMatch: { type: 2 } })).toEqual({
      'keywordMatch.type': ['Select Keyword Match Type'],
    })
  })

  it('without its campaign, checks only what needs none', () => {
    expect(issues(adGroupBodySchema, { ...group, keywords: [] })).toEqual({})
    expect(issues(adGroupBodySchema, { ...group, name: '' })).toEqual({
      name: ['Adgroup name is required !'],
    })
  })

  it('Privilege keywords may bid 0 and have no budgets', () => {
    const privilege = adGroupSaveBodySchema({
      campaignClass: 'Privilege',
      targetingType: 'Keyword',
      budgets: { total: null, daily: null },
      role: 'OPS',
    })
    expect(
      issues(privilege, { ...group, keywords: [{ keyword: 'gold', match_type: 2, bid_price: 0 }] }),
    ).toEqual({})
  })
})

describe('list, view, product and suggestion bodies', () => {
  it('accept the spec bodies and refuse broken ones', () => {
    expect(adGroupListBodySchema.parse({ channel_id: 4, campaign_id: 11 })).toEqual({
      channel_id: 4,
      campaign_id: 11,
    })
    expect(adGroupListBodySchema.safeParse({ channel_id: 4 }).success).toBe(false)
    expect(adGroupViewBodySchema.parse({ channel_id: 4, id: 3 })).toEqual({ channel_id: 4, id: 3 })
    expect(adGroupViewBodySchema.safeParse({ channel_id: 4, id: 'x' }).success).toBe(false)
    expect(productGetBodySchema.parse({ productIds: [1, 2] })).toEqual({ productIds: [1, 2] })
    const tooMany = { productIds: Array.from({ length: 51 }, (_, i) => i + 1) }
    expect(issues(productGetBodySchema, tooMany)).toEqual({
      productIds: [
        'Product count limit reached! You can add up to 50 products only. Please try again with fewer products.',
      ],
    })
    expect(keywordSuggestBodySchema.safeParse({ products: ['a'] }).success).toBe(false)
  })

  it('describes a full ad group', () => {
    const view = {
      id: 3,
      jm_adgroup_id: 9003,
      adGroupName: 'Shoes',
      processing_status: 3,
      state: 1,
      products_count: 1,
      keywords_count: 1,
      campaign_id: 11,
      jmcampaign_id: 5011,
      products: [{ productId: 10234532 }],
      keywords: [{ id: 1, keyword: 'shoes', match_type: 1, bid_price: 450 }],
      failureReason: 'Product 10234532 is out of the catalog',
    }
    expect(adGroupFullSchema.parse(view)).toEqual(view)
  })
})

describe('the server refuses what the form refuses', () => {
  const TODAY = '2026-11-22'
  const money = fc.oneof(fc.constant(null), fc.integer({ min: -100, max: 200_000 }))
  const form = fc.record({
    campaignClass: fc.constantFrom('Sponsored' as const, 'Privilege' as const),
    campaignName: fc.oneof(
      fc.constantFrom('', ' ', 'Sale (new)', "Men's", 'a.b'),
      fc.string({ maxLength: 20 }),
    ),
    startOffset: fc.integer({ min: -3, max: 10 }),
    endOffset: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 30 })),
    targetingType: fc.constantFrom('Keyword' as const, 'Category' as const, 'Product' as const),
    cpm: money,
    cpd: money,
    totalBudget: money,
    pacing: fc.constantFrom('asap' as const, 'manual' as const),
    daily: fc.oneof(fc.constant(-1), fc.integer({ min: -100, max: 200_000 })),
    tag: fc.oneof(
      fc.constant(null),
      fc.constantFrom('', 'Gold', 'Top 10', 'a'.repeat(21)),
      fc.string({ maxLength: 22 }),
    ),
    pincodeFilter: fc.constantFrom('ALL' as const, 'CUSTOM' as const, 'EXCEPT' as const),
    pincodes: fc.uniqueArray(fc.integer({ min: 100000, max: 999999 }), { maxLength: 3 }),
  })

  it('gives the same messages at the matching fields, for any form (100+ runs)', () => {
    fc.assert(
      fc.property(form, (f) => {
        const startDate = addDays(TODAY, f.startOffset)
        const endDate = f.endOffset === null ? null : addDays(TODAY, f.endOffset)
        const times = campaignTimes(startDate, endDate, NOW)
        const payload = {
          name: encodeBase64Text(f.campaignName),
          targetingType: f.targetingType,
          ad_format_type: adFormatType(f.targetingType),
          isPrivileged: f.campaignClass === 'Privilege',
          new_revenue_type: f.campaignClass === 'Privilege' ? 4 : 2,
          sellerid: 100001,
          budget_total_limit: f.totalBudget,
          budget_daily_limit: f.daily,
          budget_pacing: Pacing[f.pacing],
          cpm: f.cpm,
          cpd: f.cpd,
          tag: f.tag,
          pincodeFilter: f.pincodeFilter,
          pincodes: f.pincodes.map((pincode) => ({ pincode, district: 'North Goa', state: 'Goa' })),
          ...times,
        }
        const asForm: CampaignDetailsForm = {
          campaignName: f.campaignName,
          startDate,
          endDate: endDate ?? '',
          lifetime: endDate === null,
          targetingType: f.targetingType,
          cpm: f.cpm,
          cpd: f.cpd,
          totalBudget: f.totalBudget,
          pacing: f.pacing,
          dailyBudget: f.daily === -1 ? null : f.daily,
          privilegeTag: f.tag ?? '',
          pincodeFilter: f.pincodeFilter,
          pincodesList: f.pincodeFilter === 'CUSTOM' ? f.pincodes : [],
          pincodesExcept: f.pincodeFilter === 'EXCEPT' ? f.pincodes : [],
        }
        const formErrors = validateCampaignDetails(asForm, {
          mode: 'create',
          campaignClass: f.campaignClass,
          today: TODAY,
        })
        const expected: Record<string, string[]> = {}
        for (const [field, message] of Object.entries(formErrors)) {
          const path = CAMPAIGN_FIELD_PATHS[field as keyof typeof CAMPAIGN_FIELD_PATHS]
          expected[path] = [...(expected[path] ?? []), message]
        }
        const got = issues(create, payload)
        // A daily budget below -1 is the API's own refusal (the form has no such value).
        if (f.daily < -1) delete got.budget_daily_limit
        if (f.daily < -1) delete expected.budget_daily_limit
        expect(got).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})
