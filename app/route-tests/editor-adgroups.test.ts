// The editor's ad-group section through adGroupAction against the in-process test platform: each §5
// ad-group, product and keyword message provoked by its intent (table-driven), typed values kept on a
// refusal, Broad refused for a SELLER, another seller's products refused, saving once complete,
// the busy notice, and Submit back to the list with a flash (decision 030).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase64Text } from '../../platform/contracts/campaign-editor'
import { MESSAGES } from '../../platform/rules/campaign-editor'
import { istDate } from '../../platform/rules/time'
import { type CurrentUser, requireUser } from '../guard.server'
import {
  type AdGroupEditorData,
  type AdGroupWorking,
  adGroupAction,
  type EditorCampaign,
  loadAdGroupEditor,
} from '../models/adgroup-editor.server'
import { campaignsApi } from '../models/campaigns.server'
import { action as downloadAction, loader as downloadLoader } from '../routes/_any.create-campaign.download'
import { encodeWorking } from '../models/adgroup-state'
import { ROUTES } from '../route-table'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'
import { sponsoredPayload } from '../../platform/testing/campaign-payloads'

const SELLER = 100001
let h: RouteHarness
let user: CurrentUser
let campaign: EditorCampaign
let own: number[]
let foreign: number[]

const working = (over: Partial<AdGroupWorking> = {}): AdGroupWorking => ({
  key: 'new-1',
  id: null,
  name: 'Shoes group',
  products: [],
  keywords: [],
  matchType: null,
  productTab: 'list',
  keywordTab: 'suggested',
  ...over,
})

async function post(
  fields: Record<string, string | File>,
  over: { campaign?: Partial<EditorCampaign>; state?: AdGroupWorking; rawState?: string } = {},
) {
  const formData = new FormData()
  formData.set('adgroup-state', over.rawState ?? encodeWorking(over.state ?? working()))
  for (const [k, v] of Object.entries(fields)) formData.set(k, v)
  const request = new Request(`http://console.test/create-campaign?id=${campaign.id}`, { method: 'POST' })
  const response = await adGroupAction(request, formData, h.context(), user, {
    ...campaign,
    ...over.campaign,
  })
  const text = await response.text()
  const data = text ? (JSON.parse(text) as { adGroupEditor: AdGroupEditorData }) : null
  return { status: response.status, location: response.headers.get('Location'), data: data?.adGroupEditor }
}
/** The section as the editor's loader draws it: from the campaign's view, as the page reads it. */
async function loadSection(over: Partial<EditorCampaign> = {}) {
  const view = await campaignsApi(h.context(), user.session.token).view(campaign.id)
  if (!view.ok) throw new Error(`campaign view ${view.status}`)
  return loadAdGroupEditor(h.context(), user, { ...campaign, ...over }, view.data.adGroups)
}
/** The group the answer shows for the posted working copy (the open one). */
const groupOf = (data: AdGroupEditorData | undefined) =>
  data?.groups.find((g) => g.open) ?? data?.groups.at(-1)

beforeAll(async () => {
  h = await createRouteHarness()
  const cookie = await h.cookieFor('seller@example.com')
  user = await requireUser(h.request('/create-campaign', { cookie }), h.context(), ROUTES.createCampaign)
  const _today = istDate(h.t.deps.now())
  const body = sponsoredPayload(h.t, { name: encodeBase64Text('Ad group test') })
  const created = await h.t.post('/ads/ad-inventory/v1/campaign/create?action=save', body, {
    token: user.session.token,
  })
  const saved = (await created.json()) as {
    data: { id: number; jmcampaign_id: number; state: number | null }
  }
  expect(created.status).toBe(200)
  campaign = {
    id: saved.data.id,
    jmcampaignId: saved.data.jmcampaign_id,
    sellerId: SELLER,
    campaignClass: 'Sponsored',
    targetingType: 'Keyword',
    state: saved.data.state,
    totalBudget: 1000,
    dailyBudget: -1,
  }
  const rows = await h.t.db.execute(
    sql`select p.product_id as id from products p join product_sellers s on s.product_id = p.product_id
        where s.seller_id = ${SELLER} and p.category_level0 is not null and p.category_level1 is not null
        and p.category_level2 is not null and p.category_level3 is not null order by 1 limit 60`,
  )
  own = ((rows as { rows: unknown[] }).rows as { id: number | string }[]).map((r) => Number(r.id))
  const others = await h.t.db.execute(
    sql`select p.product_id as id from products p where p.product_id not in
        (select product_id from product_sellers where seller_id = ${SELLER}) order by 1 limit 2`,
  )
  foreign = ((others as { rows: unknown[] }).rows as { id: number | string }[]).map((r) => Number(r.id))
  expect(own.length).toBeGreaterThanOrEqual(51)
  expect(foreign.length).toBe(2)
})
afterAll(async () => {
  await h?.close()
})

