// Shapes of the campaign editor's calls (spec campaigns §3, §7; issue 10): campaign create/modify,
// ad-group list/view/create/modify, and — re-exported from ./catalog.ts, where their handlers live —
// product/get and keyword/suggest. Request schemas apply the editor's rules (platform/rules/
// campaign-editor.ts) in `superRefine`, with the spec's messages at the payload's field paths, so the
// inventory service refuses what the console's forms refuse. Money is integer paise (decision 006);
// instants are ISO strings; the campaign name travels base64-encoded (spec §3).
import { z } from 'zod/v4'
import {
  AdFormatType,
  adFormatType,
  adGroupNameProblem,
  allowedMatchTypes,
  type Budgets,
  CAMPAIGN_TYPE,
  type CampaignDetailsField,
  type CampaignDetailsForm,
  CHANNEL_ID,
  DAILY_BUDGET_UNSET,
  type EditorMode,
  type FeatureFlags,
  keywordBidProblem,
  keywordTextProblem,
  MatchType,
  MAX_KEYWORDS,
  MAX_PRODUCTS,
  MESSAGES,
  NewRevenueType,
  OBJECTIVE,
  Pacing,
  PINCODE_FILTERS,
  sendsCampaignTimes,
  pacingName,
  TARGETING_TYPES,
  type TargetingType,
  validateCampaignDetails,
  WEIGHT,
} from '../rules/campaign-editor'
import type { CampaignClass } from '../rules/campaigns'
import type { Role } from '../rules/roles'
import { istDate } from '../rules/time'
import {
  adGroupListBodySchema,
  adGroupSummarySchema,
  adGroupViewBodySchema,
  campaignFullSchema,
  campaignSaveActionSchema,
  idParamSchema,
  keywordTargetSchema,
} from './inventory'
import { safeText, TEXT_MAX } from './text'

export {
  catalogQuerySchema,
  keywordSuggestBodySchema,
  keywordSuggestResponseSchema,
  productGetBodySchema,
  productGetResponseSchema,
  productRecordSchema,
  suggestedKeywordSchema,
  unknownProductSchema,
} from './catalog'
export { adGroupListBodySchema, adGroupViewBodySchema }

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------
const paise = z.number().int()
const amount = paise.min(0, MESSAGES.negativeNumber)
const positiveId = z.number().int().positive()
/** 0 Phrase, 1 Exact, 2 Broad. */
export const matchTypeSchema = z.literal([MatchType.Phrase, MatchType.Exact, MatchType.Broad])
const instant = z.iso.datetime({ offset: true, error: MESSAGES.invalidDate })
/** A present value the instant format refused (zod still runs the object's refinements after a format issue). */
const badInstant = (value: string | null | undefined) =>
  typeof value === 'string' && !instant.safeParse(value).success
const dayOf = (value: string | null | undefined) =>
  typeof value === 'string' && !badInstant(value) ? istDate(new Date(value)) : ''
/** The base64 of a name of at most TEXT_MAX.line characters (4 UTF-8 bytes each at most). */
const BASE64_MAX = Math.ceil((TEXT_MAX.line * 4) / 3) * 4 + 4
/** (ours) A name that is not base64 of UTF-8 text. */
export const NAME_NOT_BASE64 = 'The name must be base64-encoded UTF-8 text'

