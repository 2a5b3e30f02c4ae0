// The Save and Schedule Report page (spec accounts §2, §4 "Reports", §5 "Reports"; decision 042): its
// client of the analytics calls (getFilters, getSavedReports, saveAndScheduleReport), its loader (a new
// report, an edit of a saved one, or one prefilled from the Analytics page's query) and its action
// (the recipient-list intents that work without JavaScript, Save and Download), and the Discard dialog.
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  redirect,
} from '@remix-run/node'
import {
  DEFAULT_REPORT_DATE_FILTER,
  DEFAULT_REPORT_FREQUENCY,
  isDisabledMetric,
  METRICS,
  DIMENSIONS,
  REPORT_CATALOGUE,
  REPORT_DATE_FILTER_LABELS,
  REPORT_DATE_FILTER_TYPES,
  REPORT_FILTER_VALUES_MAX,
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  REPORT_RECIPIENTS_MAX,
  type FiltersResponse,
  type ReportEntity,
  type ReportFrequency,
  type ReportRequestInput,
  type ReportType,
  ReportMessages,
  reportEntitySchema,
  SAVED_REPORT_TYPES,
} from '../../platform/contracts/analytics'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import {
  formDates,
  isRegenerateFor,
  isSavedFor,
  type ReportDefinition,
  REPORT_EMAIL_SOURCE,
  reportMaxDate,
  ReportRuleMessages,
  requestDates,
} from '../../platform/rules/reports'
import { routePrefix } from '../../platform/rules/roles'
import { redirectWithFlash } from '../flash.server'
import { type CurrentUser, failureMessage, type GuardOptions, requireUser } from '../guard.server'
import {
  addRecipient,
  applyStartChange,
  FIELD,
  FORM_FILTERS,
  INTENT,
  readScheduleForm,
  recipientsFromCsv,
  type ScheduleErrors,
  type ScheduleFormValues,
  scheduleFormProblems,
} from './report-schedule.schema'
import type { FilterGroup } from '../components/reports/ReportFields'
import type { SaveScheduleAnswer } from '../components/reports/SaveScheduleForm'
import { PARAM, readFilterChoices } from './report-form'
import { analyticsApi, fitEveryValueMarkers, shownFilterGroups, withEveryValue } from './analytics.server'
import { savedReportsApi } from './saved-reports.server'
import { createUpstreamClient, transportFor } from './upstream.server'
import { readFormWithFile } from '../utils/read-form.server'

type Context = Pick<AppLoadContext, 'platformFetch' | 'requestId'>

/** The calls of this form: the analytics page's getFilters, the saved list's getSavedReports, and the save. */
export function reportScheduleApi(context: Context, token: string) {
  const api = createUpstreamClient(transportFor(context, 'analytics'), {
    token,
    requestId: context.requestId,
  })
  return {
    filters: analyticsApi(context, token).filters,
    savedReports: savedReportsApi(context, token).savedReports,
    save: (userId: number, body: ReportRequestInput) =>
      api.post('/v1/analytics/saveAndScheduleReport', {
        query: { userId },
        json: body,
        response: reportEntitySchema,
      }),
  }
}

// ---------------------------------------------------------------------------------------------
// Values: defaults, a saved report, the query
// ---------------------------------------------------------------------------------------------
const DEFAULT_TYPE: ReportType = 'CAMPAIGN_PERFORMANCE_REPORT'
const isSavedType = (value: string): value is (typeof SAVED_REPORT_TYPES)[number] =>
  (SAVED_REPORT_TYPES as readonly string[]).includes(value)

const enabledMetrics = (type: ReportType) =>
  REPORT_CATALOGUE[type].metrics.filter((m) => !isDisabledMetric(m))

