// The console's authorization matrix (issue 14, Security; decision 050): every route table entry's loader,
// and its action where it has one, called as the five roles, signed out, another seller (on seller@'s
// campaign or report), an agency not linked to the brand it names, and a revoked user; the answers are
// compared with the roles of spec accounts §2 written out below by hand (not read from app/route-table.ts).
// tests/e2e/route-table.spec.ts walks the pages in a browser for the five roles; this adds the actions and
// the four attacks, without a browser.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { campaigns } from '../../platform/testing/console-tests'
import { CALLER_EMAIL, CALLERS, type Caller } from '../../platform/testing/authz-table'
import type { Role } from '../../platform/rules/roles'
import { pathOf, ROUTE_LIST, type RouteEntry, type RouteId } from '../route-table'
import { createRouteHarness, type RouteAnswer, type RouteHarness } from '../testing/route-harness'

const SELLER_ID = 100001
const BRAND_ID = 200001

const EMAIL = CALLER_EMAIL
const ROLE: Record<Caller, Role | null> = {
  SUPERADMIN: 'SUPERADMIN',
  OPS: 'OPS',
  AGENCY: 'AGENCY',
  BRAND: 'BRAND',
  SELLER: 'SELLER',
  signedOut: null,
  otherSeller: 'SELLER',
  unlinkedAgency: 'AGENCY',
  revoked: 'SELLER',
}
/**
 * The advertiser each caller works on: staff and the agency choose one (the session's seller id), a seller
 * or brand is its own. otherSeller's session is its own (100002), but the campaign and report it opens
 * are seller@'s; unlinkedAgency's session names brand 200001, to which its link request is only PENDING.
 */
const SUBJECT: Record<Caller, number> = {
  SUPERADMIN: SELLER_ID,
  OPS: BRAND_ID,
  AGENCY: BRAND_ID,
  BRAND: BRAND_ID,
  SELLER: SELLER_ID,
  signedOut: SELLER_ID,
  otherSeller: SELLER_ID,
  unlinkedAgency: BRAND_ID,
  revoked: SELLER_ID,
}
/** The seller id kept in the session cookie (SELLER and BRAND: the platform says, whatever the cookie). */
const SESSION_SELLER: Partial<Record<Caller, number>> = {
  SUPERADMIN: SELLER_ID,
  OPS: BRAND_ID,
  AGENCY: BRAND_ID,
  unlinkedAgency: BRAND_ID,
}

const STAFF: readonly Role[] = ['SUPERADMIN', 'OPS']
const ADVERTISERS: readonly Role[] = ['AGENCY', 'BRAND', 'SELLER']
const ALL: readonly Role[] = [...STAFF, ...ADVERTISERS]
const SA: readonly Role[] = ['SUPERADMIN']

/**
 * Who spec accounts §2 lets in, entry by entry ('open': pages for visitors, the sign-in and terms steps,
 * which decide by their own state; checked here only for never a 5xx). The /admin prefix is SUPERADMIN and
 * OPS; user-detail changes (role, revoke, reactivate) are SUPERADMIN's (§6); the outbox is staff's
 * (decision 037); the welcome page is SELLER's (§6).
 */