/** The text a base64 value encodes, or null when it is not base64 of UTF-8. */
export function decodeBase64Text(value: string): string | null {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null
  try {
    const bytes = Uint8Array.from(atob(value), (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}
/** base64 of the UTF-8 text, as the API carries names. */
export function encodeBase64Text(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

type Issues = {
  issues: readonly { path?: readonly PropertyKey[] }[]
  addIssue: (issue: { code: 'custom'; message: string; path: PropertyKey[] }) => void
}
/**
 * One message per field: zod runs an object's refinements even after a field's own schema refused it
 * (safeText's control characters, the instant format, a negative amount…), so a rule that would say the
 * same again about that field is left out.
 */
function report(ctx: Issues, path: PropertyKey[], message: string) {
  const key = path.join('.')
  if (ctx.issues.some((issue) => (issue.path ?? []).join('.') === key)) return
  ctx.addIssue({ code: 'custom', message, path })
}

// ---------------------------------------------------------------------------------------------
// POST /v1/campaign/create?action and /v1/campaign/modify?action (spec §7)
// ---------------------------------------------------------------------------------------------

/** The query: action save (a draft) or submit; the advertiser's userId as most calls send it. */
export const campaignSaveQuerySchema = campaignSaveActionSchema.extend({ userId: idParamSchema.optional() })
export type CampaignSaveQuery = z.infer<typeof campaignSaveQuerySchema>

/** A pincode row of the payload: 6 digits (text or number), district and state as the directory names them. */
export const pincodeRowSchema = z.object({
  pincode: z
    .union([z.string(), z.number().int()])
    .refine((p) => /^\d{6}$/.test(String(p)), MESSAGES.invalidPincode)
    .transform(Number),
  district: safeText({ max: TEXT_MAX.line, trim: true }),
  state: safeText({ max: TEXT_MAX.line, trim: true }),
})

/** (ours) Consistency messages of fields the form derives from others. */
export const DERIVED_FIELD_MESSAGES = {
  adFormatType: 'ad_format_type must be 1 for Keyword targeting and 2 for Category or Product',
  privileged: 'isPrivileged must be true exactly when new_revenue_type is 4 (Privilege)',
  lifetimePacing: 'Pacing evenly or frontloaded needs an end date',
  dailyBudget: 'budget_daily_limit is -1 (none) or at least 0',
  duplicateKeyword: 'This keyword is listed twice',
} as const

/** spec §3 "Campaign (full)" as a client sends it; the platform owns state, status, submission, creator. */
const campaignBodyObject = z.object({
  /** modify: the campaign. */
  id: positiveId.optional(),
  jmcampaign_id: positiveId.optional(),
  /** base64 of the name as typed. */
  name: safeText({ max: BASE64_MAX }),
  targetingType: z.enum(TARGETING_TYPES),
  /** 1 keyword, 2 category/product. */
  ad_format_type: z.literal([AdFormatType.Keyword, AdFormatType.CategoryProduct]),
  isPDP: z.boolean().default(false),
  isPrivileged: z.boolean(),
  /** 2 Sponsored, 4 Privilege. */
  new_revenue_type: z.literal([NewRevenueType.Sponsored, NewRevenueType.Privilege]),
  channel_id: z.literal(CHANNEL_ID).default(CHANNEL_ID),
  objective: z.literal(OBJECTIVE).default(OBJECTIVE),
  weight: z.literal(WEIGHT).default(WEIGHT),
  campaign_type: z.tuple([z.literal(CAMPAIGN_TYPE[0])]).default([CAMPAIGN_TYPE[0]]),
  deal_type: z.enum(['Directdeals', 'Roadblock']).nullable().default(null),
  app_site_id: safeText({ max: TEXT_MAX.line }).nullable().default(null),
  adspots: z.array(z.unknown()).nullable().default(null),
  sellerid: positiveId,
  /** Sponsored: required, ≥ 0. Privilege: none (null). */
  budget_total_limit: paise.nullable().default(null),
  /** -1 = none. */
  budget_daily_limit: paise.default(DAILY_BUDGET_UNSET),
  /** 1 asap, 2 frontloaded, 3 evenly, 4 manual. */
  budget_pacing: z
    .literal([Pacing.asap, Pacing.frontloaded, Pacing.evenly, Pacing.manual])
    .default(Pacing.asap),
  /** Bid price of Category/Product targeting and of Privilege; a keyword campaign without one takes CPM_FALLBACK_PAISE. */
  cpm: paise.nullable().default(null),
  /** Privilege: cost per day. */
  cpd: paise.nullable().default(null),
  /** Privilege tag. */
  tag: safeText({ max: TEXT_MAX.line }).nullable().default(null),
  checksum: safeText({ max: TEXT_MAX.code * 4 })
    .nullable()
    .default(null),
  biddingStrategy: z.literal('Fixed').default('Fixed'),
  pincodeFilter: z.enum(PINCODE_FILTERS).default('ALL'),
  /** CUSTOM: the pincodes; EXCEPT: the excluded ones; ALL: none. */
  pincodes: z.array(pincodeRowSchema).max(50_000).default([]),
  /**
   * Required on create; on modify the start is locked, and a Scheduled Paused campaign (state 6) sends
   * neither time (spec §4): the handler keeps the stored ones then.
   */
  start_time: instant.optional(),
  /** null = Lifetime; required (null or an instant) except on a state-6 modify. */
  expire_time: instant.nullable().optional(),
})
type CampaignBody = z.output<typeof campaignBodyObject>

/** Where each field of the form's rules sits in the payload. */
export const CAMPAIGN_FIELD_PATHS: Record<CampaignDetailsField, string> = {
  campaignName: 'name',
  startDate: 'start_time',
  endDate: 'expire_time',
  totalBudget: 'budget_total_limit',
  dailyBudget: 'budget_daily_limit',
  cpm: 'cpm',
  cpd: 'cpd',
  privilegeTag: 'tag',
  pincodesList: 'pincodes',
  pincodesExcept: 'pincodes',
}

export type CampaignSaveContext = {
  mode: EditorMode
  /** The stored campaign's state (modify). */
  state?: number | null
  /** The clock the date rules read ("today" in IST); the call's time by default. */
  now?: () => Date
}

/** The payload seen as the editor's form, so the form's own rules judge it. */
export function campaignBodyAsForm(body: CampaignBody, name: string): CampaignDetailsForm {
  const pincodes = body.pincodes.map((p) => String(p.pincode))
  const pacing = pacingName(body.budget_pacing) ?? ''
  return {
    campaignName: name,
    startDate: dayOf(body.start_time),
    endDate: dayOf(body.expire_time),
    lifetime: body.expire_time === null || body.expire_time === undefined,
    targetingType: body.targetingType,
    cpm: body.cpm,
    cpd: body.cpd,
    totalBudget: body.budget_total_limit,
    pacing,
    dailyBudget: body.budget_daily_limit === DAILY_BUDGET_UNSET ? null : body.budget_daily_limit,
    privilegeTag: body.tag ?? '',
    pincodeFilter: body.pincodeFilter,
    pincodesList: body.pincodeFilter === 'CUSTOM' ? pincodes : [],
    pincodesExcept: body.pincodeFilter === 'EXCEPT' ? pincodes : [],
  }
}

/**
 * The campaign body of create (`mode: 'create'`) or modify (`mode: 'edit'`, with the stored state):
 * every rule of the Campaign Details step (validateCampaignDetails) at the payload's paths, plus the
 * consistency of the fields the form derives (ad_format_type, isPrivileged). The output's `name` stays
 * base64; `decodedName` is the name as typed.
 */
export function campaignSaveBodySchema({ mode, state = null, now = () => new Date() }: CampaignSaveContext) {
  // Lifetime is an explicit null; only a Scheduled Paused campaign's modify leaves the times out, and
  // only create must send the start (it is locked on modify).
  const sendsTimes = mode === 'create' || sendsCampaignTimes(state)
  return campaignBodyObject
    .extend({
      start_time: mode === 'create' ? instant : instant.optional(),
      expire_time: sendsTimes ? instant.nullable() : instant.nullable().optional(),
    })
    .superRefine((body, ctx) => {
      const name = decodeBase64Text(body.name)
      if (name === null) report(ctx, ['name'], NAME_NOT_BASE64)
      if (mode === 'edit' && body.id === undefined) report(ctx, ['id'], MESSAGES.requiredField)
      if (body.ad_format_type !== adFormatType(body.targetingType))
        report(ctx, ['ad_format_type'], DERIVED_FIELD_MESSAGES.adFormatType)
      if (body.isPrivileged !== (body.new_revenue_type === NewRevenueType.Privilege))
        report(ctx, ['isPrivileged'], DERIVED_FIELD_MESSAGES.privileged)
      if (body.budget_daily_limit < DAILY_BUDGET_UNSET)
        report(ctx, ['budget_daily_limit'], MESSAGES.negativeNumber)
      const lifetime = body.expire_time === null || body.expire_time === undefined
      if (lifetime && (body.budget_pacing === Pacing.evenly || body.budget_pacing === Pacing.frontloaded))
        report(ctx, ['budget_pacing'], DERIVED_FIELD_MESSAGES.lifetimePacing)

      const campaignClass: CampaignClass =
        body.new_revenue_type === NewRevenueType.Privilege ? 'Privilege' : 'Sponsored'
      const form = campaignBodyAsForm(body, name ?? 'x')
      const errors = validateCampaignDetails(form, { mode, state, campaignClass, today: istDate(now()) })
      for (const [field, message] of Object.entries(errors) as [CampaignDetailsField, string][]) {
        if (field === 'campaignName' && name === null) continue
        // Each row's pincode is refused at its own path by pincodeRowSchema.
        if (message === MESSAGES.invalidPincode) continue
        // A time that is not an instant is refused once, by its format.
        // zod still runs this after a field's own issue, with that field left out.
        if (field === 'startDate' && (body.start_time === undefined || badInstant(body.start_time))) continue
        if (field === 'endDate' && badInstant(body.expire_time)) continue
        report(ctx, [CAMPAIGN_FIELD_PATHS[field]], message)
      }
    })
    .transform((body) => ({ ...body, decodedName: decodeBase64Text(body.name) ?? '' }))
}
/** POST /v1/campaign/create: the body, judged at the time of the call. */
export const campaignCreateBodySchema = campaignSaveBodySchema({ mode: 'create' })
export type CampaignSaveBody = z.output<typeof campaignCreateBodySchema>
/** What a client sends. */
export type CampaignSaveInput = z.input<typeof campaignCreateBodySchema>

/** The answer of create/modify: the saved campaign's ids and where it stands. */
export const campaignSaveResponseSchema = campaignFullSchema.pick({
  id: true,
  jmcampaign_id: true,
  name: true,
  state: true,
  status: true,
  submission: true,
  campaignClass: true,
})
export type CampaignSaveResponse = z.infer<typeof campaignSaveResponseSchema>

// ---------------------------------------------------------------------------------------------
// POST /adgroup/create?action and /adgroup/modify?action (spec §7)
// ---------------------------------------------------------------------------------------------
export const adGroupSaveQuerySchema = campaignSaveQuerySchema

export const adGroupKeywordSchema = z.object({
  keyword: safeText({ max: TEXT_MAX.line, trim: true }),
  match_type: matchTypeSchema,
  bid_price: amount,
})

const adGroupBodyObject = z.object({
  /** modify: the ad group. */
  id: positiveId.optional(),
  channel_id: z.literal(CHANNEL_ID).default(CHANNEL_ID),
  jmflg: z.boolean().default(false),
  checksum: safeText({ max: TEXT_MAX.code * 4 })
    .nullable()
    .default(null),
  campaign_id: positiveId,
  jmcampaign_id: positiveId,
  sellerid: positiveId,
  name: safeText({ max: TEXT_MAX.line }),
  products: z.array(z.object({ productId: positiveId })).max(10_000),
  keywords: z.array(adGroupKeywordSchema).max(10_000).default([]),
  /** spec §3 "Ad group" keywordMatch: the group's match type; Broad lets a Keyword group go without keywords. */
  keywordMatch: z.object({ type: matchTypeSchema }).optional(),
})

/** What an ad group is judged against: its campaign, and who sends it. */
export type AdGroupSaveContext = {
  campaignClass: CampaignClass
  targetingType: TargetingType
  /** The campaign's budgets in paise (total null for Privilege; daily -1 = none). */
  budgets: Budgets
  role: Role
  flags?: FeatureFlags
}

/**
 * The ad-group body. Without a context, the rules that need no campaign: name, products required and
 * at most 50 (duplicate ids dropped, as the form ignores them), keyword text, at most 500 keywords, no
 * keyword twice. With the campaign's context (what the handler has): each keyword's bid against the
 * class and budgets, the match types the role may pick, and keywords required for Keyword targeting
 * unless the group's match type is Broad.
 */
export function adGroupSaveBodySchema(context?: AdGroupSaveContext) {
  return adGroupBodyObject
    .superRefine((body, ctx) => {
      const name = adGroupNameProblem(body.name)
      if (name) report(ctx, ['name'], name)
      const products = new Set(body.products.map((p) => p.productId))
      if (products.size === 0) report(ctx, ['products'], MESSAGES.requiredField)
      if (products.size > MAX_PRODUCTS) report(ctx, ['products'], MESSAGES.productLimit)
      if (body.keywords.length > MAX_KEYWORDS) report(ctx, ['keywords'], MESSAGES.maxKeywords)
      const seen = new Set<string>()
      body.keywords.forEach((k, i) => {
        const text = keywordTextProblem(k.keyword)
        if (text) report(ctx, ['keywords', i, 'keyword'], text)
        const key = k.keyword.toLowerCase()
        if (seen.has(key)) report(ctx, ['keywords', i, 'keyword'], DERIVED_FIELD_MESSAGES.duplicateKeyword)
        seen.add(key)
      })
      if (!context) return
      const allowed = allowedMatchTypes(context.role, context.flags)
      if (context.targetingType === 'Keyword') {
        const broad = body.keywordMatch?.type === MatchType.Broad
        if (body.keywords.length === 0 && !broad) report(ctx, ['keywords'], MESSAGES.requiredField)
        if (body.keywordMatch && !allowed.includes(body.keywordMatch.type))
          report(ctx, ['keywordMatch', 'type'], MESSAGES.selectMatchType)
      }
      body.keywords.forEach((k, i) => {
        if (!allowed.includes(k.match_type))
          report(ctx, ['keywords', i, 'match_type'], MESSAGES.selectMatchType)
        const bid = keywordBidProblem(k.bid_price, context)
        if (bid) report(ctx, ['keywords', i, 'bid_price'], bid)
      })
    })
    .transform((body) => ({
      ...body,
      products: [...new Set(body.products.map((p) => p.productId))].map((productId) => ({ productId })),
    }))
}
/** The ad-group body's context-free rules (what any client may be told before the campaign is read). */
export const adGroupBodySchema = adGroupSaveBodySchema()
export type AdGroupSaveBody = z.output<typeof adGroupBodySchema>
export type AdGroupSaveInput = z.input<typeof adGroupBodySchema>

/** An ad group in full (adgroup/view; adgroup/list lists the summaries): its products and keywords. */
export const adGroupFullSchema = adGroupSummarySchema.extend({
  campaign_id: z.number().int(),
  jmcampaign_id: z.number().int(),
  products: z.array(z.object({ productId: z.number().int() })),
  keywords: z.array(keywordTargetSchema.extend({ keyword: z.string() })),
  /** Why the last processing failed (processing_status 3), else null. */
  failureReason: z.string().nullable(),
})
export type AdGroupFull = z.infer<typeof adGroupFullSchema>
export const adGroupListResponseSchema = z.array(adGroupSummarySchema)
export type AdGroupListResponse = z.infer<typeof adGroupListResponseSchema>

/** The answer of adgroup create/modify: the group's ids and processing status (0 Pending after a submit). */
export const adGroupSaveResponseSchema = adGroupSummarySchema.pick({
  id: true,
  jm_adgroup_id: true,
  adGroupName: true,
  processing_status: true,
  state: true,
})
export type AdGroupSaveResponse = z.infer<typeof adGroupSaveResponseSchema>
