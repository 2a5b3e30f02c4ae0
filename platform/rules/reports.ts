// Reports (spec accounts §4 "Reports", §5 "Reports"): the save-and-schedule form's rules with their
// messages word for word, the e-mail recipient rule, and the isRegenerate / isSaved / schedule-date
// rules of §4. Pure and browser-safe: no zod and no runtime import of the contract (which holds zod),
// so the console's form can check the same rules in the browser. The platform applies them to a parsed
// request through `reportRequestProblems` (and ./reports-schema.ts wraps that as a zod refinement).
// Decision 040.
import type {
  ReportDateFilter,
  ReportFrequency,
  ReportRequest,
  ScheduleDetails,
} from '../contracts/analytics'
import { addDays, isCalendarDate, istDate } from './time'

/**
 * The messages of these rules. The first four are the contract's `ReportMessages` (reports.test.ts
 * checks they stay equal); they are repeated here so this module stays free of zod.
 */
export const ReportRuleMessages = {
  required: 'Required Field',
  selectCampaign: 'Select atleast one CAMPAIGN_ID',
  noData: 'No data available',
  maxDateYesterday: 'The latest date you can choose is yesterday',
  endBeforeStart: 'The end date cannot be before the start date',
  /** A date that is not a real calendar day (2026-02-30); the contract's isoDate message. */
  invalidDate: 'Enter a valid date',
} as const

/** spec §5: local part letters, digits, dot, underscore or hyphen; a domain; a 2-4 letter ending. */
export const REPORT_EMAIL_SOURCE = '[A-Za-z0-9._-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,4}'
const EMAIL = new RegExp(`^${REPORT_EMAIL_SOURCE}$`)
/** RFC 5321's cap on an address. */
const EMAIL_MAX = 254

/** Whether `text` (surrounding spaces ignored) is an address the recipient list takes. */
export function isReportEmail(text: string): boolean {
  const value = text.trim()
  return value.length <= EMAIL_MAX && EMAIL.test(value)
}

/**
 * spec §5: the recipient list keeps valid addresses only (invalid input is dropped silently),
 * lowercased and de-duplicated, in the order first seen.
 */
export function cleanRecipients(list: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const entry of list) {
    if (typeof entry !== 'string' || !isReportEmail(entry)) continue
    seen.add(entry.trim().toLowerCase())
  }
  return [...seen]
}

/**
 * The fields of the save-and-schedule form, named as the form names its inputs (and as field errors
 * are keyed by both the console and the platform's 400). Dates are 'YYYY-MM-DD'; `toDate` is the LAST
 * day of a custom range (inclusive), as the user picks it — the request sends the day after
 * (`requestDates` / `formDates` convert).
 */
export type ReportFormInput = {
  reportName?: string | null
  reportType?: string | null
  /** /advanced-reports (spec §2): a report type and at least one CAMPAIGN_ID are required. */
  advancedReport?: boolean
  dateFilterType?: string | null
  fromDate?: string | null
  toDate?: string | null
  frequency?: string | null
  startDate?: string | null
  endDate?: string | null
  /** The chosen CAMPAIGN_ID filter values. */
  CAMPAIGN_ID?: readonly string[] | null
  /** How many campaigns the filter offers (0: 'No data available'); unknown when absent. */
  campaignOptions?: number
}

export type ReportField =
  | 'reportName'
  | 'reportType'
  | 'dateFilterType'
  | 'fromDate'
  | 'toDate'
  | 'frequency'
  | 'startDate'
  | 'endDate'
  | 'CAMPAIGN_ID'

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === ''

/** The report's latest allowed day (spec §9: yesterday, IST). */
export const reportMaxDate = (now: Date) => addDays(istDate(now), -1)

/**
 * The first problem of each field (empty when the form is valid), spec §5 "Reports":
 * - report name required;
 * - date range required: a type; CUSTOM needs from and to dates (a start without an end fails), the
 *   latest day is yesterday and the end may not be before the start;
 * - advanced mode needs a report type and at least one CAMPAIGN_ID ('Select atleast one CAMPAIGN_ID';
 *   'No data available' when the filter offers no campaign);
 * - a frequency other than ONCE needs schedule start and end dates (the end not before the start).
 * All 'Required Field' unless noted.
 */