const SPEC_ROLES: Record<RouteId, readonly Role[] | 'open'> = {
  login: 'open',
  loginVerify: 'open',
  loginElsewhere: 'open',
  forgotPassword: 'open',
  forgotPasswordVerify: 'open',
  forgotPasswordDone: 'open',
  externalLogin: 'open',
  home: ['SELLER'],
  unauthorized: 'open',
  tncErrorPopup: 'open',
  terms: 'open',
  staticTerms: 'open',
  invitation: 'open',
  termsNotAccepted: 'open',
  advancedReports: ALL,
  adminSelectAccount: STAFF,
  adminCampaigns: STAFF,
  adminCampaignClass: STAFF,
  adminCampaignDelete: STAFF,
  adminCampaignDownload: STAFF,
  adminCampaignHistory: STAFF,
  adminAnalytics: STAFF,
  adminUserManagement: STAFF,
  adminAllAdvertisers: STAFF,
  adminUserDetail: STAFF,
  adminUserEdit: STAFF,
  adminUserBrands: STAFF,
  adminUserAccess: SA,
  adminUserRevoke: SA,
  adminUserReactivate: SA,
  adminOnboarding: STAFF,
  adminApproval: SA,
  adminApprovalDetail: SA,
  adminApprovalReject: SA,
  adminApprovalApprove: SA,
  adminAgencyDocument: SA,
  adminRequestApproval: SA,
  adminDelinkDetail: SA,
  adminDelinkApprove: SA,
  adminDelinkReject: SA,
  adminOutbox: STAFF,
  adminJobs: STAFF,
  adminBilling: SA,
  adminBillingReport: SA,
  adminBulkUpload: SA,
  adminSavedReports: STAFF,
  adminDefaultReports: STAFF,
  adminSaveScheduleReport: STAFF,
  adminSavedReportView: STAFF,
  adminSavedReportDelete: STAFF,
  adminSavedReportDownload: STAFF,
  adminSaveScheduleDiscard: STAFF,
  adminDefaultReportDownload: STAFF,
  selectAccount: ['AGENCY'],
  campaigns: ADVERTISERS,
  campaignClass: ADVERTISERS,
  campaignDelete: ADVERTISERS,
  campaignDownload: ADVERTISERS,
  campaignHistory: ADVERTISERS,
  analytics: ADVERTISERS,
  requestApproval: ['BRAND'],
  linkedAgencies: ['BRAND'],
  linkApprove: ['BRAND'],
  linkReject: ['BRAND'],
  link: ['AGENCY'],
  linkedBrands: ['AGENCY'],
  delink: ['AGENCY', 'BRAND'],
  savedReports: ADVERTISERS,
  saveScheduleReport: ADVERTISERS,
  savedReportView: ADVERTISERS,
  savedReportDelete: ADVERTISERS,
  savedReportDownload: ADVERTISERS,
  saveScheduleDiscard: ADVERTISERS,
  createCampaign: ALL,
  createCampaignDiscard: ALL,
  createCampaignDownload: ALL,
}

/**
 * Spec §2: "Onboarding, user management, approval, link, de-link, billing, account selection and bulk
 * upload routes pass without a seller id. Other routes need a seller id." Only these work on an advertiser:
 * the unlinked agency is refused there.
 */
const WITHOUT_SELLER = new Set<RouteId>([
  'home',
  'adminSelectAccount',
  'adminUserManagement',
  'adminAllAdvertisers',
  'adminUserDetail',
  'adminUserEdit',
  'adminUserBrands',
  'adminUserAccess',
  'adminUserRevoke',
  'adminUserReactivate',
  'adminOnboarding',
  'adminApproval',
  'adminApprovalDetail',
  'adminApprovalReject',
  'adminApprovalApprove',
  'adminAgencyDocument',
  'adminRequestApproval',
  'adminDelinkDetail',
  'adminDelinkApprove',
  'adminDelinkReject',
  'adminOutbox',
  'adminJobs',
  'adminBilling',
  'adminBillingReport',
  'adminBulkUpload',
  'selectAccount',
  'requestApproval',
  'linkedAgencies',
  'linkApprove',
  'linkReject',
  'link',
  'linkedBrands',
  'delink',
])

type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => unknown
  action?: (args: ActionFunctionArgs) => unknown
}
const MODULES = import.meta.glob<RouteModule>('../routes/*.tsx')

/** The URL path of a flat-routes module name (as app/route-table.test.ts reads them). */
function urlPathOf(file: string): string {
  const segments = file
    .replace(/^.*\//, '')
    .replace(/\.tsx$/, '')
    .split('.')
    .filter((segment) => !segment.startsWith('_'))
    .map((segment) => segment.replace(/_$/, '').replace(/^\$(\w+)$/, ':$1'))
  return `/${segments.join('/')}`
}

function moduleOf(entry: RouteEntry) {
  const key = Object.keys(MODULES).find((file) => urlPathOf(file) === entry.path)
  if (!key) throw new Error(`${entry.id}: no route module for ${entry.path}`)
  return MODULES[key]!() as Promise<RouteModule>
}

let h: RouteHarness
let cookies = {} as Record<Caller, string | undefined>

/** A campaign and a saved report of the advertiser that only this call touches (a copy, a new report). */
async function freshObjects(sellerId: number) {
  const owner = sellerId === SELLER_ID ? EMAIL.SELLER : EMAIL.BRAND
  const token = await h.t.tokenFor(owner)
  const [campaign] = await h.t.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.sellerId, sellerId),
        eq(campaigns.campaignClass, 'Sponsored'),
        eq(campaigns.state, 1),
        isNull(campaigns.deletedAt),
      ),
    )
    .orderBy(asc(campaigns.id))
    .limit(1)
  const clone = await h.t.request(`/ads/ad-inventory/v1/campaign/${campaign!.id}/clone`, {
    method: 'POST',
    token,
  })
  expect(clone.status, 'a campaign copy for the matrix').toBe(200)
  const report = await h.t.post(
    `/ads/adinventory/v1/analytics/saveAndScheduleReport?userId=${sellerId}`,
    {
      reportEntityId: '',
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
      reportMetaData: { reportName: `Authz matrix ${Math.random().toString(36).slice(2)}`, isSaved: true },
      filters: null,
      scheduleDetails: { frequency: 'ONCE', startDate: null, endDate: null, emailIds: [] },
    },
    { token },
  )
  expect(report.status, 'a saved report for the matrix').toBe(201)
  return {
    campaignId: (await clone.json()).data.id as number,
    reportId: (await report.json()).data.reportEntityId as string,
  }
}

