// The billing page's server half (issue 13; spec accounts §2 "Billing and bulk upload", §7 payment
// service, §8 billing messages): three uploads forwarded to the payment service through the upload kit,
// the messages of §8 word for word, and the three reports passed through. Decision 047.
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import {
  BILLING_MAX_BYTES,
  BILLING_MESSAGES,
  BILLING_REPORT_NAMES,
  BILLING_REPORTS,
  BILLING_UPLOAD_KINDS,
  BILLING_UPLOADS,
  type BillingReport,
  type BillingUploadKind,
  billingUploadResultSchema,
  overallReportFileName,
} from '../../platform/contracts/billing'
import { refusedUpload, type UploadResult } from '../components/upload/upload-result'
import { pageFlash } from '../flash.server'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'
import { passFile } from './files.server'
import { paymentsApi } from './payments.server'
import { handleCsvUpload, type UploadKitOptions } from './upload.server'

export const isBillingUploadKind = (value: unknown): value is BillingUploadKind =>
  typeof value === 'string' && (BILLING_UPLOAD_KINDS as string[]).includes(value)

export const isBillingReport = (value: unknown): value is BillingReport =>
  typeof value === 'string' && Object.hasOwn(BILLING_REPORTS, value)

/** spec §8: 'Invalid seller IDs : …' and/or 'Invalid Transactions : …' from the payment answer. */
export function billingDetails(data: unknown): string[] {
  const parsed = billingUploadResultSchema.safeParse(data)
  if (!parsed.success) return []
  const lines: string[] = []
  if (parsed.data.invalidSellerIds.length > 0)
    lines.push(BILLING_MESSAGES.invalidSellerIds(parsed.data.invalidSellerIds))
  if (parsed.data.invalidTransactions.length > 0)
    lines.push(BILLING_MESSAGES.invalidTransactions(parsed.data.invalidTransactions))
  return lines
}

/** The kit's options for one billing upload: §9's limit, §8's words for every outcome. */
export function billingUploadOptions(kind: BillingUploadKind): UploadKitOptions {
  return {
    maxBytes: BILLING_MAX_BYTES,
    messages: {
      tooLarge: BILLING_MESSAGES.tooLarge,
      // §8 has one word for a file the service cannot take: 'Invalid file !…' (a 400). The console's own
      // refusals (not a .csv, no file) say the same.
      wrongType: BILLING_MESSAGES.invalidFile,
      noFile: BILLING_MESSAGES.invalidFile,
      invalidHeader: BILLING_MESSAGES.invalidFile,
      invalidRows: BILLING_MESSAGES.invalidFile,
      badRequest: BILLING_MESSAGES.invalidFile,
      serverError: BILLING_MESSAGES.serverError,
      success: BILLING_UPLOADS[kind].success,
    },
    details: billingDetails,
    errorReportName: `${BILLING_UPLOADS[kind].label.replace(/ /g, '_')}_Error_Report.csv`,
  }
}

/** Where the page is, and where a form's message lands (the section's id). */
export const BILLING_PATH = ROUTES.adminBilling.path
export const billingSectionId = (kind: BillingUploadKind) => `billing-${kind}`
/** A form posts to the page with its kind: the action knows the call before it reads a byte. */
export const billingActionUrl = (kind: BillingUploadKind) => `${BILLING_PATH}?kind=${kind}`

/** The flash after a success: the message names its form (every success text is different). */
export type BillingFlash = { kind: BillingUploadKind; message: string }

/**
 * The page's own flash cookie, not the console's (flash.server.ts): the root layout shows that one as a
 * banner at the top of every page, and the spec's message belongs beside its own form, once.
 */
const billingFlash = pageFlash<BillingUploadKind>('console_billing_flash')

/** Reads (and consumes) the page's flash: the kind whose upload succeeded, and the cookie that clears it. */
async function takeBillingFlash(request: Request) {
  const { value: kind, setCookie } = await billingFlash.take(request)
  const done: BillingFlash | null = isBillingUploadKind(kind)
    ? { kind, message: BILLING_UPLOADS[kind].success }
    : null
  return { done, setCookie }
}

export async function billingLoader(
  { request, context }: LoaderFunctionArgs,
  route: typeof ROUTES.adminBilling,
) {
  await requireUser(request, context, route)
  const { done, setCookie } = await takeBillingFlash(request)
  return json(
    { done, ...billingPageConstants() },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  )
}

/**
 * What the page shows, from the contract: sent by the loader so the browser bundle never loads the
 * contract module (it carries zod).
 */
export function billingPageConstants() {
  return {
    uploads: BILLING_UPLOAD_KINDS.map((kind) => ({
      kind,
      label: BILLING_UPLOADS[kind].label,
      columns: BILLING_UPLOADS[kind].columns.map((column) => ({
        header: column.header,
        optional: 'optional' in column && column.optional === true,
      })),
      sample: BILLING_UPLOADS[kind].sample,
      action: billingActionUrl(kind),
      sectionId: billingSectionId(kind),
    })),
    reports: BILLING_REPORT_NAMES.map((report) => ({
      report,
      label: BILLING_REPORTS[report].label,
      fileName: BILLING_REPORTS[report].fileName ?? overallReportFileName('<date>_<time>'),
      href: ROUTES.adminBillingReport.path.replace(':report', report),
    })),
    maxBytes: BILLING_MAX_BYTES,
    messages: {
      tooLarge: BILLING_MESSAGES.tooLarge,
      wrongType: BILLING_MESSAGES.invalidFile,
      serverError: BILLING_MESSAGES.serverError,
    },
  }
}

export type BillingPageData = ReturnType<typeof billingPageConstants> & { done: BillingFlash | null }

/** A refused upload as the page renders it beside its own form. */
export type BillingActionData = { kind: BillingUploadKind | null; upload: UploadResult }

export async function billingAction(
  { request, context }: ActionFunctionArgs,
  route: typeof ROUTES.adminBilling,
) {
  const user = await requireUser(request, context, route)
  const kind = new URL(request.url).searchParams.get('kind')
  if (!isBillingUploadKind(kind)) {
    // Not one of the three forms: nothing is read or sent.
    return json<BillingActionData>(
      { kind: null, upload: refusedUpload(400, BILLING_MESSAGES.invalidFile) },
      { status: 400 },
    )
  }
  const result = await handleCsvUpload(
    request,
    {
      client: paymentsApi(context, user.session.token),
      path: `/payment/post-paid/${BILLING_UPLOADS[kind].call}`,
    },
    billingUploadOptions(kind),
  )
  if (result.ok) {
    // After a success, a redirect (reload and back do not post again) with the message as a flash. No
    // #fragment: a navigation that only changes the hash would not run the loader (React Router).
    return redirect(BILLING_PATH, {
      headers: { 'Set-Cookie': await billingFlash.set(request, kind) },
    })
  }
  const { fields: _fields, ...upload } = result
  return json<BillingActionData>({ kind, upload }, { status: result.status })
}

/** GET /admin/billing/reports/:report → the platform's CSV, passed through; an unknown report is 404. */
export async function billingReportLoader(
  { request, context, params }: LoaderFunctionArgs,
  route: typeof ROUTES.adminBillingReport,
) {
  const user = await requireUser(request, context, route)
  const report = params.report
  if (!isBillingReport(report)) throw new Response('Not found', { status: 404 })
  const response = await paymentsApi(context, user.session.token).raw(
    'GET',
    `/payment/test/${BILLING_REPORTS[report].call}`,
  )
  return passFile(response, user.role)
}