describe('ad group name (§5)', () => {
  it.each([
    ['', MESSAGES.adGroupNameRequired],
    ['Shoes, socks', MESSAGES.adGroupNameChars],
    ['50% off', MESSAGES.adGroupNameChars],
  ])('%j → %s, the name kept', async (name, message) => {
    const answer = await post({ intent: 'adgroup-name', 'adgroup-name': name })
    expect(answer.status).toBe(400)
    expect(groupOf(answer.data)?.errors.name).toBe(message)
    expect(groupOf(answer.data)?.working.name).toBe(name)
  })
})

describe('products (§5)', () => {
  it.each([
    ['letters only', 'abc, def'],
    ['another seller’s products', 'FOREIGN'],
  ])('%s → No valid products found, the typed ids kept', async (_, typed) => {
    const text = typed === 'FOREIGN' ? foreign.join(', ') : typed
    const answer = await post({ intent: 'adgroup-products-add', 'adgroup-product-ids': text })
    const group = groupOf(answer.data)
    expect(answer.status).toBe(400)
    expect(group?.errors.productIds).toBe(MESSAGES.noValidProducts)
    expect(group?.values.productIds).toBe(text)
    expect(group?.working.products).toEqual([])
    if (typed === 'FOREIGN')
      expect(group?.productProblems).toEqual(
        foreign.map((id) => `The seller or brand does not own the product ${id}`),
      )
  })

  it('an unknown id is refused with its verification message; the valid ones are added', async () => {
    const answer = await post({
      intent: 'adgroup-products-add',
      'adgroup-product-ids': `${own[0]} 999999999`,
    })
    const group = groupOf(answer.data)
    expect(answer.status).toBe(200)
    expect(group?.working.products).toEqual([own[0]])
    expect(group?.productProblems).toEqual(['Invalid product id 999999999'])
    expect(group?.products[0]).toMatchObject({ productId: own[0], tag: expect.stringMatching(/^[13]P$/) })
  })

  it('more than 50 opens the product-limit popup and keeps the list', async () => {
    const text = own.slice(0, 51).join('\n')
    const answer = await post({ intent: 'adgroup-products-add', 'adgroup-product-ids': text })
    expect(answer.status).toBe(400)
    expect(groupOf(answer.data)?.popup).toEqual({ kind: 'productLimit' })
    expect(groupOf(answer.data)?.values.productIds).toBe(text)
    const again = await post({ intent: 'adgroup-dismiss', 'adgroup-product-ids': text })
    expect(groupOf(again.data)?.popup).toBeNull()
    expect(groupOf(again.data)?.values.productIds).toBe(text)
  })

  it.each([
    ['ids.txt', '1,2', MESSAGES.fileFormatIncorrect],
    ['ids.csv', 'Product Id\nabc', MESSAGES.invalidCsv],
  ])('upload %s → %s', async (name, content, message) => {
    const answer = await post({
      intent: 'adgroup-products-upload',
      'adgroup-product-file': new File([content], name, { type: 'text/csv' }),
    })
    expect(answer.status).toBe(400)
    expect(groupOf(answer.data)?.errors.productFile?.startsWith(message)).toBe(true)
  })

  it('a CSV of 60 keeps the first 50 and raises the popup', async () => {
    const answer = await post({
      intent: 'adgroup-products-upload',
      'adgroup-product-file': new File([`Product Id\n${own.slice(0, 60).join('\n')}`], 'p.csv'),
    })
    const group = groupOf(answer.data)
    expect(group?.working.products).toEqual(own.slice(0, 50))
    expect(group?.popup).toEqual({ kind: 'productLimit' })
  })
})

