// The campaign editor's rules (spec campaigns §4 "Form behaviour", §5, §9), applied by the console's
// editor forms in the browser and again by the inventory service through the request contracts of
// ../contracts/campaign-editor.ts, so an API client cannot save what the console refuses.
// Pure TypeScript: no zod and no node imports (the browser bundle imports this file).
//
// Units. The form works in rupees as typed (strings or numbers); the API carries integer paise
// (decision 006). The comparisons below (bid ≤ budget, daily ≤ total) hold in either unit as long as a
// caller passes one unit throughout; `roundBid` is the form's 2-decimal rounding of rupees (in paise a
// bid is already whole). DAILY_BUDGET_UNSET (-1) means "no daily budget" in both units.
//
// Where the spec names no message, the message is ours and marked "(ours)" below; every other message
// is the spec's, word for word.
import { CampaignState, type CampaignClass, MatchType, privilegeReadOnly } from './campaigns'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, TEXT_MAX } from './text'
import { campaignEndTime, campaignStartTime, isCalendarDate } from './time'
import {
  type Advertiser,
  PRODUCT_LIMIT,
  PRODUCT_LIMIT_MESSAGE,
  ProductVerification,
  type ProductVerificationCode,
  verifyProduct,
} from './products'
import type { Role } from './roles'

export { MatchType, privilegeReadOnly }
export type { CampaignClass }

// ---------------------------------------------------------------------------------------------
// Constants (spec §3, §9)
// ---------------------------------------------------------------------------------------------
export const MAX_KEYWORDS = 500
export const MAX_PRODUCTS = PRODUCT_LIMIT
export const TAG_MAX = 20
export const PINCODE_LENGTH = 6
/** budget_daily_limit when there is no daily budget. */
export const DAILY_BUDGET_UNSET = -1
/** cpm of a keyword campaign that names none, in rupees (CPM_FALLBACK_PAISE on the API). */
export const CPM_FALLBACK = 10.58
export const CPM_FALLBACK_PAISE = 1058
export const CHANNEL_ID = 4
export const OBJECTIVE = 13
export const WEIGHT = 12
export const CAMPAIGN_TYPE = [3] as const
/** A Privilege keyword's bid when none is given (rupees; its price is the campaign's CPD). */
export const PRIVILEGE_KEYWORD_BID = 1

export type MatchTypeCode = (typeof MatchType)[keyof typeof MatchType]
export const MATCH_TYPE_LABELS: Record<MatchTypeCode, string> = { 1: 'Exact', 0: 'Phrase', 2: 'Broad' }

/** budget_pacing codes; the form offers asap and manual, the server also knows the other two. */
export const Pacing = { asap: 1, frontloaded: 2, evenly: 3, manual: 4 } as const
export type PacingName = keyof typeof Pacing
export type PacingCode = (typeof Pacing)[PacingName]
export const FORM_PACINGS = ['asap', 'manual'] as const satisfies readonly PacingName[]
export const pacingName = (code: number): PacingName | null =>
  (Object.keys(Pacing) as PacingName[]).find((name) => Pacing[name] === code) ?? null

/** new_revenue_type by class. */
export const NewRevenueType = { Sponsored: 2, Privilege: 4 } as const
/** ad_format_type: 1 keyword targeting, 2 category or product targeting. */
export const AdFormatType = { Keyword: 1, CategoryProduct: 2 } as const

export const TARGETING_TYPES = ['Keyword', 'Category', 'Product'] as const
export type TargetingType = (typeof TARGETING_TYPES)[number]
export const adFormatType = (targeting: TargetingType) =>
  targeting === 'Keyword' ? AdFormatType.Keyword : AdFormatType.CategoryProduct

export const PINCODE_FILTERS = ['ALL', 'CUSTOM', 'EXCEPT'] as const
export type PincodeFilter = (typeof PINCODE_FILTERS)[number]

/**
 * The spec's two feature flags, both 'true' (§9). The second one is read as the PDP flag that
 * offers Product targeting (§9 "Product only when a PDP flag is on").
 */
export const FEATURE_FLAGS = { phraseMatch: 'true', pdpTargeting: 'true' } as const
export type FeatureFlags = { phraseMatch: string; pdpTargeting: string }

