// Shapes of the inventory service's calls (/ads/ad-inventory; spec campaigns §3, §7 and accounts §3,
// §7), shared by the platform (handlers parse requests with them) and the console (its clients take
// their types from them and parse answers in tests). Every response is wrapped in the envelope of
// ./envelope.ts ({ code, message, data, errors }); the schemas below describe `data`.
//
// Response schemas carry no transforms and no defaults, so parsing an answer yields the same value:
// the platform's contract test asserts `schema.parse(data)` equals `data`, which also catches a field
// the handler sends and the contract does not name. Money is integer paise (docs/decisions/006);
// instants are ISO strings; campaign names travel base64-encoded (spec campaigns §3).
//
import { z } from 'zod/v4'
import { CAMPAIGN_SORT_VALUES, DEFAULT_SORT_DIRECTION, SORT_DIRECTIONS } from '../rules/campaign-list'
import { CAMPAIGN_STATUS_FILTERS } from '../rules/campaigns'
import {
  DATE_FILTER_TYPES,
  DEFAULT_DATE_FILTER,
  DEFAULT_PAGE_SIZE,
  ID_INVALID,
  ID_PATTERN,
  PAGE_SIZES,
} from '../rules/lists'
import { safeText, TEXT_MAX } from './text'

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A numeric id as a query or path parameter ('ID is invalid' otherwise), as a number. */
export const idParamSchema = z.string().regex(ID_PATTERN, ID_INVALID).transform(Number)
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date')
export const instant = z.string()
const paise = z.number().int()
export const count = z.number().int().min(0)
const campaignClass = z.enum(['Sponsored', 'Privilege'])
/** 0 Phrase, 1 Exact, 2 Broad (spec campaigns §3). */
const matchType = z.union([z.literal(0), z.literal(1), z.literal(2)])

/** Paging of a list answer: 1-based page, rows per page, and how many pages the rows fill (≥ 1). */
const pagingFields = {
  totalCount: count,
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  totalPages: z.number().int().min(1),
}

// ---------------------------------------------------------------------------------------------
// Campaign list: GET /v1/campaign/loadHomePage and GET /v1/campaign/download (spec campaigns §7)
// ---------------------------------------------------------------------------------------------

/** The list's filters and order; the download takes the same without paging. */
export const campaignFilterQuerySchema = z.object({
  /** The advertiser's account id (spec: userId). */
  userId: idParamSchema,
  dateFilterType: z.enum(DATE_FILTER_TYPES).default(DEFAULT_DATE_FILTER),
  /** CUSTOM only: inclusive IST days. */
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  status: z.enum(CAMPAIGN_STATUS_FILTERS).default('ALL'),
  /** Case-insensitive part of the name. */
  search: safeText({ max: TEXT_MAX.line, trim: true }).optional(),
  /** Without a sort: newest first. */
  sort: z.enum(CAMPAIGN_SORT_VALUES).optional(),
  direction: z.enum(SORT_DIRECTIONS).default(DEFAULT_SORT_DIRECTION),
})
export type CampaignFilterQuery = z.infer<typeof campaignFilterQuerySchema>
/** What a client sends: every value as a query-string value. */
export type CampaignFilterParams = z.input<typeof campaignFilterQuerySchema>

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'size must be 10, 20, 50 or 100')

export const loadHomePageQuerySchema = campaignFilterQuerySchema.extend({
  /** 1-based (docs/decisions/010). */
  page: z.coerce.number().int().min(1).default(1),
  size: pageSize.default(DEFAULT_PAGE_SIZE),
})
export type LoadHomePageQuery = z.infer<typeof loadHomePageQuerySchema>

export const homePageMetricsSchema = z.object({
  spend: paise,
  clicks: count,
  orders: count,
  sales: paise,
  /** sales / spend, two decimals; 0 without spend. */
  roas: z.number(),
})

