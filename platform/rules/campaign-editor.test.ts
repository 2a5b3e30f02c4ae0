import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AD_GROUP_NAME_FORBIDDEN,
  AdFormatType,
  adFormatType,
  addKeywords,
  addProductIds,
  adGroupNameProblem,
  adGroupNotice,
  adGroupReadOnly,
  allowedMatchTypes,
  CAMPAIGN_NAME_FORBIDDEN,
  type CampaignDetailsContext,
  type CampaignDetailsForm,
  CAMPAIGN_TYPE,
  CHANNEL_ID,
  CPM_FALLBACK,
  CPM_FALLBACK_PAISE,
  campaignCpm,
  campaignNameProblem,
  campaignTimes,
  categoryLevelProblem,
  checkProducts,
  cpdEditable,
  DAILY_BUDGET_UNSET,
  emptyAdGroup,
  type KeywordEntry,
  keywordBidProblem,
  keywordInput,
  keywordTextProblem,
  lifetimeDisabled,
  MAX_KEYWORDS,
  MAX_PRODUCTS,
  MatchType,
  MESSAGES,
  mayDeleteAdGroup,
  NewRevenueType,
  OBJECTIVE,
  Pacing,
  PINCODE_LENGTH,
  parseProductIds,
  pincodeInput,
  pincodeProblem,
  privilegeTagProblem,
  productVerification,
  remapMatchType,
  roundBid,
  sendsCampaignTimes,
  setLifetime,
  setPacing,
  setPincodeFilter,
  setStartDate,
  setTargetingType,
  startDateLocked,
  submitBlocked,
  TAG_MAX,
  targetingTypeOptions,
  validateAdGroup,
  validateCampaignDetails,
  WEIGHT,
} from './campaign-editor'
import { csvFileCheck, parseKeywordCsv, parsePincodeCsv, parseProductCsv } from './campaign-editor-csv'

const TODAY = '2026-11-22'

const sponsoredKeyword: CampaignDetailsForm = {
  campaignName: 'Winter sale',
  startDate: TODAY,
  endDate: '2026-12-31',
  lifetime: false,
  targetingType: 'Keyword',
  cpm: '',
  cpd: '',
  totalBudget: '1000',
  pacing: 'asap',
  dailyBudget: '',
  privilegeTag: '',
  pincodeFilter: 'ALL',
  pincodesList: [],
  pincodesExcept: [],
}
const privilege: CampaignDetailsForm = {
  ...sponsoredKeyword,
  totalBudget: '',
  cpm: '12',
  cpd: '500',
  privilegeTag: 'Festive Picks',
}
const create: CampaignDetailsContext = { mode: 'create', campaignClass: 'Sponsored', today: TODAY }
const createPrivilege: CampaignDetailsContext = { ...create, campaignClass: 'Privilege' }

describe('constants of spec §9', () => {
  it('names the spec values', () => {
    expect([MAX_KEYWORDS, MAX_PRODUCTS, TAG_MAX, PINCODE_LENGTH, DAILY_BUDGET_UNSET]).toEqual([
      500, 50, 20, 6, -1,
    ])
    expect([CPM_FALLBACK, CPM_FALLBACK_PAISE, CHANNEL_ID, OBJECTIVE, WEIGHT]).toEqual([
      10.58, 1058, 4, 13, 12,
    ])
    expect(CAMPAIGN_TYPE).toEqual([3])
    expect(MatchType).toEqual({ Exact: 1, Phrase: 0, Broad: 2 })
    expect(Pacing).toEqual({ asap: 1, frontloaded: 2, evenly: 3, manual: 4 })
    expect(NewRevenueType).toEqual({ Sponsored: 2, Privilege: 4 })
    expect(AdFormatType).toEqual({ Keyword: 1, CategoryProduct: 2 })
    expect([adFormatType('Keyword'), adFormatType('Category'), adFormatType('Product')]).toEqual([1, 2, 2])
  })

  it('gives a keyword campaign without cpm the fallback, and leaves the others alone', () => {
    expect(campaignCpm('Keyword', null)).toBe(10.58)
    expect(campaignCpm('Keyword', null, 'paise')).toBe(1058)
    expect(campaignCpm('Keyword', 7)).toBe(7)
    expect(campaignCpm('Category', null)).toBeNull()
  })
})