function defaults(advanced: boolean): ScheduleFormValues {
  return {
    reportEntityId: '',
    reportName: '',
    reportType: advanced ? '' : DEFAULT_TYPE,
    frequency: DEFAULT_REPORT_FREQUENCY,
    startDate: '',
    endDate: '',
    startDateWas: '',
    endDateWas: '',
    dateFilterType: DEFAULT_REPORT_DATE_FILTER,
    fromDate: '',
    toDate: '',
    dimensions: [...REPORT_CATALOGUE[DEFAULT_TYPE].defaultDimensions],
    metrics: enabledMetrics(DEFAULT_TYPE),
    filters: {},
    all: [],
    find: {},
    emailIds: [],
    emailSearch: '',
  }
}

const chosen = (fields: Record<string, boolean>) => Object.keys(fields).filter((name) => fields[name])

function fromEntity(entity: ReportEntity): ScheduleFormValues {
  const dates = formDates(entity.dateFilter)
  const filters: Record<string, string[]> = {}
  for (const [name, values] of Object.entries(entity.filters ?? {}))
    if (values?.length) filters[name] = values
  return {
    reportEntityId: entity.reportEntityId,
    reportName: entity.reportMetaData.reportName ?? '',
    reportType: entity.reportType,
    frequency: entity.scheduleDetails?.frequency ?? DEFAULT_REPORT_FREQUENCY,
    startDate: entity.scheduleDetails?.startDate ?? '',
    endDate: entity.scheduleDetails?.endDate ?? '',
    startDateWas: entity.scheduleDetails?.startDate ?? '',
    endDateWas: entity.scheduleDetails?.endDate ?? '',
    dateFilterType: entity.dateFilter.dateFilterType,
    fromDate: dates.fromDate ?? '',
    toDate: dates.toDate ?? '',
    dimensions: chosen(entity.dimensionFields),
    metrics: chosen(entity.metricFields),
    filters,
    all: [],
    find: {},
    emailIds: entity.scheduleDetails?.emailIds ?? [],
    emailSearch: '',
  }
}

/**
 * The query over the values: a whole snapshot of the form (`form=1`: the Discard dialog's Cancel, the
 * report type's Apply), else the Analytics page's choices one by one (an absent one keeps its value).
 */
function withQuery(base: ScheduleFormValues, query: URLSearchParams): ScheduleFormValues {
  if (query.get(FIELD.snapshot) === '1') {
    const snapshot = readScheduleForm(query)
    const fieldsFor = query.get('fieldsFor')
    // Another report type chosen since the fields were drawn: its own default fields.
    const retyped =
      fieldsFor !== null && fieldsFor !== snapshot.reportType && isSavedType(snapshot.reportType)
    return {
      ...snapshot,
      reportEntityId: base.reportEntityId,
      startDateWas: snapshot.startDate,
      endDateWas: snapshot.endDate,
      ...(retyped
        ? {
            dimensions: [...REPORT_CATALOGUE[snapshot.reportType as ReportType].defaultDimensions],
            metrics: enabledMetrics(snapshot.reportType as ReportType),
          }
        : {}),
    }
  }
  const next = { ...base, filters: { ...base.filters } }
  for (const key of [
    'reportName',
    'reportType',
    'frequency',
    'startDate',
    'endDate',
    'dateFilterType',
    'fromDate',
    'toDate',
  ] as const) {
    const value = query.get(key)
    if (value !== null) next[key] = value
  }
  if (query.has(FIELD.dimensions)) next.dimensions = query.getAll(FIELD.dimensions)
  if (query.has(FIELD.metrics)) next.metrics = query.getAll(FIELD.metrics)
  // The Analytics page's filters: its values, its every-value markers (`all=CAMPAIGN_ID`, decision 060).
  const choices = readFilterChoices(query)
  for (const name of FORM_FILTERS) if (query.has(name)) next.filters[name] = choices.filters[name]
  if (query.has(PARAM.all)) {
    next.all = choices.all
    for (const name of choices.all) delete next.filters[name]
  }
  if (query.has(FIELD.emailIds)) next.emailIds = readScheduleForm(query).emailIds
  next.startDateWas = next.startDate
  next.endDateWas = next.endDate
  return next
}

