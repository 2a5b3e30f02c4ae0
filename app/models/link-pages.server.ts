// Loaders and actions of the agency-link screens (spec accounts §2 "Agency links"; decision 036):
// /link (AGENCY), /requestApproval (BRAND), /delink (AGENCY, BRAND) and /admin/requestApproval
// (SUPERADMIN), with their confirmation dialogs and CSV files. A failed call shows the server's
// message in a panel headed Error ('Something went wrong' without one, spec §8).
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import type { DelinkRequestItem, LinkRequestItem } from '../../platform/contracts/links'
import { formatIstDateTime } from '../../platform/rules/format'
import {
  type ApprovalStatus,
  LinkMessages,
  linkStatusLabel,
  linkStatusTone,
} from '../../platform/rules/links'
import { redirectWithFlash } from '../flash.server'
import {
  type CurrentUser,
  failureMessage,
  type GuardOptions,
  redirectForStatus,
  requireUser,
} from '../guard.server'
import { pathOf, ROUTES } from '../route-table'
import { parseForm } from '../utils/form-rules.server'
import { LINK_HISTORY_LIST } from './link-history-list'
import { parseListState } from './list-state'
import { delinkRequestForm, linkRequestForm } from './links.schema'
import { linksApi } from './links.server'
import type { UpstreamError, UpstreamResult } from './upstream.server'
import { passFile } from './files.server'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { readFormData } from '../utils/read-form.server'

type Args = LoaderFunctionArgs | ActionFunctionArgs

const messageOf = (result: UpstreamError) => result.message || SOMETHING_WENT_WRONG
const when = (iso: string | null) => (iso ? formatIstDateTime(new Date(iso)) : '—')

/** Redirects for 401/403/406 as everywhere (guard); other failures come back as the panel's message. */
async function failure(result: UpstreamResult<unknown>, user: CurrentUser): Promise<string | null> {
  return result.ok ? null : failureMessage(result, user.role)
}

// ---- /link (AGENCY) -------------------------------------------------------------------------------

export async function linkPageLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const state = parseListState(LINK_HISTORY_LIST, new URL(request.url).searchParams)
  const result = await linksApi(context, user.session.token).history(state.page, state.size)
  const error = await failure(result, user)
  return {
    state,
    error,
    history: result.ok
      ? {
          page: result.data.page,
          size: result.data.size,
          totalCount: result.data.totalCount,
          totalPages: result.data.totalPages,
          rows: result.data.items.map((item) => ({
            requestId: item.requestId,
            brandId: item.brandId,
            brandName: item.brandName,
            requested: when(item.timeStamp),
            status: item.status,
            statusLabel: linkStatusLabel(item.status),
            tone: linkStatusTone(item.status),
            actioned: when(item.approvedTimeStamp),
          })),
        }
      : null,
  }
}

export async function linkPageAction({ request, context }: ActionFunctionArgs, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const submission = parseForm(await readFormData(request), linkRequestForm)
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply(), error: null as string | null }, { status: 400 })
  }
  const { brandId } = submission.value
  const result = await linksApi(context, user.session.token).requestLink(brandId)
  if (result.ok) {
    return redirectWithFlash(request, ROUTES.link.path, {
      kind: 'success',
      message: `Link request sent to brand ${brandId}. The brand will approve or reject it.`,
    })
  }
  await redirectForStatus(result, user.role)
  // The brand id the platform refused ('Brand ID is invalid': not a brand) belongs at the field.
  if (result.status === 400) {
    return data(
      { lastResult: submission.reply({ fieldErrors: { brandId: [messageOf(result)] } }), error: null },
      { status: 400 },
    )
  }
  return data({ lastResult: submission.reply(), error: messageOf(result) }, { status: result.status })
}

/** 'View Linked Brands': the agency's linked brands as CSV. */
export async function linkedBrandsLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const response = await linksApi(context, user.session.token).linkedBrandsCsv(user.info.userId)
  return passFile(response, user.role)
}

// ---- /requestApproval (BRAND) ---------------------------------------------------------------------