describe('validateCampaignDetails: every message of spec §5', () => {
  type Case = [string, CampaignDetailsForm, CampaignDetailsContext, Record<string, string>]
  const cases: Case[] = [
    ['a valid Sponsored keyword campaign', sponsoredKeyword, create, {}],
    ['a valid Privilege campaign', privilege, createPrivilege, {}],
    [
      'empty name',
      { ...sponsoredKeyword, campaignName: '  ' },
      create,
      { campaignName: 'Campaign Name is required !' },
    ],
    [
      'name with a dot',
      { ...sponsoredKeyword, campaignName: 'Sale 2.0' },
      create,
      { campaignName: 'Campaign name should not contain ^%₹`()."' },
    ],
    [
      'name with an apostrophe',
      { ...sponsoredKeyword, campaignName: "Diwali's" },
      create,
      { campaignName: 'Campaign name should not contain ^%₹`()."' },
    ],
    [
      'name with a control character',
      { ...sponsoredKeyword, campaignName: 'a\u0000b' },
      create,
      { campaignName: 'Remove control characters from this field' },
    ],
    [
      'start not a date',
      { ...sponsoredKeyword, startDate: '22-11-2026' },
      create,
      { startDate: 'Enter a valid date' },
    ],
    [
      'start before today',
      { ...sponsoredKeyword, startDate: '2026-11-21' },
      create,
      { startDate: 'Enter a valid date' },
    ],
    ['start missing', { ...sponsoredKeyword, startDate: '' }, create, { startDate: 'Enter a valid date' }],
    [
      'end missing without Lifetime',
      { ...sponsoredKeyword, endDate: '' },
      create,
      { endDate: 'Enter a valid date' },
    ],
    [
      'end before start',
      { ...sponsoredKeyword, startDate: '2026-12-10', endDate: '2026-12-09' },
      create,
      { endDate: 'Enter a valid date' },
    ],
    [
      'end not a real date',
      { ...sponsoredKeyword, endDate: '2026-02-30' },
      create,
      { endDate: 'Enter a valid date' },
    ],
    ['Lifetime needs no end', { ...sponsoredKeyword, lifetime: true, endDate: '' }, create, {}],
    [
      'edit checks only the end date (a past start passes)',
      { ...sponsoredKeyword, startDate: '2026-01-01', endDate: '2026-11-20' },
      { ...create, mode: 'edit', state: 1 },
      { endDate: 'Enter a valid date' },
    ],
    [
      'edit of a Scheduled Paused campaign sends no times, so checks none',
      { ...sponsoredKeyword, startDate: '2026-01-01', endDate: '2026-01-02' },
      { ...create, mode: 'edit', state: 6 },
      {},
    ],
    [
      'total budget missing',
      { ...sponsoredKeyword, totalBudget: '' },
      create,
      { totalBudget: 'Required field' },
    ],
    [
      'total budget negative',
      { ...sponsoredKeyword, totalBudget: '-1' },
      create,
      { totalBudget: MESSAGES.negativeNumber },
    ],
    [
      'total budget not a number',
      { ...sponsoredKeyword, totalBudget: '1e3' },
      create,
      { totalBudget: MESSAGES.invalidNumber },
    ],
    [
      'manual pacing without a daily budget',
      { ...sponsoredKeyword, pacing: 'manual' },
      create,
      { dailyBudget: 'Daily budget cannot be empty !' },
    ],
    [
      'daily above total',
      { ...sponsoredKeyword, pacing: 'manual', dailyBudget: '1000.01' },
      create,
      { dailyBudget: 'Daily budget cannot be greater than Total Budget' },
    ],
    ['daily equal to total', { ...sponsoredKeyword, pacing: 'manual', dailyBudget: '1000' }, create, {}],
    [
      'Category Sponsored without cpm',
      { ...sponsoredKeyword, targetingType: 'Category' },
      create,
      { cpm: 'Required field' },
    ],
    [
      'Product Sponsored without cpm',
      { ...sponsoredKeyword, targetingType: 'Product' },
      create,
      { cpm: 'Required field' },
    ],
    ['Privilege without cpm', { ...privilege, cpm: '' }, createPrivilege, { cpm: 'Required field' }],
    ['Privilege without cpd', { ...privilege, cpd: '' }, createPrivilege, { cpd: 'CPD is required' }],
    [
      'Privilege without tag',
      { ...privilege, privilegeTag: ' ' },
      createPrivilege,
      { privilegeTag: 'Required field' },
    ],
    [
      'Privilege tag with digits',
      { ...privilege, privilegeTag: 'Top 10' },
      createPrivilege,
      { privilegeTag: 'Enter a valid tag' },
    ],
    [
      'Privilege tag over 20',
      { ...privilege, privilegeTag: 'a'.repeat(21) },
      createPrivilege,
      { privilegeTag: 'Enter a valid tag' },
    ],
    ['Privilege has no budget to check', { ...privilege, totalBudget: '' }, createPrivilege, {}],
    [
      'CUSTOM without pincodes',
      { ...sponsoredKeyword, pincodeFilter: 'CUSTOM' },
      create,
      { pincodesList: 'Required field' },
    ],
    [
      'EXCEPT without pincodes',
      { ...sponsoredKeyword, pincodeFilter: 'EXCEPT' },
      create,
      { pincodesExcept: 'Required field' },
    ],
    [
      'CUSTOM with a 5-digit pincode',
      { ...sponsoredKeyword, pincodeFilter: 'CUSTOM', pincodesList: ['110001', '11000'] },
      create,
      { pincodesList: MESSAGES.invalidPincode },
    ],
    [
      'CUSTOM with pincodes',
      { ...sponsoredKeyword, pincodeFilter: 'CUSTOM', pincodesList: ['110001', 400001] },
      create,
      {},
    ],
    ['ALL ignores the lists', { ...sponsoredKeyword, pincodeFilter: 'ALL', pincodesList: ['x'] }, create, {}],
    [
      'category bid above total budget',
      { ...sponsoredKeyword, targetingType: 'Category', cpm: '1000.5' },
      create,
      { cpm: 'Bid price cannot be greater than Total Budget' },
    ],
    [
      'category bid above daily budget',
      { ...sponsoredKeyword, targetingType: 'Category', cpm: '60', pacing: 'manual', dailyBudget: '50' },
      create,
      { cpm: 'Bid price cannot be greater than Daily Budget' },
    ],
  ]
  it.each(cases)('%s', (_name, form, ctx, expected) => {
    expect(validateCampaignDetails(form, ctx)).toEqual(expected)
  })
})

