// Shapes of the analytics service (/ads/adinventory/v1/analytics, spec accounts §3, §4, §5, §7), the
// report catalogue every report, table and CSV is built from (docs/decisions/038), the performance
// ingest (/ads/adinventory/v1/facts) and the keyword-metadata calls (issue 13). Shared by the platform
// (handlers parse with them) and the console (forms, tables, clients). Every response is wrapped in
// the envelope of ./envelope.ts; the schemas below describe `data`.
import { z } from 'zod/v4'
import { count, idParamSchema, instant, isoDate } from './inventory'
import { safeText, TEXT_MAX } from './text'

// ---------------------------------------------------------------------------------------------
// Report catalogue
// ---------------------------------------------------------------------------------------------
export const REPORT_TYPES = [
  'CAMPAIGN_PERFORMANCE_REPORT',
  'KEYWORD_PERFORMANCE_REPORT',
  'PRODUCT_PERFORMANCE_REPORT',
  'BUDGET_UTIL_REPORT',
  'OPTIMISATION_REPORT',
  'TARGETING_VALUE_PERF_REPORT',
  'SKU_PERF_REPORT',
  'DAILY_OPS_REPORT',
] as const
export type ReportType = (typeof REPORT_TYPES)[number]

/** The three a saved or advanced report may be (spec §3 "Report types seen"); all eight are default reports. */
export const SAVED_REPORT_TYPES = [
  'CAMPAIGN_PERFORMANCE_REPORT',
  'KEYWORD_PERFORMANCE_REPORT',
  'PRODUCT_PERFORMANCE_REPORT',
] as const satisfies readonly ReportType[]

/** Report date filters: the list's presets without TODAY (spec accounts §3, §9). Default LAST_1D. */
export const REPORT_DATE_FILTER_TYPES = ['LAST_1D', 'LAST_7D', 'LAST_30D', 'CURRENT_MONTH', 'CUSTOM'] as const
export type ReportDateFilterType = (typeof REPORT_DATE_FILTER_TYPES)[number]
export const REPORT_DATE_FILTER_LABELS: Record<ReportDateFilterType, string> = {
  LAST_1D: 'Last 1 day',
  LAST_7D: 'Last 1 week',
  LAST_30D: 'Last 1 month',
  CURRENT_MONTH: 'Current month',
  CUSTOM: 'Custom',
}
export const DEFAULT_REPORT_DATE_FILTER: ReportDateFilterType = 'LAST_1D'

export const REPORT_FILTERS = [
  'CAMPAIGN_ID',
  'CAMPAIGN_STATUS',
  'PLACEMENT_CATEGORY',
  'TARGETING_TYPE',
  'CREATED_BY',
] as const
export type ReportFilter = (typeof REPORT_FILTERS)[number]
export const REPORT_FILTER_LABELS: Record<ReportFilter, string> = {
  CAMPAIGN_ID: 'Campaign',
  CAMPAIGN_STATUS: 'Campaign status',
  PLACEMENT_CATEGORY: 'Placement',
  TARGETING_TYPE: 'Targeting type',
  CREATED_BY: 'Created by',
}

/**
 * Dimensions a report may group by. A row's key is the name (the spec's row fields are snake case:
 * campaign_id …); `label` is the column heading in tables and CSVs.
 */
export const DIMENSIONS = {
  date: { label: 'Date' },
  seller_id: { label: 'Advertiser ID' },
  seller_name: { label: 'Advertiser' },
  campaign_id: { label: 'Campaign ID' },
  campaign_name: { label: 'Campaign' },
  campaign_status: { label: 'Campaign status' },
  targeting_type: { label: 'Targeting type' },
  placement: { label: 'Placement' },
  ad_group_id: { label: 'Ad group ID' },
  ad_group_name: { label: 'Ad group' },
  keyword: { label: 'Keyword' },
  match_type: { label: 'Match type' },
  product_id: { label: 'Product ID' },
  product_name: { label: 'Product' },
} as const
export type Dimension = keyof typeof DIMENSIONS

/**
 * Metrics. `kind` fixes the format: count (integer), money (rupees, 2 decimals; the platform sends
 * rupees as numbers rounded to 2 places), percent and ratio (2 decimals). `disabled` metrics are shown
 * and cannot be chosen (spec §5: add to cart, pdp count, viewable impressions).
 */