/** spec §3 "Campaign (list row)", plus the row action the caller is offered (spec §4). */
export const campaignListRowSchema = z.object({
  id: z.number().int(),
  jmcampaign_id: z.number().int(),
  /** base64 of the name as typed. */
  name: z.string(),
  /** 1–9; null shows 'NULL'. */
  state: z.number().int().nullable(),
  /** 0 manual pause, 1 out of budget / active. */
  status: z.number().int(),
  campaignClass,
  campaignCreatedBy: z.string().nullable(),
  start_time: instant,
  /** null = Lifetime. */
  expire_time: instant.nullable(),
  /** Total budget; 0 for Privilege campaigns and a missing total. */
  budget: paise,
  /** One entry: the metrics summed over the date range. */
  homePageMetrics: z.array(homePageMetricsSchema),
  action: z.enum(['PLAY', 'PAUSE']).nullable(),
})
export type CampaignListRow = z.infer<typeof campaignListRowSchema>

export const loadHomePageResponseSchema = z.object({
  campaigns: z.array(campaignListRowSchema),
  ...pagingFields,
  /** The resolved IST day range, inclusive. */
  fromDate: isoDate,
  toDate: isoDate,
  /** Every filtered campaign's metrics summed over the range (all pages, not only this one); roas of the sums. */
  totals: homePageMetricsSchema,
})
export type LoadHomePageResponse = z.infer<typeof loadHomePageResponseSchema>

/**
 * GET /v1/campaign/download answers text/csv (docs/decisions/011), not an envelope: these columns,
 * CRLF line ends, `Content-Disposition: attachment; filename="campaigns-<userId>-<from>-to-<to>.csv"`.
 */
export const CAMPAIGN_CSV_HEADER = [
  'Status',
  'Name',
  'Campaign ID',
  'Campaign Class',
  'Created by',
  'Start Date',
  'End Date',
  'Budget',
  'Spend',
  'Clicks',
  'Orders',
  'Sales',
  'ROAS',
] as const

// ---------------------------------------------------------------------------------------------
// GET /v1/campaign/homePageStats?userId (spec campaigns §3 "Home stats")
// ---------------------------------------------------------------------------------------------
export const userIdQuerySchema = z.object({ userId: idParamSchema })

export const homePageStatsSchema = z.object({
  totalCampaigns: count,
  runningCampaigns: count,
  /** States 2, 8 and 9. */
  pausedCampaigns: count,
  /** May be negative after overspend. */
  totalAvailableCredit: paise,
  sellerId: z.number().int(),
})
export type HomePageStats = z.infer<typeof homePageStatsSchema>

// ---------------------------------------------------------------------------------------------
// POST /v1/campaign/view body {channel_id, jmcampaign_id, id} (spec campaigns §3 "Campaign (full)")
// ---------------------------------------------------------------------------------------------
export const campaignViewBodySchema = z.object({
  channel_id: z.coerce.number().int().optional(),
  /** When given, must be the campaign's (else 404). */
  jmcampaign_id: z.coerce.number().int().optional(),
  id: z.coerce.number().int().positive(),
})

export const pincodeSchema = z.object({ pincode: z.number().int(), district: z.string(), state: z.string() })

/** An ad group as the campaign's view lists it (spec §3 "Ad group"; deleted ones are left out). */
export const adGroupSummarySchema = z.object({
  id: z.number().int(),
  jm_adgroup_id: z.number().int(),
  adGroupName: z.string(),
  /** 0 Pending, 1 Processing, 2 Completed, 3 Failed. */
  processing_status: z.number().int(),
  /** 2 = deleted. */
  state: z.number().int(),
  products_count: count,
  keywords_count: count,
})
export type AdGroupSummary = z.infer<typeof adGroupSummarySchema>

