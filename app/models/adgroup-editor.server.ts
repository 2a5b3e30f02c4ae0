// The campaign editor's ad-group section, server half (issue 10; decisions 026, 030): what the page shows
// of a saved campaign's ad groups, and the `adgroup-*` intents of the editor's form posts.
//
// Every intent posts the group's working copy (hidden `adgroup-state`, re-judged here, never trusted),
// applies one pure rule of platform/rules/campaign-editor.ts to it, saves the group with
// adgroup/create|modify?action=save when the group is complete, and answers the section's data with the
// working copy in it: typed values are echoed back on a refusal, so nothing typed is lost (decision 030).
import { type AppLoadContext, json, redirect } from '@remix-run/node'
import type { AdGroupSaveInput } from '../../platform/contracts/campaign-editor'
import type { AdGroupSummary, CampaignAdGroup } from '../../platform/contracts/inventory'
import { productTag } from '../../platform/contracts/adgroup-read'
import {
  AD_GROUP_DELETED,
  addKeywords,
  adGroupNameProblem,
  adGroupNotice,
  adGroupReadOnly,
  allowedMatchTypes,
  categoryLevelProblem,
  productProblemMessage,
  ProductVerification,
  type KeywordEntry,
  MATCH_TYPE_LABELS,
  MAX_KEYWORDS,
  MAX_PRODUCTS,
  type MatchTypeCode,
  MESSAGES,
  parseProductIds,
  privilegeReadOnly,
  remapMatchType,
  submitBlocked,
  validateAdGroup,
} from '../../platform/rules/campaign-editor'
import { csvFileCheck, parseKeywordCsv, parseProductCsv } from '../../platform/rules/campaign-editor-csv'
import { csvOf, downloadKindOf } from '../../platform/rules/editor-downloads'
import { flashCookie } from '../flash.server'
import type { CurrentUser } from '../guard.server'
import { homePath } from '../route-table'
import { adGroupsApi } from './adgroups.server'
import { downloadAnswer } from './adgroup-downloads'
import { decodeWorking } from './adgroup-state'
import { keywordPageHolding, keywordPageWithin } from './keyword-pages'

/** The saved campaign the ad groups belong to, as the editor route knows it. */
export type EditorCampaign = {
  id: number
  jmcampaignId: number
  sellerId: number
  campaignClass: 'Sponsored' | 'Privilege'
  targetingType: 'Keyword' | 'Category' | 'Product'
  state: number | null
  /** Rupees; null when unset (Privilege). */
  totalBudget: number | null
  /** Rupees; -1 = no daily limit. */
  dailyBudget: number
}

/** A group's working copy: what its form carries between posts (bids in rupees). */
export type AdGroupWorking = {
  /**
   * The card's identity on the page: 'g<id>' for a group loaded saved, 'new-<n>' for one started on this
   * page. A new group keeps its 'new-<n>' after it is first saved (its `id` set), so the card is not
   * remounted under the user's cursor, losing what they were typing meanwhile; the next page load
   * names it 'g<id>'.
   */
  key: string
  id: number | null
  name: string
  products: number[]
  keywords: KeywordEntry[]
  matchType: MatchTypeCode | null
  productTab: 'list' | 'upload'
  keywordTab: 'suggested' | 'upload'
  /** The page of the selected-keywords table on show (1 when absent; decision 070). */
  keywordPage?: number
}

export type AdGroupField =
  | 'name'
  | 'products'
  | 'productIds'
  | 'productFile'
  | 'keywords'
  | 'keyword'
  | 'keywordFile'
  | 'form'

export type ProductRow = {
  productId: number
  name: string
  imageUrl: string | null
  price: number
  tag: string
}
export type SuggestionRow = { keyword: string; bid: number }