export const METRICS = {
  impressions: { label: 'Impressions', kind: 'count' },
  clicks: { label: 'Clicks', kind: 'count' },
  ctr: { label: 'CTR (%)', kind: 'percent' },
  cpc: { label: 'CPC (₹)', kind: 'money' },
  ad_spend: { label: 'Ad spend (₹)', kind: 'money' },
  orders: { label: 'Orders', kind: 'count' },
  units: { label: 'Units', kind: 'count' },
  sales: { label: 'Sales (₹)', kind: 'money' },
  roas: { label: 'ROAS', kind: 'ratio' },
  conversion_rate: { label: 'Conversion rate (%)', kind: 'percent' },
  add_to_cart: { label: 'Add to cart', kind: 'count', disabled: true },
  pdp_count: { label: 'PDP count', kind: 'count', disabled: true },
  viewable_impressions: { label: 'Viewable impressions', kind: 'count', disabled: true },
} as const satisfies Record<string, { label: string; kind: MetricKind; disabled?: true }>
export type MetricKind = 'count' | 'money' | 'percent' | 'ratio'
export type Metric = keyof typeof METRICS
export const DISABLED_METRICS = [
  'add_to_cart',
  'pdp_count',
  'viewable_impressions',
] as const satisfies readonly Metric[]
export const isDisabledMetric = (m: string) => (DISABLED_METRICS as readonly string[]).includes(m)

/** The metrics every performance report offers (all enabled ones), in column order. */
const PERFORMANCE_METRICS = [
  'impressions',
  'clicks',
  'ctr',
  'cpc',
  'ad_spend',
  'orders',
  'units',
  'sales',
  'roas',
  'conversion_rate',
] as const satisfies readonly Metric[]

/**
 * What each report type is (docs/decisions/038): the dimensions it may group by and those chosen by
 * default, the metrics it offers (the disabled three are listed for every performance report so the
 * form shows them), its extra fixed columns, and who may run it. Budget, optimisation and ops reports
 * have fixed columns (default reports: no field choice).
 */
export const REPORT_CATALOGUE: Record<
  ReportType,
  {
    label: string
    description: string
    dimensions: readonly Dimension[]
    defaultDimensions: readonly Dimension[]
    metrics: readonly Metric[]
    /** Columns beyond dimensions and metrics, always present (budget and optimisation reports). */
    extraColumns: readonly { key: string; label: string; kind: MetricKind | 'text' }[]
    /** Only SUPERADMIN and OPS (all advertisers in one report). */
    staffOnly: boolean
  }