export function reportFormProblems(input: ReportFormInput, now: Date): Partial<Record<ReportField, string>> {
  const problems: Partial<Record<ReportField, string>> = {}
  const M = ReportRuleMessages
  if (blank(input.reportName)) problems.reportName = M.required
  if (input.advancedReport && blank(input.reportType)) problems.reportType = M.required

  if (blank(input.dateFilterType)) problems.dateFilterType = M.required
  else if (input.dateFilterType === 'CUSTOM') {
    const max = reportMaxDate(now)
    const from = dateProblem(input.fromDate)
    const to = dateProblem(input.toDate)
    if (from) problems.fromDate = from
    else if ((input.fromDate as string) > max) problems.fromDate = M.maxDateYesterday
    if (to) problems.toDate = to
    else if ((input.toDate as string) > max) problems.toDate = M.maxDateYesterday
    else if (!from && (input.toDate as string) < (input.fromDate as string))
      problems.toDate = M.endBeforeStart
  }

  if (input.advancedReport && (input.CAMPAIGN_ID ?? []).filter((id) => !blank(id)).length === 0)
    problems.CAMPAIGN_ID = input.campaignOptions === 0 ? M.noData : M.selectCampaign

  const frequency = blank(input.frequency) ? 'ONCE' : input.frequency
  const start = blank(input.startDate) ? null : dateProblem(input.startDate)
  const end = blank(input.endDate) ? null : dateProblem(input.endDate)
  if (start) problems.startDate = start
  if (end) problems.endDate = end
  if (frequency !== 'ONCE') {
    if (blank(input.startDate)) problems.startDate = M.required
    if (blank(input.endDate)) problems.endDate = M.required
  }
  if (!problems.startDate && !problems.endDate && !blank(input.startDate) && !blank(input.endDate)) {
    if ((input.endDate as string) < (input.startDate as string)) problems.endDate = M.endBeforeStart
  }
  return problems
}

function dateProblem(value: string | null | undefined): string | undefined {
  if (blank(value)) return ReportRuleMessages.required
  return isCalendarDate((value as string).trim()) ? undefined : ReportRuleMessages.invalidDate
}

/**
 * The request's date filter from the form's days: a CUSTOM range sends the day after its last day as
 * toDate (spec §5); presets send no dates.
 */
export function requestDates(form: {
  dateFilterType: ReportDateFilter['dateFilterType']
  fromDate?: string | null
  toDate?: string | null
}): ReportDateFilter {
  if (form.dateFilterType !== 'CUSTOM')
    return { dateFilterType: form.dateFilterType, fromDate: null, toDate: null }
  return {
    dateFilterType: 'CUSTOM',
    fromDate: form.fromDate || null,
    toDate: form.toDate && isCalendarDate(form.toDate) ? addDays(form.toDate, 1) : form.toDate || null,
  }
}

/** The form's days from a request's date filter (toDate back to the last day, inclusive). */
export function formDates(filter: ReportDateFilter): { fromDate: string | null; toDate: string | null } {
  if (filter.dateFilterType !== 'CUSTOM') return { fromDate: null, toDate: null }
  return {
    fromDate: filter.fromDate,
    toDate: filter.toDate && isCalendarDate(filter.toDate) ? addDays(filter.toDate, -1) : filter.toDate,
  }
}

/** The form's view of a parsed request (what the platform checks with `reportFormProblems`). */
export function requestFormInput(request: ReportRequest): ReportFormInput {
  const dates = formDates(request.dateFilter)
  return {
    reportName: request.reportMetaData?.reportName ?? null,
    reportType: request.reportType,
    advancedReport: request.advancedReport === true,
    dateFilterType: request.dateFilter.dateFilterType,
    fromDate: dates.fromDate,
    toDate: dates.toDate,
    frequency: request.scheduleDetails?.frequency ?? 'ONCE',
    startDate: request.scheduleDetails?.startDate ?? null,
    endDate: request.scheduleDetails?.endDate ?? null,
    CAMPAIGN_ID: request.filters?.CAMPAIGN_ID ?? null,
  }
}

