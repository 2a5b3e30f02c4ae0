// Client of the analytics service (/ads/adinventory/v1/analytics, spec accounts §7) and the loader of
// the analytics page (/analytics, /admin/analytics). Answers are parsed with
// platform/contracts/analytics.ts. Docs/decisions/041.
import type { AppLoadContext } from '@remix-run/node'
import {
  type FiltersResponse,
  filtersResponseSchema,
  isDisabledMetric,
  REPORT_CATALOGUE,
  REPORT_DATE_FILTER_LABELS,
  REPORT_DATE_FILTER_TYPES,
  REPORT_FILTER_LABELS,
  REPORT_FILTERS,
  METRICS,
  DIMENSIONS,
  type ReportRequestInput,
  ReportMessages,
  type ReportTable,
  type ReportType,
  reportTableSchema,
  SAVED_REPORT_TYPES,
} from '../../platform/contracts/analytics'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { istDate } from '../../platform/rules/time'
import type { FieldOption, FilterGroup } from '../components/reports/ReportFields'
import { type CurrentUser, failureMessage } from '../guard.server'
import { ROUTES } from '../route-table'
import {
  customDateErrors,
  type DateErrors,
  maxReportDay,
  parseApply,
  parseReportForm,
  type ReportFormState,
  saveScheduleSearch,
  sentDateFilter,
} from './report-form'
import { createUpstreamClient, transportFor, type UpstreamResult } from './upstream.server'

export function analyticsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  const api = createUpstreamClient(transportFor(context, 'analytics'), {
    token,
    requestId: context.requestId,
  })
  return {
    filters: (userId: number, reportType: ReportType) =>
      api.get('/v1/analytics/getFilters', { query: { userId, reportType }, response: filtersResponseSchema }),
    /** The report computed now from the daily rollup: one page of rows, totals over all, series by day. */
    generate: (userId: number, paging: { page: number; size: number }, body: ReportRequestInput) =>
      api.post('/v1/analytics/generateReport', {
        query: { userId, page: paging.page, size: paging.size },
        json: body,
        response: reportTableSchema,
      }),
  }
}

// ---------------------------------------------------------------------------------------------
// Form options (labels from the contract, sent to the page: its components import no contract values)
// ---------------------------------------------------------------------------------------------

export const reportTypeOptions = (): FieldOption[] =>
  SAVED_REPORT_TYPES.map((type) => ({ value: type, label: REPORT_CATALOGUE[type].label }))

export const dateFilterOptions = (): FieldOption[] =>
  REPORT_DATE_FILTER_TYPES.map((type) => ({ value: type, label: REPORT_DATE_FILTER_LABELS[type] }))

/** A report type's dimensions and metrics (the disabled three marked), and what is chosen by default. */
export function reportFields(reportType: ReportType) {
  const entry = REPORT_CATALOGUE[reportType]
  return {
    dimensions: entry.dimensions.map((name) => ({ value: name, label: DIMENSIONS[name].label })),
    metrics: entry.metrics.map((name) => ({
      value: name,
      label: METRICS[name].label,
      disabled: isDisabledMetric(name),
    })),
    defaultDimensions: [...entry.defaultDimensions] as string[],
    defaultMetrics: entry.metrics.filter((m) => !isDisabledMetric(m)) as string[],
  }
}

/** getFilters' values as the Filters fieldset's groups (every filter, 'No data available' when empty). */
export function filterGroups(filters: FiltersResponse['filters'] | null): FilterGroup[] {
  return REPORT_FILTERS.map((name) => ({
    name,
    label: REPORT_FILTER_LABELS[name],
    options: filters?.[name] ?? [],
  }))
}

/** The generateReport body of a form state (an unsaved run: isSaved false). */
export function reportRequest(
  state: ReportFormState & { dimensions: string[]; metrics: string[] },
): ReportRequestInput {
  // The contract's filter record names every filter (null: not filtered).
  const any = REPORT_FILTERS.some((f) => state.filters[f].length > 0)
  return {
    reportType: state.reportType,
    isRegenerate: false,
    isDefault: false,
    dateFilter: sentDateFilter(state),
    reportMetaData: { isSaved: false },
    dimensionFields: Object.fromEntries(state.dimensions.map((d) => [d, true])),
    metricFields: Object.fromEntries(state.metrics.map((m) => [m, true])),
    filters: any
      ? (Object.fromEntries(
          REPORT_FILTERS.map((f) => [f, state.filters[f].length ? state.filters[f] : null]),
        ) as ReportRequestInput['filters'])
      : null,
  }
}