describe('keywords (§5)', () => {
  const exact = { 'adgroup-match': '1' }
  it.each([
    ['no match type', { 'adgroup-keyword': 'shoes', 'adgroup-bid': '5' }, MESSAGES.selectMatchType, {}],
    ['bid 0', { ...exact, 'adgroup-keyword': 'shoes', 'adgroup-bid': '0' }, MESSAGES.requiredBidPrice, {}],
    ['no bid', { ...exact, 'adgroup-keyword': 'shoes', 'adgroup-bid': '' }, MESSAGES.requiredBidPrice, {}],
    [
      'bid over the total budget',
      { ...exact, 'adgroup-keyword': 'shoes', 'adgroup-bid': '1000.01' },
      MESSAGES.keywordBidOverTotal,
      {},
    ],
    [
      'bid over the daily budget',
      { ...exact, 'adgroup-keyword': 'shoes', 'adgroup-bid': '60' },
      MESSAGES.keywordBidOverDaily,
      { dailyBudget: 50 },
    ],
    ['no keyword', { ...exact, 'adgroup-keyword': ' ', 'adgroup-bid': '5' }, MESSAGES.requiredField, {}],
  ])('%s → its message, keyword and bid kept', async (_, fields, message, over) => {
    const answer = await post({ intent: 'adgroup-keyword-add', ...fields }, { campaign: over })
    const group = groupOf(answer.data)
    expect(answer.status).toBe(400)
    expect(group?.errors.keyword).toBe(message)
    expect(group?.values).toEqual({ keyword: fields['adgroup-keyword'], bid: fields['adgroup-bid'] })
    expect(group?.working.keywords).toEqual([])
  })

  it('Broad is refused for a SELLER (OPS and SUPERADMIN only)', async () => {
    const broad = await post({ intent: 'adgroup-match-type', 'adgroup-match': '2' })
    expect(broad.status).toBe(400)
    expect(groupOf(broad.data)?.errors.keywords).toBe(MESSAGES.selectMatchType)
    const add = await post({
      intent: 'adgroup-keyword-add',
      'adgroup-match': '2',
      'adgroup-keyword': 'a',
      'adgroup-bid': '5',
    })
    expect(groupOf(add.data)?.errors.keyword).toBe(MESSAGES.selectMatchType)
    expect(broad.data?.matchTypes.map((m) => m.label)).toEqual(['Exact', 'Phrase'])
  })

  it('a case-insensitive duplicate updates the bid (2 decimals) instead of adding', async () => {
    const state = working({
      keywords: [{ keyword: 'Running Shoes', match_type: 1, bid_price: 5 }],
      matchType: 1,
    })
    const answer = await post(
      { intent: 'adgroup-keyword-add', ...exact, 'adgroup-keyword': 'running shoes', 'adgroup-bid': '7.456' },
      { state },
    )
    expect(groupOf(answer.data)?.working.keywords).toEqual([
      { keyword: 'Running Shoes', match_type: 1, bid_price: 7.46 },
    ])
  })

  it('a match-type change remaps the bids: Phrase takes the first bid', async () => {
    const state = working({
      matchType: 1,
      keywords: [
        { keyword: 'a', match_type: 1, bid_price: 5 },
        { keyword: 'b', match_type: 1, bid_price: 9 },
      ],
    })
    const answer = await post({ intent: 'adgroup-match-type', 'adgroup-match': '0' }, { state })
    expect(groupOf(answer.data)?.working.keywords.map((k) => [k.match_type, k.bid_price])).toEqual([
      [0, 5],
      [0, 5],
    ])
  })

  it('a match type posted with an Add (no change event, or a radio post overtaken) remaps the others too', async () => {
    const state = working({
      matchType: 1,
      keywords: [
        { keyword: 'a', match_type: 1, bid_price: 5 },
        { keyword: 'b', match_type: 1, bid_price: 9 },
      ],
    })
    const answer = await post(
      { intent: 'adgroup-keyword-add', 'adgroup-keyword': 'c', 'adgroup-bid': '7', 'adgroup-match': '0' },
      { state },
    )
    const group = groupOf(answer.data)
    expect(group?.working.matchType).toBe(0)
    expect(group?.working.keywords.map((k) => [k.keyword, k.match_type, k.bid_price])).toEqual([
      ['a', 0, 5],
      ['b', 0, 5],
      ['c', 0, 7],
    ])
    // A refused Add keeps the chosen match type (the radios show it) and the typed keyword.
    const refused = await post(
      { intent: 'adgroup-keyword-add', 'adgroup-keyword': 'bad!', 'adgroup-bid': '7', 'adgroup-match': '0' },
      { state },
    )
    expect(refused.status).toBe(400)
    expect(groupOf(refused.data)?.working.matchType).toBe(0)
    expect(groupOf(refused.data)?.values.keyword).toBe('bad!')
  })

  it.each([
    ['adgroup-keyword-add', 'field:adgroup-keyword'],
    ['adgroup-keyword-remove:kw 1', 'field:adgroup-keyword'],
    ['adgroup-keywords-clear', 'field:adgroup-keyword'],
    ['adgroup-suggestion-add:kw 9', 'intent:adgroup-suggestion-add:kw 9'],
    ['adgroup-tab-keywords-upload', 'intent:adgroup-tab-keywords-upload'],
    ['adgroup-match-type', 'field:adgroup-match'],
    ['adgroup-products-remove:1', 'field:adgroup-product-ids'],
  ])('after %s the page puts focus on %s (autofocus without JavaScript)', async (intent, focus) => {
    const state = working({ matchType: 1, keywords: many(3) })
    const answer = await post(
      { intent, 'adgroup-keyword': 'kw 9', 'adgroup-bid': '3', 'adgroup-match': '1' },
      { state },
    )
    expect(groupOf(answer.data)?.focus).toBe(focus)
  })

  const many = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ keyword: `kw ${from + i}`, match_type: 1 as const, bid_price: 2 }))

  it('the 501st keyword → Maximum 500 keywords allowed !', async () => {
    const state = working({ matchType: 1, keywords: many(500) })
    const answer = await post(
      { intent: 'adgroup-keyword-add', ...exact, 'adgroup-keyword': 'one more', 'adgroup-bid': '3' },
      { state },
    )
    expect(groupOf(answer.data)?.errors.keyword).toBe(MESSAGES.maxKeywords)
    expect(groupOf(answer.data)?.working.keywords).toHaveLength(500)
  })

  it('the selected keywords a page at a time: a page intent changes only the page, within the pages there are; an add shows its page (decision 070)', async () => {
    const state = working({ matchType: 1, keywords: many(120) })
    const page3 = await post({ intent: 'adgroup-keywords-page:3' }, { state })
    expect(page3.status).toBe(200)
    const shown = groupOf(page3.data)!
    expect(shown.working.keywordPage).toBe(3)
    expect(shown.working.keywords).toEqual(state.keywords)
    expect(shown.working.id).toBeNull() // nothing saved: a page is not a change
    expect(shown.focus).toBe('intent:adgroup-keywords-page:3')
    // Past the last page, or not a page: the nearest page there is.
    for (const [asked, page] of [
      ['99', 3],
      ['0', 1],
      ['-4', 1],
      ['two', 1],
    ] as const) {
      const answer = await post({ intent: `adgroup-keywords-page:${asked}` }, { state })
      expect(answer.status, asked).toBe(200)
      expect(groupOf(answer.data)?.working.keywordPage, asked).toBe(page)
    }
    // A posted working copy's page is re-judged too.
    const forged = await post(
      { intent: 'adgroup-tab-keywords-upload' },
      { state: { ...state, keywordPage: 1e9 } },
    )
    expect(groupOf(forged.data)?.working.keywordPage).toBe(3)
    // Adding a keyword shows the page that holds it; removing one keeps the page.
    const onFirst = { ...state, keywordPage: 1 }
    const added = await post(
      { intent: 'adgroup-keyword-add', ...exact, 'adgroup-keyword': 'new shoes', 'adgroup-bid': '3' },
      { state: onFirst },
    )
    expect(groupOf(added.data)?.working.keywords).toHaveLength(121)
    expect(groupOf(added.data)?.working.keywordPage).toBe(3)
    const updated = await post(
      { intent: 'adgroup-keyword-add', ...exact, 'adgroup-keyword': 'KW 60', 'adgroup-bid': '4' },
      { state: { ...state, keywordPage: 3 } },
    )
    expect(groupOf(updated.data)?.working.keywordPage).toBe(2) // 'kw 60' is the 61st: page 2
    const removed = await post(
      { intent: 'adgroup-keyword-remove:kw 110' },
      { state: { ...state, keywordPage: 3 } },
    )
    expect(groupOf(removed.data)?.working.keywords).toHaveLength(119)
    expect(groupOf(removed.data)?.working.keywordPage).toBe(3)
    const cleared = await post({ intent: 'adgroup-keywords-clear' }, { state: { ...state, keywordPage: 3 } })
    expect(groupOf(cleared.data)?.working.keywordPage).toBeUndefined()
  })

  it('a CSV over 500 opens Too Many Keywords Uploaded; Continue keeps the first 500', async () => {
    const csv = `Keyword,Bid\n${Array.from({ length: 502 }, (_, i) => `word ${i},3`).join('\n')}`
    const answer = await post({
      intent: 'adgroup-keywords-upload',
      ...exact,
      'adgroup-keyword-file': new File([csv], 'k.csv'),
    })
    const popup = groupOf(answer.data)?.popup
    expect(popup?.kind).toBe('tooManyKeywords')
    const pending = popup?.kind === 'tooManyKeywords' ? popup.pending : ''
    const go = await post({ intent: 'adgroup-keywords-continue', ...exact, 'adgroup-pending': pending })
    expect(groupOf(go.data)?.working.keywords).toHaveLength(500)
    expect(groupOf(go.data)?.working.keywords[0]).toEqual({ keyword: 'word 0', match_type: 1, bid_price: 3 })
  })

  it.each([
    ['no match type', {}, 'k.csv', 'Keyword,Bid\nshoes,3', MESSAGES.selectMatchType, 0],
    ['not a .csv', exact, 'k.xlsx', 'Keyword,Bid\nshoes,3', MESSAGES.fileFormatIncorrect, 0],
    ['bad header', exact, 'k.csv', 'Word,Price\nshoes,3', MESSAGES.invalidCsv, 0],
    [
      'over the cap with the group’s own',
      exact,
      'k.csv',
      'Keyword,Bid\nshoes,3\nsocks,3',
      MESSAGES.maxKeywordsUpload,
      499,
    ],
  ])('upload with %s → its message', async (_, fields, name, content, message, existing) => {
    const state = working({ matchType: null, keywords: many(existing) })
    const answer = await post(
      { intent: 'adgroup-keywords-upload', ...fields, 'adgroup-keyword-file': new File([content], name) },
      { state },
    )
    expect(answer.status).toBe(400)
    expect(groupOf(answer.data)?.errors.keywordFile?.startsWith(message)).toBe(true)
  })

  it('a working copy posted in another shape keeps only well-formed keywords (triples, or objects as before 077), and is never a 500', async () => {
    const keywords = [
      ['kw ok', 1, 2.5],
      { keyword: 'an object', match_type: 1, bid_price: 2 },
      ['two only', 1],
      ['bad match type', 7, 2],
      [42, 1, 2],
      ['no bid', 1, '2'],
      'text',
      null,
    ]
    const rawState = JSON.stringify({
      key: 'new-1',
      name: 'Shoes group',
      products: [],
      matchType: 1,
      keywords,
    })
    const answer = await post({ intent: 'adgroup-keywords-page:1' }, { rawState })
    expect(answer.status).toBe(200)
    // The object is how a page rendered before decision 077 wrote a keyword: still read.
    expect(groupOf(answer.data)?.working.keywords).toEqual([
      { keyword: 'kw ok', match_type: 1, bid_price: 2.5 },
      { keyword: 'an object', match_type: 1, bid_price: 2 },
    ])
    for (const hostile of [
      '',
      'not json',
      '[]',
      'null',
      '"text"',
      '{"keywords":"x"}',
      '{"keywords":[[1e400,1,1]]}',
    ]) {
      const read = await post({ intent: 'adgroup-keywords-page:1' }, { rawState: hostile })
      expect(read.status, hostile).toBe(200)
      expect(groupOf(read.data)?.working.keywords, hostile).toEqual([])
    }
  })

  it('Remove and Remove all', async () => {
    const state = working({ matchType: 1, keywords: many(3) })
    const one = await post({ intent: 'adgroup-keyword-remove:KW 1' }, { state })
    expect(groupOf(one.data)?.working.keywords.map((k) => k.keyword)).toEqual(['kw 0', 'kw 2'])
    const all = await post({ intent: 'adgroup-keywords-clear' }, { state })
    expect(groupOf(all.data)?.working.keywords).toEqual([])
  })
})