/** Ad group processing_status (spec §3). */
export const AdGroupProcessing = { Pending: 0, Processing: 1, Completed: 2, Failed: 3 } as const
export const AD_GROUP_PROCESSING_LABELS = ['Pending', 'Processing', 'Completed', 'Failed'] as const
/** Ad group state 2 = deleted. */
export const AD_GROUP_DELETED = 2

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------
export const MESSAGES = {
  campaignNameRequired: 'Campaign Name is required !',
  campaignNameChars: 'Campaign name should not contain ^%₹`()."',
  invalidDate: 'Enter a valid date',
  requiredField: 'Required field',
  dailyBudgetEmpty: 'Daily budget cannot be empty !',
  dailyOverTotal: 'Daily budget cannot be greater than Total Budget',
  cpdRequired: 'CPD is required',
  invalidTag: 'Enter a valid tag',
  bidOverTotalBudget: 'Bid price cannot be greater than Total Budget',
  bidOverDailyBudget: 'Bid price cannot be greater than Daily Budget',
  adGroupNameRequired: 'Adgroup name is required !',
  adGroupNameChars: 'Adgroup name should not contain ^%₹`(),',
  requiredBidPrice: 'Required bid price',
  keywordBidOverDaily: 'Bid price cannot be greater than Daily budget',
  keywordBidOverTotal: 'Bid cannot be greater than total budget',
  selectMatchType: 'Select Keyword Match Type',
  maxKeywords: 'Maximum 500 keywords allowed !',
  maxKeywordsUpload: 'You can not upload more than 500 keywords',
  productLimit: PRODUCT_LIMIT_MESSAGE,
  noValidProducts: 'No valid products found',
  fileFormatIncorrect: 'Selected File Format is Incorrect !',
  fileSelected: 'File Selected Successfully !',
  invalidCsv: 'Upload a valid CSV',
  tooManyKeywordsTitle: 'Too Many Keywords Uploaded',
  tooManyKeywords:
    'You have uploaded more than 500 keywords. Only the first 500 will be considered for upload.',
  lastModifyFailed: 'Last Modify Failed, please try again',
  /** (ours) A number field holding something else. */
  invalidNumber: 'Enter a valid number',
  /** (ours) §5 "Numeric inputs minimum 0". */
  negativeNumber: 'Value cannot be less than 0',
  /** (ours) A pincode that is not exactly 6 digits. */
  invalidPincode: 'Enter a valid 6-digit pincode',
  /** (ours) A keyword with a character other than letters, digits, whitespace and hyphen. */
  invalidKeyword: 'Keyword may contain only letters, digits, spaces and hyphens',
  /** (ours) A name over its length cap. */
  nameTooLong: `Must be at most ${TEXT_MAX.line} characters`,
  controlCharacters: CONTROL_CHARACTERS_MESSAGE,
} as const

/** "Category level doesn't exists for the product {id}" (spec §5, word for word). */
export const categoryLevelMessage = (productId: number | string) =>
  `Category level doesn't exists for the product ${productId}`
/** 'This AdGroup is currently in {state} state' (spec §4), for processing_status 0 or 1. */
export const adGroupBusyMessage = (processingStatus: number) =>
  `This AdGroup is currently in ${AD_GROUP_PROCESSING_LABELS[processingStatus] ?? processingStatus} state`

// ---------------------------------------------------------------------------------------------
// Small validators (each returns a message or null)
// ---------------------------------------------------------------------------------------------
export const CAMPAIGN_NAME_FORBIDDEN = ['%', '^', '₹', '`', '(', ')', '.', '"', "'"] as const
export const AD_GROUP_NAME_FORBIDDEN = ['%', '^', '₹', '`', ',', '.', '(', ')'] as const

function nameProblem(
  name: string,
  forbidden: readonly string[],
  required: string,
  chars: string,
): string | null {
  if (name.trim() === '') return required
  if (hasControlCharacters(name)) return MESSAGES.controlCharacters
  if (forbidden.some((c) => name.includes(c))) return chars
  if (name.length > TEXT_MAX.line) return MESSAGES.nameTooLong
  return null
}

export const campaignNameProblem = (name: string) =>
  nameProblem(name, CAMPAIGN_NAME_FORBIDDEN, MESSAGES.campaignNameRequired, MESSAGES.campaignNameChars)

export const adGroupNameProblem = (name: string) =>
  nameProblem(name, AD_GROUP_NAME_FORBIDDEN, MESSAGES.adGroupNameRequired, MESSAGES.adGroupNameChars)