describe('ad group', () => {
  it.each([
    ['', 'Adgroup name is required !'],
    ['Shoes, boots', 'Adgroup name should not contain ^%₹`(),'],
    ['Shoes.', 'Adgroup name should not contain ^%₹`(),'],
    ["Men's shoes", null],
  ])('name %j → %j', (name, message) => {
    expect(adGroupNameProblem(name)).toBe(message)
  })

  it('needs products, and keywords for Keyword targeting unless the match type is Broad', () => {
    const group = { ...emptyAdGroup(), adGroupName: 'Group 1' }
    expect(validateAdGroup(group, { targetingType: 'Keyword' })).toEqual({
      products: 'Required field',
      keywords: 'Required field',
    })
    expect(
      validateAdGroup({ ...group, products: [1], matchType: MatchType.Broad }, { targetingType: 'Keyword' }),
    ).toEqual({})
    expect(validateAdGroup({ ...group, products: [1] }, { targetingType: 'Category' })).toEqual({})
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1)
    expect(validateAdGroup({ ...group, products: tooMany }, { targetingType: 'Category' })).toEqual({
      products: MESSAGES.productLimit,
    })
  })

  it('offers Delete only while more than one group is active, and reads processing status', () => {
    expect(mayDeleteAdGroup([{}, { state: 2 }])).toBe(false)
    expect(mayDeleteAdGroup([{}, { state: 1 }])).toBe(true)
    expect([0, 1, 2, 3].map(adGroupReadOnly)).toEqual([true, true, false, false])
    expect([0, 1, 2, 3].map(adGroupNotice)).toEqual([
      'This AdGroup is currently in Pending state',
      'This AdGroup is currently in Processing state',
      null,
      'Last Modify Failed, please try again',
    ])
  })

  it('blocks Submit for BRAND and SELLER on Privilege, or when a group starts with a Broad keyword', () => {
    const broad = [{ keywords: [{ match_type: 2 }, { match_type: 1 }] }]
    const exactFirst = [{ keywords: [{ match_type: 1 }, { match_type: 2 }] }]
    for (const role of ['BRAND', 'SELLER'] as const) {
      expect(submitBlocked(role, 'Privilege', [])).toBe(true)
      expect(submitBlocked(role, 'Sponsored', broad)).toBe(true)
      expect(submitBlocked(role, 'Sponsored', exactFirst)).toBe(false)
      expect(submitBlocked(role, 'Sponsored', [{ state: 2, keywords: [{ match_type: 2 }] }])).toBe(false)
    }
    for (const role of ['SUPERADMIN', 'OPS', 'AGENCY'] as const) {
      expect(submitBlocked(role, 'Privilege', broad)).toBe(false)
    }
  })
})

