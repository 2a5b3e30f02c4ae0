// Onboarding (/admin/onboarding), the rejected agency's edit (/admin/userManagement/:email/edit) and the
// invitation (/invitation): the auth service's calls and the loaders' and actions' work (decision 033).
import type { SubmissionResult } from '@conform-to/react'
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import type {
  AgencyResubmit,
  InvitationDone,
  InvitationInfo,
  InvitationTotp,
  OnboardRequest,
  OnboardResponse,
} from '../../platform/contracts/onboarding'
import {
  MAY_NOT_ONBOARD_ROLE,
  mayOnboard,
  ONBOARDING_PATTERNS,
  OnboardingMessages,
  onboardableRoles,
} from '../../platform/rules/onboarding'
import { isRole, type Role } from '../../platform/rules/roles'
import { redirectWithFlash } from '../flash.server'
import type { CurrentUser } from '../guard.server'
import { redirectForStatus } from '../guard.server'
import { ROUTES } from '../route-table'
import type { FormRules } from '../utils/form-rules'
import { parseForm } from '../utils/form-rules.server'
import { authApi } from './auth.server'
import {
  agencyEditForm,
  invitationOtpForm,
  invitationPasswordForm,
  onboardingFormFor,
  roleOptionLabel,
} from './onboarding.schema'
import { createUpstreamClient, transportFor, type UpstreamError } from './upstream.server'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import { readFormData } from '../utils/read-form.server'

type Context = Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>

export type AgencyDetails = {
  name: string
  email: string
  role: Role
  accountStatus: string
  primaryContactNumber: string
  secondaryContactNumber: string
  address: string
  pincode: string
  comments: string | null
}
export type InvitationState = InvitationInfo & { enrolment: InvitationTotp | null }