describe('saving, the busy notice and Submit', () => {
  it('saves the group once complete, then Submit goes back to the list with a flash', async () => {
    const withProducts = await post({
      intent: 'adgroup-products-add',
      'adgroup-product-ids': `${own[0]},${own[1]}`,
    })
    const afterProducts = groupOf(withProducts.data)!
    expect(afterProducts.working.id).toBeNull() // no keywords yet: Keyword targeting needs one
    expect(afterProducts.suggestions.length).toBeGreaterThan(0)
    const suggestion = afterProducts.suggestions[0]!
    const added = await post(
      { intent: `adgroup-suggestion-add:${suggestion.keyword}`, 'adgroup-match': '1' },
      { state: afterProducts.working },
    )
    const saved = groupOf(added.data)!
    expect(added.status).toBe(200)
    expect(saved.working.keywords).toEqual([
      { keyword: suggestion.keyword, match_type: 1, bid_price: suggestion.bid },
    ])
    expect(saved.working.id).toEqual(expect.any(Number))
    // The card keeps its identity once saved (no remount losing what is typed meanwhile), listed once.
    expect(saved.working.key).toBe('new-1')
    expect(added.data?.groups.map((g) => g.working.id)).toEqual([saved.working.id])
    const again = await post({ intent: 'adgroup-save' }, { state: saved.working })
    expect(again.data?.groups.map((g) => [g.working.key, g.working.id])).toEqual([
      ['new-1', saved.working.id],
    ])

    const loaded = await loadSection()
    expect(loaded.groups.map((g) => [g.working.id, g.working.products])).toEqual([
      [saved.working.id, [own[0], own[1]]],
    ])
    expect(loaded.mayDelete).toBe(false)

    const submitted = await post({ intent: 'adgroup-submit' })
    expect(submitted.status).toBe(302)
    expect(submitted.location).toBe('/campaigns')

    const busy = await loadSection()
    expect(busy.groups[0]?.notice).toBe('This AdGroup is currently in Pending state')
    expect(busy.groups[0]?.readOnly).toBe(true)
    const refused = await post({ intent: 'adgroup-keywords-clear' }, { state: busy.groups[0]!.working })
    expect(refused.status).toBe(409)
    expect(refused.data?.banner).toBe('This AdGroup is currently in Pending state')
  })
})