describe('keywords', () => {
  const budgets = { total: 1000, daily: DAILY_BUDGET_UNSET }
  const opts = { campaignClass: 'Sponsored' as const, matchType: MatchType.Exact, budgets }

  it('offers Exact always, Phrase by its flag, Broad to OPS and SUPERADMIN only', () => {
    expect(allowedMatchTypes('SELLER')).toEqual([1, 0])
    expect(allowedMatchTypes('OPS')).toEqual([1, 0, 2])
    expect(allowedMatchTypes('SUPERADMIN', { phraseMatch: 'false', pdpTargeting: 'true' })).toEqual([1, 2])
    expect(allowedMatchTypes('BRAND', { phraseMatch: 'false', pdpTargeting: 'true' })).toEqual([1])
  })

  it.each([
    [
      'needs a match type',
      [{ keyword: 'shoes', bid: 5 }],
      { ...opts, matchType: null },
      'Select Keyword Match Type',
    ],
    [
      'refuses Broad to a seller',
      [{ keyword: 'shoes', bid: 5 }],
      { ...opts, matchType: MatchType.Broad, role: 'SELLER' as const },
      'Select Keyword Match Type',
    ],
    ['refuses bid 0', [{ keyword: 'shoes', bid: 0 }], opts, 'Required bid price'],
    ['refuses a missing bid', [{ keyword: 'shoes' }], opts, 'Required bid price'],
    [
      'refuses a bid above the daily budget',
      [{ keyword: 'shoes', bid: 51 }],
      { ...opts, budgets: { total: 1000, daily: 50 } },
      'Bid price cannot be greater than Daily budget',
    ],
    [
      'refuses a bid above the total budget',
      [{ keyword: 'shoes', bid: 1001 }],
      opts,
      'Bid cannot be greater than total budget',
    ],
    ['refuses a character outside the set', [{ keyword: 'shoes!', bid: 5 }], opts, MESSAGES.invalidKeyword],
    ['refuses an empty keyword', [{ keyword: ' ', bid: 5 }], opts, 'Required field'],
    [
      'is blocked by a budget error',
      [{ keyword: 'shoes', bid: 5 }],
      { ...opts, budgetError: 'Daily budget cannot be empty !' },
      'Daily budget cannot be empty !',
    ],
  ])('%s', (_name, incoming, options, message) => {
    const current: KeywordEntry[] = [{ keyword: 'boots', match_type: 1, bid_price: 3 }]
    expect(addKeywords(current, incoming, options)).toEqual({ keywords: current, error: message })
  })

  it('keyword text: ASCII letters, digits, whitespace and hyphen; control characters refused first', () => {
    expect(keywordTextProblem('4g smart-phone')).toBeNull()
    expect(keywordTextProblem('café')).toBe(MESSAGES.invalidKeyword)
    expect(keywordTextProblem('red\tshoes')).toBe('Remove control characters from this field')
    expect(keywordInput('4g (smart) phone!')).toBe('4g smart phone')
  })

  it('adds, rounds to 2 decimals and updates a case-insensitive duplicate instead of adding it', () => {
    const current: KeywordEntry[] = [{ keyword: 'Running Shoes', match_type: 1, bid_price: 3 }]
    const result = addKeywords(
      current,
      [
        { keyword: 'running shoes', bid: '4.567' },
        { keyword: 'red-socks 2', bid: 2 },
      ],
      opts,
    )
    expect(result).toEqual({
      error: null,
      keywords: [
        { keyword: 'Running Shoes', match_type: 1, bid_price: 4.57 },
        { keyword: 'red-socks 2', match_type: 1, bid_price: 2 },
      ],
    })
  })

  it('lets Privilege keywords go without a bid (bid 1) and without budgets', () => {
    const result = addKeywords([], [{ keyword: 'gold' }], {
      campaignClass: 'Privilege',
      matchType: MatchType.Exact,
      budgets: { total: null, daily: null },
    })
    expect(result).toEqual({ error: null, keywords: [{ keyword: 'gold', match_type: 1, bid_price: 1 }] })
  })

  it('caps the list at 500 with the input and the upload message', () => {
    const full = Array.from(
      { length: 500 },
      (_, i): KeywordEntry => ({ keyword: `k${i}`, match_type: 1, bid_price: 1 }),
    )
    expect(addKeywords(full, [{ keyword: 'one more', bid: 1 }], opts).error).toBe(
      'Maximum 500 keywords allowed !',
    )
    expect(addKeywords(full, [{ keyword: 'one more', bid: 1 }], { ...opts, source: 'upload' }).error).toBe(
      'You can not upload more than 500 keywords',
    )
    expect(addKeywords(full, [{ keyword: 'K1', bid: 9 }], opts).error).toBeNull()
  })

  it('remaps on a match-type change: Exact keeps each bid, Phrase and Broad take the first bid', () => {
    const list: KeywordEntry[] = [
      { keyword: 'a', match_type: 1, bid_price: 3 },
      { keyword: 'b', match_type: 1, bid_price: 7 },
    ]
    expect(remapMatchType(list, MatchType.Exact).map((k) => [k.match_type, k.bid_price])).toEqual([
      [1, 3],
      [1, 7],
    ])
    expect(remapMatchType(list, MatchType.Phrase).map((k) => [k.match_type, k.bid_price])).toEqual([
      [0, 3],
      [0, 3],
    ])
    expect(remapMatchType(list, MatchType.Broad).map((k) => [k.match_type, k.bid_price])).toEqual([
      [2, 3],
      [2, 3],
    ])
    expect(remapMatchType([], MatchType.Broad)).toEqual([])
  })
})

