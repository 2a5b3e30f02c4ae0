// Saved reports, default reports and their OTP-gated downloads (spec accounts §2 "Saved Reports table",
// "Default reports (admin)", §4 "Reports", §7 analytics calls, §8 'Failed to download file. Status:
// {code}'): the client of the analytics service's calls these screens make, and the loaders and actions
// shared by the /saved-reports and /admin/saved-reports trees and /admin/default-reports. Decision 043.
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  redirect,
  redirectDocument,
} from '@remix-run/node'
import type { SubmissionResult } from '@conform-to/react'
import {
  DIMENSIONS,
  type DownloadResponse,
  defaultReportsResponseSchema,
  deleteReportResponseSchema,
  downloadResponseSchema,
  isDisabledMetric,
  METRICS,
  REPORT_CATALOGUE,
  REPORT_DATE_FILTER_LABELS,
  REPORT_DATE_FILTER_TYPES,
  REPORT_FILTER_LABELS,
  REPORT_FREQUENCY_LABELS,
  REPORT_TYPES,
  type ReportDateFilter,
  type ReportEntity,
  type ReportRequestInput,
  type ReportTable,
  type ReportType,
  ReportMessages,
  reportTableSchema,
  savedReportsResponseSchema,
} from '../../platform/contracts/analytics'
import { AuthMessages } from '../../platform/contracts/auth-messages'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { formatIstDateTime } from '../../platform/rules/format'
import { formDates, requestDates } from '../../platform/rules/reports'
import { istDate } from '../../platform/rules/time'
import { redirectWithFlash } from '../flash.server'
import { type CurrentUser, type GuardOptions, redirectForStatus, requireUser } from '../guard.server'
import { parseForm } from '../utils/form-rules.server'
import { parseListState } from './list-state'
import { customDateErrors, maxReportDay } from './report-form'
import {
  CODE_STEP,
  DEFAULT_REPORT_DOWNLOAD_PATH,
  DEFAULT_REPORTS_PATH,
  SAVED_REPORTS_LIST,
  type SavedReportsState,
  savedReportDeletePath,
  savedReportDownloadPath,
  savedReportEditPath,
  savedReportPath,
  savedReportsPath,
} from './saved-reports'
import { otpForm } from './sign-in.schema'
import { createUpstreamClient, transportFor, type UpstreamResult } from './upstream.server'
import { readFormData } from '../utils/read-form.server'

type Args = LoaderFunctionArgs | ActionFunctionArgs
type Context = Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>

// ---- Clients ----------------------------------------------------------------------------------------

