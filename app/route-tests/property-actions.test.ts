// Property tests (fast-check) on EVERY console form action (issue 14, Security; decision 051): each route
// module of app/routes that exports an action is posted forms with hostile values — control characters,
// overlong text, Unicode (combining marks, right-to-left, astral), HTML and script, CSV formulas, numbers
// at and past the limits — in one field at a time, with a field left out, and with a field sent twice.
// Asserted: the action never throws (what Remix would turn into a 500) and never answers a 5xx; a 4xx
// carries a message for the page to show. Values the console takes go on to the platform, whose own
// property tests (platform/property.test.ts, hostile-input.test.ts) prove what it stores.
// Complete by construction: the list of action modules is read from app/routes, and a module without a
// case here fails the last test.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { ActionFunctionArgs } from '@remix-run/node'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const RUNS = 25
const routesDir = resolve(__dirname, '../routes')

/** The route modules, loaded on demand (vite's glob: every file of app/routes). */
const modules = import.meta.glob<{ action?: (args: ActionFunctionArgs) => unknown }>('../routes/*.tsx')

type Who =
  | 'none'
  | 'seller'
  | 'agency'
  | 'brand'
  | 'superadmin'
  | 'superadminForSeller'
  | 'opsForSeller'
  | 'pending'

type ActionCase = {
  path: string
  params?: Record<string, string>
  who: Who
  /** A form the page would post (the baseline each property changes one field of). */
  form: Record<string, string>
}

let h: RouteHarness
const cookies: Partial<Record<Who, string>> = {}
let campaignId = '1'
let agencyId = '1'

beforeAll(async () => {
  h = await createRouteHarness()
  cookies.seller = await h.cookieFor('seller@example.com', { sellerId: 100001 })
  cookies.agency = await h.cookieFor('agency@example.com')
  cookies.brand = await h.cookieFor('brand@example.com', { sellerId: 200001 })
  cookies.superadmin = await h.cookieFor('superadmin@example.com')
  cookies.superadminForSeller = await h.cookieFor('superadmin@example.com', { sellerId: 100001 })
  cookies.opsForSeller = await h.cookieFor('ops@example.com', { sellerId: 100001 })
  cookies.pending = await h.cookieFor('seller@example.com', { stage: 'PASSWORD' })
  const [campaign] = (
    (await h.t.db.execute(
      sql`select id from campaigns where seller_id = 100001 order by id limit 1`,
    )) as unknown as {
      rows: { id: number }[]
    }
  ).rows
  campaignId = String(campaign?.id ?? 1)
  agencyId = String((await h.t.userByEmail('agency@example.com')).id)
})
afterAll(async () => {
  await h?.close()
})

const NOBODY_REPORT = '00000000-0000-4000-8000-000000000000'
const reportForm = {
  intent: 'save',
  reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
  reportName: 'Property report',
  dateFilterType: 'LAST_7D',
  frequency: 'ONCE',
  emailIds: 'a@example.com',
}