describe('products', () => {
  it('reads numeric ids, ignoring duplicates and anything else', () => {
    expect(parseProductIds('12, 34\n12 abc 5x 0 56;78')).toEqual([12, 34, 56, 78])
  })

  it('caps at 50 and raises the limit', () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1)
    const { products, limitReached } = addProductIds([1, 2], ids)
    expect(products).toHaveLength(50)
    expect(limitReached).toBe(true)
    expect(addProductIds([1], [1, 2])).toEqual({ products: [1, 2], limitReached: false })
    expect(MESSAGES.productLimit).toBe(
      'Product count limit reached! You can add up to 50 products only. Please try again with fewer products.',
    )
  })

  const owned = { productId: 10, sellerIds: [7], availableAt3pSeller: true, brandId: 900 }
  it.each([
    ['the seller lists it', owned, 'SELLER', '7', 0],
    ['another seller', owned, 'SELLER', '8', 1],
    ['no sellers listed on a 3P product', { ...owned, sellerIds: [] }, 'SELLER', '7', 2],
    ['first party for seller 1', { ...owned, sellerIds: [], availableAt3pSeller: false }, 'SELLER', '1', 0],
    [
      'first party for another seller',
      { ...owned, sellerIds: [], availableAt3pSeller: false },
      'SELLER',
      '7',
      1,
    ],
    ['the brand owns it', owned, 'BRAND', '900', 0],
    ['another brand', owned, 'BRAND', '901', 1],
    ['no brand on the product', { ...owned, brandId: null }, 'BRAND', '900', 2],
    ['no such product', null, 'SELLER', '7', 3],
    ['a product id that is not an id', { ...owned, productId: -5 }, 'SELLER', '7', 3],
  ] as const)('verification: %s → %i', (_name, product, role, sellerId, code) => {
    expect(productVerification(product, { role, sellerId })).toBe(code)
  })

  it('verification follows the account kind when staff or an agency act for a brand', () => {
    expect(productVerification(owned, { role: 'AGENCY', sellerId: 900, accountKind: 'BRAND' })).toBe(0)
    expect(productVerification(owned, { role: 'OPS', sellerId: 7, accountKind: 'SELLER' })).toBe(0)
    expect(productVerification(owned, { role: 'OPS', sellerId: 900, accountKind: 'SELLER' })).toBe(1)
  })

  it('checks category levels by targeting type (Category 1-3, Product 0-3, Keyword none)', () => {
    const levels = { level0: 'Fashion', level1: 'Men', level2: 'Shoes', level3: 'Boots', level4: null }
    const product = { productId: 42, categoryLevel: levels }
    expect(categoryLevelProblem(product, 'Product')).toBeNull()
    expect(
      categoryLevelProblem({ productId: 42, categoryLevel: { ...levels, level0: '' } }, 'Category'),
    ).toBeNull()
    expect(categoryLevelProblem({ productId: 42, categoryLevel: { ...levels, level0: '' } }, 'Product')).toBe(
      "Category level doesn't exists for the product 42",
    )
    expect(
      categoryLevelProblem({ productId: 42, categoryLevel: { ...levels, level3: ' ' } }, 'Category'),
    ).toBe("Category level doesn't exists for the product 42")
    expect(categoryLevelProblem({ productId: 42, categoryLevel: null }, 'Keyword')).toBeNull()
  })

  it("answers 'No valid products found' when none passes", () => {
    const record = {
      productId: 10,
      sellerIds: [7],
      availableAt3pSeller: true,
      brandId: null,
      categoryLevel: null,
    }
    const none = checkProducts([10, 11], [record], { role: 'SELLER', sellerId: 8, targetingType: 'Keyword' })
    expect(none.valid).toEqual([])
    expect(none.error).toBe('No valid products found')
    expect(none.problems.map((p) => p.productId)).toEqual([10, 11])
    const some = checkProducts([10, 11], [record], { role: 'SELLER', sellerId: 7, targetingType: 'Category' })
    expect(some).toEqual({
      valid: [],
      error: 'No valid products found',
      problems: [
        { productId: 10, message: "Category level doesn't exists for the product 10" },
        { productId: 11, message: 'Invalid product id 11' },
      ],
    })
    expect(checkProducts([10], [record], { role: 'SELLER', sellerId: 7, targetingType: 'Keyword' })).toEqual({
      valid: [10],
      problems: [],
      error: null,
    })
  })
})