/**
 * The rules applied to a request (saveAndScheduleReport). A download-only run of a brand-new report
 * (isSaved false) needs no name: the rules of the name apply to what is saved.
 */
export function reportRequestProblems(
  request: ReportRequest,
  now: Date,
  options: { campaignOptions?: number } = {},
): Partial<Record<ReportField, string>> {
  const input = { ...requestFormInput(request), campaignOptions: options.campaignOptions }
  const problems = reportFormProblems(input, now)
  if (request.reportMetaData?.isSaved === false) delete problems.reportName
  return problems
}

/** What isRegenerate compares: the parts of a report that change its figures or its runs (spec §4). */
export type ReportDefinition = {
  dateFilter: ReportDateFilter
  scheduleDetails: Pick<ScheduleDetails, 'frequency' | 'startDate' | 'endDate'> | null
  dimensionFields: Record<string, boolean>
  metricFields: Record<string, boolean>
  filters: Record<string, readonly string[] | null> | null
}

const chosen = (fields: Record<string, boolean>) =>
  Object.keys(fields)
    .filter((name) => fields[name])
    .sort()
    .join('\u0000')

const filterKey = (filters: ReportDefinition['filters']) =>
  Object.keys(filters ?? {})
    .filter((name) => (filters?.[name] ?? []).length > 0)
    .sort()
    .map((name) => `${name}=${[...(filters?.[name] ?? [])].sort().join('\u0001')}`)
    .join('\u0000')

const scheduleKey = (schedule: ReportDefinition['scheduleDetails']) =>
  [schedule?.frequency ?? 'ONCE', schedule?.startDate ?? '', schedule?.endDate ?? ''].join('|')

const datesKey = (filter: ReportDateFilter) =>
  filter.dateFilterType === 'CUSTOM'
    ? `CUSTOM|${filter.fromDate ?? ''}|${filter.toDate ?? ''}`
    : filter.dateFilterType

/**
 * spec §4: a new report (no existing one) is regenerated; an existing one only if its dates,
 * schedule, frequency, dimensions, metrics or filters changed (not its name or recipients). Fields
 * are compared as the set chosen (a false entry is no entry), filters as sets of values.
 */
export function isRegenerateFor(
  existing: ReportDefinition | null | undefined,
  next: ReportDefinition,
): boolean {
  if (!existing) return true
  return (
    datesKey(existing.dateFilter) !== datesKey(next.dateFilter) ||
    scheduleKey(existing.scheduleDetails) !== scheduleKey(next.scheduleDetails) ||
    chosen(existing.dimensionFields) !== chosen(next.dimensionFields) ||
    chosen(existing.metricFields) !== chosen(next.metricFields) ||
    filterKey(existing.filters) !== filterKey(next.filters)
  )
}

/** spec §4: isSaved is true unless it is a brand-new download-only run. */
export function isSavedFor({ isNew, downloadOnly }: { isNew: boolean; downloadOnly: boolean }): boolean {
  return !(isNew && downloadOnly)
}

/**
 * spec §4: changing the schedule start date clears the end date, and a start after the end clears
 * the end date.
 */
export function scheduleDatesAfterStartChange(
  current: { startDate: string | null; endDate: string | null },
  startDate: string | null,
): { startDate: string | null; endDate: string | null } {
  if (startDate !== current.startDate) return { startDate, endDate: null }
  if (startDate && current.endDate && startDate > current.endDate) return { startDate, endDate: null }
  return { startDate, endDate: current.endDate }
}

/** Whether a frequency repeats (needs schedule start and end dates). */
export const isRecurring = (frequency: ReportFrequency | string | null | undefined) =>
  !!frequency && frequency !== 'ONCE'
