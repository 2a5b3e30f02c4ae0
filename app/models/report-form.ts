// The report form's state as a URL (the analytics page is a GET form: a report can be bookmarked,
// shared and paged without JavaScript) and the date rules of spec accounts §5 "Reports": the maximum
// date is yesterday, the end cannot be before the start, and the end is SENT as the day after the last
// day (the form shows the inclusive last day). Docs/decisions/041.
//
// Shared by loaders, pages and the save-schedule form, so no `.server` and no zod: the allowed values
// are copies of the contract's (platform/contracts/analytics.ts), checked equal by report-form.test.ts;
// importing the contract's values here would put zod into every page that draws the form.
import type {
  ReportDateFilter,
  ReportDateFilterType,
  ReportFilter,
  ReportType,
} from '../../platform/contracts/analytics'

export const FORM_REPORT_TYPES = [
  'CAMPAIGN_PERFORMANCE_REPORT',
  'KEYWORD_PERFORMANCE_REPORT',
  'PRODUCT_PERFORMANCE_REPORT',
] as const satisfies readonly ReportType[]
export type FormReportType = (typeof FORM_REPORT_TYPES)[number]
export const DEFAULT_FORM_REPORT_TYPE: FormReportType = 'CAMPAIGN_PERFORMANCE_REPORT'

export const FORM_DATE_FILTER_TYPES = [
  'LAST_1D',
  'LAST_7D',
  'LAST_30D',
  'CURRENT_MONTH',
  'CUSTOM',
] as const satisfies readonly ReportDateFilterType[]
export const DEFAULT_FORM_DATE_FILTER: ReportDateFilterType = 'LAST_1D'

export const FORM_FILTERS = [
  'CAMPAIGN_ID',
  'CAMPAIGN_STATUS',
  'PLACEMENT_CATEGORY',
  'TARGETING_TYPE',
  'CREATED_BY',
] as const satisfies readonly ReportFilter[]

export const FORM_PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_FORM_PAGE_SIZE = 10

/** Query parameter names: dimensions and metrics are repeated `d` and `m`; filters use their own names. */
export const PARAM = {
  reportType: 'reportType',
  dateFilterType: 'dateFilterType',
  fromDate: 'fromDate',
  toDate: 'toDate',
  dimension: 'd',
  metric: 'm',
  page: 'page',
  size: 'size',
  /** Present when Generate was pressed (the page then shows the report). */
  run: 'run',
  /** The report type the Fields were drawn for: another type chosen since takes its own default dimensions. */
  fieldsFor: 'fieldsFor',
  /** A no-JS Select all / Clear button: `CAMPAIGN_ID:all`, `CAMPAIGN_ID:none`. */
  apply: 'apply',
  /** Repeated: a filter whose every value is chosen, without listing them (`all=CAMPAIGN_ID`). */
  all: 'all',
} as const

/** The search box of a filter's values: `find.CAMPAIGN_ID=jack` (decision 060). */
export const findParam = (filter: ReportFilter) => `find.${filter}`

/**
 * A filter shows at most this many values as checkboxes (its chosen ones always, then the first that
 * match its search); the others are found with the search box or chosen all at once (decision 060).
 */
export const FILTER_SHOWN_MAX = 50
const FIND_MAX_LENGTH = 100

/** Filter values of one filter, at most (the contract's REPORT_FILTER_VALUES_MAX). */
const FILTER_VALUES_MAX = 5000
const VALUE_MAX_LENGTH = 200
const NAME_PATTERN = /^[a-z_]{1,40}$/
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

export type ReportFormState = {
  reportType: FormReportType
  dateFilterType: ReportDateFilterType
  /** The first day (CUSTOM only), as typed; '' when none. */
  fromDate: string
  /** The LAST day shown, inclusive (CUSTOM only); the request sends the day after (sentDateFilter). */
  toDate: string
  /** Chosen dimensions and metrics; null: not chosen yet, the report type's defaults apply. */
  dimensions: string[] | null
  metrics: string[] | null
  /** Chosen values per filter; an empty list means no filter (all). */
  filters: Record<ReportFilter, string[]>
  /** Filters whose every value is chosen (`all=`): their values are not listed in `filters`. */
  all: ReportFilter[]
  /** What each filter's search box holds ('' none). */
  find: Record<ReportFilter, string>
  page: number
  size: number
  /** Generate was pressed: the page computes and shows the report. */
  run: boolean
}

const emptyFilters = (): Record<ReportFilter, string[]> => ({
  CAMPAIGN_ID: [],
  CAMPAIGN_STATUS: [],
  PLACEMENT_CATEGORY: [],
  TARGETING_TYPE: [],
  CREATED_BY: [],
})