function onboardingApi(context: Context, token?: string | null) {
  const client = createUpstreamClient(transportFor(context, 'auth'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  return {
    onboard: (body: OnboardRequest) => client.post<OnboardResponse>('/v1/onBoardUsers', { json: body }),
    details: (email: string) => client.get<AgencyDetails>(`/v1/onBoardUsers/${encodeURIComponent(email)}`),
    resubmit: (email: string, body: AgencyResubmit) =>
      client.put<{ name: string }>(`/v1/onBoardUsers/${encodeURIComponent(email)}`, { json: body }),
    invitation: (token: string) => client.get<InvitationState>('/v1/invitation', { query: { token } }),
    setPassword: (body: { token: string; password: string; confirmPassword: string }) =>
      client.post<InvitationTotp>('/v1/invitation/password', { json: body }),
    enrol: (body: { token: string; totp: string }) =>
      client.post<InvitationDone>('/v1/invitation/totp', { json: body }),
  }
}

/** spec §8: onboarding tries the data field first, then the first error, then the message. */
export function onboardingErrorMessage(result: UpstreamError): string {
  const body = result.body as { data?: unknown; errors?: unknown } | null
  if (body && typeof body === 'object') {
    if (typeof body.data === 'string' && body.data) return body.data
    if (Array.isArray(body.errors) && typeof body.errors[0] === 'string' && body.errors[0])
      return body.errors[0]
  }
  return result.message || SOMETHING_WENT_WRONG
}

/** The platform's field errors (`users.0.email` or `email`) that name a field of this form. */
function fieldErrorsOf(result: UpstreamError, rules: FormRules): Record<string, string[]> {
  const fieldErrors = (result.body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {}
  const out: Record<string, string[]> = {}
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const name = key.replace(/^users\.\d+\./, '')
    if (Object.hasOwn(rules, name)) out[name] = messages
  }
  return out
}

export type PincodeLookup = { pincode: string; district: string | null; state: string | null }

/** District and state of a 6-digit pincode (null for anything else); unknown pincodes say so. */
async function lookUpPincode(
  context: Context,
  token: string,
  pincode: unknown,
): Promise<PincodeLookup | null> {
  const value = typeof pincode === 'string' ? pincode.trim() : ''
  if (!new RegExp(`^${ONBOARDING_PATTERNS.pincode}$`).test(value)) return null
  const result = await authApi(context, token).pincodes([value])
  if (!result.ok) return null
  const found = result.data.find((row) => row.pincode === value)
  return { pincode: value, district: found?.district ?? null, state: found?.state ?? null }
}

/** The role the page shows: the `role` of the URL if the user may onboard it, else the first they may. */
export function chosenRole(user: CurrentUser, value: string | null): Role {
  const allowed = onboardableRoles(user.role)
  if (value && isRole(value) && mayOnboard(user.role, value)) return value
  return allowed[0]?.value ?? 'OPS'
}

export async function loadOnboarding(request: Request, context: Context, user: CurrentUser) {
  const url = new URL(request.url)
  const role = chosenRole(user, url.searchParams.get('role'))
  // With JavaScript the page asks for a pincode's district and state as it is typed (?pincode=).
  const lookup = await lookUpPincode(context, user.session.token, url.searchParams.get('pincode'))
  return {
    role,
    roles: onboardableRoles(user.role).map((option) => ({ value: option.value, label: option.label })),
    lookup,
  }
}

type FormAnswer = {
  lastResult: SubmissionResult<string[]>
  lookup?: PincodeLookup | null
  error?: string | null
}

/** What was typed, sent back without errors (the Look up button without JavaScript). */
const keptOnly = (reply: SubmissionResult<string[]>, keep: string[] = []): SubmissionResult<string[]> => ({
  ...reply,
  error: Object.fromEntries(Object.entries(reply.error ?? {}).filter(([name]) => keep.includes(name))),
})

export async function onboard(request: Request, context: Context, user: CurrentUser) {
  const formData = await readFormData(request)
  const roleValue = String(formData.get('role') ?? '')
  const role: Role | null = isRole(roleValue) ? roleValue : null
  const rules = onboardingFormFor(role ?? 'OPS')
  const submission = parseForm(formData, rules)
  const lookup =
    role === 'AGENCY' ? await lookUpPincode(context, user.session.token, formData.get('pincode')) : null
  if (formData.get('intent') === 'lookup') {
    const answer: FormAnswer = { lastResult: keptOnly(submission.reply(), ['pincode']), lookup }
    return data(answer)
  }
  if (!role || !mayOnboard(user.role, role)) {
    const answer: FormAnswer = { lastResult: submission.reply(), lookup, error: MAY_NOT_ONBOARD_ROLE }
    return data(answer, { status: 403 })
  }
  if (submission.status !== 'success') {
    const answer: FormAnswer = { lastResult: submission.reply(), lookup }
    return data(answer, { status: 400 })
  }
  const value = submission.value as Record<string, string | undefined>
  const result = await onboardingApi(context, user.session.token).onboard({
    sendMail: true,
    users: [
      {
        role,
        name: value.name ?? '',
        email: value.email ?? '',
        ...(value.userId ? { userId: value.userId } : {}),
        ...(role === 'AGENCY'
          ? {
              primaryContactNumber: value.primaryContactNumber,
              secondaryContactNumber: value.secondaryContactNumber,
              address: value.address,
              pincode: value.pincode,
            }
          : {}),
      },
    ],
  })
  if (!result.ok) {
    if (result.status === 401) await redirectForStatus(result, user.role)
    const answer: FormAnswer = {
      lastResult: submission.reply({ fieldErrors: fieldErrorsOf(result, rules) }),
      lookup,
      error: onboardingErrorMessage(result),
    }
    return data(answer, { status: result.status >= 500 ? 502 : result.status })
  }
  const created = result.data.users[0]
  const who = created ? `${created.name} (${created.email})` : (value.email ?? '')
  const mailed = created?.invited
    ? `An invitation to set a password was e-mailed to ${created.email}.`
    : 'The invitation e-mail could not be sent.'
  const pending = created?.accountStatus === 'PENDING' ? ' The account is pending approval.' : ''
  return redirectWithFlash(request, `${ROUTES.adminOnboarding.path}?role=${role}`, {
    kind: 'success',
    message: `${who} was onboarded as ${roleOptionLabel(role)}. ${mailed}${pending}`,
  })
}

// ---------------------------------------------------------------------------------------------------
// Edit mode: a rejected agency (spec §6)
// ---------------------------------------------------------------------------------------------------

export async function loadAgencyEdit(request: Request, context: Context, user: CurrentUser, email: string) {
  const url = new URL(request.url)
  const result = await onboardingApi(context, user.session.token).details(email)
  const lookup = await lookUpPincode(context, user.session.token, url.searchParams.get('pincode'))
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    if (result.status === 404) throw new Response('No such user', { status: 404 })
    return { details: null, editable: false, error: onboardingErrorMessage(result), lookup }
  }
  const details = result.data
  const editable = details.role === 'AGENCY' && details.accountStatus === 'REJECTED'
  return {
    details,
    editable,
    error: editable ? null : 'Only a rejected agency can be edited and sent for approval again',
    lookup: lookup ?? (await lookUpPincode(context, user.session.token, details.pincode)),
  }
}

export async function resubmitAgency(request: Request, context: Context, user: CurrentUser, email: string) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, agencyEditForm)
  const lookup = await lookUpPincode(context, user.session.token, formData.get('pincode'))
  if (formData.get('intent') === 'lookup') {
    return data({ lastResult: keptOnly(submission.reply(), ['pincode']), lookup } as FormAnswer)
  }
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply(), lookup } as FormAnswer, { status: 400 })
  }
  const result = await onboardingApi(context, user.session.token).resubmit(email, submission.value)
  if (!result.ok) {
    if (result.status === 401) await redirectForStatus(result, user.role)
    const answer: FormAnswer = {
      lastResult: submission.reply({ fieldErrors: fieldErrorsOf(result, agencyEditForm) }),
      lookup,
      error: onboardingErrorMessage(result),
    }
    return data(answer, { status: result.status >= 500 ? 502 : result.status })
  }
  return redirectWithFlash(request, ROUTES.adminUserManagement.path, {
    kind: 'success',
    message: `${result.data.name} (${email}) was sent for approval again.`,
  })
}