/** The analytics calls of these screens (spec §7; all carry userId: the selected advertiser). */
export function savedReportsApi(context: Context, token: string) {
  const api = createUpstreamClient(transportFor(context, 'analytics'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  const base = '/v1/analytics'
  return {
    /** With an id: only that report, saved or a download-only run. */
    savedReports: (userId: number, reportEntityId?: string) =>
      api.get(`${base}/getSavedReports`, {
        query: { userId, reportEntityId },
        response: savedReportsResponseSchema,
      }),
    report: (userId: number, reportEntityId: string, page: number, size: number) =>
      api.get(`${base}/getReport`, {
        query: { userId, reportEntityId, page, size },
        response: reportTableSchema,
      }),
    remove: (userId: number, reportEntityId: string) =>
      api.delete(`${base}/deleteReport`, {
        query: { userId, reportEntityId },
        response: deleteReportResponseSchema,
      }),
    download: (userId: number, reportEntityId: string, otp: string) =>
      api.get(`${base}/downloadReport`, {
        query: { userId, reportEntityId, otp },
        response: downloadResponseSchema,
      }),
    defaultReports: (userId: number) =>
      api.get(`${base}/getDefaultReport`, { query: { userId }, response: defaultReportsResponseSchema }),
    opsReport: (userId: number, otp: string, body: ReportRequestInput) =>
      api.post(`${base}/getOpsReport`, {
        query: { userId, otp },
        json: body,
        response: downloadResponseSchema,
      }),
  }
}

/** POST /ads/ad-auth/v1/generate-otp: e-mails the signed-in user a download code. */
function sendDownloadCode(context: Context, token: string) {
  const auth = createUpstreamClient(transportFor(context, 'auth'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  return auth.post<null>('/v1/generate-otp')
}

// ---- How a report reads -----------------------------------------------------------------------------

const typeLabel = (type: string) => REPORT_CATALOGUE[type as ReportType]?.label ?? type

/** 'Last 1 week', or a custom range's days inclusive: '2026-11-01 to 2026-11-07'. */
export function dateRangeLabel(filter: ReportDateFilter): string {
  if (filter.dateFilterType !== 'CUSTOM') return REPORT_DATE_FILTER_LABELS[filter.dateFilterType]
  const { fromDate, toDate } = formDates(filter)
  return `${fromDate ?? '…'} to ${toDate ?? '…'}`
}

const RUN_LABELS = { QUEUED: 'Queued', RUNNING: 'Running', DONE: 'Done', FAILED: 'Failed' } as const

/** A saved report as the list and the view show it: every text made here, so no contract reaches the browser. */
function reportSummary(report: ReportEntity) {
  const schedule = report.scheduleDetails
  const frequency = schedule?.frequency ?? 'ONCE'
  const chosen = (fields: Record<string, boolean>, labels: Record<string, { label: string }>) =>
    Object.keys(fields)
      .filter((name) => fields[name])
      .map((name) => labels[name]?.label ?? name)
  const filters = Object.entries(report.filters ?? {})
    .filter(([, values]) => values && values.length > 0)
    .map(([name, values]) => ({
      name: REPORT_FILTER_LABELS[name as keyof typeof REPORT_FILTER_LABELS] ?? name,
      values: (values ?? []).join(', '),
    }))
  return {
    id: report.reportEntityId,
    name: report.reportMetaData.reportName || 'Untitled report',
    type: typeLabel(report.reportType),
    frequency: REPORT_FREQUENCY_LABELS[frequency],
    schedule:
      schedule?.startDate || schedule?.endDate
        ? `${schedule?.startDate ?? '…'} to ${schedule?.endDate ?? '…'}`
        : frequency === 'ONCE'
          ? 'Not scheduled'
          : '—',
    dateRange: dateRangeLabel(report.dateFilter),
    created: formatIstDateTime(new Date(report.reportMetaData.creationDate)),
    createdBy: report.reportMetaData.loggedInEmail,
    lastRun: report.lastRun
      ? {
          status: report.lastRun.status,
          label: RUN_LABELS[report.lastRun.status],
          at: formatIstDateTime(new Date(report.lastRun.at)),
          error: report.lastRun.error,
        }
      : null,
    editable: report.editable,
    dimensions: chosen(report.dimensionFields, DIMENSIONS),
    metrics: chosen(report.metricFields, METRICS),
    filters,
    recipients: schedule?.emailIds ?? [],
  }
}
export type SavedReportSummary = ReturnType<typeof reportSummary>

// ---- Helpers ----------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function reportIdOf(params: Args['params']): string {
  const id = params.reportId ?? ''
  if (!UUID.test(id)) throw new Response('Not found', { status: 404 })
  return id.toLowerCase()
}

/** The message a failed call shows (spec §8: the server's, else 'Something went wrong'), after its redirects. */
async function failWith(result: UpstreamResult<unknown>, user: CurrentUser): Promise<string> {
  if (result.ok) return ''
  await redirectForStatus(result, user.role)
  return result.message || SOMETHING_WENT_WRONG
}

/** One of the caller's reports (saved, or a download-only run), or a 404 (someone else's, deleted, or never there). */
async function findReport(args: Args, user: CurrentUser, id: string): Promise<ReportEntity> {
  const result = await savedReportsApi(args.context, user.session.token).savedReports(
    user.sellerId as number,
    id,
  )
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    throw new Response(result.message || SOMETHING_WENT_WRONG, { status: 502 })
  }
  const report = result.data.reports.find((r) => r.reportEntityId.toLowerCase() === id)
  if (!report) throw new Response('Not found', { status: 404 })
  return report
}

// ---- The list ---------------------------------------------------------------------------------------

export async function savedReportsLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const state: SavedReportsState = parseListState(SAVED_REPORTS_LIST, new URL(request.url).searchParams)
  const result = await savedReportsApi(context, user.session.token).savedReports(user.sellerId as number)
  const error = result.ok ? null : await failWith(result, user)
  const reports = result.ok ? result.data.reports : []
  const totalCount = reports.length
  const totalPages = Math.max(1, Math.ceil(totalCount / state.size))
  const rows = reports.slice((state.page - 1) * state.size, state.page * state.size).map((report) => {
    const summary = reportSummary(report)
    return {
      ...summary,
      viewPath: savedReportPath(user.role, summary.id),
      editPath: summary.editable ? savedReportEditPath(user.role, summary.id) : null,
      deletePath: summary.editable ? savedReportDeletePath(user.role, summary.id) : null,
      downloadPath: savedReportDownloadPath(user.role, summary.id),
    }
  })
  return {
    base: savedReportsPath(user.role),
    createPath: `${user.role === 'SUPERADMIN' || user.role === 'OPS' ? '/admin' : ''}/save-schedule-report`,
    state,
    error,
    page: result.ok ? { rows, totalCount, totalPages, page: state.page } : null,
  }
}
export type SavedReportsData = Awaited<ReturnType<typeof savedReportsLoader>>

// ---- The view: the report computed now, and its definition -------------------------------------------

/** Formats a cell as the analytics table does (spec §9: figures to 2 decimals). */
const counts = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })
const decimals = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
export function formatCell(
  value: string | number | null | undefined,
  kind: ReportTable['columns'][number]['kind'],
) {
  if (value === null || value === undefined || value === '') return kind === 'text' ? '' : '—'
  if (typeof value === 'string' || kind === 'text') return String(value)
  return kind === 'count' ? counts.format(value) : decimals.format(value)
}