/** Keeps what belongs to the report type: its dimensions and enabled metrics, known values only. */
function fitToType(values: ScheduleFormValues, advanced: boolean): ScheduleFormValues {
  const known = isSavedType(values.reportType)
  const type: ReportType = known ? (values.reportType as ReportType) : DEFAULT_TYPE
  const entry = REPORT_CATALOGUE[type]
  const dimensions = values.dimensions.filter((d) => (entry.dimensions as readonly string[]).includes(d))
  const metrics = values.metrics.filter(
    (m) => (entry.metrics as readonly string[]).includes(m) && !isDisabledMetric(m),
  )
  return {
    ...values,
    reportType: known ? values.reportType : advanced ? '' : DEFAULT_TYPE,
    frequency: (REPORT_FREQUENCIES as readonly string[]).includes(values.frequency)
      ? values.frequency
      : DEFAULT_REPORT_FREQUENCY,
    dateFilterType: (REPORT_DATE_FILTER_TYPES as readonly string[]).includes(values.dateFilterType)
      ? values.dateFilterType
      : DEFAULT_REPORT_DATE_FILTER,
    dimensions: dimensions.length || !values.dimensions.length ? dimensions : [...entry.defaultDimensions],
    metrics: metrics.length || !values.metrics.length ? metrics : enabledMetrics(type),
  }
}

// ---------------------------------------------------------------------------------------------
// What the page shows
// ---------------------------------------------------------------------------------------------
function pageOptions(reportType: string, filterGroups: FilterGroup[]) {
  const type: ReportType = isSavedType(reportType) ? reportType : DEFAULT_TYPE
  const entry = REPORT_CATALOGUE[type]
  return {
    reportTypes: SAVED_REPORT_TYPES.map((value) => ({ value, label: REPORT_CATALOGUE[value].label })),
    frequencies: REPORT_FREQUENCIES.map((value) => ({ value, label: REPORT_FREQUENCY_LABELS[value] })),
    dateFilterTypes: REPORT_DATE_FILTER_TYPES.map((value) => ({
      value,
      label: REPORT_DATE_FILTER_LABELS[value],
    })),
    dimensions: entry.dimensions.map((value) => ({ value, label: DIMENSIONS[value].label })),
    metrics: entry.metrics.map((value) => ({
      value,
      label: METRICS[value].label,
      ...(isDisabledMetric(value) ? { disabled: true } : {}),
    })),
    filters: filterGroups,
  }
}

/** What the action answers when it draws the form again (the form's own type). */
export type ScheduleAnswer = SaveScheduleAnswer

type ScheduleApi = ReturnType<typeof reportScheduleApi>

/** getFilters for the form's report type: every value of each filter (kept server side), or the failure. */
async function filterValues(api: ScheduleApi, user: CurrentUser, reportType: string) {
  const type: ReportType = isSavedType(reportType) ? reportType : DEFAULT_TYPE
  const result = await api.filters(user.sellerId as number, type)
  if (!result.ok) return { every: null, error: await failureMessage(result, user.role) }
  return { every: result.data.filters, error: null }
}

/**
 * What the form draws of its Filters, as the analytics page does (decision 060): the every-value markers
 * fitted (only a list longer than 50 has one) and at most 50 values per filter, the chosen ones always.
 */
function shownFilters(values: ScheduleFormValues, every: FiltersResponse['filters'] | null) {
  if (!every) return { values, groups: [] as FilterGroup[] }
  const fitted = fitEveryValueMarkers(values, every)
  return { values: fitted, groups: shownFilterGroups({ filters: every }, fitted) }
}

async function savedReport(api: ScheduleApi, user: CurrentUser, id: string) {
  const result = await api.savedReports(user.sellerId as number)
  if (!result.ok) return { report: null, error: await failureMessage(result, user.role) }
  const report = result.data.reports.find((r) => r.reportEntityId === id) ?? null
  return { report, error: report ? null : 'This report does not exist, or it is not available to you.' }
}