// ---------------------------------------------------------------------------------------------------
// The invitation page (public)
// ---------------------------------------------------------------------------------------------------

export type InvitationPageData =
  | { state: 'invalid'; message: string; token: string }
  | { state: 'password'; token: string; invitation: InvitationState }
  | { state: 'totp'; token: string; invitation: InvitationState; enrolment: InvitationTotp }

export async function loadInvitation(request: Request, context: Context): Promise<InvitationPageData> {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const result = await onboardingApi(context).invitation(token)
  if (!result.ok) {
    if (result.status >= 500) throw new Response('The sign-in service is unavailable', { status: 503 })
    return { state: 'invalid', message: result.message || SOMETHING_WENT_WRONG, token: '' }
  }
  const invitation = result.data
  if (invitation.passwordSet && invitation.enrolment)
    return { state: 'totp', token, invitation, enrolment: invitation.enrolment }
  return { state: 'password', token, invitation }
}

export type InvitationAnswer = {
  lastResult?: SubmissionResult<string[]>
  error?: string
  done?: InvitationDone
}

export async function invitationAction(request: Request, context: Context) {
  const formData = await readFormData(request)
  const token = String(formData.get('token') ?? '')
  const api = onboardingApi(context)
  if (formData.get('intent') === 'password') {
    const submission = parseForm(formData, invitationPasswordForm)
    if (submission.status !== 'success') {
      return data(
        { lastResult: submission.reply({ hideFields: ['password', 'confirmPassword'] }) } as InvitationAnswer,
        {
          status: 400,
        },
      )
    }
    const result = await api.setPassword({ token, ...submission.value })
    if (!result.ok) {
      const fields = fieldErrorsOf(result, invitationPasswordForm)
      const answer: InvitationAnswer = {
        lastResult: submission.reply({
          hideFields: ['password', 'confirmPassword'],
          ...(Object.keys(fields).length
            ? { fieldErrors: fields }
            : { formErrors: [result.message || SOMETHING_WENT_WRONG] }),
        }),
      }
      return data(answer, { status: result.status >= 500 ? 502 : result.status })
    }
    // Step 2 comes from the loader (the invitation now has a password): a reload shows it again.
    return redirect(`${ROUTES.invitation.path}?token=${encodeURIComponent(token)}`)
  }
  const submission = parseForm(formData, invitationOtpForm)
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply({ hideFields: ['otp'] }) } as InvitationAnswer, {
      status: 400,
    })
  }
  const result = await api.enrol({ token, totp: submission.value.otp })
  if (!result.ok) {
    const answer: InvitationAnswer = {
      lastResult: submission.reply({
        hideFields: ['otp'],
        ...(result.message === OnboardingMessages.invitationInvalid || result.status === 429
          ? { formErrors: [result.message] }
          : { fieldErrors: { otp: [result.message || SOMETHING_WENT_WRONG] } }),
      }),
    }
    return data(answer, { status: result.status >= 500 ? 502 : result.status })
  }
  return data({ done: result.data } as InvitationAnswer)
}
