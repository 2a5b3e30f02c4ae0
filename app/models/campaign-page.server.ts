// Loaders and actions of the campaign list and its child pages (spec campaigns §2, §4, §6), shared by
// the /campaigns (AGENCY, BRAND, SELLER) and /admin/campaigns (SUPERADMIN, OPS) route trees.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { z } from 'zod/v4'
import {
  mayCloneCampaign,
  mayCreateAnyCampaign,
  mayCreateCampaign,
  mayDeleteCampaign,
  mayEditCampaign,
} from '../../platform/rules/campaign-permissions'
import { campaignStateLabel } from '../../platform/rules/campaigns'
import { istDate } from '../../platform/rules/time'
import { formatIstDateTime } from '../../platform/rules/format'
import { type Role, routePrefix } from '../../platform/rules/roles'
import { redirectWithFlash } from '../flash.server'
import {
  type CurrentUser,
  type GuardOptions,
  redirectForStatus,
  requireUser,
  UNAUTHORIZED_PATH,
} from '../guard.server'
import { commitSession, destroySession } from '../session.server'
import { customDateError, editorPath, listSearch, parseListQuery } from './campaign-list'
import { campaignsApi, decodeName } from './campaigns.server'
import { checkAvailableCredit } from './payments.server'
import type { UpstreamResult } from './upstream.server'

type Args = LoaderFunctionArgs | ActionFunctionArgs

export const campaignsPath = (role: Role) => `${routePrefix(role)}/campaigns`

/** Only the list's own query string may come back from a form (no open redirects). */
function returnSearch(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string' || !value.startsWith('?')) return ''
  return listSearch(parseListQuery(new URLSearchParams(value)))
}

async function failWith(result: UpstreamResult<unknown>, user: CurrentUser) {
  await redirectForStatus(result, user.role)
  return result.ok ? '' : result.message || `The service answered ${result.status}`
}

export async function listLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const sellerId = user.sellerId as number
  const query = parseListQuery(new URL(request.url).searchParams)
  const today = istDate(new Date())
  const dateError = customDateError(query, today)
  const campaigns = campaignsApi(context, user.session.token)
  const [list, stats, credit] = await Promise.all([
    dateError ? null : campaigns.list(sellerId, query),
    campaigns.stats(sellerId),
    checkAvailableCredit(context, user.session.token, sellerId),
  ])
  // spec §6: a 401 on the campaign list clears the selected seller. A 403 (the account is no longer
  // the caller's, e.g. an agency's link was removed) clears it too, so the next visit asks for one.
  const refused = [list, stats, credit].find((r) => r && !r.ok && (r.status === 401 || r.status === 403))
  if (refused && !refused.ok) {
    const unauthorized = refused.status === 403 || refused.message === 'unauthorized'
    throw redirect(unauthorized ? UNAUTHORIZED_PATH : '/', {
      headers: {
        'Set-Cookie': unauthorized
          ? await commitSession({ ...user.session, sellerId: null, sellerName: null })
          : await destroySession(),
      },
    })
  }
  // What is left to redirect for (406 for staff) goes through the guard's rule; other failures show.
  const backendError = list && !list.ok ? await failWith(list, user) : null
  const statsError = stats.ok ? null : await failWith(stats, user)
  if (!credit.ok) await failWith(credit, user)
  const creditsEnabled = credit.ok ? credit.data.creditsEnabled : false
  const page = list?.ok ? list.data : null
  return {
    base: campaignsPath(user.role),
    query,
    today,
    dateError,
    backendError: backendError ?? statsError,
    stats: stats.ok ? stats.data : null,
    availableCredit: credit.ok
      ? credit.data.totalAvailableCredit
      : stats.ok
        ? stats.data.totalAvailableCredit
        : 0,
    canCreate: mayCreateAnyCampaign(user.role, creditsEnabled),
    page: page
      ? {
          totalCount: page.totalCount,
          page: page.page,
          size: page.size,
          totalPages: page.totalPages,
          fromDate: page.fromDate,
          toDate: page.toDate,
          totals: page.totals,
          rows: page.campaigns.map((row) => ({
            id: row.id,
            campaignId: row.jmcampaign_id,
            name: decodeName(row.name),
            state: row.state,
            status: row.status,
            stateLabel: campaignStateLabel(row.state),
            campaignClass: row.campaignClass,
            createdBy: row.campaignCreatedBy ?? '',
            start: formatIstDateTime(new Date(row.start_time)),
            end: row.expire_time ? formatIstDateTime(new Date(row.expire_time)) : 'Lifetime',
            budget: row.budget,
            ...(row.homePageMetrics[0] ?? { spend: 0, clicks: 0, orders: 0, sales: 0, roas: 0 }),
            action: row.action,
            canEdit: mayEditCampaign(user.role, row),
            canClone: mayCloneCampaign(user.role, row, creditsEnabled),
            canDelete: mayDeleteCampaign(user.role, row),
          })),
        }
      : null,
  }
}