export type AdGroupView = {
  working: AdGroupWorking
  products: ProductRow[]
  suggestions: SuggestionRow[]
  processingStatus: number | null
  notice: string | null
  readOnly: boolean
  errors: Partial<Record<AdGroupField, string>>
  /** Messages for refused product ids (verification codes, category levels). */
  productProblems: string[]
  /** Typed values echoed back after a refusal. */
  values: { productIds?: string; keyword?: string; bid?: string }
  popup: null | { kind: 'productLimit' } | { kind: 'tooManyKeywords'; pending: string }
  /** An info line after a good intent ('File Selected Successfully !'). */
  info: string | null
  open: boolean
  /**
   * Where focus goes after this card's post (`focusAfter`): 'field:<name>' or 'intent:<value>'. Rendered
   * as autofocus, so a keyboard user without JavaScript lands back where they were, not at the page top.
   */
  focus: string | null
}

export type AdGroupEditorData = {
  groups: AdGroupView[]
  campaignId: number
  campaignClass: EditorCampaign['campaignClass']
  targetingType: EditorCampaign['targetingType']
  matchTypes: { code: MatchTypeCode; label: string }[]
  mayDelete: boolean
  submitBlocked: boolean
  /** BRAND/SELLER on a Privilege campaign: no ad-group edit, delete or add (spec §6). */
  editable: boolean
  /** A platform refusal for the section (spec §8: banner). */
  banner: string | null
}

const rupees = (paise: number) => Math.round(paise) / 100
const paise = (rupeesValue: number) => Math.round(rupeesValue * 100)

function apiOf(context: AppLoadContext, user: CurrentUser) {
  return adGroupsApi(context, user.session.token)
}

function emptyWorking(n: number): AdGroupWorking {
  return {
    key: `new-${n}`,
    id: null,
    name: '',
    products: [],
    keywords: [],
    matchType: null,
    productTab: 'list',
    keywordTab: 'suggested',
  }
}

function blankView(working: AdGroupWorking): AdGroupView {
  return {
    working,
    products: [],
    suggestions: [],
    processingStatus: null,
    notice: null,
    readOnly: false,
    errors: {},
    productProblems: [],
    values: {},
    popup: null,
    info: null,
    open: true,
    focus: null,
  }
}

/** After a post, the control a keyboard user continues from (the typed field after adding or removing). */
function focusAfter(intent: string, working: AdGroupWorking): string {
  const [verb = ''] = intent.split(':')
  switch (verb) {
    case 'adgroup-keyword-add':
    case 'adgroup-keyword-remove':
    case 'adgroup-keywords-clear':
    case 'adgroup-keywords-continue':
      return 'field:adgroup-keyword'
    case 'adgroup-products-add':
    case 'adgroup-products-remove':
    case 'adgroup-dismiss':
      return working.productTab === 'list' ? 'field:adgroup-product-ids' : 'intent:adgroup-products-upload'
    case 'adgroup-match-type':
      return 'field:adgroup-match'
    case 'adgroup-name':
      return 'field:adgroup-name'
    default:
      return `intent:${intent}`
  }
}

/** Product rows and keyword suggestions for a working copy's products (one catalog call each). */
async function decorate(
  view: AdGroupView,
  api: ReturnType<typeof apiOf>,
  campaign: EditorCampaign,
): Promise<AdGroupView> {
  const ids = view.working.products.slice(0, MAX_PRODUCTS)
  if (ids.length === 0) return { ...view, products: [], suggestions: [] }
  const [found, suggested] = await Promise.all([
    api.products(campaign.sellerId, ids),
    campaign.targetingType === 'Keyword' ? api.suggest(campaign.sellerId, ids) : null,
  ])
  const products: ProductRow[] = []
  if (found.ok)
    for (const r of found.data)
      if (r.verificationCode !== 3)
        products.push({
          productId: r.productId,
          name: r.name,
          imageUrl: r.imageUrl,
          price: rupees(r.effectivePrice),
          tag: productTag(r.availableAt3pSeller),
        })
      else products.push({ productId: r.productId, name: '', imageUrl: null, price: 0, tag: '' })
  const suggestions =
    suggested?.ok === true
      ? suggested.data.map((s) => ({ keyword: s.keyWord, bid: rupees(s.bid_price_suggestion) }))
      : []
  return { ...view, products, suggestions }
}