> = {
  CAMPAIGN_PERFORMANCE_REPORT: {
    label: 'Campaign performance',
    description: 'Impressions, clicks, spend, orders and sales of each campaign.',
    dimensions: ['date', 'campaign_id', 'campaign_name', 'campaign_status', 'targeting_type', 'placement'],
    defaultDimensions: ['campaign_id', 'campaign_name'],
    metrics: [...PERFORMANCE_METRICS, ...DISABLED_METRICS],
    extraColumns: [],
    staffOnly: false,
  },
  KEYWORD_PERFORMANCE_REPORT: {
    label: 'Keyword performance',
    description: 'Delivery and results of each targeted keyword.',
    dimensions: [
      'date',
      'campaign_id',
      'campaign_name',
      'ad_group_id',
      'ad_group_name',
      'keyword',
      'match_type',
      'placement',
    ],
    defaultDimensions: ['campaign_id', 'campaign_name', 'keyword'],
    metrics: [...PERFORMANCE_METRICS, ...DISABLED_METRICS],
    extraColumns: [],
    staffOnly: false,
  },
  PRODUCT_PERFORMANCE_REPORT: {
    label: 'Product performance',
    description: 'Delivery and results of each advertised product (product and category targeting).',
    dimensions: [
      'date',
      'campaign_id',
      'campaign_name',
      'ad_group_id',
      'ad_group_name',
      'product_id',
      'product_name',
      'placement',
    ],
    defaultDimensions: ['campaign_id', 'campaign_name', 'product_id', 'product_name'],
    metrics: [...PERFORMANCE_METRICS, ...DISABLED_METRICS],
    extraColumns: [],
    staffOnly: false,
  },
  BUDGET_UTIL_REPORT: {
    label: 'Budget utilisation',
    description: 'Spend of each campaign against its daily and total budget.',
    dimensions: ['campaign_id', 'campaign_name', 'campaign_status'],
    defaultDimensions: ['campaign_id', 'campaign_name', 'campaign_status'],
    metrics: ['ad_spend'],
    extraColumns: [
      { key: 'daily_budget', label: 'Daily budget (₹)', kind: 'money' },
      { key: 'total_budget', label: 'Total budget (₹)', kind: 'money' },
      { key: 'lifetime_spend', label: 'Lifetime spend (₹)', kind: 'money' },
      { key: 'budget_utilisation', label: 'Budget utilisation (%)', kind: 'percent' },
    ],
    staffOnly: false,
  },
  OPTIMISATION_REPORT: {
    label: 'Optimisation',
    description: 'Keywords to review: spend without orders, low click-through, or room to scale.',
    dimensions: ['campaign_id', 'campaign_name', 'ad_group_name', 'keyword', 'match_type'],
    defaultDimensions: ['campaign_id', 'campaign_name', 'ad_group_name', 'keyword', 'match_type'],
    metrics: ['impressions', 'clicks', 'ctr', 'ad_spend', 'orders', 'roas'],
    extraColumns: [
      { key: 'bid', label: 'Bid (₹)', kind: 'money' },
      { key: 'suggestion', label: 'Suggestion', kind: 'text' },
    ],
    staffOnly: false,
  },
  TARGETING_VALUE_PERF_REPORT: {
    label: 'Targeting value performance',
    description: 'Results by targeting type: keyword, category and product.',
    dimensions: ['targeting_type'],
    defaultDimensions: ['targeting_type'],
    metrics: PERFORMANCE_METRICS,
    extraColumns: [],
    staffOnly: false,
  },
  SKU_PERF_REPORT: {
    label: 'SKU performance',
    description: 'Results of each product (SKU) across all campaigns.',
    dimensions: ['product_id', 'product_name'],
    defaultDimensions: ['product_id', 'product_name'],
    metrics: PERFORMANCE_METRICS,
    extraColumns: [],
    staffOnly: false,
  },
  DAILY_OPS_REPORT: {
    label: 'Daily operations',
    description: 'Each day and advertiser across the marketplace: delivery, spend and sales.',
    dimensions: ['date', 'seller_id', 'seller_name'],
    defaultDimensions: ['date', 'seller_id', 'seller_name'],
    metrics: PERFORMANCE_METRICS,
    extraColumns: [],
    staffOnly: true,
  },
}

// ---------------------------------------------------------------------------------------------
// Messages (spec §5 "Reports", §8) and limits
// ---------------------------------------------------------------------------------------------
export const ReportMessages = {
  required: 'Required Field',
  selectCampaign: 'Select atleast one CAMPAIGN_ID',
  noData: 'No data available',
  downloadFailed: (status: number) => `Failed to download file. Status: ${status}`,
  discard: 'Discarding will permanently delete any changes made to this form',
  emptyRecipients: 'Enter email id for schedule',
  agencyReportReadOnly: 'This report was created by an agency: it can be viewed, not changed.',
  maxDateYesterday: 'The latest date you can choose is yesterday',
  endBeforeStart: 'The end date cannot be before the start date',
  /** Another advertiser's campaign id in a filter (403). */
  foreignCampaign: 'One or more campaigns are not available to you',
} as const

export const REPORT_FREQUENCIES = ['ONCE', 'DAILY', 'WEEKLY', 'MONTHLY'] as const
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number]
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  ONCE: 'Once',
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
}
export const DEFAULT_REPORT_FREQUENCY: ReportFrequency = 'ONCE'

/** spec §5: local part letters, digits, dot, underscore or hyphen; a domain; a 2-4 letter ending. */
export const REPORT_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/
export const REPORT_RECIPIENTS_MAX = 50
export const REPORT_NAME_MAX = 100
/** Filter values per filter (campaign ids of one advertiser). */
export const REPORT_FILTER_VALUES_MAX = 5_000
/** getFilters' shown mode: values per filter at most (decision 066), and a filter search's length. */
export const FILTER_SHOWN_LIMIT_MAX = 200
export const FILTER_FIND_MAX = 100
/** Signed download links live this long (issue 12: minutes). */
export const SIGNED_URL_TTL_MS = 10 * 60 * 1000
/** Links e-mailed with a scheduled run live this long (docs/decisions/038). */
export const SCHEDULED_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** Table page sizes (spec §9: as the user list). */
export const REPORT_PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_REPORT_PAGE_SIZE = 10