const rowForm = z.object({
  intent: z.enum(['pause', 'play', 'clone']),
  campaignId: z.coerce.number().int().positive(),
  campaignName: z.string().max(300).default(''),
})

/** Pause, play and clone from a list row. Each answers with a redirect and a flash message. */
export async function listAction({ request, context }: ActionFunctionArgs, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const form = await request.formData()
  const back = campaignsPath(user.role) + returnSearch(form.get('returnTo'))
  const parsed = rowForm.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return redirectWithFlash(request, back, { kind: 'error', message: 'Unknown action' })
  }
  const { intent, campaignId, campaignName } = parsed.data
  const campaigns = campaignsApi(context, user.session.token)
  const label = campaignName ? `'${campaignName}'` : String(campaignId)
  if (intent === 'clone') {
    const result = await campaigns.clone(campaignId)
    if (result.ok) {
      const message = `Campaign ${label} cloned as '${decodeName(result.data.name)}', a draft: check its dates and budget, then submit it.`
      return redirectWithFlash(request, editorPath(result.data.id), { kind: 'success', message })
    }
    return redirectWithFlash(request, back, { kind: 'error', message: await failWith(result, user) })
  }
  const result = intent === 'pause' ? await campaigns.pause(campaignId) : await campaigns.play(campaignId)
  const message = result.ok
    ? `Campaign ${label} ${intent === 'pause' ? 'paused' : `resumed: ${campaignStateLabel(result.data.state)}`}`
    : await failWith(result, user)
  return redirectWithFlash(request, back, { kind: result.ok ? 'success' : 'error', message })
}

const idParam = z.coerce.number().int().positive()

function campaignIdOf(params: Args['params']): number {
  const parsed = idParam.safeParse(params.id)
  if (!parsed.success) throw new Response('Not found', { status: 404 })
  return parsed.data
}

/** The Create New Campaign class dialog (spec §2): staff choose, others get Sponsored if they have credit. */
export async function classDialogLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const credit = await checkAvailableCredit(context, user.session.token, user.sellerId as number)
  if (!credit.ok) await redirectForStatus(credit, user.role)
  const creditsEnabled = credit.ok && credit.data.creditsEnabled
  return {
    // Only who may create a Privilege campaign chooses the class (spec §2); Sponsored by its own rule.
    chooses: mayCreateCampaign(user.role, 'Privilege', creditsEnabled),
    sponsoredEnabled: mayCreateCampaign(user.role, 'Sponsored', creditsEnabled),
    back: campaignsPath(user.role) + returnSearch(new URL(request.url).search),
  }
}

/** The campaign a delete confirmation is about, and who asks (spec §4). */
async function loadDeletion({ request, context, params }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const id = campaignIdOf(params)
  const view = await campaignsApi(context, user.session.token).view(id)
  if (!view.ok) {
    await redirectForStatus(view, user.role)
    throw new Response(view.message, { status: view.status === 404 ? 404 : 502 })
  }
  if (!mayDeleteCampaign(user.role, view.data)) throw redirect(UNAUTHORIZED_PATH)
  const url = new URL(request.url)
  const search = returnSearch(url.search)
  const confirmation = {
    id,
    campaignId: view.data.jmcampaign_id,
    name: decodeName(view.data.name),
    back: campaignsPath(user.role) + search,
    self: url.pathname + search,
    error: null as string | null,
  }
  return { user, confirmation }
}

/** The delete confirmation: shows the campaign; deletes on confirm. */
export async function deleteLoader(args: Args, guard: GuardOptions) {
  return (await loadDeletion(args, guard)).confirmation
}

