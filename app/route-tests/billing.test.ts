// The billing page and its reports through the real route modules against the in-process test platform:
// who may open them (the console's guard and the platform's own check), each answer of the payment
// service turned into spec §8's words beside the right form, the 25 MB limit while streaming, and the
// report files' names and headers. Decision 047.
import type { AppLoadContext } from '@remix-run/node'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BILLING_MESSAGES,
  BILLING_REPORTS,
  BILLING_UPLOADS,
  type BillingReport,
  type BillingUploadKind,
} from '../../platform/contracts/billing'
import { projectPath } from '../../platform/paths'
import type { BillingActionData, BillingPageData } from '../models/billing.server'
import { action, loader } from '../routes/admin.billing'
import { loader as reportLoader } from '../routes/admin.billing_.reports.$report'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

// The console spools uploads under DATA_DIR: this file's own folder.
process.env.DATA_DIR = projectPath('.tmp/route-test-billing')

let h: RouteHarness
let superCookie: string
let opsCookie: string
let sellerCookie: string
beforeAll(async () => {
  h = await createRouteHarness()
  superCookie = await h.cookieFor('superadmin@example.com')
  opsCookie = await h.cookieFor('ops@example.com')
  sellerCookie = await h.cookieFor('seller@example.com', { sellerId: 100001 })
})
afterAll(async () => {
  await h?.close()
})

/** What the payment service answers to the next upload (null: the real platform answers). */
let stubbed: { status: number; body: unknown } | null = null
let uploadCalls = 0

/** A load context whose payment uploads answer `stubbed` (everything else is the real platform). */
function context(): AppLoadContext {
  const real = h.context()
  return {
    ...real,
    platformFetch: async (request: Request) => {
      if (new URL(request.url).pathname.includes('/payment/post-paid/input-')) {
        uploadCalls++
        if (stubbed) {
          await request.arrayBuffer()
          const { status, body } = stubbed
          return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
            status,
            headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
          })
        }
      }
      return real.platformFetch(request)
    },
  } as AppLoadContext
}

async function answer(run: () => unknown): Promise<Response> {
  try {
    const result = await run()
    return result instanceof Response ? result : Response.json(result)
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

function uploadRequest(kind: string, file: { name: string; body: BlobPart } | null, cookie = superCookie) {
  const form = new FormData()
  if (file) form.append('file', new File([file.body], file.name, { type: 'text/csv' }))
  return new Request(`http://console.test/admin/billing?kind=${kind}`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie },
  })
}

async function upload(kind: string, file: { name: string; body: BlobPart } | null, cookie = superCookie) {
  const response = await answer(() =>
    action({ request: uploadRequest(kind, file, cookie), context: context(), params: {} }),
  )
  const text = await response.text()
  return {
    status: response.status,
    location: response.headers.get('location'),
    cookies: response.headers.getSetCookie().map((c) => c.split(';')[0]!),
    data: (text ? JSON.parse(text) : null) as BillingActionData | null,
  }
}

const outcome = (over: Record<string, unknown> = {}) => ({
  result: 'REFUSED',
  fileName: 'payments.csv',
  rows: 2,
  applied: 0,
  duplicates: 0,
  totals: {},
  refusal: 'ROWS',
  message: '2 rows were refused',
  errorCount: 1,
  errors: [{ row: 2, column: 'Seller Id', value: '999', reason: 'Seller Id 999 is not an advertiser' }],
  errorReport: 'Row,Column,Value,Reason\r\n2,Seller Id,999,Seller Id 999 is not an advertiser',
  status: 'failure',
  invalidSellerIds: [],
  invalidTransactions: [],
  ...over,
})
const envelope = (status: number, data: unknown) => ({ code: status, message: 'x', data, errors: [] })
const csv = (kind: BillingUploadKind, rows: string[]) => ({
  name: `${kind}.csv`,
  body: `${BILLING_UPLOADS[kind].columns.map((c) => c.header).join(',')}\r\n${rows.join('\r\n')}\r\n`,
})