// ---------------------------------------------------------------------------------------------
// The report entity (spec §3) — saveAndScheduleReport's body, getSavedReports' rows
// ---------------------------------------------------------------------------------------------
/**
 * Date filter. fromDate is the first day; toDate is sent as the day after the last day (spec §5: "the
 * end is sent as the day after at midnight UTC"), so a CUSTOM 1–7 March sends fromDate 2026-03-01,
 * toDate 2026-03-08. Presets ignore both (null).
 */
export const dateFilterSchema = z.object({
  fromDate: isoDate.nullable(),
  toDate: isoDate.nullable(),
  dateFilterType: z.enum(REPORT_DATE_FILTER_TYPES),
})
export type ReportDateFilter = z.infer<typeof dateFilterSchema>

const fieldMap = z.record(z.string().max(40), z.boolean())
const filterValues = z
  .array(safeText({ max: TEXT_MAX.line, trim: true }))
  .max(REPORT_FILTER_VALUES_MAX)
  .nullable()

export const scheduleDetailsSchema = z.object({
  frequency: z.enum(REPORT_FREQUENCIES),
  startDate: isoDate.nullable(),
  endDate: isoDate.nullable(),
  emailIds: z.array(z.string().max(254)).max(REPORT_RECIPIENTS_MAX),
})
export type ScheduleDetails = z.infer<typeof scheduleDetailsSchema>

/** What a caller sends (saveAndScheduleReport, generateReport, getOpsReport). */
export const reportRequestSchema = z.object({
  /** Blank or absent for a new report (spec §4: "a blank id"). */
  reportEntityId: z.string().max(36).nullable().optional(),
  reportType: z.enum(REPORT_TYPES),
  isRegenerate: z.boolean().default(false),
  isDefault: z.boolean().default(false),
  dateFilter: dateFilterSchema,
  reportMetaData: z
    .object({
      reportName: safeText({ max: REPORT_NAME_MAX, trim: true }).nullable().optional(),
      isSaved: z.boolean().default(true),
    })
    .loose()
    .default({ isSaved: true }),
  dimensionFields: fieldMap.default({}),
  metricFields: fieldMap.default({}),
  /** Any of the five filters (absent or null: not filtered). */
  filters: z.partialRecord(z.enum(REPORT_FILTERS), filterValues).nullable().default(null),
  scheduleDetails: scheduleDetailsSchema.nullable().default(null),
  /** Set by /advanced-reports (spec §2): a report type and at least one CAMPAIGN_ID filter are required. */
  advancedReport: z.boolean().optional(),
})
export type ReportRequest = z.infer<typeof reportRequestSchema>
export type ReportRequestInput = z.input<typeof reportRequestSchema>

/** What the platform answers (getSavedReports rows, saveAndScheduleReport's data). */
export const reportEntitySchema = z.object({
  reportEntityId: z.string(),
  reportType: z.enum(REPORT_TYPES),
  isRegenerate: z.boolean(),
  isDefault: z.boolean(),
  dateFilter: dateFilterSchema,
  reportMetaData: z.object({
    loggedInEmail: z.string(),
    loggedInRole: z.string(),
    sellerId: z.number().int().nullable(),
    reportName: z.string().nullable(),
    gcpReportNamePrefix: z.string().nullable(),
    isSaved: z.boolean(),
    creationDate: instant,
    signedURLs: z.array(z.string()).nullable(),
    urlExpiryTs: instant.nullable(),
    totalNumOfRows: count.nullable(),
  }),
  dimensionFields: z.record(z.string(), z.boolean()),
  metricFields: z.record(z.string(), z.boolean()),
  filters: z.record(z.string(), z.array(z.string()).nullable()).nullable(),
  scheduleDetails: scheduleDetailsSchema.nullable(),
  /** The newest generation: QUEUED, RUNNING, DONE or FAILED (with its error), or null before any. */
  lastRun: z
    .object({
      status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
      at: instant,
      error: z.string().nullable(),
    })
    .nullable(),
  /** The caller may edit and delete it (false: an agency's report seen by a non-agency user). */
  editable: z.boolean(),
})
export type ReportEntity = z.infer<typeof reportEntitySchema>