const requestRow = (item: LinkRequestItem) => ({
  requestId: item.requestId,
  agencyId: item.agencyId,
  agencyName: item.agencyName,
  agencyEmail: item.agencyEmail,
  requestedBy: item.requestedBy,
  requested: when(item.timeStamp),
})

export async function linkApprovalLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const result = await linksApi(context, user.session.token).linkRequests()
  const error = await failure(result, user)
  return { error, rows: result.ok ? result.data.map(requestRow) : [] }
}

/** 'View Linked Agencies': the brand's linked agencies as CSV. */
export async function linkedAgenciesLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const response = await linksApi(context, user.session.token).linkedAgenciesCsv(user.sellerId as number)
  return passFile(response, user.role)
}

const DECISIONS = {
  APPROVED: { route: ROUTES.linkApprove, verb: 'approve' },
  REJECTED: { route: ROUTES.linkReject, verb: 'reject' },
} as const

/** The pending request a Link or Reject dialog is about; gone (already answered) → back to the list. */
async function loadLinkDecision(
  { request, context, params }: Args,
  status: ApprovalStatus,
  guard: GuardOptions,
) {
  const user = await requireUser(request, context, guard)
  const back = ROUTES.requestApproval.path
  const result = await linksApi(context, user.session.token).linkRequests()
  const error = await failure(result, user)
  if (!result.ok) throw new Response(error, { status: 502 })
  const row = result.data.find((item) => String(item.requestId) === params.requestId)
  if (!row) {
    throw await redirectWithFlash(request, back, {
      kind: 'info',
      message: 'That link request is no longer pending.',
    })
  }
  return {
    user,
    dialog: {
      status,
      verb: DECISIONS[status].verb,
      agencyName: row.agencyName,
      agencyEmail: row.agencyEmail,
      agencyId: row.agencyId,
      back,
      self: pathOf(DECISIONS[status].route, { requestId: row.requestId }),
      error: null as string | null,
    },
  }
}

export async function linkDecisionLoader(args: Args, status: ApprovalStatus, guard: GuardOptions) {
  return (await loadLinkDecision(args, status, guard)).dialog
}

export async function linkDecisionAction(
  args: ActionFunctionArgs,
  status: ApprovalStatus,
  guard: GuardOptions,
) {
  const { user, dialog } = await loadLinkDecision(args, status, guard)
  const result = await linksApi(args.context, user.session.token).decideLink(dialog.agencyId, status)
  if (result.ok) {
    const message =
      status === 'APPROVED'
        ? `${dialog.agencyName} is now linked to your brand.`
        : `The link request from ${dialog.agencyName} was rejected.`
    return redirectWithFlash(args.request, dialog.back, { kind: 'success', message })
  }
  const error = await failure(result, user)
  return data({ ...dialog, error }, { status: result.status })
}

// ---- /delink (AGENCY, BRAND) ----------------------------------------------------------------------

/** spec §2: a brand user's own id prefills Brand Id, an agency user's own e-mail Agency Email Id. */
export async function delinkPageLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const initialValue: Record<string, string> =
    user.role === 'BRAND' ? { brandId: String(user.sellerId ?? '') } : { agencyId: user.info.email }
  return { role: user.role, prefill: { initialValue } }
}

/** Which field a platform refusal belongs to. */
const DELINK_FIELD_OF: Record<string, 'brandId' | 'agencyId' | 'deLinkReason'> = {
  [LinkMessages.brandIdInvalid]: 'brandId',
  [LinkMessages.notYourBrand]: 'brandId',
  [LinkMessages.agencyIdInvalid]: 'agencyId',
  [LinkMessages.notYourAgency]: 'agencyId',
  [LinkMessages.delinkReasonEmpty]: 'deLinkReason',
}