export async function reportViewLoader(args: Args, guard: GuardOptions) {
  const user = await requireUser(args.request, args.context, guard)
  const id = reportIdOf(args.params)
  const url = new URL(args.request.url)
  const state = parseListState(SAVED_REPORTS_LIST, url.searchParams)
  const api = savedReportsApi(args.context, user.session.token)
  const [report, table] = await Promise.all([
    findReport(args, user, id),
    api.report(user.sellerId as number, id, state.page, state.size),
  ])
  let tableError: string | null = null
  if (!table.ok) {
    if (table.status === 404) throw new Response('Not found', { status: 404 })
    tableError = await failWith(table, user)
  }
  const summary = reportSummary(report)
  const figures = table.ok ? table.data : null
  return {
    base: savedReportsPath(user.role),
    self: url.pathname,
    report: {
      ...summary,
      editPath: summary.editable ? savedReportEditPath(user.role, id) : null,
      deletePath: summary.editable ? savedReportDeletePath(user.role, id) : null,
      downloadPath: savedReportDownloadPath(user.role, id),
    },
    state,
    tableError,
    table: figures
      ? {
          columns: figures.columns.map((c) => ({ key: c.key, label: c.label, numeric: c.kind !== 'text' })),
          rows: figures.rows.map((row) => figures.columns.map((c) => formatCell(row[c.key], c.kind))),
          totals: figures.columns.map((c, i) =>
            i === 0 && c.kind === 'text'
              ? 'Total'
              : c.kind === 'text'
                ? ''
                : formatCell(figures.totals[c.key], c.kind),
          ),
          totalNumOfRows: figures.totalNumOfRows,
          page: figures.page,
          size: figures.size,
          totalPages: figures.totalPages,
          fromDate: figures.fromDate,
          toDate: figures.toDate,
        }
      : null,
  }
}
export type ReportViewData = Awaited<ReturnType<typeof reportViewLoader>>

// ---- Delete -----------------------------------------------------------------------------------------

async function loadDeletion(args: Args, guard: GuardOptions) {
  const user = await requireUser(args.request, args.context, guard)
  const id = reportIdOf(args.params)
  const report = await findReport(args, user, id)
  const back = savedReportsPath(user.role)
  // spec §4: an agency's report is view-only for everyone else; the platform refuses the delete too.
  if (!report.editable) {
    throw await redirectWithFlash(args.request, back, {
      kind: 'error',
      message: ReportMessages.agencyReportReadOnly,
    })
  }
  const confirmation = {
    id,
    name: report.reportMetaData.reportName || 'Untitled report',
    back,
    self: savedReportDeletePath(user.role, id),
    error: null as string | null,
  }
  return { user, confirmation }
}

export async function deleteReportLoader(args: Args, guard: GuardOptions) {
  return (await loadDeletion(args, guard)).confirmation
}

