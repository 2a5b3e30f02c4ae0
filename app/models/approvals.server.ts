// The approval screens (spec accounts §2 "Approval list", §4, §5, §8; decision 035): the platform's
// approval calls, and what the list, detail, dialog and document routes do with them.
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  redirect,
} from '@remix-run/node'
import {
  type ApprovalDetail,
  approvalDecisionResultSchema,
  approvalDetailSchema,
  approvalListSchema,
  agencyDocumentSchema,
} from '../../platform/contracts/approvals'
import type { ApprovalDecision } from '../../platform/rules/approvals'
import { agencyDocumentTypes, documentSlug, documentTypeOfSlug } from '../../platform/rules/approvals'
import { type Role, Roles } from '../../platform/rules/roles'
import { redirectWithFlash } from '../flash.server'
import { type CurrentUser, failureMessage, type GuardOptions, requireUser } from '../guard.server'
import { parseForm } from '../utils/form-rules.server'
import { parseApprovalList } from './approval-list'
import { approvalDetailPath, approvalPath, rejectForm } from './approvals.schema'
import { createUpstreamClient, transportFor, type UpstreamResult } from './upstream.server'
import { passFile } from './files.server'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { readFormData } from '../utils/read-form.server'

type Context = Pick<AppLoadContext, 'platformFetch' | 'requestId'>

export function approvalsApi(context: Context, token: string) {
  const transport = transportFor(context, 'auth')
  const api = createUpstreamClient(transport, { token, requestId: context.requestId })
  const userPath = (userType: Role, userId: number) => `/v1/${userType}/${userId}`
  const documentPath = (userId: number, slug: string) => `/v1/AGENCY/${userId}/documents/${slug}`
  return {
    list: (state: ReturnType<typeof parseApprovalList>) =>
      api.get('/v1/approval/listing', {
        query: {
          userType: state.userType,
          status: state.status,
          sort: state.sort,
          direction: state.direction,
          page: state.page,
          size: state.size,
        },
        response: approvalListSchema,
      }),
    detail: (userType: Role, userId: number) =>
      api.get(userPath(userType, userId), { response: approvalDetailSchema }),
    decide: (userType: Role, userId: number, accountStatus: ApprovalDecision, comments: string) =>
      api.patch(userPath(userType, userId), {
        query: { accountStatus },
        json: { comments },
        response: approvalDecisionResultSchema,
      }),
    /** The stored file of a document, as the platform streams it. */
    document: (userId: number, slug: string) => api.raw('GET', documentPath(userId, slug)),
    /** Passes a multipart upload through as it streams in: the platform counts the bytes and decides. */
    async upload(userId: number, slug: string, request: Request): Promise<UpstreamResult<unknown>> {
      const headers = new Headers({ accept: 'application/json', authorization: `Bearer ${token}` })
      for (const name of ['content-type', 'content-length']) {
        const value = request.headers.get(name)
        if (value) headers.set(name, value)
      }
      if (context.requestId) headers.set('x-request-id', context.requestId)
      const response = await transport.fetch(
        new Request(`${transport.base}${documentPath(userId, slug)}`, {
          method: 'POST',
          headers,
          body: request.body,
          duplex: 'half',
        } as RequestInit),
      )
      const body = await response.json().catch(() => null)
      if (response.ok) {
        const parsed = agencyDocumentSchema.safeParse((body as { data?: unknown } | null)?.data)
        return { ok: true, status: response.status, data: parsed.success ? parsed.data : null, message: '' }
      }
      const message = (body as { message?: string } | null)?.message
      return { ok: false, status: response.status, message: message || SOMETHING_WENT_WRONG, body }
    },
  }
}

/** The message of a failed call (spec §8), after the redirects a 401/403/406 calls for. */
async function failure(result: UpstreamResult<unknown>, user: CurrentUser): Promise<string> {
  return result.ok ? '' : failureMessage(result, user.role)
}

/** The route's user: a role name and an id of digits, else 404 (the page does not exist). */
function userOf(params: LoaderFunctionArgs['params']): { userType: Role; userId: number } {
  const userType = params.userType as Role
  const id = params.userId ?? ''
  if (!Roles.includes(userType) || !/^\d{1,15}$/.test(id)) throw new Response('Not found', { status: 404 })
  return { userType, userId: Number(id) }
}

// --- the list ---------------------------------------------------------------------------------

export async function approvalListLoader({ request, context }: LoaderFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  const state = parseApprovalList(new URL(request.url).searchParams)
  const result = await approvalsApi(context, user.session.token).list(state)
  if (result.ok) return { state, page: result.data, error: null }
  return { state, page: null, error: await failure(result, user) }
}

// --- the detail ---------------------------------------------------------------------------------

export type DetailData = {
  detail: ApprovalDetail | null
  error: string | null
  base: string
}

async function loadDetail(
  { request, context, params }: LoaderFunctionArgs,
  guard: GuardOptions,
): Promise<{ user: CurrentUser; data: DetailData; userType: Role; userId: number }> {
  const user = await requireUser(request, context, guard)
  const { userType, userId } = userOf(params)
  const base = approvalDetailPath(userType, userId)
  const result = await approvalsApi(context, user.session.token).detail(userType, userId)
  if (result.ok) return { user, userType, userId, data: { detail: result.data, error: null, base } }
  if (result.status === 404) throw new Response('Not found', { status: 404 })
  return { user, userType, userId, data: { detail: null, error: await failure(result, user), base } }
}