describe('form behaviour (spec §4)', () => {
  it('Lifetime clears the end date and evenly/frontloaded pacing', () => {
    expect(setLifetime({ lifetime: false, endDate: '2026-12-01', pacing: 'evenly' as const }, true)).toEqual({
      lifetime: true,
      endDate: '',
      pacing: '',
    })
    expect(
      setLifetime({ lifetime: false, endDate: '2026-12-01', pacing: 'manual' as const }, true).pacing,
    ).toBe('manual')
    expect(setLifetime({ lifetime: true, endDate: '', pacing: 'asap' as const }, false).lifetime).toBe(false)
    expect([lifetimeDisabled(6), lifetimeDisabled(1)]).toEqual([true, false])
  })

  it('a start after the end clears the end; the start is locked on edit', () => {
    expect(setStartDate({ startDate: TODAY, endDate: '2026-12-01' }, '2026-12-02').endDate).toBe('')
    expect(setStartDate({ startDate: TODAY, endDate: '2026-12-01' }, '2026-12-01').endDate).toBe('2026-12-01')
    expect([startDateLocked('edit'), startDateLocked('create')]).toEqual([true, false])
  })

  it('changing pacing clears the daily budget; changing the pincode type resets the lists', () => {
    expect(setPacing({ pacing: 'manual' as const, dailyBudget: '50' }, 'asap')).toEqual({
      pacing: 'asap',
      dailyBudget: '',
    })
    expect(setPacing({ pacing: 'manual' as const, dailyBudget: '50' }, 'manual').dailyBudget).toBe('50')
    const form = { pincodeFilter: 'CUSTOM' as const, pincodesList: ['110001'], pincodesExcept: [] }
    expect(setPincodeFilter(form, 'EXCEPT')).toEqual({
      pincodeFilter: 'EXCEPT',
      pincodesList: [],
      pincodesExcept: [],
    })
  })

  it('changing the targeting type resets the ad groups; edit locks it; Product needs the PDP flag', () => {
    const groups = [{ ...emptyAdGroup(), adGroupName: 'A', products: [1] }]
    const changed = setTargetingType({ targetingType: 'Keyword' as const }, 'Category', groups)
    expect(changed).toEqual({ form: { targetingType: 'Category' }, adGroups: [emptyAdGroup()] })
    expect(setTargetingType({ targetingType: 'Keyword' as const }, 'Keyword', groups).adGroups).toBe(groups)
    expect(targetingTypeOptions('create', 'Keyword')).toEqual(['Keyword', 'Category', 'Product'])
    expect(targetingTypeOptions('create', 'Keyword', { phraseMatch: 'true', pdpTargeting: 'false' })).toEqual(
      ['Keyword', 'Category'],
    )
    expect(targetingTypeOptions('edit', 'Category')).toEqual(['Category'])
  })

  it('cpd is editable on create, and on edit only in state 6; state 6 does not resend times', () => {
    expect([cpdEditable('create', null), cpdEditable('edit', 6), cpdEditable('edit', 1)]).toEqual([
      true,
      true,
      false,
    ])
    expect([sendsCampaignTimes(6), sendsCampaignTimes(1), sendsCampaignTimes(null)]).toEqual([
      false,
      true,
      true,
    ])
  })

  it('campaign times: today starts now + 2 minutes, another day 00:00:00 IST, end 23:59:59 IST', () => {
    const now = new Date('2026-11-22T06:30:00Z') // 12:00 IST
    expect(campaignTimes('2026-11-22', '2026-11-30', now)).toEqual({
      start_time: '2026-11-22T06:32:00.000Z',
      expire_time: '2026-11-30T18:29:59.000Z',
    })
    expect(campaignTimes('2026-11-25', null, now)).toEqual({
      start_time: '2026-11-24T18:30:00.000Z',
      expire_time: null,
    })
    expect(campaignTimes('2026-11-25', '', now).expire_time).toBeNull()
  })
})