const TAG_PATTERN = /^[A-Za-z ]+$/
/** Privilege tag: letters and spaces, at most 20. */
export function privilegeTagProblem(tag: string | null | undefined): string | null {
  if (tag == null || tag.trim() === '') return MESSAGES.requiredField
  if (!TAG_PATTERN.test(tag) || tag.length > TAG_MAX) return MESSAGES.invalidTag
  return null
}

const PINCODE_PATTERN = /^\d{6}$/
export const isPincode = (value: string | number) => PINCODE_PATTERN.test(String(value))
export const pincodeProblem = (value: string | number) => (isPincode(value) ? null : MESSAGES.invalidPincode)
/** What the pincode input lets through while typing: digits only, at most 6. */
export const pincodeInput = (typed: string) => typed.replace(/\D/g, '').slice(0, PINCODE_LENGTH)

/** Letters and digits are ASCII, as the catalog's suggested keywords (SUGGESTED_KEYWORD_PATTERN, contracts/catalog.ts). */
const KEYWORD_PATTERN = /^[A-Za-z0-9\s-]+$/
/**
 * Keyword text: letters, digits, whitespace and hyphen; empty is 'Required field'. Whitespace other than
 * spaces that is a control character (tab, line breaks) is refused as in every one-line field (decision 021).
 */
export function keywordTextProblem(keyword: string): string | null {
  if (keyword.trim() === '') return MESSAGES.requiredField
  if (hasControlCharacters(keyword)) return MESSAGES.controlCharacters
  if (!KEYWORD_PATTERN.test(keyword)) return MESSAGES.invalidKeyword
  if (keyword.length > TEXT_MAX.line) return MESSAGES.nameTooLong
  return null
}
/** What the keyword input lets through while typing. */
export const keywordInput = (typed: string) => typed.replace(/[^A-Za-z0-9 \u00a0-]/g, '')

/** A bid or budget as typed: null when empty, NaN when not a number. */
export function toAmount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN
  const text = value.trim()
  if (text === '') return null
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN
}

/** Numeric inputs are at least 0. */
export function amountProblem(value: number | null): string | null {
  if (value === null) return null
  if (Number.isNaN(value)) return MESSAGES.invalidNumber
  if (value < 0) return MESSAGES.negativeNumber
  return null
}

/** Keyword bids are rounded to 2 decimals (rupees). Idempotent. */
export const roundBid = (bid: number) => Math.round(bid * 100) / 100

export type Budgets = {
  /** null: no total budget (Privilege). */
  total: number | null
  /** DAILY_BUDGET_UNSET (-1) or null: no daily budget. */
  daily: number | null
}
const hasDaily = (b: Budgets): b is { total: number | null; daily: number } =>
  b.daily !== null && b.daily !== DAILY_BUDGET_UNSET

/**
 * A keyword's bid (spec §5): 0 is refused for Sponsored ('Required bid price'); above a daily budget
 * (when not -1) or the total budget it is refused. Privilege keywords take no bid of their own.
 */
export function keywordBidProblem(
  bid: number | null,
  { campaignClass, budgets }: { campaignClass: CampaignClass; budgets: Budgets },
): string | null {
  if (campaignClass === 'Privilege') return amountProblem(bid)
  if (bid === null || bid === 0) return MESSAGES.requiredBidPrice
  const problem = amountProblem(bid)
  if (problem) return problem
  if (hasDaily(budgets) && bid > budgets.daily) return MESSAGES.keywordBidOverDaily
  if (budgets.total !== null && bid > budgets.total) return MESSAGES.keywordBidOverTotal
  return null
}

/** The category/product bid (cpm) against the budgets: total first, then daily. */
export function nonKeywordBidProblem(bid: number, budgets: Budgets): string | null {
  if (budgets.total !== null && bid > budgets.total) return MESSAGES.bidOverTotalBudget
  if (hasDaily(budgets) && bid > budgets.daily) return MESSAGES.bidOverDailyBudget
  return null
}