export async function deleteAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const { user, confirmation } = await loadDeletion(args, guard)
  const result = await campaignsApi(args.context, user.session.token).remove(confirmation.id)
  // spec §4: a delete succeeds when the response's campaignStatus is DELETED.
  if (result.ok && result.data.campaignStatus === 'DELETED') {
    const message = `Campaign '${confirmation.name}' deleted. Its history stays in the audit log.`
    return redirectWithFlash(args.request, confirmation.back, { kind: 'success', message })
  }
  const error = result.ok
    ? `The campaign was not deleted (${result.data.campaignStatus})`
    : await failWith(result, user)
  return data({ ...confirmation, error }, { status: 502 })
}

/** Download Table (spec §2, §7): the platform's CSV of the filtered list, passed through. */
export async function downloadLoader({ request, context }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const query = parseListQuery(new URL(request.url).searchParams)
  if (customDateError(query, istDate(new Date()))) {
    throw redirect(campaignsPath(user.role) + listSearch(query))
  }
  const response = await campaignsApi(context, user.session.token).download(user.sellerId as number, query)
  if (!response.ok) {
    const message = await response.text()
    await redirectForStatus({ ok: false, status: response.status, message }, user.role)
    throw new Response('The download failed. Try again.', { status: 502 })
  }
  const headers = new Headers()
  for (const name of ['content-type', 'content-disposition']) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  headers.set('cache-control', 'no-store')
  return new Response(response.body, { status: 200, headers })
}

/** A campaign's history (beyond the spec): who changed what and when, newest first. */
export async function historyLoader({ request, context, params }: Args, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const id = campaignIdOf(params)
  const pageParam = Number(new URL(request.url).searchParams.get('page'))
  const page = Number.isSafeInteger(pageParam) && pageParam > 0 ? pageParam : 1
  const result = await campaignsApi(context, user.session.token).history(id, page)
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    throw new Response(result.message, { status: result.status === 404 ? 404 : 502 })
  }
  const { campaign, entries, ...paging } = result.data
  return {
    base: campaignsPath(user.role),
    campaign: { ...campaign, name: decodeName(campaign.name) },
    entries: entries.map((entry) => ({
      id: entry.id,
      when: formatIstDateTime(new Date(entry.at)),
      who: entry.actor ? entry.actor.name || entry.actor.email || `User ${entry.actor.userId}` : 'System',
      whoDetail: entry.actor
        ? [entry.actor.email, entry.actor.role].filter(Boolean).join(' · ')
        : 'state engine',
      what: ACTION_LABELS[entry.action] ?? entry.action,
      changes: describeChanges(entry.before, entry.after),
    })),
    ...paging,
  }
}

const ACTION_LABELS: Record<string, string> = {
  CAMPAIGN_CREATED: 'Created',
  CAMPAIGN_MODIFIED: 'Edited',
  CAMPAIGN_CLONED: 'Created as a copy',
  CAMPAIGN_PAUSED: 'Paused',
  CAMPAIGN_PLAYED: 'Played',
  CAMPAIGN_DELETED: 'Deleted',
  CAMPAIGN_STATE_CHANGED: 'State changed',
}

const FIELD_LABELS: Record<string, string> = {
  state: 'State',
  status: 'Status',
  deletedAt: 'Deleted at',
  reason: 'Reason',
  sourceCampaignId: 'Copied from campaign',
  name: 'Name',
  submission: 'Submission',
}

function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (field === 'state') return campaignStateLabel(value as number | null)
  if (field === 'status') return value === 0 ? 'Paused manually' : 'Active'
  if (field === 'deletedAt' && typeof value === 'string') return formatIstDateTime(new Date(value))
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The fields an audit entry changed, as 'State: Running → Paused' lines. */
export function describeChanges(before: unknown, after: unknown): string[] {
  const from = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>
  const to = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>
  const lines: string[] = []
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const label = FIELD_LABELS[field] ?? field
    if (!(field in from)) lines.push(`${label}: ${showValue(field, to[field])}`)
    else if (JSON.stringify(from[field]) !== JSON.stringify(to[field]))
      lines.push(`${label}: ${showValue(field, from[field])} → ${showValue(field, to[field])}`)
  }
  return lines
}