describe('CSV parsers (spec §5 "CSV rules")', () => {
  it('checks the file type', () => {
    expect(csvFileCheck('keywords.CSV')).toEqual({ ok: true, message: 'File Selected Successfully !' })
    expect(csvFileCheck('keywords.xlsx')).toEqual({
      ok: false,
      message: 'Selected File Format is Incorrect !',
    })
  })

  it('products: first value numeric, header optional, duplicates dropped, first 50 kept', () => {
    expect(parseProductCsv('Product Id\n10234532\n10234574,extra\n10234532\n')).toEqual({
      rows: [10234532, 10234574],
      error: null,
      limitReached: false,
    })
    expect(parseProductCsv('10\nabc\n')).toMatchObject({
      rows: [],
      error: 'Upload a valid CSV',
      limitReached: false,
    })
    expect(parseProductCsv('Product Id\n')).toMatchObject({ rows: [], error: 'Upload a valid CSV' })
    const many = parseProductCsv(Array.from({ length: 60 }, (_, i) => i + 1).join('\n'))
    expect(many.rows).toHaveLength(50)
    expect(many.limitReached).toBe(true)
  })

  it('keywords: header, charset, Bid > 0, duplicates dropped', () => {
    expect(
      parseKeywordCsv('Keyword,Bid\n4g phone,20.404\n4G Phone,3\nsmart-tv,1\n', {
        campaignClass: 'Sponsored',
      }),
    ).toEqual({
      rows: [
        { keyword: '4g phone', bid: 20.4 },
        { keyword: 'smart-tv', bid: 1 },
      ],
      error: null,
      tooMany: false,
    })
    for (const bad of [
      'Keyword\nphone\n',
      'Keyword,Bid\nphone,0\n',
      'Keyword,Bid\nphone!,2\n',
      'Keyword,Bid\nphone,abc\n',
      'Keyword,Bid\n',
    ]) {
      expect(parseKeywordCsv(bad, { campaignClass: 'Sponsored' })).toMatchObject({
        rows: [],
        error: 'Upload a valid CSV',
      })
    }
  })

  it('keywords: Privilege takes Keyword alone, every bid 1', () => {
    expect(
      parseKeywordCsv('Keyword\n4g phone\nbluetooth speaker\n', { campaignClass: 'Privilege' }).rows,
    ).toEqual([
      { keyword: '4g phone', bid: 1 },
      { keyword: 'bluetooth speaker', bid: 1 },
    ])
    expect(parseKeywordCsv('Keyword,Bid\ngold,\n', { campaignClass: 'Privilege' }).rows).toEqual([
      { keyword: 'gold', bid: 1 },
    ])
  })

  it("keywords: more than 500 keeps the first 500 and flags the 'Too Many Keywords Uploaded' dialog", () => {
    const text = `Keyword,Bid\n${Array.from({ length: 501 }, (_, i) => `kw ${i},1`).join('\n')}`
    const result = parseKeywordCsv(text, { campaignClass: 'Sponsored' })
    expect(result.rows).toHaveLength(500)
    expect(result.tooMany).toBe(true)
    expect(MESSAGES.tooManyKeywordsTitle).toBe('Too Many Keywords Uploaded')
    expect(MESSAGES.tooManyKeywords).toBe(
      'You have uploaded more than 500 keywords. Only the first 500 will be considered for upload.',
    )
  })

  it('pincodes: header, 6 digits, letters and spaces, duplicates dropped', () => {
    expect(
      parsePincodeCsv(
        '\uFEFFPincode,District,State\n110001,Central Delhi,Delhi\n110001,Central Delhi,Delhi\n',
      ),
    ).toEqual({
      rows: [{ pincode: '110001', district: 'Central Delhi', state: 'Delhi' }],
      error: null,
    })
    for (const bad of [
      'Pincode,State,District\n110001,Delhi,Delhi\n',
      'Pincode,District,State\n11001,Delhi,Delhi\n',
      'Pincode,District,State\n110001,Delhi 1,Delhi\n',
      'Pincode,District,State\n110001,Delhi\n',
      'Pincode,District,State\n"110001,Delhi,Delhi\n',
    ]) {
      expect(parsePincodeCsv(bad)).toMatchObject({ rows: [], error: 'Upload a valid CSV' })
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------
const RUNS = { numRuns: 200 }
const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''))
const keywordChars = fc.constantFrom(...'abcxyzABC0123456789 -'.split(''))
const keywordText = fc
  .string({ unit: keywordChars, minLength: 1, maxLength: 30 })
  .filter((s) => s.trim() !== '')
const csvCell = fc.oneof(
  fc.string({ maxLength: 12 }),
  keywordText,
  fc.stringMatching(/^\d{1,8}$/),
  fc.constantFrom('"', ',', '\n', '0', '-1', '1.005'),
)
const csvText = (header: string) =>
  fc
    .tuple(
      fc.array(fc.array(csvCell, { minLength: 1, maxLength: 4 }), { maxLength: 30 }),
      fc.constantFrom('\n', '\r\n'),
    )
    .map(([rows, eol]) => [header, ...rows.map((r) => r.join(','))].join(eol))

describe('properties', () => {
  it('a name with any forbidden character is refused; names of allowed characters are accepted', () => {
    const safe = fc
      .string({ unit: fc.constantFrom(...'abc XYZ 019-_&'.split('')), minLength: 1, maxLength: 50 })
      .filter((s) => s.trim() !== '')
    fc.assert(
      fc.property(safe, safe, fc.constantFrom(...CAMPAIGN_NAME_FORBIDDEN), (a, b, c) => {
        expect(campaignNameProblem(a)).toBeNull()
        expect(campaignNameProblem(a + c + b)).toBe(MESSAGES.campaignNameChars)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(safe, safe, fc.constantFrom(...AD_GROUP_NAME_FORBIDDEN), (a, b, c) => {
        expect(adGroupNameProblem(a)).toBeNull()
        expect(adGroupNameProblem(a + c + b)).toBe(MESSAGES.adGroupNameChars)
      }),
      RUNS,
    )
  })

  it('a tag of 1-20 letters and spaces is accepted, anything else refused', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(letters, fc.constant(' ')), minLength: 1, maxLength: 20 }),
        (tag) => {
          expect(privilegeTagProblem(tag)).toBe(tag.trim() === '' ? 'Required field' : null)
        },
      ),
      RUNS,
    )
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (tag) => {
        const ok = /^[A-Za-z ]{1,20}$/.test(tag) && tag.trim() !== ''
        expect(privilegeTagProblem(tag) === null).toBe(ok)
      }),
      RUNS,
    )
  })

  it('a pincode is exactly 6 digits; the input keeps at most 6 digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), (text) => {
        expect(pincodeProblem(text) === null).toBe(/^\d{6}$/.test(text))
        expect(pincodeInput(text)).toMatch(/^\d{0,6}$/)
      }),
      RUNS,
    )
  })

  it('keyword text: allowed characters accepted, any other character refused', () => {
    fc.assert(
      fc.property(
        keywordText,
        fc.constantFrom(...'!@#$%^&*()_+=.,;:\'"/\\?<>[]{}|`~'.split('')),
        (text, bad) => {
          expect(keywordTextProblem(text)).toBeNull()
          expect(keywordTextProblem(text + bad)).toBe(MESSAGES.invalidKeyword)
        },
      ),
      RUNS,
    )
  })

  it('bid rounding is idempotent, within half a paisa, and a Sponsored bid within the budgets passes', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (bid) => {
        const once = roundBid(bid)
        expect(roundBid(once)).toBe(once)
        expect(Math.abs(once - bid)).toBeLessThanOrEqual(0.005 + 1e-6)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_00 }),
        fc.integer({ min: 1, max: 10_000_00 }),
        (bid, total) => {
          const problem = keywordBidProblem(bid, {
            campaignClass: 'Sponsored',
            budgets: { total, daily: -1 },
          })
          expect(problem).toBe(bid > total ? 'Bid cannot be greater than total budget' : null)
        },
      ),
      RUNS,
    )
  })

  it('addKeywords never duplicates a keyword case-insensitively and never exceeds 500', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ keyword: keywordText, bid: fc.integer({ min: 1, max: 100 }) }), {
          maxLength: 40,
        }),
        fc.array(fc.record({ keyword: keywordText, bid: fc.integer({ min: 1, max: 100 }) }), {
          maxLength: 40,
        }),
        (first, second) => {
          const opts = {
            campaignClass: 'Sponsored' as const,
            matchType: MatchType.Exact,
            budgets: { total: 100, daily: -1 },
          }
          const one = addKeywords([], first, opts)
          const two = addKeywords(one.keywords, second, opts)
          const keys = two.keywords.map((k) => k.keyword.toLowerCase())
          expect(new Set(keys).size).toBe(keys.length)
          expect(two.keywords.length).toBeLessThanOrEqual(500)
        },
      ),
      RUNS,
    )
  })

  it('the product CSV parser never throws, keeps ≤ 50 distinct positive ids, or none', () => {
    fc.assert(
      fc.property(fc.oneof(csvText('Product Id'), fc.string({ maxLength: 200 })), (text) => {
        const { rows, error } = parseProductCsv(text)
        if (error) expect(rows).toEqual([])
        expect(rows.length).toBeLessThanOrEqual(50)
        expect(new Set(rows).size).toBe(rows.length)
        for (const id of rows) expect(Number.isSafeInteger(id) && id > 0).toBe(true)
      }),
      RUNS,
    )
  })

  it('the keyword CSV parser never throws; rows keep the rules, no duplicates, ≤ 500', () => {
    const valid = fc
      .array(fc.record({ keyword: keywordText, bid: fc.double({ min: 0.01, max: 1000, noNaN: true }) }), {
        maxLength: 600,
      })
      .map((rows) => `Keyword,Bid\n${rows.map((r) => `${r.keyword.trim()},${r.bid.toFixed(2)}`).join('\n')}`)
    fc.assert(
      fc.property(
        fc.oneof(valid, csvText('Keyword,Bid'), csvText('Keyword'), fc.string({ maxLength: 200 })),
        fc.constantFrom('Sponsored' as const, 'Privilege' as const),
        (text, campaignClass) => {
          const { rows, error, tooMany } = parseKeywordCsv(text, { campaignClass })
          if (error) expect(rows).toEqual([])
          if (tooMany) expect(rows).toHaveLength(500)
          expect(rows.length).toBeLessThanOrEqual(500)
          const keys = rows.map((r) => r.keyword.toLowerCase())
          expect(new Set(keys).size).toBe(keys.length)
          for (const row of rows) {
            expect(keywordTextProblem(row.keyword)).toBeNull()
            expect(row.bid).toBeGreaterThan(0)
            if (campaignClass === 'Privilege') expect(row.bid).toBe(1)
            expect(roundBid(row.bid)).toBe(row.bid)
          }
        },
      ),
      RUNS,
    )
  })

  it('the pincode CSV parser never throws; rows keep the rules, no duplicate pincodes', () => {
    const place = fc
      .string({ unit: fc.oneof(letters, fc.constant(' ')), minLength: 1, maxLength: 12 })
      .filter((s) => s.trim() !== '')
    const valid = fc
      .array(fc.tuple(fc.stringMatching(/^\d{6}$/), place, place), { maxLength: 40 })
      .map((rows) => `Pincode,District,State\n${rows.map((r) => r.join(',')).join('\n')}`)
    fc.assert(
      fc.property(
        fc.oneof(valid, csvText('Pincode,District,State'), fc.string({ maxLength: 200 })),
        (text) => {
          const { rows, error } = parsePincodeCsv(text)
          if (error) expect(rows).toEqual([])
          const pins = rows.map((r) => r.pincode)
          expect(new Set(pins).size).toBe(pins.length)
          for (const row of rows) {
            expect(row.pincode).toMatch(/^\d{6}$/)
            expect(row.district).toMatch(/^[A-Za-z ]+$/)
            expect(row.state).toMatch(/^[A-Za-z ]+$/)
          }
        },
      ),
      RUNS,
    )
  })

  it('a well-formed pincode file is read whole', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 100000, max: 999999 }), { minLength: 1, maxLength: 30 }),
        (pins) => {
          const text = `Pincode,District,State\n${pins.map((p) => `${p},North Goa,Goa`).join('\n')}\n`
          const { rows, error } = parsePincodeCsv(text)
          expect(error).toBeNull()
          expect(rows.map((r) => Number(r.pincode))).toEqual(pins)
        },
      ),
      RUNS,
    )
  })
})