// ---------------------------------------------------------------------------------------------
// Campaign details (spec §5)
// ---------------------------------------------------------------------------------------------
export type CampaignDetailsForm = {
  campaignName: string
  startDate: string
  endDate: string
  lifetime: boolean
  targetingType: TargetingType
  /** Bid price of Category/Product targeting (and of Privilege). */
  cpm: string | number | null
  cpd: string | number | null
  totalBudget: string | number | null
  pacing: PacingName | ''
  dailyBudget: string | number | null
  privilegeTag: string
  pincodeFilter: PincodeFilter
  /** CUSTOM's pincodes. */
  pincodesList: readonly (string | number)[]
  /** EXCEPT's excluded pincodes. */
  pincodesExcept: readonly (string | number)[]
}
export type CampaignDetailsField =
  | 'campaignName'
  | 'startDate'
  | 'endDate'
  | 'totalBudget'
  | 'dailyBudget'
  | 'cpm'
  | 'cpd'
  | 'privilegeTag'
  | 'pincodesList'
  | 'pincodesExcept'
export type FieldErrors<F extends string> = Partial<Record<F, string>>

export type EditorMode = 'create' | 'edit'
export type CampaignDetailsContext = {
  mode: EditorMode
  campaignClass: CampaignClass
  /** The campaign's state on edit (6 = Scheduled Paused). */
  state?: number | null
  /** Today's IST date, YYYY-MM-DD (`istDate(new Date())`). */
  today: string
}

/** Whether the form sends start_time and expire_time: not for a Scheduled Paused campaign (spec §4). */
export const sendsCampaignTimes = (state: number | null | undefined) =>
  state !== CampaignState.ScheduledPaused

/**
 * Dates (spec §5): valid YYYY-MM-DD, not before today, end not before start; Lifetime has no end.
 * On edit only the end date is checked (the start is locked); a Scheduled Paused campaign does not
 * send its times, so they are not checked. Every date problem (also a missing date) is 'Enter a valid date'.
 */
export function dateProblems(
  form: Pick<CampaignDetailsForm, 'startDate' | 'endDate' | 'lifetime'>,
  { mode, state, today }: Pick<CampaignDetailsContext, 'mode' | 'state' | 'today'>,
): FieldErrors<'startDate' | 'endDate'> {
  const errors: FieldErrors<'startDate' | 'endDate'> = {}
  if (mode === 'edit' && !sendsCampaignTimes(state)) return errors
  const startValid = isCalendarDate(form.startDate)
  if (mode === 'create' && (!startValid || form.startDate < today)) errors.startDate = MESSAGES.invalidDate
  if (!form.lifetime) {
    const end = form.endDate
    if (!isCalendarDate(end) || end < today || (startValid && end < form.startDate))
      errors.endDate = MESSAGES.invalidDate
  }
  return errors
}

/** Every rule of the Campaign Details step; an empty object means the step may be saved. */
export function validateCampaignDetails(
  form: CampaignDetailsForm,
  ctx: CampaignDetailsContext,
): FieldErrors<CampaignDetailsField> {
  const errors: FieldErrors<CampaignDetailsField> = {}
  const set = (field: CampaignDetailsField, message: string | null) => {
    if (message && !errors[field]) errors[field] = message
  }
  set('campaignName', campaignNameProblem(form.campaignName))
  Object.assign(errors, dateProblems(form, ctx))

  const sponsored = ctx.campaignClass === 'Sponsored'
  const total = toAmount(form.totalBudget)
  const daily = toAmount(form.dailyBudget)
  const cpm = toAmount(form.cpm)
  let budgets: Budgets = { total: null, daily: null }
  if (sponsored) {
    set('totalBudget', total === null ? MESSAGES.requiredField : amountProblem(total))
    set('dailyBudget', amountProblem(daily))
    if (form.pacing === 'manual' && daily === null) set('dailyBudget', MESSAGES.dailyBudgetEmpty)
    const totalOk = total !== null && !errors.totalBudget
    const dailyOk = daily !== null && !errors.dailyBudget
    if (totalOk && dailyOk && daily > total) set('dailyBudget', MESSAGES.dailyOverTotal)
    budgets = { total: totalOk ? total : null, daily: dailyOk ? daily : null }
  }

  const needsCpm = !sponsored || form.targetingType !== 'Keyword'
  if (needsCpm) {
    set('cpm', cpm === null ? MESSAGES.requiredField : amountProblem(cpm))
    if (sponsored && cpm !== null && !errors.cpm) set('cpm', nonKeywordBidProblem(cpm, budgets))
  } else {
    set('cpm', amountProblem(cpm))
  }

  if (!sponsored) {
    const cpd = toAmount(form.cpd)
    set('cpd', cpd === null ? MESSAGES.cpdRequired : amountProblem(cpd))
    set('privilegeTag', privilegeTagProblem(form.privilegeTag))
  }

  const pincodes = (field: 'pincodesList' | 'pincodesExcept', list: readonly (string | number)[]) => {
    if (list.length === 0) return set(field, MESSAGES.requiredField)
    for (const pincode of list) set(field, pincodeProblem(pincode))
  }
  if (form.pincodeFilter === 'CUSTOM') pincodes('pincodesList', form.pincodesList)
  if (form.pincodeFilter === 'EXCEPT') pincodes('pincodesExcept', form.pincodesExcept)
  return errors
}