/** An ad group inside the campaign's view: its summary with its products and keywords (decision 027). */
export const campaignAdGroupSchema = adGroupSummarySchema.extend({
  products: z.array(z.object({ productId: z.number().int() })),
  keywords: z.array(
    z.object({ id: z.number().int(), keyword: z.string(), match_type: matchType, bid_price: paise }),
  ),
})
export type CampaignAdGroup = z.infer<typeof campaignAdGroupSchema>

export const campaignFullSchema = z.object({
  id: z.number().int(),
  jmcampaign_id: z.number().int(),
  name: z.string(),
  state: z.number().int().nullable(),
  status: z.number().int(),
  /** A draft after 'save', submitted after 'submit'. */
  submission: z.enum(['DRAFT', 'SUBMITTED']),
  campaignClass,
  campaignCreatedBy: z.string().nullable(),
  start_time: instant,
  expire_time: instant.nullable(),
  budget_total_limit: paise.nullable(),
  /** -1 = none. */
  budget_daily_limit: paise,
  /** 1 asap, 2 frontloaded, 3 evenly, 4 manual. */
  budget_pacing: z.number().int(),
  /** 1 keyword, 2 category/product. */
  ad_format_type: z.number().int(),
  targetingType: z.enum(['Keyword', 'Category', 'Product']),
  isPDP: z.boolean(),
  isPrivileged: z.boolean(),
  channel_id: z.number().int(),
  objective: z.number().int(),
  campaign_type: z.array(z.number().int()),
  deal_type: z.enum(['Directdeals', 'Roadblock']).nullable(),
  app_site_id: z.string().nullable(),
  adspots: z.array(z.unknown()).nullable(),
  sellerid: z.number().int(),
  /** 2 sponsored, 4 privilege. */
  new_revenue_type: z.number().int(),
  cpm: paise.nullable(),
  cpd: paise.nullable(),
  tag: z.string().nullable(),
  weight: z.number().int(),
  checksum: z.string().nullable(),
  biddingStrategy: z.string(),
  pincodeFilter: z.enum(['ALL', 'CUSTOM', 'EXCEPT']),
  pincodes: z.array(pincodeSchema),
  adGroups: z.array(campaignAdGroupSchema),
})
export type CampaignFull = z.infer<typeof campaignFullSchema>

// ---------------------------------------------------------------------------------------------
// DELETE /v1/campaigns/delete?campaignId → campaignStatus DELETED (spec campaigns §4, §7)
// ---------------------------------------------------------------------------------------------
export const campaignDeleteQuerySchema = z.object({ campaignId: idParamSchema })
export const campaignDeleteResponseSchema = z.object({
  campaignId: z.number().int(),
  campaignStatus: z.literal('DELETED'),
})
export type CampaignDeleteResponse = z.infer<typeof campaignDeleteResponseSchema>

// ---------------------------------------------------------------------------------------------
// Our paths (docs/decisions/010, 011): POST /v1/campaign/{id}/pause | play | clone,
// GET /v1/campaign/{id}/history?page&size
// ---------------------------------------------------------------------------------------------

/** The `{id}` path parameter of the per-campaign calls. */
export const campaignIdPathSchema = z.object({ id: idParamSchema })

/** Pause and play: where the campaign is now (a play may land in a pause for lack of budget). */
export const rowActionResponseSchema = z.object({
  campaignId: z.number().int(),
  state: z.number().int().nullable(),
  status: z.number().int(),
})
export type RowActionResponse = z.infer<typeof rowActionResponseSchema>

/** Clone: the new draft (message 'Campaign cloned'). 402 NO_CREDITS, 403 as in docs/decisions/014. */
export const campaignCloneResponseSchema = z.object({
  id: z.number().int(),
  jmcampaign_id: z.number().int(),
  name: z.string(),
  campaignClass,
  state: z.number().int().nullable(),
  status: z.number().int(),
})
export type CampaignCloneResponse = z.infer<typeof campaignCloneResponseSchema>

export const HISTORY_MAX_SIZE = 100
export const HISTORY_DEFAULT_SIZE = 20
export const campaignHistoryQuerySchema = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(HISTORY_MAX_SIZE).default(HISTORY_DEFAULT_SIZE),
})