export async function deleteReportAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const { user, confirmation } = await loadDeletion(args, guard)
  const result = await savedReportsApi(args.context, user.session.token).remove(
    user.sellerId as number,
    confirmation.id,
  )
  // spec §7: the response status is 'success'.
  if (result.ok && result.data.status === 'success') {
    return redirectWithFlash(args.request, confirmation.back, {
      kind: 'success',
      message: `Report '${confirmation.name}' deleted.`,
    })
  }
  const error = result.ok ? SOMETHING_WENT_WRONG : await failWith(result, user)
  return data(
    { ...confirmation, error },
    { status: result.ok ? 502 : result.status >= 500 ? 502 : result.status },
  )
}

// ---- The OTP download dialog --------------------------------------------------------------------------

export type OtpDialogData = {
  /** What is downloaded: the saved report's name, or the default report's type and range. */
  subject: string
  /** The code's address (the signed-in user's). */
  email: string
  /** 'send': the first step (Send code); 'code': the OTP field, Download and Resend. */
  step: 'send' | 'code'
  /** The dialog's own URL without the step (its form posts here) and the page under it. */
  self: string
  back: string
  /** The default report can't be downloaded without a type (a bare URL): the dialog says so. */
  missing: string | null
  /** A failed send or download: 'Failed to download file. Status: {code}', or the server's message. */
  error: string | null
  lastResult: SubmissionResult<string[]> | null
}

const stepOf = (url: URL): OtpDialogData['step'] =>
  url.searchParams.get('step') === CODE_STEP ? 'code' : 'send'
const withStep = (path: string, step: 'code') => `${path}${path.includes('?') ? '&' : '?'}step=${step}`

/** Sends the code; on success the dialog's code step, else the reason as the dialog's error. */
async function sendCode(
  args: ActionFunctionArgs,
  user: CurrentUser,
  dialog: OtpDialogData,
  drawn: () => Promise<OtpDialogData> = async () => dialog,
) {
  const sent = await sendDownloadCode(args.context, user.session.token)
  if (sent.ok) return redirect(withStep(dialog.self, CODE_STEP))
  const error = await failWith(sent, user)
  return data({ ...(await drawn()), error }, { status: sent.status === 429 ? 429 : 502 })
}

/**
 * The download: the code checked by the form's rules ('Enter a valid otp'), then by the platform
 * ('Invalid OTP' at the field); success sends the browser to the signed link (a document redirect, so
 * the browser downloads the CSV with or without JavaScript); any other failure says 'Failed to download
 * file. Status: {code}' (spec §8).
 */
async function downloadWith(
  form: FormData,
  user: CurrentUser,
  drawn: () => Promise<OtpDialogData>,
  call: (otp: string) => Promise<UpstreamResult<DownloadResponse>>,
) {
  const submission = parseForm(form, otpForm)
  if (submission.status !== 'success') {
    return data(
      { ...(await drawn()), step: 'code' as const, lastResult: submission.reply() },
      { status: 400 },
    )
  }
  const result = await call(submission.value.otp)
  if (result.ok) {
    const [first] = result.data.signedURLs
    if (first) return redirectDocument(first, { headers: { 'Cache-Control': 'no-store' } })
    return data(
      {
        ...(await drawn()),
        step: 'code' as const,
        error: ReportMessages.downloadFailed(404),
        lastResult: null,
      },
      { status: 502 },
    )
  }
  if (isOtpRefusal(result)) {
    return data(
      {
        ...(await drawn()),
        step: 'code' as const,
        lastResult: submission.reply({
          fieldErrors: { otp: [AuthMessages.invalidOtp] },
          hideFields: ['otp'],
        }),
      },
      { status: 400 },
    )
  }
  // A session that ended, a refused account or staff terms still redirect (spec §6, §8).
  if (result.status === 401 || result.status === 403 || result.status === 406)
    await redirectForStatus(result, user.role)
  return data(
    {
      ...(await drawn()),
      step: 'code' as const,
      error: ReportMessages.downloadFailed(result.status),
      lastResult: null,
    },
    { status: result.status >= 500 ? 502 : result.status },
  )
}

/**
 * The platform's answer to a wrong, used or expired code: 401 'Invalid OTP' (a code that does not
 * match is not a lost session), or a 400 about the code's shape.
 */
function isOtpRefusal(result: UpstreamResult<unknown>): boolean {
  if (result.ok || (result.status !== 400 && result.status !== 401)) return false
  return /\botp\b/i.test(result.message)
}

async function intentOf(request: Request) {
  const form = await readFormData(request)
  const intent = form.get('intent')
  return { form, intent: intent === 'send' || intent === 'download' ? intent : null }
}