/**
 * A fresh copy of the seeded database per entry: an action of one entry (approving a link, deleting a
 * campaign) must not decide another entry's answers.
 */
async function openHarness() {
  h = await createRouteHarness()
  await prepare()
}

let shared: { h: RouteHarness; cookies: Record<Caller, string | undefined> } | null = null
async function sharedHarness() {
  if (!shared) {
    await openHarness()
    shared = { h, cookies }
  }
  h = shared.h
  cookies = shared.cookies
}
afterAll(async () => {
  await shared?.h.close()
})

async function prepare() {
  // The unlinked agency has accepted the terms, so that the guard's terms rule does not answer for it.
  const agency2 = await h.t.userByEmail(EMAIL.unlinkedAgency)
  const accepted = await h.t.post(
    '/ads/ad-auth/v1/tnc',
    { userId: agency2.id, ipAddress: '198.51.100.1', timestamp: '2026-11-23T07:00:00Z', tncAcceptance: true },
    { token: await h.t.tokenFor(EMAIL.unlinkedAgency) },
  )
  expect(accepted.status).toBe(200)
  cookies = {} as Record<Caller, string | undefined>
  for (const who of CALLERS) {
    cookies[who] =
      who === 'signedOut'
        ? undefined
        : await h.cookieFor(EMAIL[who], { sellerId: SESSION_SELLER[who] ?? null })
  }
  const superadmin = await h.t.tokenFor(EMAIL.SUPERADMIN)
  // The revoked user signed in, then the super admin revoked the account.
  const revoke = await h.t.request(
    `/ads/ad-auth/v1/userManagement/updateAccountStatus?${new URLSearchParams({ email: EMAIL.revoked, action: 'REVOKE', comments: 'Left the company' })}`,
    { method: 'PUT', token: superadmin },
  )
  expect(revoke.status).toBe(200)
}

async function paramsFor(
  entry: RouteEntry,
  subject: { campaignId: number; reportId: string },
): Promise<Record<string, string>> {
  const byEntry: Partial<Record<RouteId, Record<string, string>>> = {
    adminUserEdit: { email: 'agency4@example.com' },
    adminUserBrands: { email: 'agency@example.com' },
    adminUserReactivate: { email: 'brand4@example.com' },
    adminUserAccess: { email: 'ops2@example.com' },
  }
  const all: Record<string, string> = {
    id: String(subject.campaignId),
    reportId: subject.reportId,
    email: 'seller2@example.com',
    userType: 'AGENCY',
    userId: String((await h.t.userByEmail('agency3@example.com')).id),
    docType: 'IO Doc',
    // Pending requests: de-link 2 (agency ↔ 200005), link 7 (agency2 → 200001).
    requestId: entry.path.startsWith('/admin/') ? '2' : '7',
    report: 'credit-limits',
    ...byEntry[entry.id as RouteId],
  }
  const names = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
  return Object.fromEntries(names.map((name) => [name, all[name]!]))
}

/**
 * The editor names its campaign in the query (?id=N), and so does its cards' download: the test opens
 * the subject's campaign there.
 */
const EDITS_BY_QUERY = new Set(['createCampaign', 'createCampaignDownload'])
/**
 * The form each action is sent, one an allowed caller could send (so that a refusal is the guard's or the
 * platform's, not a 400 of an empty form). Actions not listed get an empty form: their guard answers first.
 */