export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: instant,
  /** CAMPAIGN_CREATED, CAMPAIGN_CLONED, CAMPAIGN_PAUSED, CAMPAIGN_PLAYED, CAMPAIGN_DELETED, … */
  action: z.string(),
  /** The user as they are now, with the role they acted in; null for the system. */
  actor: z
    .object({
      userId: z.number().int(),
      role: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  before: z.unknown(),
  after: z.unknown(),
})
export type HistoryEntry = z.infer<typeof historyEntrySchema>

export const campaignHistoryResponseSchema = z.object({
  campaign: z.object({
    id: z.number().int(),
    jmcampaign_id: z.number().int(),
    name: z.string(),
    deleted: z.boolean(),
  }),
  entries: z.array(historyEntrySchema),
  ...pagingFields,
})
export type CampaignHistoryResponse = z.infer<typeof campaignHistoryResponseSchema>

// =============================================================================================
// No handler yet: the spec's shapes for the calls the next issues add. Field names are the spec's;
// where it gives no type, the type is ours. Refine them when the handler lands.
// =============================================================================================

/** POST /v1/campaign/create?action and /v1/campaign/modify?action (platform/inventory/campaign-editor.ts). */
export const campaignSaveActionSchema = z.object({ action: z.enum(['save', 'submit']) })

/** spec §3 "Keyword target" (the editor's contracts build on it: ./campaign-editor.ts). */
export const keywordTargetSchema = z.object({
  id: z.number().int().optional(),
  keyword: safeText({ max: TEXT_MAX.line, trim: true }),
  match_type: matchType,
  bid_price: paise,
})
export type KeywordTarget = z.infer<typeof keywordTargetSchema>

/** POST /adgroup/list {channel_id, campaign_id} and /adgroup/view {channel_id, id} (platform/inventory/adgroup-read.ts). */
export const adGroupListBodySchema = z.object({ channel_id: z.number().int(), campaign_id: z.number().int() })
export const adGroupViewBodySchema = z.object({ channel_id: z.number().int(), id: z.number().int() })

/** POST /v1/vertex/product/get?userId body {productIds} (platform/inventory/catalog.ts). */
export const productGetBodySchema = z.object({ productIds: z.array(z.number().int()) })

/** spec §3 "Product"; "popularity and others": further fields are allowed. */
export const productRecordSchema = z.looseObject({
  productId: z.number().int(),
  name: z.string(),
  imagePath: z.string().nullable(),
  imageUrl: z.string().nullable(),
  inStock: z.boolean(),
  /** true: tag 3P; false: 1P. */
  availableAt3pSeller: z.boolean(),
  sellerIds: z.array(z.number().int()),
  sellerNames: z.array(z.string()),
  brand: z.string().nullable(),
  brandId: z.number().int().nullable(),
  categoryLevel: z.object({
    level0: z.string().nullable(),
    level1: z.string().nullable(),
    level2: z.string().nullable(),
    level3: z.string().nullable(),
    level4: z.string().nullable(),
  }),
  markedPrice: paise,
  effectivePrice: paise,
  discount: paise,
  discountPct: z.number(),
  buyBox: z.boolean(),
  optionCode: z.string().nullable(),
  popularity: z.number().int(),
  /** spec §8 product verification: 0 valid, 1 not the caller's, 2 ownership data missing, 3 invalid id. */
  verificationCode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
})
export type ProductRecord = z.infer<typeof productRecordSchema>

/** POST /adgroup/keyword/suggest body {products} → a list of suggestions (platform/inventory/catalog.ts). */
export const keywordSuggestBodySchema = z.object({ products: z.array(z.number().int()) })
export const suggestedKeywordSchema = z.object({ keyWord: z.string(), bid_price_suggestion: paise })
export type SuggestedKeyword = z.infer<typeof suggestedKeywordSchema>
