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
import {
  AD_GROUP_DELETED,
  AdGroupProcessing,
  MATCH_TYPE_LABELS,
  type MatchTypeCode,
  Pacing,
} from '../../platform/rules/campaign-editor'
import { campaignStateLabel, creditsEnabled } from '../../platform/rules/campaigns'
import { istDate } from '../../platform/rules/time'
import { formatIstDateTime } from '../../platform/rules/format'
import { type Role, routePrefix } from '../../platform/rules/roles'
import { flashCookie, redirectWithFlash } from '../flash.server'
import {
  type CurrentUser,
  type GuardOptions,
  redirectForStatus,
  requireUser,
  UNAUTHORIZED_PATH,
} from '../guard.server'
import { ROUTES } from '../route-table'
import { commitSession, destroySession } from '../session.server'
import { formatMoney } from '../utils/format'
import { customDateError, editorPath, listSearch, parseListQuery } from './campaign-list'
import { campaignsApi, decodeName } from './campaigns.server'
import { checkAvailableCredit } from './payments.server'
import type { UpstreamResult } from './upstream.server'
import { passFile } from './files.server'
import { readFormData } from '../utils/read-form.server'

type Args = LoaderFunctionArgs | ActionFunctionArgs

export const campaignsPath = (role: Role) => `${routePrefix(role)}/campaigns`