export function defaultReportForm(): ReportFormState {
  return {
    reportType: DEFAULT_FORM_REPORT_TYPE,
    dateFilterType: DEFAULT_FORM_DATE_FILTER,
    fromDate: '',
    toDate: '',
    dimensions: null,
    metrics: null,
    filters: emptyFilters(),
    all: [],
    find: {
      CAMPAIGN_ID: '',
      CAMPAIGN_STATUS: '',
      PLACEMENT_CATEGORY: '',
      TARGETING_TYPE: '',
      CREATED_BY: '',
    },
    page: 1,
    size: DEFAULT_FORM_PAGE_SIZE,
    run: false,
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

/**
 * Reads the form's state from a URL's query. Never throws: an unknown report type or date type is its
 * default, a malformed name is dropped, a bad page or size is 1 or 10. Dates are kept as typed (the
 * loader reports a bad one at its field, so the form shows what the user typed).
 */
export function parseReportForm(params: URLSearchParams): ReportFormState {
  const state = defaultReportForm()
  state.reportType = oneOf(FORM_REPORT_TYPES, params.get(PARAM.reportType), DEFAULT_FORM_REPORT_TYPE)
  state.dateFilterType = oneOf(
    FORM_DATE_FILTER_TYPES,
    params.get(PARAM.dateFilterType),
    DEFAULT_FORM_DATE_FILTER,
  )
  if (state.dateFilterType === 'CUSTOM') {
    state.fromDate = (params.get(PARAM.fromDate) ?? '').trim().slice(0, 10)
    state.toDate = (params.get(PARAM.toDate) ?? '').trim().slice(0, 10)
  }
  // The form was submitted (its report type select is always sent): the boxes as sent, even none.
  const submitted = params.has(PARAM.reportType)
  const names = (key: string) => unique(params.getAll(key).filter((n) => NAME_PATTERN.test(n)))
  const fieldsFor = params.get(PARAM.fieldsFor)
  const typeChanged = fieldsFor !== null && fieldsFor !== state.reportType
  state.dimensions = submitted && !typeChanged ? names(PARAM.dimension) : null
  state.metrics = submitted ? names(PARAM.metric) : null
  Object.assign(state, readFilterChoices(params))
  const page = Number(params.get(PARAM.page) ?? '1')
  state.page = Number.isSafeInteger(page) && page >= 1 ? page : 1
  const size = Number(params.get(PARAM.size) ?? DEFAULT_FORM_PAGE_SIZE)
  state.size = (FORM_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_FORM_PAGE_SIZE
  state.run = params.has(PARAM.run)
  return state
}

/** What a report form chooses in its Filters: the values ticked, the every-value markers, the searches. */
export type FilterChoices = Pick<ReportFormState, 'filters' | 'all' | 'find'>

/** A query or a post (URLSearchParams and FormData read alike; a file is not a value). */
type FormLike = { get(name: string): unknown; getAll(name: string): unknown[] }
const textsOf = (values: unknown[]) => values.filter((v): v is string => typeof v === 'string')

/**
 * The Filters of a submitted report form (the analytics page's GET, the save-schedule form's post or
 * snapshot; decision 060): each filter's values (trimmed, unique, malformed ones dropped), `all=<FILTER>`
 * markers and `find.<FILTER>` searches. A marked filter's values are not kept: the marker stands for them
 * (the shown boxes are sent beside it).
 */
export function readFilterChoices(params: FormLike): FilterChoices {
  const choices: FilterChoices = { filters: emptyFilters(), all: [], find: defaultReportForm().find }
  for (const filter of FORM_FILTERS) {
    choices.filters[filter] = unique(
      textsOf(params.getAll(filter))
        .map((v) => v.trim())
        .filter((v) => v.length > 0 && v.length <= VALUE_MAX_LENGTH),
    ).slice(0, FILTER_VALUES_MAX)
    const find = params.get(findParam(filter))
    choices.find[filter] = (typeof find === 'string' ? find : '').trim().slice(0, FIND_MAX_LENGTH)
  }
  const marked = textsOf(params.getAll(PARAM.all))
  choices.all = FORM_FILTERS.filter((filter) => marked.includes(filter))
  for (const filter of choices.all) choices.filters[filter] = []
  return choices
}

/** A no-JS Select all / Clear (`apply=CAMPAIGN_ID:all`): the filter and what to do, or null. */
export function parseApply(params: URLSearchParams): { filter: ReportFilter; all: boolean } | null {
  const [filter, what] = (params.get(PARAM.apply) ?? '').split(':')
  if (!filter || !(FORM_FILTERS as readonly string[]).includes(filter)) return null
  if (what !== 'all' && what !== 'none') return null
  return { filter: filter as ReportFilter, all: what === 'all' }
}

/**
 * The state's query parameters as [name, value] pairs, in a fixed order; defaults are left out except
 * the report type (its presence says the form was submitted). `page` is left out on page 1.
 */
export function reportParams(state: ReportFormState, options: { paging?: boolean } = {}): [string, string][] {
  const pairs: [string, string][] = [[PARAM.reportType, state.reportType]]
  pairs.push([PARAM.dateFilterType, state.dateFilterType])
  if (state.dateFilterType === 'CUSTOM') {
    pairs.push([PARAM.fromDate, state.fromDate], [PARAM.toDate, state.toDate])
  }
  for (const d of state.dimensions ?? []) pairs.push([PARAM.dimension, d])
  for (const m of state.metrics ?? []) pairs.push([PARAM.metric, m])
  for (const filter of FORM_FILTERS) for (const v of state.filters[filter]) pairs.push([filter, v])
  for (const filter of state.all) pairs.push([PARAM.all, filter])
  for (const filter of FORM_FILTERS)
    if (state.find[filter]) pairs.push([findParam(filter), state.find[filter]])
  if (options.paging !== false) {
    if (state.size !== DEFAULT_FORM_PAGE_SIZE) pairs.push([PARAM.size, String(state.size)])
    if (state.page !== 1) pairs.push([PARAM.page, String(state.page)])
  }
  if (state.run) pairs.push([PARAM.run, '1'])
  return pairs
}

/** '?…' of a state, with `changes` applied (a page link, another size). */
export function reportSearch(state: ReportFormState, changes: Partial<ReportFormState> = {}): string {
  const query = new URLSearchParams(reportParams({ ...state, ...changes })).toString()
  return query ? `?${query}` : ''
}

/**
 * What the save-schedule form is opened with from the analytics page's Actions menu:
 * `?reportType=…&dateFilterType=…[&fromDate&toDate (inclusive, as shown)]&d=…&m=…&CAMPAIGN_ID=…[&all=…]`.
 */
export function saveScheduleSearch(state: ReportFormState): string {
  const pairs = reportParams({ ...state, run: false, find: defaultReportForm().find }, { paging: false })
  return `?${new URLSearchParams(pairs).toString()}`
}

// ---------------------------------------------------------------------------------------------
// Days (plain UTC calendar arithmetic on 'YYYY-MM-DD': no date library in the browser bundle)
// ---------------------------------------------------------------------------------------------

/** True for a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false
  const at = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value
}

/** The calendar day `n` days after `day` (negative: before). */
export function shiftDay(day: string, n: number): string {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + n)
  return at.toISOString().slice(0, 10)
}

/** The latest day a report may end on: yesterday (spec §9 "The report maximum date is yesterday"). */
export const maxReportDay = (today: string) => shiftDay(today, -1)

/**
 * The date filter a request sends (spec §5): a preset sends only its type; CUSTOM sends the first day
 * and the day AFTER the last one shown (1–7 March sends 2026-03-01 and 2026-03-08).
 */
export function sentDateFilter(form: {
  dateFilterType: ReportDateFilterType
  fromDate: string
  toDate: string
}): ReportDateFilter {
  if (form.dateFilterType !== 'CUSTOM') {
    return { dateFilterType: form.dateFilterType, fromDate: null, toDate: null }
  }
  return { dateFilterType: 'CUSTOM', fromDate: form.fromDate, toDate: shiftDay(form.toDate, 1) }
}

/** The inverse for a stored filter (a saved report opened in the form): the inclusive last day. */
export function shownDateFilter(filter: ReportDateFilter): {
  dateFilterType: ReportDateFilterType
  fromDate: string
  toDate: string
} {
  if (filter.dateFilterType !== 'CUSTOM') {
    return { dateFilterType: filter.dateFilterType, fromDate: '', toDate: '' }
  }
  return {
    dateFilterType: 'CUSTOM',
    fromDate: filter.fromDate ?? '',
    toDate: filter.toDate ? shiftDay(filter.toDate, -1) : '',
  }
}

export type DateErrors = { fromDate?: string; toDate?: string }

/**
 * The custom range's field errors, with spec §5's words: a missing or invalid day is 'Required Field',
 * a day after yesterday 'The latest date you can choose is yesterday', an end before the start 'The
 * end date cannot be before the start date'. Presets have none. Messages are passed in (the contract's
 * ReportMessages) so this module stays free of the contract's values.
 */
export function customDateErrors(
  form: { dateFilterType: ReportDateFilterType; fromDate: string; toDate: string },
  today: string,
  messages: { required: string; maxDateYesterday: string; endBeforeStart: string },
): DateErrors {
  if (form.dateFilterType !== 'CUSTOM') return {}
  const errors: DateErrors = {}
  const max = maxReportDay(today)
  for (const key of ['fromDate', 'toDate'] as const) {
    const day = form[key]
    if (!isDay(day)) errors[key] = messages.required
    else if (day > max) errors[key] = messages.maxDateYesterday
  }
  if (!errors.fromDate && !errors.toDate && form.toDate < form.fromDate)
    errors.toDate = messages.endBeforeStart
  return errors
}

// ---------------------------------------------------------------------------------------------
// Figures (spec §9 "Analytics decimals shown to 2 places")
// ---------------------------------------------------------------------------------------------

const twoPlaces = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const wholeNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })

/**
 * A table or chart figure: counts whole with Indian grouping (12,345), money, percent and ratio with
 * 2 decimals (1,23,456.78); text as it is; null as ''.
 */
export function formatFigure(value: string | number | null | undefined, kind: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  return kind === 'count' ? wholeNumber.format(value) : twoPlaces.format(value)
}