export async function delinkPageAction({ request, context }: ActionFunctionArgs, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const submission = parseForm(await readFormData(request), delinkRequestForm)
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply(), error: null as string | null }, { status: 400 })
  }
  const result = await linksApi(context, user.session.token).requestDelink(submission.value)
  if (result.ok) {
    return redirectWithFlash(request, ROUTES.delink.path, {
      kind: 'success',
      message: 'De-link request sent. The Super Admin will approve or reject it.',
    })
  }
  const field = DELINK_FIELD_OF[result.message]
  if (field && (result.status === 400 || result.status === 403)) {
    const reply = submission.reply({ fieldErrors: { [field]: [result.message] } })
    return data({ lastResult: reply, error: null }, { status: result.status })
  }
  await redirectForStatus(result, user.role)
  return data({ lastResult: submission.reply(), error: messageOf(result) }, { status: result.status })
}

// ---- /admin/requestApproval (SUPERADMIN) ----------------------------------------------------------

const delinkRow = (item: DelinkRequestItem) => ({
  requestId: item.requestId,
  agencyId: item.agencyId,
  agencyName: item.agencyName,
  agencyEmail: item.agencyEmail,
  brandId: item.brandId,
  brandName: item.brandName,
  requestedBy: item.requestedBy,
  requested: when(item.timeStamp),
  reason: item.reason,
  status: item.status,
  statusLabel: item.status === 'APPROVED' ? 'De-linked' : linkStatusLabel(item.status),
  tone: item.status === 'APPROVED' ? linkStatusTone('DELINKED') : linkStatusTone(item.status),
  actionedBy: item.actionedBy,
  actioned: when(item.actionedTimeStamp),
  detail: pathOf(ROUTES.adminDelinkDetail, { requestId: item.requestId }),
})

export type DelinkRowView = ReturnType<typeof delinkRow>

export async function delinkApprovalLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const result = await linksApi(context, user.session.token).delinkRequests()
  const error = await failure(result, user)
  return { error, rows: result.ok ? result.data.map(delinkRow) : [] }
}

function requestIdOf(params: Args['params']): number {
  const raw = params.requestId ?? ''
  if (!/^\d{1,15}$/.test(raw)) throw new Response('Not found', { status: 404 })
  return Number(raw)
}

async function loadDelinkRequest({ request, context, params }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const result = await linksApi(context, user.session.token).delinkRequest(requestIdOf(params))
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    throw new Response(messageOf(result), { status: result.status === 404 ? 404 : 502 })
  }
  return { user, row: delinkRow(result.data) }
}

export async function delinkDetailLoader(args: Args, guard: GuardOptions) {
  return (await loadDelinkRequest(args, guard)).row
}

const DELINK_DECISIONS = {
  APPROVED: { route: ROUTES.adminDelinkApprove },
  REJECTED: { route: ROUTES.adminDelinkReject },
} as const

async function loadDelinkDecision(args: Args, status: ApprovalStatus, guard: GuardOptions) {
  const { user, row } = await loadDelinkRequest(args, guard)
  // Already decided (another tab, another super admin): the detail says how.
  if (row.status !== 'PENDING') throw redirect(row.detail)
  return {
    user,
    dialog: {
      status,
      agencyName: row.agencyName,
      agencyId: row.agencyId,
      brandName: row.brandName,
      brandId: row.brandId,
      back: row.detail,
      self: pathOf(DELINK_DECISIONS[status].route, { requestId: row.requestId }),
      error: null as string | null,
    },
  }
}

export async function delinkDecisionLoader(args: Args, status: ApprovalStatus, guard: GuardOptions) {
  return (await loadDelinkDecision(args, status, guard)).dialog
}

export async function delinkDecisionAction(
  args: ActionFunctionArgs,
  status: ApprovalStatus,
  guard: GuardOptions,
) {
  const { user, dialog } = await loadDelinkDecision(args, status, guard)
  const result = await linksApi(args.context, user.session.token).decideDelink(
    dialog.agencyId,
    dialog.brandId,
    status,
  )
  if (result.ok) {
    const message =
      status === 'APPROVED'
        ? `${dialog.agencyName} is de-linked from ${dialog.brandName}.`
        : `De-link request rejected: ${dialog.agencyName} stays linked to ${dialog.brandName}.`
    return redirectWithFlash(args.request, ROUTES.adminRequestApproval.path, { kind: 'success', message })
  }
  const error = await failure(result, user)
  return data({ ...dialog, error }, { status: result.status })
}
