// Client of the auth service's user-management calls (spec accounts §7 /v1/userManagement/*), and the
// loaders and actions of the user list, the user detail and its dialogs (decision 034).
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import {
  type AccountAction,
  type UserListParams,
  userListResponseSchema,
  userProfileSchema,
  userUpdateResponseSchema,
} from '../../platform/contracts/users'
import { formatIstDateTime } from '../../platform/rules/format'
import type { Role } from '../../platform/rules/roles'
import {
  type AccountStatus,
  editTarget,
  isAdminUser,
  mayManageAccess,
  mayReactivate,
  mayRevoke,
  otherAdminRole,
} from '../../platform/rules/users'
import { redirectWithFlash } from '../flash.server'
import { type CurrentUser, redirectForStatus } from '../guard.server'
import { parseForm } from '../utils/form-rules.server'
import { parseListState } from './list-state'
import { createUpstreamClient, transportFor, type UpstreamResult } from './upstream.server'
import { reasonForm, USER_LIST, USER_MANAGEMENT_PATH, userDetailPath } from './users.schema'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { readFormData } from '../utils/read-form.server'

export function usersApi(
  context: Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>,
  token: string,
) {
  const api = createUpstreamClient(transportFor(context, 'auth'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  const base = '/v1/userManagement'
  return {
    list: (query: UserListParams) => api.get(`${base}/details`, { query, response: userListResponseSchema }),
    profile: (email: string) =>
      api.get(`${base}/userProfileDetails/${encodeURIComponent(email)}`, { response: userProfileSchema }),
    /** text/csv (no envelope), passed through. */
    downloadAll: () => api.raw('GET', `${base}/downloadProfileDetails`),
    /** text/csv of an agency's linked brands. */
    downloadBrands: (email: string) => api.raw('GET', `${base}/brandDetails/${encodeURIComponent(email)}`),
    updateRole: (email: string, newRole: 'OPS' | 'SUPERADMIN', comments: string) =>
      api.put(`${base}/updateRole`, {
        query: { email, newRole, comments },
        response: userUpdateResponseSchema,
      }),
    updateAccountStatus: (email: string, action: AccountAction, comments: string) =>
      api.put(`${base}/updateAccountStatus`, {
        query: { email, action, comments },
        response: userUpdateResponseSchema,
      }),
  }
}

const messageOf = (result: UpstreamResult<unknown>) =>
  result.ok ? '' : result.message || SOMETHING_WENT_WRONG

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export async function loadUserList(request: Request, context: AppLoadContext, user: CurrentUser) {
  const state = parseListState(USER_LIST, new URL(request.url).searchParams)
  const result = await usersApi(context, user.session.token).list({
    userType: state.userType,
    status: state.status,
    direction: state.direction,
    page: state.page,
    size: state.size,
  })
  if (!result.ok) await redirectForStatus(result, user.role)
  const page = result.ok ? result.data : null
  return {
    state,
    viewer: user.role,
    error: result.ok ? null : messageOf(result),
    page: page
      ? {
          totalCount: page.totalCount,
          totalPages: page.totalPages,
          page: page.page,
          rows: page.users.map((row) => ({
            id: row.id,
            name: row.name,
            role: row.role,
            email: row.email,
            addedBy: row.addedBy ?? '',
            timestamp: formatIstDateTime(new Date(row.timestamp)),
            accountStatus: row.accountStatus,
            brandCount: row.role === 'AGENCY' ? row.brandDetails.length : null,
            edit: editTarget(user.role, row),
          })),
        }
      : null,
  }
}

// ---------------------------------------------------------------------------------------------
// The detail and its dialogs
// ---------------------------------------------------------------------------------------------

export type StatusAction = 'revoke' | 'reactivate'

export type UserDetailProfile = {
  name: string
  role: Role
  email: string
  accountStatus: AccountStatus
  addedBy: string
  timestamp: string
  brands: { brandId: number; brandName: string }[]
  documents: { docType: string; received: boolean; fileName: string | null }[]
  comments: string | null
}
export type UserDetailData = {
  profile: UserDetailProfile | null
  error: string | null
  controls: { access: boolean; status: StatusAction | null } | null
}

export async function loadUserDetail(context: AppLoadContext, user: CurrentUser, email: string) {
  const result = await usersApi(context, user.session.token).profile(email)
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    return data(
      { profile: null, error: messageOf(result), controls: null },
      { status: result.status === 404 ? 404 : 200 },
    )
  }
  const profile = result.data
  const self = profile.email.toLowerCase() === user.info.email.toLowerCase()
  const manage = mayManageAccess(user.role) && !self
  const statusAction: StatusAction | null = mayRevoke(profile.accountStatus)
    ? 'revoke'
    : mayReactivate(profile.accountStatus)
      ? 'reactivate'
      : null
  const loaded: UserDetailData = {
    profile: {
      name: profile.name,
      role: profile.role,
      email: profile.email,
      accountStatus: profile.accountStatus,
      addedBy: profile.addedBy ?? '',
      timestamp: formatIstDateTime(new Date(profile.timestamp)),
      brands: profile.brandDetails,
      documents: profile.userOnBoardingDetails.agencyDocuments,
      comments: profile.comments,
    },
    error: null,
    controls: {
      access: manage && isAdminUser(profile.role),
      status: manage ? statusAction : null,
    },
  }
  return data(loaded)
}

export type DialogKind = 'access' | 'revoke' | 'reactivate'

/** What a dialog shows: whom it is about and what it will do; redirects back when it does not apply. */
export async function loadDialog(
  context: AppLoadContext,
  user: CurrentUser,
  email: string,
  kind: DialogKind,
) {
  const back = userDetailPath(email)
  const result = await usersApi(context, user.session.token).profile(email)
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    throw redirect(back)
  }
  const profile = result.data
  const self = profile.email.toLowerCase() === user.info.email.toLowerCase()
  const applies =
    !self &&
    (kind === 'access'
      ? otherAdminRole(profile.role) !== null
      : kind === 'revoke'
        ? mayRevoke(profile.accountStatus)
        : mayReactivate(profile.accountStatus))
  if (!applies) throw redirect(back)
  return {
    kind,
    email: profile.email,
    name: profile.name,
    role: profile.role as Role,
    accountStatus: profile.accountStatus as AccountStatus,
    newRole: otherAdminRole(profile.role),
    back,
    self: `${back}/${kind}`,
  }
}