export async function approvalDetailLoader(args: LoaderFunctionArgs, entry: GuardOptions) {
  return (await loadDetail(args, entry)).data
}

// --- the dialogs ----------------------------------------------------------------------------------

export type DialogData = {
  name: string
  email: string
  userType: Role
  pending: boolean
  base: string
  error: string | null
}

async function loadDialog(args: LoaderFunctionArgs, guard: GuardOptions) {
  const loaded = await loadDetail(args, guard)
  const { detail, error, base } = loaded.data
  // Only a pending registration has these dialogs (spec §2): otherwise, back to the detail.
  if (detail && detail.status !== 'PENDING') throw redirect(base)
  const dialog: DialogData = {
    name: detail?.name ?? '',
    email: detail?.email ?? '',
    userType: loaded.userType,
    pending: detail?.status === 'PENDING',
    base,
    error,
  }
  return { ...loaded, dialog }
}

export async function approveLoader(args: LoaderFunctionArgs, entry: GuardOptions) {
  return (await loadDialog(args, entry)).dialog
}

export async function approveAction(args: ActionFunctionArgs, entry: GuardOptions) {
  const { user, dialog, userType, userId } = await loadDialog(args, entry)
  // spec §4: an approval sends an empty comment.
  const result = await approvalsApi(args.context, user.session.token).decide(userType, userId, 'APPROVED', '')
  if (result.ok) {
    return redirectWithFlash(args.request, approvalPath, {
      kind: 'success',
      message: result.data.mailSent
        ? `${dialog.name} was approved. The terms and conditions link was sent to ${dialog.email}.`
        : `${dialog.name} was approved, but the e-mail to ${dialog.email} could not be sent.`,
    })
  }
  return data(
    { ...dialog, error: await failure(result, user) },
    { status: result.status === 409 ? 409 : 502 },
  )
}

export async function rejectLoader(args: LoaderFunctionArgs, entry: GuardOptions) {
  return { ...(await loadDialog(args, entry)).dialog, lastResult: null }
}

/**
 * The reject dialog's post. From the detail page (intent 'review') it opens the confirmation with the
 * comments typed there; its own Reject (intent 'confirm') rejects. Empty comments are refused at the
 * comments field either way, with what was typed kept (decision 035).
 */
export async function rejectAction(args: ActionFunctionArgs, entry: GuardOptions) {
  const { user, dialog, userType, userId } = await loadDialog(args, entry)
  const form = await readFormData(args.request)
  const intent = form.get('intent')
  const submission = parseForm(form, rejectForm)
  if (submission.status !== 'success') {
    return data({ ...dialog, lastResult: submission.reply() }, { status: 400 })
  }
  if (intent !== 'confirm') return { ...dialog, lastResult: submission.reply() }
  const { comments } = submission.value
  const result = await approvalsApi(args.context, user.session.token).decide(
    userType,
    userId,
    'REJECTED',
    comments,
  )
  if (result.ok) {
    return redirectWithFlash(args.request, approvalPath, {
      kind: 'success',
      message: `${dialog.name} was rejected. The comments were e-mailed to ${dialog.email}.`,
    })
  }
  const message = await failure(result, user)
  // The platform's own field message (e.g. 'Comments are required') goes to the field.
  const fieldMessage = (result.body as { fieldErrors?: { comments?: string[] } } | null)?.fieldErrors
    ?.comments
  return data(
    {
      ...dialog,
      error: fieldMessage ? null : message,
      lastResult: submission.reply(fieldMessage ? { fieldErrors: { comments: fieldMessage } } : {}),
    },
    { status: result.status === 409 || result.status === 400 ? result.status : 502 },
  )
}

// --- agency documents ------------------------------------------------------------------------------

function documentOf(params: LoaderFunctionArgs['params']) {
  const { userType, userId } = userOf(params)
  // The slug ('io-doc'), or the type's own name ('IO Doc') as the route table's samples give it.
  const given = params.docType ?? ''
  const named = agencyDocumentTypes.find((docType) => docType === given)
  const slug = named ? documentSlug(named) : given
  if (userType !== 'AGENCY' || !documentTypeOfSlug(slug)) throw new Response('Not found', { status: 404 })
  return { userId, slug, base: approvalDetailPath(userType, userId) }
}

/** View: the platform's stream of the stored file, with its type and inline disposition. */
export async function documentLoader({ request, context, params }: LoaderFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  const { userId, slug } = documentOf(params)
  return passFile(await approvalsApi(context, user.session.token).document(userId, slug), user.role)
}

/** Upload (a native multipart post, with or without JavaScript): back to the detail with the outcome. */
export async function documentAction({ request, context, params }: ActionFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  const { userId, slug, base } = documentOf(params)
  const result = await approvalsApi(context, user.session.token).upload(userId, slug, request)
  const docType = documentTypeOfSlug(slug)
  if (result.ok) {
    return redirectWithFlash(request, `${base}#documents`, {
      kind: 'success',
      message: `${docType} uploaded.`,
    })
  }
  const message = await failure(result, user)
  return redirectWithFlash(request, `${base}#documents`, { kind: 'error', message: `${docType}: ${message}` })
}