/** What an agency reads on account selection when the brand it was viewing is no longer linked to it. */
export const AGENCY_LOST_BRAND = 'This brand is no longer linked to your agency. Select another account.'

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
  // The home stats carry the available credit (the payment service's figure, one rule): whether
  // credits are enabled follows from it, so the list asks no third call for it.
  const [list, stats] = await Promise.all([
    dateError ? null : campaigns.list(sellerId, query),
    campaigns.stats(sellerId),
  ])
  // spec §6: a 401 on the campaign list clears the selected seller. A 403 (the account is no longer
  // the caller's, e.g. an agency's link was removed) clears it too, so the next visit asks for one.
  const refused = [list, stats].find((r) => r && !r.ok && (r.status === 401 || r.status === 403))
  if (refused && !refused.ok) {
    // An agency whose link to this brand ended (de-linked) chooses another account (decision 036).
    if (refused.status === 403 && user.role === 'AGENCY') {
      const headers = new Headers()
      headers.append('Set-Cookie', await commitSession({ ...user.session, sellerId: null, sellerName: null }))
      headers.append('Set-Cookie', await flashCookie(request, { kind: 'info', message: AGENCY_LOST_BRAND }))
      throw redirect(ROUTES.selectAccount.path, { headers })
    }
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
  const availableCredit = stats.ok ? stats.data.totalAvailableCredit : 0
  const creditsOn = creditsEnabled(availableCredit)
  const page = list?.ok ? list.data : null
  return {
    base: campaignsPath(user.role),
    query,
    today,
    dateError,
    backendError: backendError ?? statsError,
    stats: stats.ok ? stats.data : null,
    availableCredit,
    canCreate: mayCreateAnyCampaign(user.role, creditsOn),
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
            canClone: mayCloneCampaign(user.role, row, creditsOn),
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
  const form = await readFormData(request)
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
  return passFile(response, user.role)
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
  const groupNames = adGroupNames(entries)
  return {
    base: campaignsPath(user.role),
    campaign: { ...campaign, name: decodeName(campaign.name) },
    entries: entries.map((entry) => ({
      id: entry.id,
      when: formatIstDateTime(new Date(entry.at)),
      who: entry.actor ? entry.actor.name || entry.actor.email || `User ${entry.actor.userId}` : 'System',
      whoDetail: entry.actor
        ? [entry.actor.email, entry.actor.role].filter(Boolean).join(' · ')
        : entry.action === 'ADGROUP_PROCESSING'
          ? 'ad-group processing job'
          : 'state engine',
      what: describeAction(entry.action, entry.before, entry.after, groupNames),
      changes: describeChanges(entry.before, entry.after, entry.action),
    })),
    ...paging,
  }
}

// ---- How an audit entry reads on the history page (docs/decisions/032) ----------------------------

const ACTION_LABELS: Record<string, string> = {
  CAMPAIGN_CREATED: 'Created',
  CAMPAIGN_MODIFIED: 'Edited',
  CAMPAIGN_CLONED: 'Created as a copy',
  CAMPAIGN_PAUSED: 'Paused',
  CAMPAIGN_PLAYED: 'Played',
  CAMPAIGN_DELETED: 'Deleted',
  CAMPAIGN_STATE_CHANGED: 'State changed',
  ADGROUP_CREATED: 'Ad group created',
  ADGROUP_MODIFIED: 'Ad group edited',
  ADGROUP_DELETED: 'Ad group deleted',
  ADGROUP_PROCESSING: 'Ad group processing status',
}

/** Fields of a campaign entry (campaignFields of platform/inventory/campaign-editor.ts and the list's actions). */
const FIELD_LABELS: Record<string, string> = {
  sourceCampaignId: 'Copied from campaign',
  name: 'Name',
  state: 'State',
  status: 'Status',
  submission: 'Submission',
  campaignClass: 'Campaign class',
  targetingType: 'Targeting type',
  start_time: 'Start date',
  expire_time: 'End date',
  budget_total_limit: 'Total budget',
  budget_daily_limit: 'Daily budget',
  budget_pacing: 'Pacing',
  cpm: 'Bid (CPM)',
  cpd: 'CPD',
  tag: 'Privilege tag',
  pincodeFilter: 'Pincode targeting',
  pincodes: 'Pincodes',
  deletedAt: 'Deleted at',
  reason: 'Reason',
}

/** Fields of an ad-group entry (adGroupSnapshot of platform/inventory/adgroup-editor.ts, the processing job). */
const AD_GROUP_FIELD_LABELS: Record<string, string> = {
  name: 'Ad group name',
  state: 'Ad group state',
  processing_status: 'Processing',
  products: 'Products',
  keywords: 'Keywords',
  match_type: 'Match type',
  last_error: 'Error',
  retry: 'Retried after a stalled run',
}

/** Keys that identify rather than describe (ids), or that the label already says (`action`). */
const HIDDEN_FIELDS = new Set(['action', 'adGroupId', 'jm_adgroup_id'])

/** Longest list shown in full; the rest is counted ('and 5 more keywords'). */
export const HISTORY_LIST_CAP = 20

const MONEY_FIELDS = new Set(['budget_total_limit', 'budget_daily_limit', 'cpm', 'cpd'])
const TIME_FIELDS = new Set(['start_time', 'expire_time', 'deletedAt'])
const PACING_LABELS: Record<number, string> = {
  [Pacing.asap]: 'ASAP',
  [Pacing.frontloaded]: 'Frontloaded',
  [Pacing.evenly]: 'Evenly',
  [Pacing.manual]: 'Manual',
}
const PINCODE_FILTER_LABELS: Record<string, string> = {
  ALL: 'All pincodes',
  CUSTOM: 'Only these pincodes',
  EXCEPT: 'All except these pincodes',
}
const SUBMISSION_LABELS: Record<string, string> = { DRAFT: 'Draft', SUBMITTED: 'Submitted' }
const PROCESSING_LABELS: Record<number, string> = {
  [AdGroupProcessing.Pending]: 'Pending',
  [AdGroupProcessing.Processing]: 'Processing',
  [AdGroupProcessing.Completed]: 'Completed',
  [AdGroupProcessing.Failed]: 'Failed',
}
const AD_GROUP_STATE_LABELS: Record<number, string> = { 1: 'Active', [AD_GROUP_DELETED]: 'Deleted' }

type Fields = Record<string, unknown>
type KeywordEntry = { keyword: string; match_type: number | null; bid_price: number | null }

const fieldsOf = (value: unknown): Fields =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {}
const isAdGroupAction = (action: string) => action.startsWith('ADGROUP_')

/** Paise as rupees with Indian grouping: 123450 → '₹1,234.50'. */
const rupees = (paise: number) => `${paise < 0 ? '−' : ''}₹${formatMoney(Math.abs(paise))}`
const matchTypeLabel = (code: unknown) =>
  MATCH_TYPE_LABELS[code as MatchTypeCode] ?? (code === null || code === undefined ? '—' : String(code))

/** A stored value as a person reads it: money in rupees, times in IST, codes by their names. */
function showValue(field: string, value: unknown, adGroup = false): string {
  if (field === 'expire_time' && value === null) return 'Lifetime'
  if (MONEY_FIELDS.has(field)) {
    if (value === null || value === undefined || value === -1) return 'Not set'
    if (typeof value === 'number') return rupees(value)
  }
  if (value === null || value === undefined) return '—'
  if (TIME_FIELDS.has(field) && typeof value === 'string') return formatIstDateTime(new Date(value))
  if (field === 'state')
    return adGroup
      ? (AD_GROUP_STATE_LABELS[value as number] ?? String(value))
      : campaignStateLabel(value as number | null)
  if (field === 'status') return value === 0 ? 'Paused manually' : 'Active'
  if (field === 'submission') return SUBMISSION_LABELS[String(value)] ?? String(value)
  if (field === 'budget_pacing') return PACING_LABELS[value as number] ?? String(value)
  if (field === 'pincodeFilter') return PINCODE_FILTER_LABELS[String(value)] ?? String(value)
  if (field === 'processing_status') return PROCESSING_LABELS[value as number] ?? String(value)
  if (field === 'match_type') return matchTypeLabel(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return capped(value.map(String)).join(', ')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** At most HISTORY_LIST_CAP items, then 'and N more …'. */
function capped(items: string[], noun = ''): string[] {
  if (items.length <= HISTORY_LIST_CAP) return items
  const rest = items.length - HISTORY_LIST_CAP
  return [...items.slice(0, HISTORY_LIST_CAP), `and ${rest} more${noun ? ` ${noun}` : ''}`]
}

function keywordsOf(value: unknown): KeywordEntry[] {
  if (!Array.isArray(value)) return []
  return value.filter((k): k is KeywordEntry => typeof k?.keyword === 'string')
}

/** The one match type every keyword has, or null when they differ (or there are none). */
function sharedMatchType(keywords: KeywordEntry[]): number | null {
  const types = new Set(keywords.map((k) => k.match_type))
  return types.size === 1 ? ([...types][0] ?? null) : null
}

/** 'running shoes (₹4.50)'; the match type too when the group's keywords do not share one. */
function keywordText(k: KeywordEntry, withMatchType: boolean): string {
  const details = [
    withMatchType ? matchTypeLabel(k.match_type) : null,
    typeof k.bid_price === 'number' && k.bid_price > 0 ? rupees(k.bid_price) : null,
  ].filter(Boolean)
  return details.length ? `${k.keyword} (${details.join(', ')})` : k.keyword
}

/** A list as it was first recorded: 'Products: 3', 'Keyword: running shoes (₹4.50)', 'Pincodes: …'. */
function listedLines(field: string, value: unknown, adGroup: boolean): string[] {
  if (field === 'products' && Array.isArray(value)) return [`Products: ${value.length}`]
  if (field === 'keywords') {
    const keywords = keywordsOf(value)
    if (keywords.length === 0) return []
    const shared = sharedMatchType(keywords)
    return [
      ...(shared === null ? [] : [`Match type: ${matchTypeLabel(shared)}`]),
      ...capped(
        keywords.map((k) => `Keyword: ${keywordText(k, shared === null)}`),
        'keywords',
      ),
    ]
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return []
    return [`${labelOf(field, adGroup)} (${value.length}): ${showValue(field, value, adGroup)}`]
  }
  return []
}

/** What was added to and removed from a list of plain values (products, pincodes). */
function listDiffLines(singular: string, before: unknown[], after: unknown[]): string[] {
  const was = new Set(before.map(String))
  const now = new Set(after.map(String))
  return capped(
    [
      ...[...now].filter((v) => !was.has(v)).map((v) => `${singular} added: ${v}`),
      ...[...was].filter((v) => !now.has(v)).map((v) => `${singular} removed: ${v}`),
    ],
    `${singular.toLowerCase()} changes`,
  )
}

/** Keywords added and removed, bids and match types changed (keywords compared case-insensitively). */
function keywordDiffLines(before: KeywordEntry[], after: KeywordEntry[]): string[] {
  const key = (k: KeywordEntry) => k.keyword.trim().toLowerCase()
  const was = new Map(before.map((k) => [key(k), k]))
  const now = new Map(after.map((k) => [key(k), k]))
  const sharedBefore = sharedMatchType(before)
  const sharedAfter = sharedMatchType(after)
  // One group-wide match type that changed reads as one line, not one per keyword.
  const groupWide = sharedBefore !== null && sharedAfter !== null
  const lines: string[] = []
  if (groupWide && sharedBefore !== sharedAfter)
    lines.push(`Match type: ${matchTypeLabel(sharedBefore)} → ${matchTypeLabel(sharedAfter)}`)
  const changes: string[] = []
  for (const [k, entry] of now) {
    const old = was.get(k)
    if (!old) {
      changes.push(`Keyword added: ${keywordText(entry, !groupWide && sharedAfter === null)}`)
      continue
    }
    if ((old.bid_price ?? null) !== (entry.bid_price ?? null))
      changes.push(
        `Bid for ${entry.keyword}: ${showValue('cpm', old.bid_price)} → ${showValue('cpm', entry.bid_price)}`,
      )
    if (!groupWide && old.match_type !== entry.match_type)
      changes.push(
        `Match type for ${entry.keyword}: ${matchTypeLabel(old.match_type)} → ${matchTypeLabel(entry.match_type)}`,
      )
  }
  for (const [k, entry] of was) if (!now.has(k)) changes.push(`Keyword removed: ${entry.keyword}`)
  return [...lines, ...capped(changes, 'keyword changes')]
}

const labelOf = (field: string, adGroup: boolean) =>
  (adGroup ? AD_GROUP_FIELD_LABELS[field] : undefined) ?? FIELD_LABELS[field] ?? field

/**
 * The 'What' of an entry: its action in words, the ad group's name, and whether it was submitted or
 * saved: 'Edited (submitted)', "Ad group 'Shoes group' created (saved as draft)". `groupNames` names
 * ad groups an entry knows only by id (the processing job's).
 */
export function describeAction(
  action: string,
  before: unknown,
  after: unknown,
  groupNames: ReadonlyMap<number, string> = new Map(),
): string {
  const from = fieldsOf(before)
  const to = fieldsOf(after)
  let label = ACTION_LABELS[action] ?? action
  if (isAdGroupAction(action)) {
    const id = to.adGroupId ?? from.adGroupId
    const name = to.name ?? from.name ?? (typeof id === 'number' ? groupNames.get(id) : undefined)
    if (typeof name === 'string' && name) label = label.replace(/^Ad group/, `Ad group '${name}'`)
  }
  if (to.action === 'submit') return `${label} (submitted)`
  if (to.action === 'save') {
    // Only a campaign known to be a draft is 'saved as draft': saving a submitted campaign keeps it live.
    const draft = action === 'CAMPAIGN_CREATED' || to.submission === 'DRAFT'
    return `${label} (${draft ? 'saved as draft' : 'saved'})`
  }
  return label
}

/** Ad-group names by id, from the entries that carry them (created, edited, deleted). */
export function adGroupNames(entries: readonly { before: unknown; after: unknown }[]): Map<number, string> {
  const names = new Map<number, string>()
  for (const entry of entries)
    for (const side of [fieldsOf(entry.after), fieldsOf(entry.before)])
      if (typeof side.adGroupId === 'number' && typeof side.name === 'string' && !names.has(side.adGroupId))
        names.set(side.adGroupId, side.name)
  return names
}

/**
 * The fields an audit entry changed, as lines a person reads: 'Total budget: ₹1,000.00 → ₹2,000.00',
 * 'Keyword added: running shoes (₹4.50)', 'Bid for running shoes: ₹4.50 → ₹5.00', 'Product removed: 456'.
 * A field only in `after` was set (a creation: null and empty values left out); `action` (the audit
 * action) says whether the entry is about an ad group, whose fields read differently. A deleted ad
 * group lists what it had.
 */
export function describeChanges(before: unknown, after: unknown, action = ''): string[] {
  const adGroup = isAdGroupAction(action)
  let from = fieldsOf(before)
  let to = fieldsOf(after)
  if (action === 'ADGROUP_DELETED') {
    // The label says it is deleted; the snapshot before says what went with it.
    const { name: _name, state: _state, ...had } = from
    from = {}
    to = had
  }
  const lines: string[] = []
  // jsonb does not keep key order: lines follow the labels' order, unknown fields last.
  const order = Object.keys(adGroup ? { ...AD_GROUP_FIELD_LABELS, ...FIELD_LABELS } : FIELD_LABELS)
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length)
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort((a, b) => rank(a) - rank(b))
  for (const field of fields) {
    if (HIDDEN_FIELDS.has(field)) continue
    const label = labelOf(field, adGroup)
    const was = from[field]
    const now = to[field]
    if (!(field in to)) continue // nothing recorded after: not a change this entry describes
    if (!(field in from)) {
      if (Array.isArray(now) || field === 'keywords' || field === 'products') {
        lines.push(...listedLines(field, now, adGroup))
      } else if (now !== null || field === 'expire_time') {
        lines.push(`${label}: ${showValue(field, now, adGroup)}`)
      }
      continue
    }
    if (JSON.stringify(was) === JSON.stringify(now)) continue
    if (field === 'keywords') lines.push(...keywordDiffLines(keywordsOf(was), keywordsOf(now)))
    else if (field === 'products' && Array.isArray(was) && Array.isArray(now))
      lines.push(...listDiffLines('Product', was, now))
    else if (field === 'pincodes' && Array.isArray(was) && Array.isArray(now))
      lines.push(...listDiffLines('Pincode', was, now))
    else lines.push(`${label}: ${showValue(field, was, adGroup)} → ${showValue(field, now, adGroup)}`)
  }
  return [...new Set(lines)]
}