type Subject = { campaignId: number; reportId: string }
const FORMS: Partial<Record<RouteId, (subject: Subject) => Record<string, string>>> = {
  adminOnboarding: () => ({
    role: 'AGENCY',
    name: 'Authz Matrix Agency',
    email: `authz-${Math.random().toString(36).slice(2)}@example.com`,
    primaryContactNumber: '9876543210',
    secondaryContactNumber: '9876543211',
    address: '1 MG Road, Bengaluru',
    pincode: '560001',
  }),
  campaigns: (s) => ({ intent: 'pause', campaignId: String(s.campaignId), campaignName: 'Authz' }),
  adminCampaigns: (s) => ({ intent: 'pause', campaignId: String(s.campaignId), campaignName: 'Authz' }),
  saveScheduleReport: () => ({
    reportName: `Authz ${Math.random().toString(36).slice(2)}`,
    reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
    frequency: 'ONCE',
    dateFilterType: 'LAST_7D',
  }),
  adminSaveScheduleReport: () => ({
    reportName: `Authz ${Math.random().toString(36).slice(2)}`,
    reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
    frequency: 'ONCE',
    dateFilterType: 'LAST_7D',
  }),
  // A job id that is no failed job: the platform's 404 is the list again with a message (decision 058).
  adminJobs: () => ({ intent: 'retry', id: '00000000-0000-4000-8000-000000000000' }),
  savedReportDownload: () => ({ intent: 'download', otp: '123456' }),
  createCampaignDownload: () => ({ intent: 'adgroup-download:keywords', 'adgroup-state': '{}' }),
  adminSavedReportDownload: () => ({ intent: 'download', otp: '123456' }),
}

/** Actions whose form names a campaign (the list's pause, play and clone): seller@'s for otherSeller. */
const OBJECT_IN_FORM = new Set(['campaigns', 'adminCampaigns'])

const NEEDS_OBJECTS = (entry: RouteEntry) =>
  OBJECT_IN_FORM.has(entry.id) || /:(id|reportId)\b/.test(entry.path) || EDITS_BY_QUERY.has(entry.id)

/**
 * Pages of the seller tree that show no advertiser data and call the platform for none: a redirect to the
 * report form (advanced reports) and the two Discard confirmations. The unlinked agency meets the
 * refusal on the page they lead to, not here.
 */
const NO_ADVERTISER_DATA = new Set([
  'advancedReports',
  'createCampaignDiscard',
  'saveScheduleDiscard',
  'adminSaveScheduleDiscard',
])