/** A saved group as the page shows it: its working copy, with what its summary says of its processing. */
function savedView(
  group: AdGroupSummary,
  saved: { keywords: { keyword: string; match_type: number; bid_price: number }[]; productIds: number[] },
  products: ProductRow[],
): AdGroupView {
  const keywords: KeywordEntry[] = saved.keywords.map((k) => ({
    keyword: k.keyword,
    match_type: k.match_type as MatchTypeCode,
    bid_price: rupees(k.bid_price),
  }))
  const working: AdGroupWorking = {
    key: `g${group.id}`,
    id: group.id,
    name: group.adGroupName,
    products: saved.productIds,
    keywords,
    matchType: keywords[0]?.match_type ?? null,
    productTab: 'list',
    keywordTab: 'suggested',
  }
  return {
    ...blankView(working),
    products,
    processingStatus: group.processing_status,
    notice: adGroupNotice(group.processing_status),
    readOnly: adGroupReadOnly(group.processing_status),
    open: false,
  }
}

/** The campaign's live ad groups as working copies, from the platform (adgroup/list, then each view). */
async function savedGroups(api: ReturnType<typeof apiOf>, campaign: EditorCampaign) {
  const list = await api.list(campaign.id)
  if (!list.ok) return { views: [] as AdGroupView[], error: list.message, status: list.status }
  const live = list.data.filter((g) => g.state !== AD_GROUP_DELETED)
  const views = await Promise.all(
    live.map(async (g): Promise<AdGroupView> => {
      const viewed = await api.view(g.id)
      if (!viewed.ok) return savedView(g, { keywords: [], productIds: [] }, [])
      return savedView(
        g,
        { keywords: viewed.data.keywords, productIds: viewed.data.products.map((p) => p.productId) },
        viewed.data.products.map((p) => ({
          productId: p.productId,
          name: p.name,
          imageUrl: p.imageUrl,
          price: rupees(p.effectivePrice),
          tag: p.tag,
        })),
      )
    }),
  )
  return { views, error: null, status: 200 }
}

function sectionData(
  views: AdGroupView[],
  user: CurrentUser,
  campaign: EditorCampaign,
  banner: string | null,
): AdGroupEditorData {
  const editable = !privilegeReadOnly(user.role, campaign)
  const groups = views.length > 0 ? views : [blankView(emptyWorking(1))]
  if (groups.length === 1) groups[0] = { ...groups[0]!, open: true }
  return {
    groups,
    campaignId: campaign.id,
    campaignClass: campaign.campaignClass,
    targetingType: campaign.targetingType,
    matchTypes: allowedMatchTypes(user.role).map((code) => ({ code, label: MATCH_TYPE_LABELS[code] })),
    mayDelete: groups.filter((g) => g.working.id !== null).length > 1,
    submitBlocked: submitBlocked(
      user.role,
      campaign.campaignClass,
      groups.map((g) => ({ keywords: g.working.keywords })),
    ),
    editable,
    banner,
  }
}

export async function loadAdGroupEditor(
  context: AppLoadContext,
  user: CurrentUser,
  campaign: EditorCampaign,
  groups: readonly CampaignAdGroup[],
): Promise<AdGroupEditorData> {
  const api = apiOf(context, user)
  // The groups, their keywords and product ids came with the campaign's view (the editor has just read
  // it): each group asks only for its product rows and suggestions (decision 069), not adgroup/list and
  // adgroup/view again.
  const views = await Promise.all(
    groups
      .filter((g) => g.state !== AD_GROUP_DELETED)
      .map((g) =>
        decorate(
          savedView(g, { keywords: g.keywords, productIds: g.products.map((p) => p.productId) }, []),
          api,
          campaign,
        ),
      ),
  )
  return sectionData(views, user, campaign, null)
}

// ---------------------------------------------------------------------------------------------
// Intents
// ---------------------------------------------------------------------------------------------

const text = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value : ''
}

const MATCH_CODES = new Set<number>([0, 1, 2])
const isKeywordEntry = (k: unknown): k is KeywordEntry =>
  typeof k === 'object' &&
  k !== null &&
  typeof (k as KeywordEntry).keyword === 'string' &&
  MATCH_CODES.has((k as KeywordEntry).match_type) &&
  typeof (k as KeywordEntry).bid_price === 'number' &&
  Number.isFinite((k as KeywordEntry).bid_price)