/** A dialog's post: the reason checked (spec §5), the change made, back to the detail with a banner. */
export async function dialogAction(
  request: Request,
  context: AppLoadContext,
  user: CurrentUser,
  email: string,
  kind: DialogKind,
) {
  const dialog = await loadDialog(context, user, email, kind)
  const submission = parseForm(await readFormData(request), reasonForm)
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply() }, { status: 400 })
  }
  const api = usersApi(context, user.session.token)
  const reason = submission.value.reason
  const result =
    kind === 'access'
      ? await api.updateRole(dialog.email, dialog.newRole as 'OPS' | 'SUPERADMIN', reason)
      : await api.updateAccountStatus(dialog.email, kind === 'revoke' ? 'REVOKE' : 'REACTIVATE', reason)
  if (!result.ok) {
    if (result.status === 401 || result.status === 406) await redirectForStatus(result, user.role)
    const message = messageOf(result)
    // A refused reason (control characters, too long) belongs to the field; anything else to the form.
    const reply =
      result.status === 400
        ? submission.reply({ fieldErrors: { reason: [message] } })
        : submission.reply({ formErrors: [message] })
    return data({ lastResult: reply }, { status: result.status === 400 ? 400 : 409 })
  }
  const message =
    kind === 'access'
      ? `${dialog.name}'s access is now ${result.data.role === 'SUPERADMIN' ? 'Super Admin' : 'Admin'}.`
      : kind === 'revoke'
        ? `${dialog.name}'s account is revoked. Their sessions have ended.`
        : `${dialog.name}'s account is reactivated.`
  return redirectWithFlash(request, dialog.back, { kind: 'success', message })
}

export { USER_MANAGEMENT_PATH }