/** agency3's IO Doc, received, so that the document route has a file to serve. */
async function uploadAgencyDocument() {
  const agency3 = await h.t.userByEmail('agency3@example.com')
  const boundary = '----authz-matrix'
  const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
  const response = await h.t.request(`/ads/ad-auth/v1/AGENCY/${agency3.id}/documents/io-doc`, {
    method: 'POST',
    token: await h.t.tokenFor(EMAIL.SUPERADMIN),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="io.pdf"\r\nContent-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`,
  })
  expect(response.status, 'an agency document for the matrix').toBe(200)
}

/**
 * Pages whose action is for fewer roles than the page: the others may read it but their post is refused
 * (403). Failed background jobs: staff read them, the super admin retries (decision 058).
 */
const ACTION_ROLES: Partial<Record<RouteId, readonly Role[]>> = { adminJobs: SA }

/** What the spec says this caller meets on this entry. */
function expectation(
  entry: RouteEntry,
  who: Caller,
  kind: 'loader' | 'action' = 'loader',
): 'open' | 'allow' | 'login' | 'refused' {
  const roles = SPEC_ROLES[entry.id as RouteId]
  if (roles === 'open') return 'open'
  const role = ROLE[who]
  // No token, or a token the platform no longer accepts (revoked): Login. A role not listed: Login.
  if (!role || who === 'revoked' || !roles.includes(role)) return 'login'
  const actionRoles = kind === 'action' ? ACTION_ROLES[entry.id as RouteId] : undefined
  if (actionRoles && !actionRoles.includes(role)) return 'refused'
  // Another seller's campaign or report; an agency on a brand it is not linked to.
  if (
    who === 'otherSeller' &&
    (/:(id|reportId)\b/.test(entry.path) ||
      EDITS_BY_QUERY.has(entry.id) ||
      (kind === 'action' && OBJECT_IN_FORM.has(entry.id)))
  ) {
    return 'refused'
  }
  if (
    who === 'unlinkedAgency' &&
    !WITHOUT_SELLER.has(entry.id as RouteId) &&
    !NO_ADVERTISER_DATA.has(entry.id)
  ) {
    return 'refused'
  }
  return 'allow'
}

/** Where a refusal sends the browser: /unauthorized (spec §6), or account selection for an agency whose
 * chosen brand the platform refuses (spec §4: a 401 on the campaign list clears the selected seller). */
const REFUSED_TO = new Set(['/unauthorized', '/select-account'])
const isRefusal = (a: RouteAnswer) =>
  a.status === 403 || a.status === 404 || (a.location !== null && REFUSED_TO.has(a.location))
const isLogin = (a: RouteAnswer) => a.status >= 300 && a.status < 400 && a.location === '/'

function problemWith(expected: ReturnType<typeof expectation>, a: RouteAnswer | Error): string | null {
  if (a instanceof Error) return `threw ${a.message.slice(0, 160)}`
  if (a.status >= 500) return `answered ${a.status}`
  switch (expected) {
    case 'open':
      return null
    case 'login':
      return isLogin(a) ? null : `expected a redirect to Login, got ${a.status} ${a.location ?? ''}`
    case 'refused':
      return isRefusal(a) ? null : `expected /unauthorized, 403 or 404, got ${a.status} ${a.location ?? ''}`
    case 'allow':
      return isLogin(a) || isRefusal(a) || a.location === '/terms-and-conditions'
        ? `is allowed but was sent away: ${a.status} ${a.location ?? ''}`
        : null
  }
}

/** Deny callers first: they must change nothing, so the allowed callers after them meet the data unchanged. */
const callOrder = (entry: RouteEntry, kind: 'loader' | 'action') =>
  [...CALLERS].sort(
    (a, b) =>
      Number(expectation(entry, a, kind) === 'allow') - Number(expectation(entry, b, kind) === 'allow'),
  )

describe('the console authorization matrix', () => {
  it('has the spec roles of every route table entry', () => {
    expect(ROUTE_LIST.map((entry) => entry.id).sort()).toEqual(Object.keys(SPEC_ROLES).sort())
  })

  it.each(ROUTE_LIST.map((entry) => [entry.id, entry] as const))(
    '%s: loader and action as every caller',
    async (_id, entry) => {
      const module = await moduleOf(entry)
      // A static page (no loader, no action) decides nothing.
      if (!module.loader && !module.action) return
      // Loaders change nothing: they share one copy of the database. An entry with an action gets its own.
      if (module.action) await openHarness()
      else await sharedHarness()
      if (entry.id === 'adminAgencyDocument') await uploadAgencyDocument()
      // The outbox pages exist only where the platform keeps mail (outside production, no SMTP_URL); the
      // test platform sends mail, so an allowed caller meets the 404 of a page that is not there.
      const allowedStatus = entry.id === 'adminOutbox' ? 404 : null
      const wrong: string[] = []
      for (const kind of ['loader', 'action'] as const) {
        const run = module[kind]
        if (!run) continue
        for (const who of callOrder(entry, kind)) {
          const subject = NEEDS_OBJECTS(entry)
            ? await freshObjects(SUBJECT[who])
            : { campaignId: 0, reportId: '00000000-0000-4000-8000-000000000000' }
          const params = await paramsFor(entry, subject)
          const path = EDITS_BY_QUERY.has(entry.id)
            ? `${pathOf(entry, params)}?id=${subject.campaignId}`
            : pathOf(entry, params)
          const init = { cookie: cookies[who], params }
          const answer = await (kind === 'loader'
            ? h.load(run as (args: LoaderFunctionArgs) => unknown, path, init)
            : h.submit(
                run as (args: ActionFunctionArgs) => unknown,
                path,
                FORMS[entry.id as RouteId]?.(subject) ?? {},
                init,
              )
          ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
          const problem =
            allowedStatus !== null && expectation(entry, who, kind) === 'allow' && !(answer instanceof Error)
              ? answer.status === allowedStatus
                ? null
                : `expected ${allowedStatus}, got ${answer.status}`
              : problemWith(expectation(entry, who, kind), answer)
          if (problem) wrong.push(`${kind} as ${who}: ${problem}`)
        }
      }
      if (module.action) await h.close()
      expect(wrong).toEqual([])
    },
    120_000,
  )
})