/** The posted working copy, shape-checked (its content is judged again by the rules and the platform). */
function workingOf(formData: FormData): AdGroupWorking {
  // A malformed state is an empty group: nothing of it is trusted anyway.
  const raw = decodeWorking(text(formData, 'adgroup-state')) as Partial<AdGroupWorking>
  const id = typeof raw.id === 'number' && Number.isSafeInteger(raw.id) && raw.id > 0 ? raw.id : null
  const products = Array.isArray(raw.products)
    ? [...new Set(raw.products.filter((p): p is number => Number.isSafeInteger(p) && p > 0))].slice(
        0,
        MAX_PRODUCTS,
      )
    : []
  const keywords = Array.isArray(raw.keywords)
    ? raw.keywords.filter(isKeywordEntry).slice(0, MAX_KEYWORDS)
    : []
  const matchType = typeof raw.matchType === 'number' && MATCH_CODES.has(raw.matchType) ? raw.matchType : null
  const posted = formData.get('adgroup-name')
  return {
    key: typeof raw.key === 'string' && /^new-\d{1,4}$/.test(raw.key) ? raw.key : id ? `g${id}` : 'new-1',
    id,
    name: typeof posted === 'string' ? posted : typeof raw.name === 'string' ? raw.name : '',
    products,
    keywords: keywords.map((k) => ({ ...k, keyword: k.keyword.slice(0, 200) })),
    matchType: matchType as MatchTypeCode | null,
    productTab: raw.productTab === 'upload' ? 'upload' : 'list',
    keywordTab: raw.keywordTab === 'upload' ? 'upload' : 'suggested',
    keywordPage:
      typeof raw.keywordPage === 'number' && Number.isSafeInteger(raw.keywordPage)
        ? keywordPageWithin(raw.keywordPage, keywords.length)
        : undefined,
  }
}

async function fileText(formData: FormData, name: string): Promise<{ name: string; text: string } | null> {
  const file = formData.get(name)
  if (!file || typeof file === 'string' || file.size === 0) return null
  return { name: file.name, text: await file.text() }
}

/**
 * A card's Download posted without JavaScript (decision 077; with it the browser writes the file): the
 * list named by the intent, from the posted working copy, as a CSV file. Keywords as posted; products
 * and suggestions as the card shows them (the catalog calls). Nothing is saved, so a read-only card's
 * lists download too.
 */
export async function adGroupDownload(
  formData: FormData,
  context: AppLoadContext,
  user: CurrentUser,
  campaign: EditorCampaign,
): Promise<Response> {
  const kind = downloadKindOf(text(formData, 'intent'))
  if (!kind)
    return new Response('Unknown download: post an ad group card’s Download button.', { status: 400 })
  const working = workingOf(formData)
  if (kind === 'keywords') return downloadAnswer(csvOf(kind, working.keywords))
  const view = await decorate(blankView(working), apiOf(context, user), campaign)
  return downloadAnswer(kind === 'products' ? csvOf(kind, view.products) : csvOf(kind, view.suggestions))
}

/** The body of a working copy, bids in paise. */
function bodyOf(working: AdGroupWorking, campaign: EditorCampaign): AdGroupSaveInput {
  return {
    ...(working.id ? { id: working.id } : {}),
    campaign_id: campaign.id,
    jmcampaign_id: campaign.jmcampaignId,
    sellerid: campaign.sellerId,
    name: working.name,
    products: working.products.map((productId) => ({ productId })),
    keywords: working.keywords.map((k) => ({
      keyword: k.keyword,
      match_type: k.match_type,
      bid_price: paise(k.bid_price),
    })),
    ...(working.matchType !== null ? { keywordMatch: { type: working.matchType } } : {}),
  }
}

const budgetsOf = (campaign: EditorCampaign) => ({ total: campaign.totalBudget, daily: campaign.dailyBudget })

type Outcome = {
  view: AdGroupView
  /** Try to save the group after this intent. */
  save: boolean
  status: number
}