/** The cpm a campaign is saved with: a keyword campaign without one takes the fallback. */
export function campaignCpm(
  targetingType: TargetingType,
  cpm: number | null,
  unit: 'rupees' | 'paise' = 'rupees',
) {
  if (cpm !== null || targetingType !== 'Keyword') return cpm
  return unit === 'paise' ? CPM_FALLBACK_PAISE : CPM_FALLBACK
}

// ---------------------------------------------------------------------------------------------
// Form behaviour (spec §4)
// ---------------------------------------------------------------------------------------------

/** Lifetime on clears the end date and pacing evenly or frontloaded; off leaves the form alone. */
export function setLifetime<F extends Pick<CampaignDetailsForm, 'lifetime' | 'endDate' | 'pacing'>>(
  form: F,
  lifetime: boolean,
): F {
  if (!lifetime) return { ...form, lifetime }
  const pacing = form.pacing === 'evenly' || form.pacing === 'frontloaded' ? '' : form.pacing
  return { ...form, lifetime, endDate: '', pacing }
}

/** Lifetime is dimmed (not changeable) in state 6. */
export const lifetimeDisabled = (state: number | null | undefined) => state === CampaignState.ScheduledPaused

/** A start date after the end date clears the end date. */
export function setStartDate<F extends Pick<CampaignDetailsForm, 'startDate' | 'endDate'>>(
  form: F,
  startDate: string,
): F {
  const clearEnd = form.endDate !== '' && startDate > form.endDate
  return { ...form, startDate, endDate: clearEnd ? '' : form.endDate }
}

/** The start date is locked on an existing campaign. */
export const startDateLocked = (mode: EditorMode) => mode === 'edit'

/** Changing pacing clears the daily budget. */
export function setPacing<F extends Pick<CampaignDetailsForm, 'pacing' | 'dailyBudget'>>(
  form: F,
  pacing: CampaignDetailsForm['pacing'],
): F {
  // F's pacing may be a narrower literal type; the value is still one of the form's pacings.
  return pacing === form.pacing ? form : ({ ...form, pacing, dailyBudget: '' } as F)
}

/** Changing the pincode selection type resets the lists. */
export function setPincodeFilter<
  F extends Pick<CampaignDetailsForm, 'pincodeFilter' | 'pincodesList' | 'pincodesExcept'>,
>(form: F, pincodeFilter: PincodeFilter): F {
  return pincodeFilter === form.pincodeFilter
    ? form
    : { ...form, pincodeFilter, pincodesList: [], pincodesExcept: [] }
}

/** Targeting types the form offers: Product only with the PDP flag; on edit only the current type. */
export function targetingTypeOptions(
  mode: EditorMode,
  current: TargetingType,
  flags: FeatureFlags = FEATURE_FLAGS,
): TargetingType[] {
  const offered = TARGETING_TYPES.filter((t) => t !== 'Product' || flags.pdpTargeting === 'true')
  return mode === 'edit' ? offered.filter((t) => t === current) : offered
}

export type AdGroupDraft = {
  id?: number
  adGroupName: string
  products: number[]
  keywords: KeywordEntry[]
  matchType: MatchTypeCode | null
  /** 2 = deleted. */
  state?: number
  processing_status?: number
}
export const emptyAdGroup = (): AdGroupDraft => ({
  adGroupName: '',
  products: [],
  keywords: [],
  matchType: null,
})

/** Changing the targeting type resets the ad groups to one empty group. */
export function setTargetingType<F extends Pick<CampaignDetailsForm, 'targetingType'>>(
  form: F,
  targetingType: TargetingType,
  adGroups: AdGroupDraft[],
): { form: F; adGroups: AdGroupDraft[] } {
  if (targetingType === form.targetingType) return { form, adGroups }
  return { form: { ...form, targetingType }, adGroups: [emptyAdGroup()] }
}

