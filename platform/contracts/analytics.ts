// Shapes of the analytics calls under /adinventory/v1/analytics and of the keyword-metadata calls
// (spec accounts §3, §7). No handler yet: the analytics and bulk-upload issues start from these.
import { z } from 'zod/v4'
import { count, idParamSchema, instant, isoDate } from './inventory'

// ---------------------------------------------------------------------------------------------
// Analytics under /adinventory/v1/analytics and keyword metadata (spec accounts §3, §7; no handler yet)
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
/** Report date filters: the list's presets without TODAY (spec accounts §3). */
export const REPORT_DATE_FILTER_TYPES = ['LAST_1D', 'LAST_7D', 'LAST_30D', 'CURRENT_MONTH', 'CUSTOM'] as const
export const REPORT_FILTERS = [
  'CAMPAIGN_ID',
  'CAMPAIGN_STATUS',
  'PLACEMENT_CATEGORY',
  'TARGETING_TYPE',
  'CREATED_BY',
] as const

/** spec accounts §3 "Report entity" (no handler yet): saveAndScheduleReport's body, getSavedReports' rows. */
export const reportEntitySchema = z.object({
  reportEntityId: z.string().nullable().optional(),
  reportType: z.enum(REPORT_TYPES),
  isRegenerate: z.boolean(),
  isDefault: z.boolean(),
  dateFilter: z.object({
    fromDate: isoDate.nullable(),
    toDate: isoDate.nullable(),
    dateFilterType: z.enum(REPORT_DATE_FILTER_TYPES),
  }),
  reportMetaData: z.object({
    loggedInEmail: z.string(),
    loggedInRole: z.string(),
    sellerId: z.number().int().nullable(),
    reportName: z.string(),
    gcpReportNamePrefix: z.string().nullable(),
    isSaved: z.boolean(),
    creationDate: instant.nullable(),
    signedURLs: z.array(z.string()).nullable(),
    urlExpiryTs: instant.nullable(),
    totalNumOfRows: count.nullable(),
  }),
  dimensionFields: z.record(z.string(), z.boolean()),
  metricFields: z.record(z.string(), z.boolean()),
  filters: z.record(z.string(), z.array(z.string()).nullable()),
  scheduleDetails: z
    .object({
      /** Uppercase, e.g. DAILY, WEEKLY, MONTHLY. */
      frequency: z.string(),
      startDate: isoDate,
      endDate: isoDate.nullable(),
      emailIds: z.array(z.string()),
    })
    .nullable(),
})
export type ReportEntity = z.infer<typeof reportEntitySchema>

/** GET /v1/metadata/keyword?productId → data.keywords (no handler yet). */
export const keywordMetadataQuerySchema = z.object({ productId: idParamSchema })
export const keywordMetadataResponseSchema = z.object({ keywords: z.array(z.string()) })
export type KeywordMetadataResponse = z.infer<typeof keywordMetadataResponseSchema>