/** Applies one intent to the working copy. */
async function applyIntent(
  intent: string,
  formData: FormData,
  view: AdGroupView,
  user: CurrentUser,
  campaign: EditorCampaign,
  api: ReturnType<typeof apiOf>,
): Promise<Outcome> {
  // A match type chosen on the radios travels with every post (without JavaScript there is no change
  // event; with it, a quick Add may overtake the radio's own post): apply it first, remapping the bids.
  const chosen = matchOf(formData, view.working)
  if (chosen !== null && chosen !== view.working.matchType && allowedMatchTypes(user.role).includes(chosen)) {
    view = {
      ...view,
      working: {
        ...view.working,
        matchType: chosen,
        keywords: remapMatchType(view.working.keywords, chosen),
      },
    }
  }
  const w = view.working
  const refuse = (errors: AdGroupView['errors'], extra: Partial<AdGroupView> = {}): Outcome => ({
    view: { ...view, errors, ...extra },
    save: false,
    status: 400,
  })
  const done = (working: AdGroupWorking, extra: Partial<AdGroupView> = {}): Outcome => ({
    view: { ...view, working, ...extra },
    save: true,
    status: 200,
  })
  const keywordOptions = (matchType: MatchTypeCode | null, source: 'input' | 'upload' = 'input') => ({
    campaignClass: campaign.campaignClass,
    matchType,
    budgets: budgetsOf(campaign),
    role: user.role,
    source,
  })

  // Row buttons carry their row in the intent ('adgroup-products-remove:123'): a button has one value.
  const [verb = '', ...rest] = intent.split(':')
  const arg = rest.join(':')
  switch (verb) {
    case 'adgroup-save':
    case 'adgroup-name':
      return done(w)
    case 'adgroup-dismiss': {
      // Try Again / Cancel close the dialog; the typed ids stay for the next try.
      const typed = text(formData, 'adgroup-product-ids')
      return { view: { ...view, values: typed ? { productIds: typed } : {} }, save: false, status: 200 }
    }
    case 'adgroup-tab-products-list':
    case 'adgroup-tab-products-upload':
      return {
        view: { ...view, working: { ...w, productTab: intent.endsWith('upload') ? 'upload' : 'list' } },
        save: false,
        status: 200,
      }
    case 'adgroup-keywords-page': {
      // Another page of the selected keywords: nothing changes but what the table shows.
      const page = Number(arg)
      const keywordPage = keywordPageWithin(Number.isSafeInteger(page) ? page : 1, w.keywords.length)
      return { view: { ...view, working: { ...w, keywordPage } }, save: false, status: 200 }
    }
    case 'adgroup-tab-keywords-suggested':
    case 'adgroup-tab-keywords-upload':
      return {
        view: { ...view, working: { ...w, keywordTab: intent.endsWith('upload') ? 'upload' : 'suggested' } },
        save: false,
        status: 200,
      }
    case 'adgroup-products-add': {
      const typed = text(formData, 'adgroup-product-ids')
      const values = { productIds: typed }
      const ids = parseProductIds(typed).filter((id) => !w.products.includes(id))
      if (ids.length === 0) return refuse({ productIds: MESSAGES.noValidProducts }, { values })
      if (w.products.length + ids.length > MAX_PRODUCTS)
        return refuse({}, { values, popup: { kind: 'productLimit' } })
      return addProducts(ids, values)
    }
    case 'adgroup-products-upload': {
      const file = await fileText(formData, 'adgroup-product-file')
      if (!file) return refuse({ productFile: MESSAGES.invalidCsv })
      if (!csvFileCheck(file.name).ok) return refuse({ productFile: MESSAGES.fileFormatIncorrect })
      const parsed = parseProductCsv(file.text)
      if (parsed.error)
        return refuse({ productFile: parsed.problem ? `${parsed.error}: ${parsed.problem}` : parsed.error })
      const ids = parsed.rows
        .filter((id) => !w.products.includes(id))
        .slice(0, MAX_PRODUCTS - w.products.length)
      const limit =
        parsed.limitReached ||
        w.products.length + parsed.rows.filter((id) => !w.products.includes(id)).length > MAX_PRODUCTS
      if (ids.length === 0)
        return refuse(
          { productFile: MESSAGES.noValidProducts },
          limit ? { popup: { kind: 'productLimit' } } : {},
        )
      return addProducts(ids, {}, limit)
    }
    case 'adgroup-products-remove': {
      const id = Number(arg)
      return done({ ...w, products: w.products.filter((p) => p !== id) })
    }
    case 'adgroup-match-type': {
      const code = Number(text(formData, 'adgroup-match'))
      if (!allowedMatchTypes(user.role).includes(code as MatchTypeCode))
        return refuse({ keywords: MESSAGES.selectMatchType })
      return done(w) // applied above
    }
    case 'adgroup-keyword-add': {
      const keyword = text(formData, 'adgroup-keyword')
      const bid = text(formData, 'adgroup-bid')
      const matchType = matchOf(formData, w)
      const added = addKeywords(
        w.keywords,
        [{ keyword, bid: campaign.campaignClass === 'Privilege' && bid === '' ? null : bid }],
        keywordOptions(matchType),
      )
      if (added.error)
        return refuse({ keyword: added.error }, { values: { keyword, bid }, working: { ...w, matchType } })
      return done(showing({ ...w, matchType, keywords: added.keywords }, keyword))
    }
    case 'adgroup-suggestion-add': {
      const keyword = arg
      const matchType = matchOf(formData, w)
      const suggestion = view.suggestions.find((s) => s.keyword === keyword)
      const added = addKeywords(
        w.keywords,
        [{ keyword, bid: suggestion?.bid ?? null }],
        keywordOptions(matchType),
      )
      if (added.error) return refuse({ keywords: added.error }, { working: { ...w, matchType } })
      return done(showing({ ...w, matchType, keywords: added.keywords }, keyword))
    }
    case 'adgroup-keywords-upload': {
      const file = await fileText(formData, 'adgroup-keyword-file')
      if (!file) return refuse({ keywordFile: MESSAGES.invalidCsv })
      if (!csvFileCheck(file.name).ok) return refuse({ keywordFile: MESSAGES.fileFormatIncorrect })
      const matchType = matchOf(formData, w)
      if (matchType === null || !allowedMatchTypes(user.role).includes(matchType))
        return refuse({ keywordFile: MESSAGES.selectMatchType })
      const parsed = parseKeywordCsv(file.text, { campaignClass: campaign.campaignClass })
      if (parsed.error)
        return refuse({ keywordFile: parsed.problem ? `${parsed.error}: ${parsed.problem}` : parsed.error })
      if (parsed.tooMany)
        return {
          view: {
            ...view,
            working: { ...w, matchType },
            popup: { kind: 'tooManyKeywords', pending: JSON.stringify(parsed.rows) },
          },
          save: false,
          status: 200,
        }
      return uploadKeywords(parsed.rows, matchType)
    }
    case 'adgroup-keywords-continue': {
      let rows: { keyword: string; bid: number }[] = []
      try {
        const parsed: unknown = JSON.parse(text(formData, 'adgroup-pending') || '[]')
        if (Array.isArray(parsed))
          rows = parsed
            .filter((r) => r && typeof r.keyword === 'string' && typeof r.bid === 'number')
            .slice(0, MAX_KEYWORDS)
      } catch {
        rows = []
      }
      if (rows.length === 0) return refuse({ keywordFile: MESSAGES.invalidCsv })
      return uploadKeywords(rows, matchOf(formData, w))
    }
    case 'adgroup-keyword-remove': {
      const keyword = arg.toLowerCase()
      return done({ ...w, keywords: w.keywords.filter((k) => k.keyword.toLowerCase() !== keyword) })
    }
    case 'adgroup-keywords-clear':
      return done({ ...w, keywords: [], keywordPage: undefined })
    default:
      return refuse({ form: 'Unknown action' })
  }

  async function addProducts(ids: number[], values: AdGroupView['values'], limit = false): Promise<Outcome> {
    const found = await api.products(campaign.sellerId, ids)
    if (!found.ok) return refuse({ productIds: found.message }, { values })
    // The catalog answers each id's verification code for the advertiser's own kind (seller or brand,
    // decision 025), so the codes are read as given; the category levels are the rules' check.
    const byId = new Map(found.data.map((r) => [r.productId, r]))
    const checked = { valid: [] as number[], problems: [] as { message: string }[] }
    for (const id of ids) {
      const record = byId.get(id)
      const code = record?.verificationCode ?? ProductVerification.InvalidId
      if (code !== ProductVerification.Valid || !record || record.verificationCode === 3)
        checked.problems.push({ message: productProblemMessage(code === 0 ? 3 : code, id) })
      else {
        const level = categoryLevelProblem(record, campaign.targetingType)
        if (level) checked.problems.push({ message: level })
        else checked.valid.push(id)
      }
    }
    const problems = checked.problems.map((p) => p.message)
    const popup = limit ? ({ kind: 'productLimit' } as const) : null
    if (checked.valid.length === 0)
      return refuse({ productIds: MESSAGES.noValidProducts }, { values, productProblems: problems, popup })
    return done({ ...w, products: [...w.products, ...checked.valid] }, { productProblems: problems, popup })
  }

  function uploadKeywords(
    rows: { keyword: string; bid: number }[],
    matchType: MatchTypeCode | null,
  ): Outcome {
    const added = addKeywords(w.keywords, rows, keywordOptions(matchType, 'upload'))
    if (added.error) return refuse({ keywordFile: added.error }, { working: { ...w, matchType } })
    return done(
      { ...w, matchType, keywords: added.keywords, keywordPage: undefined },
      { info: MESSAGES.fileSelected },
    )
  }
}