// ---------------------------------------------------------------------------------------------
// The page's loader
// ---------------------------------------------------------------------------------------------

/** spec §8: the server's message (a 403 for campaigns that are not the caller's too), else the fallback. */
async function messageOf(result: UpstreamResult<unknown>, user: CurrentUser): Promise<string | null> {
  if (result.ok) return null
  if (result.status === 403 && result.message === ReportMessages.foreignCampaign) return result.message
  return failureMessage(result, user.role)
}

export async function loadAnalyticsPage(
  request: Request,
  context: AppLoadContext,
  user: CurrentUser,
  options: { admin: boolean; now?: Date },
) {
  const params = new URL(request.url).searchParams
  const state = parseReportForm(params)
  const apply = parseApply(params)
  const today = istDate(options.now ?? new Date())
  const fields = reportFields(state.reportType)
  // Boxes not chosen yet (a bare URL, another report type): the report type's defaults.
  const known = (
    names: string[] | null,
    allowed: { value: string; disabled?: boolean }[],
    fallback: string[],
  ) => (names === null ? fallback : names.filter((n) => allowed.some((a) => a.value === n && !a.disabled)))
  const resolved = {
    ...state,
    dimensions: known(state.dimensions, fields.dimensions, fields.defaultDimensions),
    metrics: known(state.metrics, fields.metrics, fields.defaultMetrics),
  }
  const dateErrors: DateErrors = state.run ? customDateErrors(state, today, ReportMessages) : {}
  const fieldsError = state.run && resolved.metrics.length === 0 ? ReportMessages.required : null
  const run = state.run && !apply && !dateErrors.fromDate && !dateErrors.toDate && !fieldsError

  const api = analyticsApi(context, user.session.token)
  const sellerId = user.sellerId as number
  // One getFilters and (after Generate) one generateReport, in parallel.
  const [filtersResult, reportResult] = await Promise.all([
    api.filters(sellerId, state.reportType),
    run ? api.generate(sellerId, { page: state.page, size: state.size }, reportRequest(resolved)) : null,
  ])
  const filterValues = filtersResult.ok ? filtersResult.data.filters : null
  if (apply) {
    resolved.filters = {
      ...resolved.filters,
      [apply.filter]: apply.all ? (filterValues?.[apply.filter] ?? []).map((o) => o.value) : [],
    }
    resolved.run = false
  }
  const error =
    (await messageOf(filtersResult, user)) ?? (reportResult ? await messageOf(reportResult, user) : null)
  const report: ReportTable | null = reportResult?.ok ? reportResult.data : null

  const routes = options.admin
    ? {
        base: ROUTES.adminAnalytics.path,
        save: ROUTES.adminSaveScheduleReport.path,
        saved: ROUTES.adminSavedReports.path,
      }
    : { base: ROUTES.analytics.path, save: ROUTES.saveScheduleReport.path, saved: ROUTES.savedReports.path }
  return {
    state: { ...resolved, run: resolved.run && run },
    options: {
      reportTypes: reportTypeOptions(),
      dateFilters: dateFilterOptions(),
      dimensions: fields.dimensions,
      metrics: fields.metrics,
      filters: filterGroups(filterValues),
      maxDate: maxReportDay(today),
    },
    errors: { dates: dateErrors, fields: fieldsError },
    report,
    error: error ? error || SOMETHING_WENT_WRONG : null,
    links: {
      base: routes.base,
      saveSchedule: routes.save + saveScheduleSearch(resolved),
      savedReports: routes.saved,
      advancedReports: ROUTES.advancedReports.path,
    },
  }
}

export type AnalyticsPageData = Awaited<ReturnType<typeof loadAnalyticsPage>>