// Saved report download (/saved-reports/:reportId/download).

/**
 * The dialog of a saved report. The page load looks the report up (an unknown id is a 404); the
 * action does not: the download call itself says whether the report is there ('Failed to download
 * file. Status: 404'), and the name is looked up only to draw the dialog again.
 */
async function savedDialog(args: Args, guard: GuardOptions, lookUp: boolean) {
  const user = await requireUser(args.request, args.context, guard)
  const id = reportIdOf(args.params)
  const report = lookUp ? await findReport(args, user, id) : null
  const url = new URL(args.request.url)
  const dialog: OtpDialogData = {
    subject: report ? report.reportMetaData.reportName || 'Untitled report' : 'this report',
    email: user.info.email,
    step: stepOf(url),
    self: savedReportDownloadPath(user.role, id),
    back: savedReportsPath(user.role),
    missing: null,
    error: null,
    lastResult: null,
  }
  return { user, id, dialog }
}

export async function savedDownloadLoader(args: Args, guard: GuardOptions) {
  return (await savedDialog(args, guard, true)).dialog
}

export async function savedDownloadAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const { user, id, dialog } = await savedDialog(args, guard, false)
  // The name for the dialog drawn again (a failed step); a report gone since keeps the generic words.
  const named = async (): Promise<OtpDialogData> => {
    const list = await savedReportsApi(args.context, user.session.token).savedReports(
      user.sellerId as number,
      id,
    )
    const report = list.ok ? list.data.reports.find((r) => r.reportEntityId.toLowerCase() === id) : undefined
    return report ? { ...dialog, subject: report.reportMetaData.reportName || 'Untitled report' } : dialog
  }
  const { form, intent } = await intentOf(args.request)
  if (intent === 'send') return sendCode(args, user, dialog, named)
  if (intent === 'download') {
    const api = savedReportsApi(args.context, user.session.token)
    return downloadWith(form, user, named, (otp) => api.download(user.sellerId as number, id, otp))
  }
  return data({ ...(await named()), error: 'Unknown action' }, { status: 400 })
}

// ---- Default reports ----------------------------------------------------------------------------------

export type DefaultReportChoice = {
  reportType: string
  dateFilterType: string
  fromDate: string
  toDate: string
}

/** What the page's form or the dialog's query holds (unknown values kept as typed: the rules judge them). */
function choiceOf(source: URLSearchParams | FormData): DefaultReportChoice {
  const text = (name: string) => {
    const value = source.get(name)
    return typeof value === 'string' ? value.trim().slice(0, 40) : ''
  }
  return {
    reportType: text('reportType'),
    dateFilterType: text('dateFilterType') || 'LAST_1D',
    fromDate: text('fromDate'),
    toDate: text('toDate'),
  }
}

type ChoiceErrors = Partial<Record<keyof DefaultReportChoice, string>>

/** spec §5 "Reports": a type ('Required Field'), a date range; a custom range up to yesterday, end not before start. */
export function defaultReportProblems(choice: DefaultReportChoice, now: Date): ChoiceErrors {
  const problems: ChoiceErrors = {}
  if (!(REPORT_TYPES as readonly string[]).includes(choice.reportType))
    problems.reportType = ReportMessages.required
  if (!(REPORT_DATE_FILTER_TYPES as readonly string[]).includes(choice.dateFilterType))
    problems.dateFilterType = ReportMessages.required
  else {
    const dates = customDateErrors(
      {
        dateFilterType: choice.dateFilterType as ReportDateFilter['dateFilterType'],
        fromDate: choice.fromDate,
        toDate: choice.toDate,
      },
      istDate(now),
      ReportMessages,
    )
    if (dates.fromDate) problems.fromDate = dates.fromDate
    if (dates.toDate) problems.toDate = dates.toDate
  }
  return problems
}

/** The query that carries a choice to the dialog (custom dates only with CUSTOM). */
function choiceQuery(choice: DefaultReportChoice): string {
  const params = new URLSearchParams({ reportType: choice.reportType, dateFilterType: choice.dateFilterType })
  if (choice.dateFilterType === 'CUSTOM') {
    params.set('fromDate', choice.fromDate)
    params.set('toDate', choice.toDate)
  }
  return `?${params}`
}