describe('downloads without JavaScript: the card posts to /create-campaign/download (decision 077)', () => {
  const state = () =>
    encodeWorking(
      working({
        matchType: 1,
        products: [own[0]!],
        keywords: [
          { keyword: '=HYPERLINK("x")', match_type: 1, bid_price: 2.5 },
          { keyword: 'shoes', match_type: 1, bid_price: 3 },
        ],
      }),
    )
  const download = async (list: string, who = 'seller@example.com', id = campaign.id) =>
    h.submit<string>(
      downloadAction,
      `${ROUTES.createCampaignDownload.path}?id=${id}`,
      { intent: `adgroup-download:${list}`, 'adgroup-state': state() },
      { cookie: await h.cookieFor(who) },
    )

  it('answers the list as a CSV file: keywords as posted, products and suggestions as the card shows them', async () => {
    const keywords = await download('keywords')
    expect(keywords.status).toBe(200)
    expect(keywords.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(keywords.headers.get('Content-Disposition')).toBe('attachment; filename="selected_keywords.csv"')
    expect(keywords.data).toBe('Keyword,Bid\r\n"\'=HYPERLINK(""x"")",2.5\r\nshoes,3\r\n')
    const products = await download('products')
    expect(products.headers.get('Content-Disposition')).toBe('attachment; filename="selected_products.csv"')
    expect(products.data).toMatch(
      new RegExp(`^Product Id,Name,Price,Tag\r\n${own[0]},[^\r]+,[\\d.]+,[13]P\r\n$`),
    )
    const suggestions = await download('suggestions')
    expect(suggestions.headers.get('Content-Disposition')).toBe(
      'attachment; filename="suggested_keywords.csv"',
    )
    const lines = suggestions.data.split('\r\n')
    expect(lines[0]).toBe('Keyword,Bid')
    expect(lines.length).toBeGreaterThan(2)
  })

  it("refuses another advertiser's campaign and an unknown list; a SELLER downloads from a Privilege campaign they only view; a GET goes back to the editor", async () => {
    const other = await download('keywords', 'seller2@example.com')
    expect(other.location).toBe('/unauthorized')
    expect(other.headers.get('Content-Type') ?? '').not.toMatch(/csv/)
    const unknown = await download('passwords')
    expect(unknown.status).toBe(400)
    expect(unknown.data).toBe('Unknown download: post an ad group card’s Download button.')
    const privilege = await h.t.db.execute(
      sql`select id from campaigns where seller_id = ${SELLER} and campaign_class = 'Privilege' limit 1`,
    )
    const privilegeId = Number((privilege as { rows: { id: number | string }[] }).rows[0]?.id)
    expect(privilegeId).toBeGreaterThan(0)
    const viewed = await download('keywords', 'seller@example.com', privilegeId)
    expect(viewed.status).toBe(200)
    expect(viewed.data.startsWith('Keyword,Bid\r\n')).toBe(true)
    const got = await h.load(downloadLoader, `${ROUTES.createCampaignDownload.path}?id=${campaign.id}`, {
      cookie: await h.cookieFor('seller@example.com'),
    })
    expect(got.location).toBe(`${ROUTES.createCampaign.path}?id=${campaign.id}`)
  })
})

describe('groups: New Ad Group, Delete, Privilege, category levels', () => {
  it('New Ad Group adds an empty card; Delete is offered and works only while more than one group is saved', async () => {
    const fresh = await post({ intent: 'adgroup-new' })
    expect(fresh.data?.groups.at(-1)?.working).toMatchObject({ id: null, name: '', products: [] })
    // A second saved group (the first was submitted above and is busy: make one more campaign's worth).
    const second = await post(
      { intent: 'adgroup-keyword-add', 'adgroup-match': '1', 'adgroup-keyword': 'socks', 'adgroup-bid': '2' },
      { state: working({ key: 'new-2', name: 'Socks', products: [own[5]!] }) },
    )
    const secondId = groupOf(second.data)?.working.id
    expect(secondId).toEqual(expect.any(Number))
    expect(second.data?.mayDelete).toBe(true)
    const deleted = await post({ intent: 'adgroup-delete' }, { state: working({ id: secondId! }) })
    expect(deleted.status).toBe(200)
    expect(deleted.data?.groups.map((g) => g.working.id)).not.toContain(secondId)
    expect(deleted.data?.mayDelete).toBe(false)
  })

  it('a SELLER on a Privilege campaign may not change ad groups, and Submit is blocked', async () => {
    const view = await loadSection({ campaignClass: 'Privilege' })
    expect(view.editable).toBe(false)
    expect(view.submitBlocked).toBe(true)
    const refused = await post(
      { intent: 'adgroup-keywords-clear' },
      { campaign: { campaignClass: 'Privilege' } },
    )
    expect(refused.status).toBe(403)
  })

  it("Category targeting: a product without level 3 → Category level doesn't exists for the product {id}", async () => {
    // The seed gives every product its levels; this file's own database copy loses one.
    const id = own[59]!
    await h.t.db.execute(sql`update products set category_level3 = null where product_id = ${id}`)
    const answer = await post(
      { intent: 'adgroup-products-add', 'adgroup-product-ids': String(id) },
      { campaign: { targetingType: 'Category' } },
    )
    expect(groupOf(answer.data)?.productProblems).toEqual([
      `Category level doesn't exists for the product ${id}`,
    ])
    expect(groupOf(answer.data)?.errors.productIds).toBe(MESSAGES.noValidProducts)
    expect(groupOf(answer.data)?.values.productIds).toBe(String(id))
  })
})