/** CPD is editable when creating, and on edit only in state 6. */
export const cpdEditable = (mode: EditorMode, state: number | null | undefined) =>
  mode === 'create' || state === CampaignState.ScheduledPaused

/**
 * start_time and expire_time (ISO instants) of the form's dates: today (IST) starts now + 2 minutes,
 * another day at 00:00:00 IST; the end is 23:59:59 IST, null for Lifetime (platform/rules/time.ts).
 */
export function campaignTimes(startDate: string, endDate: string | null, now: Date) {
  const end = campaignEndTime(endDate === '' ? null : endDate)
  return {
    start_time: campaignStartTime(startDate, now).toISOString(),
    expire_time: end ? end.toISOString() : null,
  }
}

// ---------------------------------------------------------------------------------------------
// Ad groups (spec §4, §5)
// ---------------------------------------------------------------------------------------------
export const activeAdGroups = <G extends { state?: number }>(groups: readonly G[]) =>
  groups.filter((g) => g.state !== AD_GROUP_DELETED)
/** Delete is offered only while more than one group is active. */
export const mayDeleteAdGroup = (groups: readonly { state?: number }[]) => activeAdGroups(groups).length > 1
/** processing_status 0 or 1: read-only and not modified. */
export const adGroupReadOnly = (processingStatus: number | null | undefined) =>
  processingStatus === AdGroupProcessing.Pending || processingStatus === AdGroupProcessing.Processing
/** The notice an ad group shows for its processing status, or null. */
export function adGroupNotice(processingStatus: number | null | undefined): string | null {
  if (processingStatus == null) return null
  if (adGroupReadOnly(processingStatus)) return adGroupBusyMessage(processingStatus)
  if (processingStatus === AdGroupProcessing.Failed) return MESSAGES.lastModifyFailed
  return null
}

/** An ad group's own fields: name, products required, keywords required (Keyword targeting) unless Broad. */
export function validateAdGroup(
  group: Pick<AdGroupDraft, 'adGroupName' | 'products' | 'keywords' | 'matchType'>,
  { targetingType }: { targetingType: TargetingType },
): FieldErrors<'adGroupName' | 'products' | 'keywords'> {
  const errors: FieldErrors<'adGroupName' | 'products' | 'keywords'> = {}
  const name = adGroupNameProblem(group.adGroupName)
  if (name) errors.adGroupName = name
  if (group.products.length === 0) errors.products = MESSAGES.requiredField
  else if (group.products.length > MAX_PRODUCTS) errors.products = MESSAGES.productLimit
  if (targetingType === 'Keyword') {
    if (group.keywords.length === 0 && group.matchType !== MatchType.Broad)
      errors.keywords = MESSAGES.requiredField
    else if (group.keywords.length > MAX_KEYWORDS) errors.keywords = MESSAGES.maxKeywords
  }
  return errors
}

/** Submit is disabled for BRAND and SELLER on Privilege campaigns, or when an active group's first keyword is Broad. */
export function submitBlocked(
  role: Role,
  campaignClass: CampaignClass,
  adGroups: readonly { state?: number; keywords: readonly { match_type: number }[] }[],
): boolean {
  if (role !== 'BRAND' && role !== 'SELLER') return false
  if (campaignClass === 'Privilege') return true
  return activeAdGroups(adGroups).some((g) => g.keywords[0]?.match_type === MatchType.Broad)
}

// ---------------------------------------------------------------------------------------------
// Keywords (spec §4, §5)
// ---------------------------------------------------------------------------------------------
export type KeywordEntry = { keyword: string; match_type: MatchTypeCode; bid_price: number }

/** Match types a role may pick: Exact always, Phrase when its flag is 'true', Broad for OPS and SUPERADMIN. */
export function allowedMatchTypes(role: Role, flags: FeatureFlags = FEATURE_FLAGS): MatchTypeCode[] {
  const types: MatchTypeCode[] = [MatchType.Exact]
  if (flags.phraseMatch === 'true') types.push(MatchType.Phrase)
  if (role === 'OPS' || role === 'SUPERADMIN') types.push(MatchType.Broad)
  return types
}

export type AddKeywordsOptions = {
  campaignClass: CampaignClass
  /** null: none chosen yet ('Select Keyword Match Type'). */
  matchType: MatchTypeCode | null
  budgets: Budgets
  /** When given, a match type the role may not pick counts as none chosen. */
  role?: Role
  flags?: FeatureFlags
  /** 'upload' words the cap as the upload does. */
  source?: 'input' | 'upload'
  /** A budget field's current error: adding is blocked while it exists (that message is returned). */
  budgetError?: string | null
}
export type IncomingKeyword = { keyword: string; bid?: string | number | null }

