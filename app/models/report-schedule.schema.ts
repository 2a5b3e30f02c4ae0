// The Save and Schedule Report form (spec accounts §2 "Save and schedule report", §4 "Reports", §5
// "Reports"): its field names, its values, and the browser-safe checks. No zod and no runtime import of
// the analytics contract (it holds zod): this module is in the form page's browser bundle. The rules
// themselves are platform/rules/reports.ts (the platform applies the same ones to the request).
import {
  cleanRecipients,
  isRecurring,
  type ReportField,
  ReportRuleMessages,
  reportFormProblems,
  scheduleDatesAfterStartChange,
} from '../../platform/rules/reports'
import { checkRules, formRules } from '../utils/form-rules'
import { FORM_FILTERS, readFilterChoices } from './report-form'

/** The contract's REPORT_NAME_MAX (report-schedule test keeps them equal). */
export const REPORT_NAME_MAX_LENGTH = 100

/** The text rules of the form (decision 017): the report name. The other rules are reportFormProblems. */
export const reportNameForm = formRules({
  reportName: {
    kind: 'text',
    required: ReportRuleMessages.required,
    trim: true,
    safe: {},
    // Spaces only are no name: trimmed to '', the same message on both sides.
    minLength: { value: 1, message: ReportRuleMessages.required },
    maxLength: {
      value: REPORT_NAME_MAX_LENGTH,
      message: `Report name must be at most ${REPORT_NAME_MAX_LENGTH} characters`,
    },
  },
})

/** The filters the form offers, in order (the contract's REPORT_FILTERS). */
export { FORM_FILTERS }

/** What the form holds: the page renders it, the action reads it back from a post. */
export type ScheduleFormValues = {
  /** '' for a new report. */
  reportEntityId: string
  reportName: string
  /** '' when none is chosen yet (advanced mode). */
  reportType: string
  frequency: string
  startDate: string
  endDate: string
  /** The schedule start and end as the page last drew them (without JS the server applies §4's rule on submit). */
  startDateWas: string
  endDateWas: string
  dateFilterType: string
  fromDate: string
  /** The LAST day of a custom range (inclusive); the request sends the day after. */
  toDate: string
  dimensions: string[]
  metrics: string[]
  /** The values ticked per filter (a filter without any is absent). */
  filters: Record<string, string[]>
  /**
   * Filters whose every value is chosen without listing them (`all=<FILTER>`, decision 060): a long
   * list's marker. Save stores every value getFilters offers.
   */
  all: string[]
  /** Each long filter's search box (`find.<FILTER>`; '' none). */
  find: Record<string, string>
  emailIds: string[]
  emailSearch: string
}

/** Input names (the Analytics page's Actions link uses the same: reportType, dateFilterType, d, m, filter names). */
export const FIELD = {
  dimensions: 'd',
  metrics: 'm',
  emailIds: 'emailIds',
  emailInput: 'emailInput',
  emailSearch: 'emailSearch',
  emailFile: 'emailFile',
  /** Marks a query or post that is a whole snapshot of the form (an absent checkbox is unticked). */
  snapshot: 'form',
} as const

export const INTENT = {
  save: 'save',
  download: 'download',
  addEmail: 'addEmail',
  removeAll: 'removeAll',
  upload: 'upload',
  search: 'search',
  /** A filter's Find button: the form drawn again with its search applied (decision 060). */
  find: 'find',
  /** `remove:<address>` */
  removePrefix: 'remove:',
} as const

const text = (value: FormDataEntryValue | null | undefined) => (typeof value === 'string' ? value : '')
const texts = (values: FormDataEntryValue[]) => values.filter((v): v is string => typeof v === 'string')