/** One case per route module that exports an action (the file name, as in app/routes). */
const CASES = (): Record<string, ActionCase> => ({
  '$.tsx': { path: '/no/such/page', who: 'seller', form: { anything: 'x' } },
  '_advertiser.campaigns.$id.delete.tsx': {
    path: `/campaigns/${campaignId}/delete`,
    params: { id: campaignId },
    who: 'seller',
    form: { intent: 'delete', returnTo: '' },
  },
  '_advertiser.campaigns.tsx': {
    path: '/campaigns',
    who: 'seller',
    form: { intent: 'pause', campaignId, campaignName: 'Sale', returnTo: '' },
  },
  '_advertiser.delink.tsx': {
    path: '/delink',
    who: 'agency',
    form: { intent: 'send', brandId: '200004', deLinkReason: 'Campaign ended' },
  },
  '_advertiser.link.tsx': { path: '/link', who: 'agency', form: { intent: 'send', brandId: '200001' } },
  '_advertiser.requestApproval.$requestId.approve.tsx': {
    path: `/requestApproval/${agencyId}/approve`,
    params: { requestId: agencyId },
    who: 'brand',
    form: { intent: 'approve' },
  },
  '_advertiser.requestApproval.$requestId.reject.tsx': {
    path: `/requestApproval/${agencyId}/reject`,
    params: { requestId: agencyId },
    who: 'brand',
    form: { intent: 'reject' },
  },
  '_advertiser.save-schedule-report.discard.tsx': {
    path: '/save-schedule-report/discard',
    who: 'seller',
    form: { intent: 'discard' },
  },
  '_advertiser.save-schedule-report.tsx': { path: '/save-schedule-report', who: 'seller', form: reportForm },
  '_advertiser.saved-reports.$reportId.delete.tsx': {
    path: `/saved-reports/${NOBODY_REPORT}/delete`,
    params: { reportId: NOBODY_REPORT },
    who: 'seller',
    form: { intent: 'delete' },
  },
  '_advertiser.saved-reports.$reportId.download.tsx': {
    path: `/saved-reports/${NOBODY_REPORT}/download`,
    params: { reportId: NOBODY_REPORT },
    who: 'seller',
    form: { intent: 'download', otp: '123456' },
  },
  '_advertiser.select-account.tsx': { path: '/select-account', who: 'agency', form: { accountId: '200001' } },
  '_any.create-campaign.discard.tsx': {
    path: `/create-campaign/discard?id=${campaignId}`,
    who: 'seller',
    form: { intent: 'discard', id: campaignId },
  },
  '_any.create-campaign.download.tsx': {
    path: `/create-campaign/download?id=${campaignId}`,
    who: 'seller',
    form: {
      intent: 'adgroup-download:keywords',
      'adgroup-state': JSON.stringify({ keywords: [['shoes', 1, 2]] }),
    },
  },
  '_any.create-campaign.tsx': {
    path: '/create-campaign',
    who: 'seller',
    form: {
      intent: 'save',
      campaignClass: 'Sponsored',
      name: 'Property sale',
      targetingType: 'Keyword',
      totalBudget: '1000',
      dailyBudget: '',
      startDate: '2030-01-01',
      endDate: '',
      pincodeInput: '560001',
    },
  },
  '_index.tsx': { path: '/', who: 'none', form: { email: 'nobody@example.com', password: 'whatever1' } },
  'admin.approval_.$userType.$userId.approve.tsx': {
    path: `/admin/approval/AGENCY/${agencyId}/approve`,
    params: { userType: 'AGENCY', userId: agencyId },
    who: 'superadmin',
    form: { intent: 'approve' },
  },
  'admin.approval_.$userType.$userId.documents.$docType.tsx': {
    path: `/admin/approval/AGENCY/${agencyId}/documents/io-doc`,
    params: { userType: 'AGENCY', userId: agencyId, docType: 'io-doc' },
    who: 'superadmin',
    form: { intent: 'upload' },
  },
  'admin.approval_.$userType.$userId.reject.tsx': {
    path: `/admin/approval/AGENCY/${agencyId}/reject`,
    params: { userType: 'AGENCY', userId: agencyId },
    who: 'superadmin',
    form: { comments: 'Documents missing' },
  },
  'admin.billing.tsx': { path: '/admin/billing?kind=payments', who: 'superadmin', form: { file: 'x' } },
  'admin.bulkUpload.tsx': { path: '/admin/bulkUpload', who: 'superadmin', form: { file: 'x' } },
  'admin.jobs.tsx': {
    path: '/admin/jobs',
    who: 'superadmin',
    form: { intent: 'retry', id: '00000000-0000-4000-8000-000000000000' },
  },
  'admin.campaigns.$id.delete.tsx': {
    path: `/admin/campaigns/${campaignId}/delete`,
    params: { id: campaignId },
    who: 'opsForSeller',
    form: { intent: 'delete', returnTo: '' },
  },
  'admin.campaigns.tsx': {
    path: '/admin/campaigns',
    who: 'opsForSeller',
    form: { intent: 'play', campaignId, campaignName: 'Sale', returnTo: '' },
  },
  'admin.default-reports.download.tsx': {
    path: '/admin/default-reports/download?report=DAILY_OPS_REPORT',
    who: 'superadminForSeller',
    form: { intent: 'send', otp: '123456', reportType: 'DAILY_OPS_REPORT' },
  },
  'admin.default-reports.tsx': {
    path: '/admin/default-reports',
    who: 'superadminForSeller',
    form: { intent: 'download', reportType: 'DAILY_OPS_REPORT', otp: '123456' },
  },
  'admin.onboarding.tsx': {
    path: '/admin/onboarding',
    who: 'superadmin',
    form: {
      role: 'AGENCY',
      name: 'Property Agency',
      email: 'agency3@example.com',
      primaryContactNumber: '9876543210',
      secondaryContactNumber: '',
      address: '1 MG Road',
      pincode: '560001',
    },
  },
  'admin.requestApproval_.$requestId.delink.tsx': {
    path: '/admin/requestApproval/999999/delink',
    params: { requestId: '999999' },
    who: 'superadmin',
    form: { intent: 'approve' },
  },
  'admin.requestApproval_.$requestId.reject.tsx': {
    path: '/admin/requestApproval/999999/reject',
    params: { requestId: '999999' },
    who: 'superadmin',
    form: { intent: 'reject' },
  },
  'admin.save-schedule-report.discard.tsx': {
    path: '/admin/save-schedule-report/discard',
    who: 'superadminForSeller',
    form: { intent: 'discard' },
  },
  'admin.save-schedule-report.tsx': {
    path: '/admin/save-schedule-report',
    who: 'superadminForSeller',
    form: reportForm,
  },
  'admin.saved-reports.$reportId.delete.tsx': {
    path: `/admin/saved-reports/${NOBODY_REPORT}/delete`,
    params: { reportId: NOBODY_REPORT },
    who: 'superadminForSeller',
    form: { intent: 'delete' },
  },
  'admin.saved-reports.$reportId.download.tsx': {
    path: `/admin/saved-reports/${NOBODY_REPORT}/download`,
    params: { reportId: NOBODY_REPORT },
    who: 'superadminForSeller',
    form: { intent: 'download', otp: '123456' },
  },
  'admin.select-account.tsx': {
    path: '/admin/select-account',
    who: 'superadmin',
    form: { accountId: '100001' },
  },
  'admin.userManagement_.$email.access.tsx': {
    path: '/admin/userManagement/ops%40example.com/access',
    params: { email: 'ops@example.com' },
    who: 'superadmin',
    form: { newRole: 'SUPERADMIN', reason: 'Moved' },
  },
  'admin.userManagement_.$email.reactivate.tsx': {
    path: '/admin/userManagement/nobody%40example.com/reactivate',
    params: { email: 'nobody@example.com' },
    who: 'superadmin',
    form: { reason: 'Back' },
  },
  'admin.userManagement_.$email.revoke.tsx': {
    path: '/admin/userManagement/nobody%40example.com/revoke',
    params: { email: 'nobody@example.com' },
    who: 'superadmin',
    form: { reason: 'Left' },
  },
  'admin.userManagement_.$email_.edit.tsx': {
    path: '/admin/userManagement/agency%40example.com/edit',
    params: { email: 'agency@example.com' },
    who: 'superadmin',
    form: {
      name: 'Agency',
      primaryContactNumber: '9876543210',
      secondaryContactNumber: '',
      address: '1 MG Road',
      pincode: '560001',
    },
  },
  'ads.auth.v1.external.login.tsx': {
    path: '/ads/auth/v1/external/login',
    who: 'none',
    form: {
      sellerId: '100001',
      email: 'seller@example.com',
      ts: '1770000000',
      nonce: 'n'.repeat(20),
      sig: 'a'.repeat(64),
    },
  },
  'forgot-password._index.tsx': {
    path: '/forgot-password',
    who: 'none',
    form: { email: 'nobody@example.com' },
  },
  'forgot-password.verify.tsx': {
    path: '/forgot-password/verify',
    who: 'none',
    form: {
      intent: 'reset',
      email: 'nobody@example.com',
      otp: '123456',
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
    },
  },
  'invitation.tsx': {
    path: `/invitation?token=${'a'.repeat(43)}`,
    who: 'none',
    form: {
      intent: 'password',
      token: 'a'.repeat(43),
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
    },
  },
  'login.elsewhere.tsx': { path: '/login/elsewhere', who: 'pending', form: { intent: 'continue' } },
  'login.verify.tsx': { path: '/login/verify', who: 'pending', form: { intent: 'verify', otp: '123456' } },
  'logout.tsx': { path: '/logout', who: 'seller', form: {} },
  'terms-and-conditions.tsx': {
    path: '/terms-and-conditions',
    who: 'seller',
    form: { intent: 'accept', tncAcceptance: 'on' },
  },
})