/** The working copy with its keywords table on the page that shows `keyword` (just added or updated). */
const showing = (w: AdGroupWorking, keyword: string): AdGroupWorking => ({
  ...w,
  keywordPage: keywordPageHolding(w.keywords, keyword) ?? w.keywordPage,
})

/** The match type posted with the intent (the radio), else the group's. */
function matchOf(formData: FormData, w: AdGroupWorking): MatchTypeCode | null {
  const posted = text(formData, 'adgroup-match')
  if (posted === '') return w.matchType
  const code = Number(posted)
  return MATCH_CODES.has(code) ? (code as MatchTypeCode) : null
}

const fieldOfPath = (path: string): AdGroupField =>
  path.startsWith('name')
    ? 'name'
    : path.startsWith('products')
      ? 'products'
      : path.startsWith('keywords')
        ? 'keywords'
        : 'form'

function answer(data: AdGroupEditorData, status: number) {
  return json({ adGroupEditor: data }, { status })
}

/** Handles a form post whose `intent` starts with `adgroup-`; answers like a route action. */
export async function adGroupAction(
  request: Request,
  formData: FormData,
  context: AppLoadContext,
  user: CurrentUser,
  campaign: EditorCampaign,
): Promise<Response> {
  const api = apiOf(context, user)
  const intent = text(formData, 'intent')
  const saved = await savedGroups(api, campaign)
  const editable = !privilegeReadOnly(user.role, campaign)

  if (intent === 'adgroup-submit') return submit(request, api, user, campaign, saved.views)

  /** The saved groups other than the posted card (matched by its key, and by its id once saved). */
  const others = (w: AdGroupWorking) =>
    saved.views.filter((v) => v.working.key !== w.key && (w.id === null || v.working.id !== w.id))
  if (!editable)
    return answer(
      sectionData(saved.views, user, campaign, 'You cannot change the ad groups of this campaign'),
      403,
    )

  if (intent === 'adgroup-new') {
    const used = new Set(saved.views.map((v) => v.working.key))
    let n = saved.views.length + 1
    while (used.has(`new-${n}`)) n++
    const views = [...saved.views.map((v) => ({ ...v, open: false })), blankView(emptyWorking(n))]
    return answer(sectionData(views, user, campaign, null), 200)
  }

  if (intent === 'adgroup-delete') {
    const w = workingOf(formData)
    if (w.id === null) return answer(sectionData(saved.views, user, campaign, null), 200)
    if (saved.views.length <= 1) return answer(sectionData(saved.views, user, campaign, null), 400)
    const removed = await api.remove(w.id, campaign.id, campaign.sellerId)
    const after = await savedGroups(api, campaign)
    return answer(
      sectionData(after.views, user, campaign, removed.ok ? null : removed.message),
      removed.ok ? 200 : removed.status,
    )
  }

  const posted = workingOf(formData)
  const stored = saved.views.find((v) => v.working.id !== null && v.working.id === posted.id)
  if (posted.id !== null && !stored)
    return answer(sectionData(saved.views, user, campaign, 'This ad group no longer exists'), 404)
  if (stored?.readOnly) return answer(sectionData(saved.views, user, campaign, stored.notice), 409)
  const base: AdGroupView = {
    ...blankView(posted),
    processingStatus: stored?.processingStatus ?? null,
    notice: stored?.notice ?? null,
  }
  const start = await decorate(base, api, campaign)
  const outcome = await applyIntent(intent, formData, start, user, campaign, api)
  let view: AdGroupView = {
    ...outcome.view,
    focus: outcome.view.popup ? null : focusAfter(intent, outcome.view.working),
  }
  let status = outcome.status
  const nameProblem = adGroupNameProblem(view.working.name)
  if (nameProblem && intent === 'adgroup-name') {
    view = { ...view, errors: { ...view.errors, name: nameProblem } }
    status = 400
  }
  if (outcome.save) {
    const incomplete = validateAdGroup(
      {
        adGroupName: view.working.name,
        products: view.working.products,
        keywords: view.working.keywords,
        matchType: view.working.matchType,
      },
      { targetingType: campaign.targetingType },
    )
    // Saved once complete; until then the working copy lives in the page (decision 030).
    if (Object.keys(incomplete).length === 0) {
      const body = bodyOf(view.working, campaign)
      const result = view.working.id
        ? await api.modify(body, 'save', campaign.sellerId)
        : await api.create(body, 'save', campaign.sellerId)
      if (result.ok) {
        view = { ...view, working: { ...view.working, id: result.data.id } }
      } else {
        const fields = (result.body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
        const errors: AdGroupView['errors'] = { ...view.errors }
        for (const [path, messages] of Object.entries(fields ?? {})) {
          const field = fieldOfPath(path)
          errors[field] ??= Array.isArray(messages) ? String(messages[0]) : result.message
        }
        if (Object.keys(errors).length === Object.keys(view.errors).length) errors.form = result.message
        view = { ...view, errors }
        status = result.status >= 400 && result.status < 500 ? 400 : result.status
      }
    }
  }
  view = await decorate({ ...view, open: true }, api, campaign)
  const views = [...others(view.working), view].sort(
    (a, b) => (a.working.id ?? Number.MAX_SAFE_INTEGER) - (b.working.id ?? Number.MAX_SAFE_INTEGER),
  )
  return answer(
    sectionData(
      views.map((v) => (v === view ? v : { ...v, open: false })),
      user,
      campaign,
      null,
    ),
    status,
  )
}

/** Submit (spec §4): the ad groups, then the campaign, in one campaign/modify?action=submit; then the list. */
async function submit(
  request: Request,
  api: ReturnType<typeof apiOf>,
  user: CurrentUser,
  campaign: EditorCampaign,
  views: AdGroupView[],
): Promise<Response> {
  const data = sectionData(views, user, campaign, null)
  if (data.submitBlocked) return answer({ ...data, banner: 'Submit is not available for this campaign' }, 403)
  if (views.length === 0)
    return answer(
      { ...data, groups: data.groups.map((g) => ({ ...g, errors: { products: MESSAGES.requiredField } })) },
      400,
    )
  const full = await api.campaign(campaign.id)
  if (!full.ok) return answer({ ...data, banner: full.message }, full.status)
  const groups = views.filter((v) => !v.readOnly).map((v) => bodyOf(v.working, campaign))
  const result = await api.submitCampaign(full.data, groups)
  if (!result.ok) return answer({ ...data, banner: result.message }, result.status >= 500 ? 502 : 400)
  return redirect(homePath(user.role, user.sellerId), {
    headers: { 'Set-Cookie': await flashCookie(request, { kind: 'success', message: 'Campaign submitted' }) },
  })
}