const keywordKey = (keyword: string) => keyword.trim().toLowerCase()

/**
 * Adds keywords to an ad group's list (spec §5): all or nothing — on any problem the list is returned
 * unchanged with the first message. A keyword already listed (case-insensitively) has its bid and match
 * type updated in place instead of being added again. Bids are rounded to 2 decimals; Privilege
 * keywords without a bid get PRIVILEGE_KEYWORD_BID, as a Privilege CSV does.
 */
export function addKeywords(
  current: readonly KeywordEntry[],
  incoming: readonly IncomingKeyword[],
  opts: AddKeywordsOptions,
): { keywords: KeywordEntry[]; error: string | null } {
  const unchanged = (error: string) => ({ keywords: [...current], error })
  if (opts.budgetError) return unchanged(opts.budgetError)
  const { matchType } = opts
  if (matchType === null || (opts.role && !allowedMatchTypes(opts.role, opts.flags).includes(matchType)))
    return unchanged(MESSAGES.selectMatchType)
  const next = current.map((k) => ({ ...k }))
  const index = new Map(next.map((k, i) => [keywordKey(k.keyword), i]))
  for (const item of incoming) {
    const keyword = item.keyword.trim()
    const textProblem = keywordTextProblem(keyword)
    if (textProblem) return unchanged(textProblem)
    const typed = toAmount(item.bid ?? null)
    const bid = typed === null || Number.isNaN(typed) ? typed : roundBid(typed)
    const bidProblem = keywordBidProblem(bid, opts)
    if (bidProblem) return unchanged(bidProblem)
    const fallback = opts.campaignClass === 'Privilege' ? PRIVILEGE_KEYWORD_BID : 0
    const entry: KeywordEntry = { keyword, match_type: matchType, bid_price: bid ?? fallback }
    const at = index.get(keywordKey(keyword))
    if (at === undefined) {
      index.set(keywordKey(keyword), next.length)
      next.push(entry)
    } else {
      next[at] = { keyword: next[at]?.keyword ?? keyword, match_type: matchType, bid_price: entry.bid_price }
    }
  }
  if (next.length > MAX_KEYWORDS)
    return unchanged(opts.source === 'upload' ? MESSAGES.maxKeywordsUpload : MESSAGES.maxKeywords)
  return { keywords: next, error: null }
}

/** A match-type change remaps every keyword: Exact keeps each bid, Phrase and Broad take the first keyword's bid. */
export function remapMatchType(keywords: readonly KeywordEntry[], type: MatchTypeCode): KeywordEntry[] {
  const first = keywords[0]?.bid_price
  return keywords.map((k) => ({
    ...k,
    match_type: type,
    bid_price: type === MatchType.Exact || first === undefined ? k.bid_price : first,
  }))
}

/** Case-insensitive duplicate keywords of a list (first spelling of each), for the API's refusal. */
export function duplicateKeywords(keywords: readonly { keyword: string }[]): string[] {
  const seen = new Set<string>()
  const dupes: string[] = []
  for (const { keyword } of keywords) {
    const key = keywordKey(keyword)
    if (seen.has(key)) dupes.push(keyword)
    seen.add(key)
  }
  return dupes
}

// ---------------------------------------------------------------------------------------------
// Products (spec §5, §8)
// ---------------------------------------------------------------------------------------------
const PRODUCT_ID_PATTERN = /^\d{1,15}$/

/** Product ids typed or pasted: numeric tokens (separated by commas, spaces or lines), first of each kept. */
export function parseProductIds(text: string): number[] {
  const ids: number[] = []
  const seen = new Set<number>()
  for (const token of text.split(/[\s,;]+/)) {
    if (!PRODUCT_ID_PATTERN.test(token)) continue
    const id = Number(token)
    if (id <= 0 || seen.has(id)) continue
    seen.add(id)
    ids.push(id)
  }
  return ids
}

/** Adds ids to a group's products, duplicates ignored, cut to the first 50 (`limitReached` opens the popup). */
export function addProductIds(current: readonly number[], incoming: readonly number[]) {
  const all = [...new Set([...current, ...incoming])]
  return { products: all.slice(0, MAX_PRODUCTS), limitReached: all.length > MAX_PRODUCTS }
}