const pageBasics = (user: CurrentUser, url: URL, now: Date) => ({
  prefix: routePrefix(user.role),
  advanced: url.searchParams.get('advancedReport') === 'true',
  maxDate: reportMaxDate(now),
  emailPattern: REPORT_EMAIL_SOURCE,
  recipientsMax: REPORT_RECIPIENTS_MAX,
  messages: { discard: ReportMessages.discard, emptyRecipients: ReportMessages.emptyRecipients },
})

export async function saveScheduleLoader({ request, context }: LoaderFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  const url = new URL(request.url)
  const basics = pageBasics(user, url, new Date())
  const api = reportScheduleApi(context, user.session.token)
  const reportEntityId = url.searchParams.get('reportEntityId') ?? ''
  let values = defaults(basics.advanced)
  let error: string | null = null
  let editable = true
  if (reportEntityId) {
    const found = await savedReport(api, user, reportEntityId)
    error = found.error
    if (found.report) {
      values = fromEntity(found.report)
      editable = found.report.editable
    }
  }
  values = fitToType(withQuery(values, url.searchParams), basics.advanced)
  const found = await filterValues(api, user, values.reportType)
  const shown = shownFilters(values, found.every)
  return data({
    ...basics,
    editing: Boolean(values.reportEntityId),
    editable,
    values: shown.values,
    options: pageOptions(values.reportType, shown.groups),
    error: error ?? found.error,
  })
}

// ---------------------------------------------------------------------------------------------
// The action
// ---------------------------------------------------------------------------------------------
/** An uploaded list of e-mails is small: 1 MB (the signed-in body limit) is plenty. */
const EMAIL_CSV_MAX_BYTES = 1024 * 1024
const TOO_LARGE = 'The file is too large (at most 1 MB)'
const WRONG_TYPE = 'Selected File Format is Incorrect !'

/** A campaign filter marked `all` past this many cannot be saved in advanced mode (it must list them). */
const TOO_MANY_CAMPAIGNS = `There are more than ${REPORT_FILTER_VALUES_MAX.toLocaleString('en-IN')} campaigns: search and tick those the report is for`

function definition(values: ScheduleFormValues, type: ReportType): ReportDefinition {
  const entry = REPORT_CATALOGUE[type]
  const filters: Record<string, string[]> = {}
  for (const [name, list] of Object.entries(values.filters)) if (list.length) filters[name] = list
  return {
    dateFilter: requestDates({
      dateFilterType: values.dateFilterType as ReportDefinition['dateFilter']['dateFilterType'],
      fromDate: values.fromDate || null,
      toDate: values.toDate || null,
    }),
    scheduleDetails: {
      frequency: values.frequency as ReportFrequency,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
    },
    dimensionFields: Object.fromEntries(entry.dimensions.map((d) => [d, values.dimensions.includes(d)])),
    metricFields: Object.fromEntries(
      entry.metrics.filter((m) => !isDisabledMetric(m)).map((m) => [m, values.metrics.includes(m)]),
    ),
    filters: Object.keys(filters).length ? filters : null,
  }
}

function entityDefinition(entity: ReportEntity): ReportDefinition {
  return {
    dateFilter: entity.dateFilter,
    scheduleDetails: entity.scheduleDetails,
    dimensionFields: entity.dimensionFields,
    metricFields: entity.metricFields,
    filters: entity.filters,
  }
}