// ---------------------------------------------------------------------------------------------
// Calls under /ads/adinventory/v1/analytics (all carry userId: the selected advertiser)
// ---------------------------------------------------------------------------------------------
export const ANALYTICS_BASE = '/ads/adinventory'
export const ANALYTICS_PATH = `${ANALYTICS_BASE}/v1/analytics`

export const analyticsUserQuerySchema = z.object({ userId: idParamSchema })

/** GET getDefaultReport: the default-report types (radio list with tooltips) and duration presets. */
export const defaultReportsResponseSchema = z.object({
  reportTypes: z.array(
    z.object({ reportType: z.enum(REPORT_TYPES), label: z.string(), description: z.string() }),
  ),
  dateFilterTypes: z.array(z.object({ value: z.enum(REPORT_DATE_FILTER_TYPES), label: z.string() })),
})
export type DefaultReportsResponse = z.infer<typeof defaultReportsResponseSchema>

/** GET getFilters?userId&reportType: the filter values of the caller's advertiser, and the fields. */
export const filtersQuerySchema = analyticsUserQuerySchema.extend({
  reportType: z.enum(REPORT_TYPES).default('CAMPAIGN_PERFORMANCE_REPORT'),
  /**
   * getFilters' shown mode (decision 066): at most this many values per filter, the chosen ones and then
   * the first that match the filter's search (shownFilterValues), with each filter's `counts`. Without
   * it every value is listed.
   */
  shown: z.coerce.number().int().min(1).max(FILTER_SHOWN_LIMIT_MAX).optional(),
})
/** A filter's search (`find.<FILTER>`) and its chosen values (`chosen.<FILTER>`, repeated) in shown mode. */
export const filterFindSchema = safeText({ max: FILTER_FIND_MAX, trim: true }).default('')
export const filterChosenSchema = z
  .array(safeText({ max: TEXT_MAX.line, trim: true }))
  .max(REPORT_FILTER_VALUES_MAX)
export const filtersResponseSchema = z.object({
  filters: z.object({
    CAMPAIGN_ID: z.array(z.object({ value: z.string(), label: z.string() })),
    CAMPAIGN_STATUS: z.array(z.object({ value: z.string(), label: z.string() })),
    PLACEMENT_CATEGORY: z.array(z.object({ value: z.string(), label: z.string() })),
    TARGETING_TYPE: z.array(z.object({ value: z.string(), label: z.string() })),
    CREATED_BY: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  dimensions: z.array(z.object({ name: z.string(), label: z.string(), default: z.boolean() })),
  metrics: z.array(z.object({ name: z.string(), label: z.string(), disabled: z.boolean() })),
  /** Shown mode only: per filter how many values it has and how many match its search. */
  counts: z
    .record(z.enum(REPORT_FILTERS), z.object({ total: z.number().int(), matched: z.number().int() }))
    .optional(),
})
export type FiltersResponse = z.infer<typeof filtersResponseSchema>
export type FilterValue = { value: string; label: string }

/** Whether a filter value matches a search, lower-cased: its label or its value contains it. */
export const filterValueMatches = (o: FilterValue, query: string) =>
  !query || o.label.toLowerCase().includes(query) || o.value.toLowerCase().includes(query)

/**
 * The values a filter shows (decision 060; getFilters' shown mode, decision 066): every chosen value,
 * then the first values that match the search, `limit` in all, in the list's order. `matches` says
 * whether a value matches (default: filterValueMatches of the lower-cased search); a list already
 * narrowed to matches in SQL passes one that keeps all. Applied to its own answer it gives the same.
 */
export function shownFilterValues<T extends FilterValue>(
  values: readonly T[],
  { limit, find, chosen }: { limit: number; find: string; chosen: ReadonlySet<string> },
  matches: (o: T) => boolean = (o) => filterValueMatches(o, find.toLowerCase()),
): T[] {
  let room = limit - values.filter((o) => chosen.has(o.value)).length
  return values.filter((o) => chosen.has(o.value) || (matches(o) && room-- > 0))
}

/** A table cell: text for dimensions, numbers (rupees / percent / ratio rounded to 2 places) for metrics. */
export const reportCellSchema = z.union([z.string(), z.number(), z.null()])
export const reportTableSchema = z.object({
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'count', 'money', 'percent', 'ratio']),
    }),
  ),
  rows: z.array(z.record(z.string(), reportCellSchema)),
  /** Metric totals over every row of the report (not only the page); dimensions null. */
  totals: z.record(z.string(), reportCellSchema),
  /** The chosen metrics by day over the whole range (the trend chart), days without data as zeros. */
  series: z.array(z.object({ date: isoDate, values: z.record(z.string(), z.number()) })),
  totalNumOfRows: count,
  page: z.number().int().min(1),
  size: z.number().int().min(1),
  totalPages: z.number().int().min(1),
  /** The days the report covers, inclusive. */
  fromDate: isoDate,
  toDate: isoDate,
})
export type ReportTable = z.infer<typeof reportTableSchema>