/** The getOpsReport body of a default report: all its catalogue columns (default reports have no field choice). */
function opsReportBody(choice: DefaultReportChoice): ReportRequestInput {
  const type = choice.reportType as ReportType
  const entry = REPORT_CATALOGUE[type]
  const on = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, true]))
  return {
    reportEntityId: null,
    reportType: type,
    isDefault: true,
    isRegenerate: true,
    dateFilter: requestDates({
      dateFilterType: choice.dateFilterType as ReportDateFilter['dateFilterType'],
      fromDate: choice.fromDate || null,
      toDate: choice.toDate || null,
    }),
    reportMetaData: { reportName: null, isSaved: false },
    dimensionFields: on(entry.defaultDimensions),
    metricFields: on(entry.metrics.filter((m) => !isDisabledMetric(m))),
    filters: null,
    scheduleDetails: null,
  }
}

export async function defaultReportsLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const result = await savedReportsApi(context, user.session.token).defaultReports(user.sellerId as number)
  const error = result.ok ? null : await failWith(result, user)
  // Under the dialog the page keeps what was chosen (the dialog's query carries it).
  const chosen = choiceOf(new URL(request.url).searchParams)
  return {
    error,
    reportTypes: result.ok
      ? result.data.reportTypes.map((t) => ({
          value: t.reportType,
          label: t.label,
          description: t.description,
        }))
      : [],
    dateFilterTypes: result.ok
      ? result.data.dateFilterTypes
      : REPORT_DATE_FILTER_TYPES.map((value) => ({ value, label: REPORT_DATE_FILTER_LABELS[value] })),
    max: maxReportDay(istDate(new Date())),
    values: chosen,
    errors: {} as ChoiceErrors,
    sendError: null as string | null,
  }
}
export type DefaultReportsData = Awaited<ReturnType<typeof defaultReportsLoader>>

/**
 * Download Report: the choice checked, the code e-mailed (an explicit POST, never a page load), then
 * the dialog's code step with the choice in its query.
 */
export async function defaultReportsAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const user = await requireUser(args.request, args.context, guard)
  const form = await readFormData(args.request)
  const choice = choiceOf(form)
  const errors = defaultReportProblems(choice, new Date())
  if (Object.keys(errors).length > 0) {
    return data({ values: choice, errors, sendError: null }, { status: 400 })
  }
  const sent = await sendDownloadCode(args.context, user.session.token)
  if (!sent.ok) {
    const sendError = await failWith(sent, user)
    return data({ values: choice, errors: {}, sendError }, { status: sent.status === 429 ? 429 : 502 })
  }
  return redirect(withStep(DEFAULT_REPORT_DOWNLOAD_PATH + choiceQuery(choice), CODE_STEP))
}

async function defaultDialog(args: Args, guard: GuardOptions) {
  const user = await requireUser(args.request, args.context, guard)
  const url = new URL(args.request.url)
  const choice = choiceOf(url.searchParams)
  const problems = defaultReportProblems(choice, new Date())
  const valid = Object.keys(problems).length === 0
  const query = valid ? choiceQuery(choice) : ''
  const dialog: OtpDialogData = {
    subject: valid
      ? `${typeLabel(choice.reportType)}, ${dateRangeLabel(
          requestDates({
            dateFilterType: choice.dateFilterType as ReportDateFilter['dateFilterType'],
            fromDate: choice.fromDate,
            toDate: choice.toDate,
          }),
        )}`
      : '',
    email: user.info.email,
    step: stepOf(url),
    self: DEFAULT_REPORT_DOWNLOAD_PATH + query,
    back: DEFAULT_REPORTS_PATH + query,
    missing: valid ? null : 'Choose a report type and a duration on the page first.',
    error: null,
    lastResult: null,
  }
  return { user, choice, valid, dialog }
}

export async function defaultDownloadLoader(args: Args, guard: GuardOptions) {
  return (await defaultDialog(args, guard)).dialog
}

export async function defaultDownloadAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const { user, choice, valid, dialog } = await defaultDialog(args, guard)
  if (!valid) return data({ ...dialog }, { status: 400 })
  const { form, intent } = await intentOf(args.request)
  if (intent === 'send') return sendCode(args, user, dialog)
  if (intent === 'download') {
    const api = savedReportsApi(args.context, user.session.token)
    return downloadWith(
      form,
      user,
      async () => dialog,
      (otp) => api.opsReport(user.sellerId as number, otp, opsReportBody(choice)),
    )
  }
  return data({ ...dialog, error: 'Unknown action' }, { status: 400 })
}