describe('who may open the billing page', () => {
  it('SUPERADMIN gets the three uploads and the three reports', async () => {
    const page = await h.load<BillingPageData>(loader, '/admin/billing', { cookie: superCookie })
    expect(page.status).toBe(200)
    expect(page.data.uploads.map((u) => [u.kind, u.action, u.sample])).toEqual([
      ['creditLimits', '/admin/billing?kind=creditLimits', '/files/sample-credit-limits.csv'],
      ['payments', '/admin/billing?kind=payments', '/files/sample-payments.csv'],
      ['promoCredits', '/admin/billing?kind=promoCredits', '/files/sample-promo-credits.csv'],
    ])
    expect(page.data.uploads[1]!.columns.map((c) => c.header)).toEqual([
      'Seller Id',
      'Transaction Id',
      'Amount',
      'Payment Date',
      'Note',
    ])
    expect(page.data.reports.map((r) => r.href)).toEqual([
      '/admin/billing/reports/credit-limits',
      '/admin/billing/reports/promo-credits',
      '/admin/billing/reports/overall',
    ])
    expect(page.data.done).toBeNull()
  })

  it.each([
    ['OPS', () => opsCookie],
    ['SELLER', () => sellerCookie],
  ])(
    '%s is sent to Login by the page, its action and the reports, and nothing is forwarded',
    async (_role, cookie) => {
      expect((await h.load(loader, '/admin/billing', { cookie: cookie() })).location).toBe('/')
      const calls = uploadCalls
      const posted = await upload('payments', csv('payments', ['100001,T-1,10,2026-11-01,']), cookie())
      expect([posted.status, posted.location]).toEqual([302, '/'])
      expect(uploadCalls).toBe(calls)
      const report = await h.load(reportLoader, '/admin/billing/reports/overall', {
        cookie: cookie(),
        params: { report: 'overall' },
      })
      expect(report.location).toBe('/')
    },
  )

  it('without a session: Login', async () => {
    expect((await h.load(loader, '/admin/billing')).location).toBe('/')
  })
})

describe('the platform refuses the billing calls to anyone but SUPERADMIN', () => {
  const calls = Object.values(BILLING_UPLOADS).map((u) => `/ads/ad-payments/payment/post-paid/${u.call}`)
  const body = () => {
    const form = new FormData()
    form.append('file', new File(['Seller Id\r\n'], 'x.csv', { type: 'text/csv' }))
    return form
  }
  it.each(calls)(
    '%s: OPS, agency, brand and seller tokens get 403; revoked and no token 401',
    async (path) => {
      for (const email of [
        'ops@example.com',
        'agency@example.com',
        'brand@example.com',
        'seller@example.com',
      ]) {
        const response = await h.t.request(path, {
          method: 'POST',
          body: body(),
          token: await h.t.tokenFor(email),
        })
        expect(response.status, email).toBe(403)
      }
      const revoked = await h.t.request(path, {
        method: 'POST',
        body: body(),
        token: await h.t.tokenFor('superadmin2@example.com'),
      })
      expect(revoked.status).toBe(401)
      expect((await h.t.request(path, { method: 'POST', body: body() })).status).toBe(401)
    },
  )
})

describe('the payment service answer, in spec §8 words beside its own form', () => {
  it.each([
    ['creditLimits', 'Credit Limit successfully uploaded !'],
    ['payments', 'Payment Details successfully updated !'],
    ['promoCredits', 'Promo Credit Details Saved Successfully !'],
  ] as const)('200 for %s: a redirect to its form, and the page then says %s', async (kind, message) => {
    stubbed = { status: 200, body: envelope(200, outcome({ result: 'SUCCESS', refusal: null, applied: 2 })) }
    const posted = await upload(kind, csv(kind, ['100001,1,,']))
    expect(posted.status).toBe(302)
    expect(posted.location).toBe('/admin/billing')
    // The page's own flash, not the console's top banner (root.tsx): the message shows beside its form only.
    expect(posted.cookies.map((c) => c.split('=')[0])).toEqual(['console_billing_flash'])
    const page = await h.load<BillingPageData>(loader, '/admin/billing', {
      cookie: [superCookie, ...posted.cookies],
    })
    expect(page.data.done).toEqual({ kind, message })
    // Shown once.
    const again = await h.load<BillingPageData>(loader, '/admin/billing', {
      cookie: [superCookie, ...page.cookies],
    })
    expect(again.data.done).toBeNull()
  })

  it('400 with invalid seller ids and transactions: Invalid file, then both lists, the row errors and the report', async () => {
    stubbed = {
      status: 400,
      body: envelope(400, outcome({ invalidSellerIds: ['999', '12'], invalidTransactions: ['T-1', 'T-2'] })),
    }
    const posted = await upload('payments', csv('payments', ['999,T-1,10,2026-11-01,']))
    expect(posted.status).toBe(400)
    expect(posted.data?.kind).toBe('payments')
    expect(posted.data?.upload.message).toBe('Invalid file ! Please upload a valid file.')
    expect(posted.data?.upload.details).toEqual([
      'Invalid seller IDs : 999, 12',
      'Invalid Transactions : T-1, T-2',
    ])
    expect(posted.data?.upload.errors).toHaveLength(1)
    expect(posted.data?.upload.errorReport).toContain('Row,Column,Value,Reason')
  })

  it('400 with only invalid transactions lists only them', async () => {
    stubbed = { status: 400, body: envelope(400, outcome({ invalidTransactions: ['T-9'] })) }
    const posted = await upload('payments', csv('payments', ['100001,T-9,10,2026-11-01,']))
    expect(posted.data?.upload.details).toEqual(['Invalid Transactions : T-9'])
  })

  it('400 for a bad header or rows (no ids): Invalid file, no list', async () => {
    stubbed = { status: 400, body: envelope(400, outcome({ refusal: 'HEADER', errorCount: 0, errors: [] })) }
    const posted = await upload('creditLimits', { name: 'limits.csv', body: 'Seller,Limit\r\n1,2\r\n' })
    expect(posted.status).toBe(400)
    expect(posted.data?.upload.message).toBe(BILLING_MESSAGES.invalidFile)
    expect(posted.data?.upload.details).toEqual([])
  })

  it('400 without an outcome (a refused request): Invalid file', async () => {
    stubbed = { status: 400, body: { code: 400, message: 'No file', data: null, errors: ['No file'] } }
    const posted = await upload('promoCredits', csv('promoCredits', ['100001,5,2026-11-01,,']))
    expect([posted.status, posted.data?.upload.message]).toEqual([400, BILLING_MESSAGES.invalidFile])
  })

  it.each([500, 502, 503, 401, 404])('%s: Server error.', async (status) => {
    stubbed = { status, body: status === 502 ? 'Bad gateway' : envelope(status, null) }
    const posted = await upload('payments', csv('payments', ['100001,T-5,10,2026-11-01,']))
    expect(posted.status).toBe(502)
    expect(posted.data?.upload.message).toBe('Server error.')
  })

  it('413 from the service: File size exceeds 25MB limit', async () => {
    stubbed = { status: 413, body: envelope(413, null) }
    const posted = await upload('payments', csv('payments', ['100001,T-6,10,2026-11-01,']))
    expect([posted.status, posted.data?.upload.message]).toEqual([413, 'File size exceeds 25MB limit'])
  })
})