/** POST generateReport?userId&page&size: the report computed now from the daily rollup (not stored). */
export const pageQuerySchema = analyticsUserQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine(
      (n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n),
      'Page size must be 10, 20, 50 or 100',
    )
    .default(DEFAULT_REPORT_PAGE_SIZE),
})
/** GET getReport?userId&reportEntityId&page&size: a saved report's definition computed now. */
export const getReportQuerySchema = pageQuerySchema.extend({ reportEntityId: z.uuid() })

/**
 * GET getSavedReports?userId: saved and scheduled reports of the advertiser, newest first. With
 * reportEntityId: only that report, also when it is a download-only run (isSaved false), so the
 * download dialog of a report downloaded before it was saved can name it.
 */
export const savedReportsQuerySchema = analyticsUserQuerySchema.extend({
  reportEntityId: z.uuid().optional(),
})
export const savedReportsResponseSchema = z.object({ reports: z.array(reportEntitySchema) })

/** POST saveAndScheduleReport?userId: 201 created / 200 updated, data is the stored entity. */
/** DELETE deleteReport?userId&reportEntityId → data { status: 'success' }. */
export const reportIdQuerySchema = analyticsUserQuerySchema.extend({ reportEntityId: z.uuid() })
export const deleteReportResponseSchema = z.object({ status: z.literal('success') })

/** GET downloadReport?userId&reportEntityId&otp, POST getOpsReport?userId&otp: signed links to the CSV. */
export const otpQuerySchema = z.object({ otp: z.string().regex(/^\d{6}$/, 'Enter a valid otp') })
export const downloadQuerySchema = reportIdQuerySchema.extend(otpQuerySchema.shape)
export const opsReportQuerySchema = analyticsUserQuerySchema.extend(otpQuerySchema.shape)
export const downloadResponseSchema = z.object({
  signedURLs: z.array(z.string()),
  urlExpiryTs: instant,
  totalNumOfRows: count,
  fileName: z.string(),
})
export type DownloadResponse = z.infer<typeof downloadResponseSchema>

/** GET /v1/analytics/file?token: the signed link itself (no session; the token is the permission). */
export const signedFileQuerySchema = z.object({ token: z.string().min(1).max(2048) })

// ---------------------------------------------------------------------------------------------
// Performance ingest: POST /ads/adinventory/v1/facts (machine token), npm run facts:import
// ---------------------------------------------------------------------------------------------
export const FACTS_PATH = `${ANALYTICS_BASE}/v1/facts`
/** CSV header of an ingest file (hour blank for a whole-day row; keyword or product_id per row). */
export const FACT_CSV_HEADER = [
  'date',
  'hour',
  'campaign_id',
  'ad_group_id',
  'keyword',
  'product_id',
  'placement',
  'impressions',
  'clicks',
  'spend',
  'orders',
  'units',
  'sales',
] as const
/** Rows may arrive up to this many days late (issue 12); older days are refused. */
export const FACT_LATE_DAYS = 3
export const FACT_ROWS_MAX = 200_000
export const FACT_BODY_MAX_BYTES = 50 * 1024 * 1024
export const factsResponseSchema = z.object({
  received: count,
  inserted: count,
  updated: count,
  days: z.array(isoDate),
})
export type FactsResponse = z.infer<typeof factsResponseSchema>

// ---------------------------------------------------------------------------------------------
// Keyword metadata (issue 13)
// ---------------------------------------------------------------------------------------------
/** GET /v1/metadata/keyword?productId → data.keywords (no handler yet). */
export const keywordMetadataQuerySchema = z.object({ productId: idParamSchema })
export const keywordMetadataResponseSchema = z.object({ keywords: z.array(z.string()) })
export type KeywordMetadataResponse = z.infer<typeof keywordMetadataResponseSchema>