// ---------------------------------------------------------------------------------------------
// Hostile values (a form carries text: numbers are their spellings)
// ---------------------------------------------------------------------------------------------
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code))
const hostile: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '=HYPERLINK("http://evil.example","x")',
    '+1+1',
    '-1+1',
    '@SUM(1+1)',
    '\t=1+1',
    '\r=1+1',
    'e\u0301\u0301 combining',
    '\u202eevil\u202c',
    'שלום',
    '😀👨‍👩‍👧',
    '0',
    '-1',
    '9007199254740993',
    '1e308',
    'NaN',
    'Infinity',
    '1e3',
    ' 12 ',
    '12.345',
    '99999999999999999999999',
    '../../etc/passwd',
    'x'.repeat(70_000),
  ),
  fc
    .tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 }))
    .map((p) => p.join('')),
  fc.integer({ min: 201, max: 20_000 }).map((n) => 'a'.repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.oneof(fc.integer(), fc.double()).map(String),
)

type Change =
  | { kind: 'value'; field: string; value: string }
  | { kind: 'missing'; field: string }
  | { kind: 'twice'; field: string; value: string }

/** The baseline form with one change, as the browser would encode it (repeated names allowed). */
function formWith(base: Record<string, string>, change: Change): URLSearchParams {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(base)) {
    if (name === change.field && change.kind !== 'twice') {
      if (change.kind === 'value') form.append(name, change.value)
      continue
    }
    form.append(name, value)
  }
  if (change.kind === 'twice' || (change.kind === 'value' && !(change.field in base)))
    form.append(change.field, change.value)
  return form
}