/** Reads the form's values from a post or a query (FormData and URLSearchParams read alike). */
export function readScheduleForm(data: {
  get(name: string): FormDataEntryValue | null
  getAll(name: string): FormDataEntryValue[]
}): ScheduleFormValues {
  const choices = readFilterChoices(data)
  const filters: Record<string, string[]> = {}
  for (const name of FORM_FILTERS) if (choices.filters[name].length) filters[name] = choices.filters[name]
  return {
    reportEntityId: text(data.get('reportEntityId')),
    reportName: text(data.get('reportName')),
    reportType: text(data.get('reportType')),
    frequency: text(data.get('frequency')) || 'ONCE',
    startDate: text(data.get('startDate')),
    endDate: text(data.get('endDate')),
    startDateWas: text(data.get('startDateWas')),
    endDateWas: text(data.get('endDateWas')),
    dateFilterType: text(data.get('dateFilterType')),
    fromDate: text(data.get('fromDate')),
    toDate: text(data.get('toDate')),
    dimensions: [...new Set(texts(data.getAll(FIELD.dimensions)))],
    metrics: [...new Set(texts(data.getAll(FIELD.metrics)))],
    filters,
    all: choices.all,
    find: choices.find,
    emailIds: cleanRecipients(texts(data.getAll(FIELD.emailIds))),
    emailSearch: text(data.get(FIELD.emailSearch)),
  }
}

/**
 * spec §4 on submit (the server's half; with JS the page applies it as the start changes): a start
 * changed since the page drew the form clears the end the page drew (an end typed in the same post is
 * the user's new choice and stays), and a start after the end clears the end.
 */
export function applyStartChange(values: ScheduleFormValues): ScheduleFormValues {
  const start = values.startDate || null
  const end = values.endDate || null
  const endUnchanged = values.endDate === values.endDateWas
  const next = scheduleDatesAfterStartChange(
    { startDate: endUnchanged ? values.startDateWas || null : start, endDate: end },
    start,
  )
  return {
    ...values,
    startDate: next.startDate ?? '',
    endDate: next.endDate ?? '',
    startDateWas: next.startDate ?? '',
    endDateWas: next.endDate ?? '',
  }
}

export type ScheduleErrors = Partial<Record<ReportField | 'emailIds', string>>

/**
 * Every §5 problem of the form (the first of each field), as the browser and the server both check it.
 * A brand-new download-only run needs no name (spec §4: it is not saved).
 */
export function scheduleFormProblems(
  values: ScheduleFormValues,
  options: { advanced: boolean; now: Date; campaignOptions?: number; downloadOnly?: boolean },
): ScheduleErrors {
  const problems: ScheduleErrors = reportFormProblems(
    {
      reportName: values.reportName,
      reportType: values.reportType,
      advancedReport: options.advanced,
      dateFilterType: values.dateFilterType,
      fromDate: values.fromDate,
      toDate: values.toDate,
      frequency: values.frequency,
      startDate: values.startDate,
      endDate: values.endDate,
      // The every-value marker chooses every campaign (there are more than the list shows).
      CAMPAIGN_ID: values.all.includes('CAMPAIGN_ID') ? ['all'] : (values.filters.CAMPAIGN_ID ?? []),
      campaignOptions: options.campaignOptions,
    },
    options.now,
  )
  const named = checkRules(reportNameForm, { reportName: values.reportName || undefined })
  if (named.error?.reportName) problems.reportName = named.error.reportName[0]
  else delete problems.reportName
  if (options.downloadOnly && !values.reportEntityId && !values.reportName.trim()) delete problems.reportName
  return problems
}

/** Adds what was typed to the list if it is a valid address (spec §5: invalid input silently dropped). */
export const addRecipient = (list: readonly string[], typed: string) => cleanRecipients([...list, typed])

/**
 * An uploaded list (spec §5 "CSV of e-mails"): every cell of the file, valid addresses lowercased and
 * de-duplicated, added after the current ones. A header ('email') or any other text is dropped.
 */
export function recipientsFromCsv(list: readonly string[], csv: string): string[] {
  const cells = csv
    .split(/[\r\n,;\t]+/)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter(Boolean)
  return cleanRecipients([...list, ...cells])
}

/** spec §5: search is case-insensitive. */
export const matchesSearch = (address: string, search: string) =>
  address.toLowerCase().includes(search.trim().toLowerCase())

export { isRecurring }
