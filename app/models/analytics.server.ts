// Client of the analytics service (/ads/adinventory/v1/analytics, spec accounts §7) and the loader of
// the analytics page (/analytics, /admin/analytics). Answers are parsed with
// platform/contracts/analytics.ts. Docs/decisions/041.
import type { AppLoadContext } from '@remix-run/node'
import {
  type FiltersResponse,
  filterValueMatches,
  filtersResponseSchema,
  isDisabledMetric,
  REPORT_CATALOGUE,
  REPORT_DATE_FILTER_LABELS,
  REPORT_DATE_FILTER_TYPES,
  REPORT_FILTER_LABELS,
  REPORT_FILTER_VALUES_MAX,
  REPORT_FILTERS,
  type ReportFilter,
  METRICS,
  DIMENSIONS,
  type ReportRequestInput,
  ReportMessages,
  type ReportTable,
  type ReportType,
  reportTableSchema,
  SAVED_REPORT_TYPES,
  shownFilterValues,
} from '../../platform/contracts/analytics'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { istDate } from '../../platform/rules/time'
import type { FieldOption, FilterGroup } from '../components/reports/ReportFields'
import { type CurrentUser, failureMessage } from '../guard.server'
import { ROUTES } from '../route-table'
import {
  customDateErrors,
  type DateErrors,
  FILTER_SHOWN_MAX,
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
    /**
     * getFilters: every value of each filter, or with `shown` only what a form shows of them (the chosen
     * and the first FILTER_SHOWN_MAX that match its search) and how many there are (decision 066).
     */
    filters: (userId: number, reportType: ReportType, shown?: FilterChoicesInput) => {
      const query: Record<string, string | number | readonly string[]> = { userId, reportType }
      if (shown) {
        query.shown = FILTER_SHOWN_MAX
        for (const name of REPORT_FILTERS) {
          if (shown.find[name]) query[`find.${name}`] = shown.find[name]
          if (shown.filters[name]?.length) query[`chosen.${name}`] = shown.filters[name]
        }
      }
      return api.get('/v1/analytics/getFilters', { query, response: filtersResponseSchema })
    },
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

/**
 * What a form chooses in its Filters, as shownFilterGroups and withEveryValue read it: the analytics
 * page's state, or the save-schedule form's values (where a filter without values may be absent).
 */
export type FilterChoicesInput = {
  filters: Partial<Record<ReportFilter, readonly string[]>>
  all: readonly string[]
  find: Partial<Record<ReportFilter, string>>
}

const isReportFilter = (name: string): name is ReportFilter =>
  (REPORT_FILTERS as readonly string[]).includes(name)

/**
 * A report form's Filters (decision 060; the analytics page and the save-schedule form): per filter its
 * chosen values (always) and then the first values that match its search, FILTER_SHOWN_MAX in all, in
 * getFilters' order; with how many there are and match, so the page can say what it does not show. An
 * advertiser's thousands of campaigns were each a checkbox (and again in the page's data): megabytes
 * per page.
 */
export function shownFilterGroups(
  answer: Pick<FiltersResponse, 'filters' | 'counts'> | null,
  state: FilterChoicesInput,
): FilterGroup[] {
  return REPORT_FILTERS.map((name) => {
    const values = answer?.filters[name] ?? []
    const find = state.find[name] ?? ''
    const query = find.toLowerCase()
    const chosen = new Set(state.filters[name] ?? [])
    // getFilters' shown mode sent only these values, and says how many there are (decision 066).
    const counted = answer?.counts?.[name]
    return {
      name,
      label: REPORT_FILTER_LABELS[name],
      options: shownFilterValues(values, { limit: FILTER_SHOWN_MAX, find, chosen }),
      total: counted?.total ?? values.length,
      matched: counted?.matched ?? values.filter((o) => filterValueMatches(o, query)).length,
      find,
      all: state.all.includes(name),
    }
  })
}

/**
 * The filters a report is run or saved with: a filter marked `all` is every value getFilters offers,
 * sent as the list (CAMPAIGN_ID's are the live campaigns, not deleted ones), or as no filter past the
 * contract's REPORT_FILTER_VALUES_MAX (decision 060).
 */
export function withEveryValue<T extends Pick<FilterChoicesInput, 'filters' | 'all'>>(
  state: T,
  filters: FiltersResponse['filters'],
): T {
  const listed: Partial<Record<ReportFilter, string[]>> = {}
  for (const name of state.all.filter(isReportFilter)) {
    const values = filters[name].map((o) => o.value)
    listed[name] = values.length <= REPORT_FILTER_VALUES_MAX ? values : []
  }
  return { ...state, filters: { ...state.filters, ...listed } } as T
}

/**
 * The save-schedule form's every-value markers (decision 060, addendum): only a list longer than the
 * form shows has one. A marked short list is listed instead, every box ticked (as the form did before
 * the cap); a long list whose every value is chosen (a saved report's stored list) becomes the marker.
 */
export function fitEveryValueMarkers<T extends { filters: Record<string, string[]>; all: string[] }>(
  choices: T,
  filters: FiltersResponse['filters'],
): T {
  const next = { ...choices, filters: { ...choices.filters }, all: [] as string[] }
  for (const name of REPORT_FILTERS) {
    const values = filters[name].map((o) => o.value)
    const chosen = new Set(choices.filters[name] ?? [])
    const marked = choices.all.includes(name)
    const everyListed = chosen.size === values.length && values.every((v) => chosen.has(v))
    if (values.length > FILTER_SHOWN_MAX && (marked || everyListed)) {
      next.all.push(name)
      delete next.filters[name]
    } else if (marked && values.length) next.filters[name] = values
  }
  return next
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
  const paging = { page: state.page, size: state.size }
  // One getFilters and (after Generate) one generateReport, in parallel; after getFilters when a filter
  // is marked `all`, whose values the request lists.
  // Only a report run with a filter marked `all` needs every value; otherwise what the form shows.
  const everyValue = run && resolved.all.length > 0
  const filtersCall = api.filters(sellerId, state.reportType, everyValue ? undefined : resolved)
  const reportCall = !run
    ? null
    : !everyValue
      ? api.generate(sellerId, paging, reportRequest(resolved))
      : filtersCall.then((f) =>
          f.ok
            ? api.generate(sellerId, paging, reportRequest(withEveryValue(resolved, f.data.filters)))
            : null,
        )
  const [filtersResult, reportResult] = await Promise.all([filtersCall, reportCall])
  const filterValues = filtersResult.ok ? filtersResult.data : null
  if (apply) {
    // Select all marks the filter `all` (its values stay unlisted); Clear chooses none.
    resolved.filters = { ...resolved.filters, [apply.filter]: [] }
    resolved.all = apply.all
      ? [...new Set([...resolved.all, apply.filter])]
      : resolved.all.filter((f) => f !== apply.filter)
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
      filters: shownFilterGroups(filterValues, resolved),
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