/** Any text meant for the page in an action's answer (a message, a field error, a flash cookie). */
function hasMessage(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length > 0
  if (!value || typeof value !== 'object') return false
  return Object.values(value).some(hasMessage)
}

async function post(c: ActionCase, action: (args: ActionFunctionArgs) => unknown, form: URLSearchParams) {
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded' })
  const cookie = c.who === 'none' ? undefined : cookies[c.who]
  if (cookie) headers.set('cookie', cookie)
  const request = new Request(new URL(c.path, 'http://console.test'), { method: 'POST', headers, body: form })
  let result: unknown
  try {
    result = await action({ request, context: h.context(), params: c.params ?? {} })
  } catch (thrown) {
    // A thrown Response is an answer (a redirect, a 4xx); anything else would be Remix's 500.
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  let status = 200
  let data: unknown = result
  if (result instanceof Response) {
    status = result.status
    data = [await result.text(), result.headers.get('set-cookie') ?? '']
  } else if (
    result &&
    typeof result === 'object' &&
    (result as { type?: string }).type === 'DataWithResponseInit'
  ) {
    const withInit = result as { data: unknown; init: ResponseInit | null }
    status = withInit.init?.status ?? 200
    data = withInit.data
  }
  return { status, data }
}

const actionFiles = readdirSync(routesDir)
  .filter((name) => name.endsWith('.tsx'))
  .filter((name) =>
    /export (const|async function|function) action\b/.test(readFileSync(join(routesDir, name), 'utf8')),
  )
  .sort()

describe('every console form action with hostile input (fast-check)', () => {
  it.each(actionFiles)(
    '%s: never throws or answers 5xx; a 4xx carries a message',
    async (file) => {
      const c = CASES()[file]
      expect(c, `no property case for app/routes/${file}`).toBeDefined()
      if (!c) return
      const loaded = await modules[`../routes/${file}`]!()
      const action = loaded.action!
      const fields = [...new Set([...Object.keys(c.form), 'intent'])]
      const change: fc.Arbitrary<Change> = fc.oneof(
        fc.record({ kind: fc.constant('value' as const), field: fc.constantFrom(...fields), value: hostile }),
        fc.record({ kind: fc.constant('missing' as const), field: fc.constantFrom(...fields) }),
        fc.record({ kind: fc.constant('twice' as const), field: fc.constantFrom(...fields), value: hostile }),
      )
      await fc.assert(
        fc.asyncProperty(change, async (one) => {
          const { status, data } = await post(c, action, formWith(c.form, one))
          expect(status).toBeLessThan(500)
          if (status >= 400) expect(hasMessage(data), `a ${status} without a message`).toBe(true)
        }),
        { numRuns: RUNS },
      )
    },
    120_000,
  )

  it('has a case for every module that exports an action, and none for a module that does not', () => {
    expect(actionFiles.length).toBeGreaterThan(40)
    expect(Object.keys(CASES()).sort()).toEqual(actionFiles)
  })
})