describe('refused by the console before the service sees a byte', () => {
  it('a file one byte over 25 MB (26,214,401 bytes): 413, File size exceeds 25MB limit', async () => {
    stubbed = null
    const calls = uploadCalls
    const body = new Uint8Array(26_214_401).fill(0x31)
    const posted = await upload('payments', { name: 'big.csv', body })
    expect(posted.status).toBe(413)
    expect(posted.data?.upload.message).toBe('File size exceeds 25MB limit')
    expect(posted.data?.kind).toBe('payments')
    expect(uploadCalls).toBe(calls)
  })

  it('a file that is not a .csv, and no file: Invalid file', async () => {
    const calls = uploadCalls
    const wrong = await upload('payments', { name: 'payments.xlsx', body: 'x' })
    expect([wrong.status, wrong.data?.upload.message]).toEqual([400, BILLING_MESSAGES.invalidFile])
    const none = await upload('payments', null)
    expect([none.status, none.data?.upload.message]).toEqual([400, BILLING_MESSAGES.invalidFile])
    expect(uploadCalls).toBe(calls)
  })

  it('an unknown kind: 400, nothing read or sent', async () => {
    const calls = uploadCalls
    const posted = await upload('refunds', csv('payments', ['100001,T-7,10,2026-11-01,']))
    expect(posted.status).toBe(400)
    expect(posted.data).toMatchObject({ kind: null, upload: { message: BILLING_MESSAGES.invalidFile } })
    expect(uploadCalls).toBe(calls)
  })
})

describe('the reports', () => {
  it.each([
    ['credit-limits', /^attachment; filename="CreditLimit\.csv"$/],
    ['promo-credits', /^attachment; filename="PromoCredits\.csv"$/],
    ['overall', /^attachment; filename="Credit_Summary_\d{4}-\d{2}-\d{2}_\d{6}\.csv"$/],
  ] as const)('%s passes the platform file through with its name and header', async (report, name) => {
    const response = await answer(() =>
      reportLoader({
        request: h.request(`/admin/billing/reports/${report}`, { cookie: superCookie }),
        context: h.context(),
        params: { report },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(name)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    expect(text.split('\r\n')[0]).toBe(BILLING_REPORTS[report as BillingReport].header.join(','))
  })

  it('an unknown report is 404', async () => {
    const response = await h.load(reportLoader, '/admin/billing/reports/refunds', {
      cookie: superCookie,
      params: { report: 'refunds' },
    })
    expect(response.status).toBe(404)
  })

  it('the overall summary has a line per advertiser', async () => {
    const response = await answer(() =>
      reportLoader({
        request: h.request('/admin/billing/reports/overall', { cookie: superCookie }),
        context: h.context(),
        params: { report: 'overall' },
      }),
    )
    const lines = (await response.text()).trim().split('\r\n')
    const counted = await h.t.db.execute(sql`select count(*)::int as n from accounts`)
    expect(lines.length - 1).toBe(Number((counted as unknown as { rows: { n: number }[] }).rows[0]!.n))
  })
})