export async function saveScheduleAction({ request, context }: ActionFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  const url = new URL(request.url)
  const basics = pageBasics(user, url, new Date())
  const api = reportScheduleApi(context, user.session.token)
  // One getFilters per post, for the report type posted: the Filters drawn with an answer, the markers.
  let found: ReturnType<typeof filterValues> | null = null
  const filtersOf = (values: ScheduleFormValues) => {
    found ??= filterValues(api, user, values.reportType)
    return found
  }
  // The form as it was, with its own Filters: a value found by a search (not in the page's URL) stays shown.
  const answer = async (values: ScheduleFormValues, patch: Partial<ScheduleAnswer> = {}, status = 200) => {
    const { every } = await filtersOf(values)
    const shown = shownFilters(values, every)
    return data<ScheduleAnswer>(
      { values: shown.values, filters: every ? shown.groups : null, errors: {}, error: null, ...patch },
      { status },
    )
  }
  const form = await readFormWithFile(request, EMAIL_CSV_MAX_BYTES)
  if (form === 'too-large') {
    return answer(defaults(basics.advanced), { errors: { emailIds: TOO_LARGE } }, 413)
  }
  let values = readScheduleForm(form)
  const intent = typeof form.get('intent') === 'string' ? (form.get('intent') as string) : INTENT.save

  // The recipient list without JavaScript: each change is a post that answers the form as it was.
  if (intent === INTENT.addEmail) {
    const typed = form.get(FIELD.emailInput)
    return answer({ ...values, emailIds: capped(addRecipient(values.emailIds, String(typed ?? ''))) })
  }
  if (intent === INTENT.removeAll) return answer({ ...values, emailIds: [] })
  if (intent.startsWith(INTENT.removePrefix)) {
    const address = intent.slice(INTENT.removePrefix.length).toLowerCase()
    return answer({ ...values, emailIds: values.emailIds.filter((e) => e !== address) })
  }
  // The recipients' search, a filter's Find (decision 060): the form drawn again as it was.
  if (intent === INTENT.search || intent === INTENT.find) return answer(values)
  // FiltersFieldset's Select all / Clear without JavaScript (`apply=CAMPAIGN_ID:all|none`).
  const apply = form.get('apply')
  if (typeof apply === 'string' && apply) {
    const [name, what] = apply.split(':')
    if (!name || !(FORM_FILTERS as readonly string[]).includes(name) || (what !== 'all' && what !== 'none')) {
      return answer(values, { error: 'Unknown action' }, 400)
    }
    const filters = { ...values.filters }
    delete filters[name]
    if (what === 'none') return answer({ ...values, filters, all: values.all.filter((f) => f !== name) })
    // Select all marks the filter: a long list keeps the marker, a short one is listed (shownFilters).
    const { error } = await filtersOf(values)
    if (error) return answer(values, { error }, 502)
    return answer({ ...values, filters, all: [...new Set([...values.all, name])] })
  }
  if (intent === INTENT.upload) {
    const file = form.get(FIELD.emailFile)
    // A list of e-mails is a CSV file (spec campaigns §CSV rules: 'Selected File Format is Incorrect !').
    if (file && typeof file !== 'string' && file.size > 0 && !/\.csv$/i.test(file.name))
      return answer(values, { errors: { emailIds: WRONG_TYPE } }, 400)
    const text = file && typeof file !== 'string' ? await file.text() : ''
    return answer({ ...values, emailIds: capped(recipientsFromCsv(values.emailIds, text)) })
  }
  if (intent !== INTENT.save && intent !== INTENT.download) {
    return answer(values, { error: 'Unknown action' }, 400)
  }

  // §4: a changed start clears the end; a start after the end clears it.
  values = applyStartChange(values)
  const downloadOnly = intent === INTENT.download
  let errors = scheduleFormProblems(values, { advanced: basics.advanced, now: new Date(), downloadOnly })
  if (errors.CAMPAIGN_ID) {
    // 'No data available' when the advertiser has no campaign to choose.
    const { every } = await filtersOf(values)
    errors = scheduleFormProblems(values, {
      advanced: basics.advanced,
      now: new Date(),
      downloadOnly,
      campaignOptions: every?.CAMPAIGN_ID.length,
    })
  }
  // A type the catalogue does not know (left out, or a hand-made post) is a field error, not a 500.
  if (!Object.hasOwn(REPORT_CATALOGUE, values.reportType)) errors.reportType ??= ReportRuleMessages.required
  if (values.emailIds.length > REPORT_RECIPIENTS_MAX) {
    errors.emailIds = `At most ${REPORT_RECIPIENTS_MAX} recipients`
  }
  if (Object.keys(errors).length) return answer(values, { errors }, 400)

  const type = values.reportType as ReportType
  let existing: ReportEntity | null = null
  if (values.reportEntityId) {
    const found = await savedReport(api, user, values.reportEntityId)
    if (!found.report) return answer(values, { error: found.error ?? SOMETHING_WENT_WRONG }, 404)
    existing = found.report
  }
  // A marked filter is saved as every value getFilters offers (the contract lists values; decision 060):
  // past REPORT_FILTER_VALUES_MAX as no filter, which advanced mode's campaign filter cannot be.
  let listed = values
  if (values.all.length) {
    const { every, error } = await filtersOf(values)
    if (!every) return answer(values, { error: error ?? SOMETHING_WENT_WRONG }, 502)
    if (
      basics.advanced &&
      values.all.includes('CAMPAIGN_ID') &&
      every.CAMPAIGN_ID.length > REPORT_FILTER_VALUES_MAX
    )
      return answer(values, { errors: { CAMPAIGN_ID: TOO_MANY_CAMPAIGNS } }, 400)
    listed = withEveryValue(values, every)
  }
  const next = definition(listed, type)
  const body: ReportRequestInput = {
    reportEntityId: existing?.reportEntityId ?? '',
    reportType: type,
    isRegenerate: isRegenerateFor(existing ? entityDefinition(existing) : null, next),
    isDefault: false,
    dateFilter: next.dateFilter,
    reportMetaData: {
      reportName: values.reportName.trim() || null,
      isSaved: existing
        ? existing.reportMetaData.isSaved || !downloadOnly
        : isSavedFor({ isNew: true, downloadOnly }),
    },
    dimensionFields: next.dimensionFields,
    metricFields: next.metricFields,
    filters: next.filters as ReportRequestInput['filters'],
    scheduleDetails: {
      frequency: values.frequency as ReportFrequency,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
      emailIds: values.emailIds,
    },
    advancedReport: basics.advanced,
  }
  const saved = await api.save(user.sellerId as number, body)
  if (!saved.ok) {
    const fieldErrors = (saved.body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors
    if (saved.status === 400 && fieldErrors && Object.keys(fieldErrors).length) {
      const mapped: ScheduleErrors = {}
      for (const [key, messages] of Object.entries(fieldErrors)) {
        const field = key.split('.').at(-1) as keyof ScheduleErrors
        if (messages[0] && !mapped[field]) mapped[field] = messages[0]
      }
      return answer(values, { errors: mapped, error: saved.message || null }, 400)
    }
    return answer(
      values,
      { error: await failureMessage(saved, user.role) },
      saved.status >= 400 ? saved.status : 502,
    )
  }
  const id = saved.data.reportEntityId
  if (downloadOnly) return redirect(`${basics.prefix}/saved-reports/${encodeURIComponent(id)}/download`)
  return redirectWithFlash(request, `${basics.prefix}/saved-reports`, {
    kind: 'success',
    message: existing ? 'Report updated' : 'Report saved',
  })
}

const capped = (list: string[]) => list.slice(0, REPORT_RECIPIENTS_MAX)

// ---------------------------------------------------------------------------------------------
// Discard (spec §2: "discarding will permanently delete any changes made to this form")
// ---------------------------------------------------------------------------------------------
export async function discardLoader({ request, context }: LoaderFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  return { prefix: routePrefix(user.role), message: ReportMessages.discard }
}

export async function discardAction({ request, context }: ActionFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  return redirect(`${routePrefix(user.role)}/saved-reports`)
}