export { ProductVerification, type ProductVerificationCode }
/** (ours) What each failing code says; shown with the product id (spec §5 "returned message plus product id"). */
export const PRODUCT_VERIFICATION_MESSAGES: Record<Exclude<ProductVerificationCode, 0>, string> = {
  1: 'The seller or brand does not own the product',
  2: 'Ownership data is missing for the product',
  3: 'Invalid product id',
}
export const productProblemMessage = (
  code: Exclude<ProductVerificationCode, 0>,
  productId: number | string,
) => `${PRODUCT_VERIFICATION_MESSAGES[code]} ${productId}`

export type ProductOwnership = {
  productId: number
  sellerIds?: readonly number[] | null
  availableAt3pSeller?: boolean | null
  brandId?: number | null
}

/**
 * Who owns a product (spec §5, §8), by the catalog's rule (`verifyProduct` of ./products.ts, decision
 * 025) seen from the editor: 3 when the product is missing or its id is not a positive id; a brand
 * account by the product's brandId; a seller account by sellerIds containing it, or a first-party
 * product when the seller id is '1'. Missing ownership fields count as none.
 * The account's kind is `accountKind` when given — staff and agencies act for an account that is not
 * their role, so they should pass the chosen account's kind — else the role's (BRAND a brand, others a seller).
 */
export function productVerification(
  product: ProductOwnership | null | undefined,
  {
    role,
    sellerId,
    accountKind,
  }: { role: Role; sellerId: string | number; accountKind?: Advertiser['kind'] },
): ProductVerificationCode {
  if (!product || !Number.isSafeInteger(product.productId) || product.productId <= 0)
    return ProductVerification.InvalidId
  const id = Number(sellerId)
  if (!Number.isSafeInteger(id)) return ProductVerification.NotOwned
  return verifyProduct(
    {
      sellerIds: product.sellerIds ?? [],
      brandId: product.brandId ?? null,
      availableAt3pSeller: product.availableAt3pSeller !== false,
    },
    { kind: accountKind ?? (role === 'BRAND' ? 'BRAND' : 'SELLER'), id },
  )
}

export type CategoryLevels = {
  level0?: string | null
  level1?: string | null
  level2?: string | null
  level3?: string | null
  level4?: string | null
}
/**
 * Category levels a targeting type needs. Numbering is the spec's Product fields (level0–level4, level0
 * the top): Category targeting needs levels 1–3, Product targeting all four levels 0–3, Keyword none.
 */
export const REQUIRED_CATEGORY_LEVELS: Record<TargetingType, readonly (keyof CategoryLevels)[]> = {
  Keyword: [],
  Category: ['level1', 'level2', 'level3'],
  Product: ['level0', 'level1', 'level2', 'level3'],
}
export function categoryLevelProblem(
  product: { productId: number; categoryLevel?: CategoryLevels | null },
  targetingType: TargetingType,
): string | null {
  const levels = product.categoryLevel ?? {}
  const missing = REQUIRED_CATEGORY_LEVELS[targetingType].some((l) => !levels[l] || levels[l]?.trim() === '')
  return missing ? categoryLevelMessage(product.productId) : null
}

/**
 * Checks looked-up products for an ad group: each id must be found, owned and have the category levels
 * the targeting needs. Returns the valid ids (in the order asked), one message per refused id, and
 * 'No valid products found' when none is valid.
 */
export function checkProducts(
  ids: readonly number[],
  records: readonly (ProductOwnership & { categoryLevel?: CategoryLevels | null })[],
  ctx: {
    role: Role
    sellerId: string | number
    accountKind?: Advertiser['kind']
    targetingType: TargetingType
  },
): { valid: number[]; problems: { productId: number; message: string }[]; error: string | null } {
  const byId = new Map(records.map((r) => [r.productId, r]))
  const valid: number[] = []
  const problems: { productId: number; message: string }[] = []
  for (const id of ids) {
    const record = byId.get(id)
    const code = productVerification(record, ctx)
    if (code !== ProductVerification.Valid) {
      problems.push({ productId: id, message: productProblemMessage(code, id) })
      continue
    }
    const level = categoryLevelProblem(record as NonNullable<typeof record>, ctx.targetingType)
    if (level) problems.push({ productId: id, message: level })
    else valid.push(id)
  }
  return { valid, problems, error: valid.length === 0 ? MESSAGES.noValidProducts : null }
}
