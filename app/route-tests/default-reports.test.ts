// Default reports (/admin/default-reports) and their OTP dialog through the real route modules against
// the in-process test platform (decision 043): staff only, the eight types with descriptions, 'Required
// Field' on the type, the custom range's rules, the code e-mailed by Download Report (never by a page
// load), 'Enter a valid otp', 'Invalid OTP', the browser sent to the signed CSV, and 'Failed to download
// file. Status: {code}'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, istDate } from '../../platform/rules/time'
import type { DefaultReportsData, OtpDialogData } from '../models/saved-reports.server'
import { action as pageAction, loader as pageLoader } from '../routes/admin.default-reports'
import { action as downloadAction, loader as downloadLoader } from '../routes/admin.default-reports.download'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

const OPS = 'ops@example.com'
const SELLER_ID = 100001

let h: RouteHarness
let ops: string
let superadmin: string
let seller: string
beforeAll(async () => {
  h = await createRouteHarness()
  ops = await h.cookieFor(OPS, { sellerId: SELLER_ID })
  superadmin = await h.cookieFor('superadmin@example.com', { sellerId: SELLER_ID })
  seller = await h.cookieFor('seller@example.com')
})
afterAll(async () => {
  await h?.close()
})

const PAGE = '/admin/default-reports'
const DIALOG = '/admin/default-reports/download'
type Refused = { values: Record<string, string>; errors: Record<string, string>; sendError: string | null }

function lastCode(email: string): string {
  const mail = h.t.sent.filter((m) => (Array.isArray(m.to) ? m.to.includes(email) : m.to === email)).at(-1)
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

describe('who may open default reports', () => {
  it('sends an advertiser away from the page and the dialog', async () => {
    expect((await h.load(pageLoader, PAGE, { cookie: seller })).location).toBe('/')
    expect((await h.load(downloadLoader, DIALOG, { cookie: seller })).location).toBe('/')
    expect(
      (await h.submit(pageAction, PAGE, { reportType: 'DAILY_OPS_REPORT' }, { cookie: seller })).location,
    ).toBe('/')
  })
})

describe('the page', () => {
  it('lists the eight report types with their descriptions and the five durations', async () => {
    const answer = await h.load<DefaultReportsData>(pageLoader, PAGE, { cookie: superadmin })
    expect(answer.status).toBe(200)
    expect(answer.data.reportTypes.map((t) => t.value)).toEqual([
      'CAMPAIGN_PERFORMANCE_REPORT',
      'KEYWORD_PERFORMANCE_REPORT',
      'PRODUCT_PERFORMANCE_REPORT',
      'BUDGET_UTIL_REPORT',
      'OPTIMISATION_REPORT',
      'TARGETING_VALUE_PERF_REPORT',
      'SKU_PERF_REPORT',
      'DAILY_OPS_REPORT',
    ])
    for (const type of answer.data.reportTypes) expect(type.description.length).toBeGreaterThan(10)
    expect(answer.data.dateFilterTypes.map((d) => d.label)).toEqual([
      'Last 1 day',
      'Last 1 week',
      'Last 1 month',
      'Current month',
      'Custom',
    ])
    expect(answer.data.values.dateFilterType).toBe('LAST_1D')
  })

  it("answers 'Required Field' on the type and keeps the duration", async () => {
    const before = h.t.sent.length
    const answer = await h.submit<Refused>(pageAction, PAGE, { dateFilterType: 'LAST_7D' }, { cookie: ops })
    expect(answer.status).toBe(400)
    expect(answer.data.errors.reportType).toBe('Required Field')
    expect(answer.data.values.dateFilterType).toBe('LAST_7D')
    expect(h.t.sent.length).toBe(before)
  })

  it('applies the custom range rules: required days, yesterday at the latest, end not before start', async () => {
    const today = istDate(new Date())
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { fromDate: '', toDate: '' },
        { fromDate: 'Required Field', toDate: 'Required Field' },
      ],
      [
        { fromDate: addDays(today, -3), toDate: today },
        { toDate: 'The latest date you can choose is yesterday' },
      ],
      [
        { fromDate: addDays(today, -2), toDate: addDays(today, -5) },
        { toDate: 'The end date cannot be before the start date' },
      ],
    ]
    for (const [dates, expected] of cases) {
      const form = { reportType: 'SKU_PERF_REPORT', dateFilterType: 'CUSTOM', ...dates }
      const answer = await h.submit<Refused>(pageAction, PAGE, form, { cookie: ops })
      expect(answer.status, JSON.stringify(dates)).toBe(400)
      expect(answer.data.errors).toEqual(expected)
      expect(answer.data.values).toMatchObject(form)
    }
  })

  it('e-mails the code on Download Report and opens the dialog with the choice in its query', async () => {
    const before = h.t.sent.length
    const answer = await h.submit(
      pageAction,
      PAGE,
      { reportType: 'DAILY_OPS_REPORT', dateFilterType: 'LAST_7D' },
      {
        cookie: ops,
      },
    )
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`${DIALOG}?reportType=DAILY_OPS_REPORT&dateFilterType=LAST_7D&step=code`)
    expect(h.t.sent.length).toBe(before + 1)
    // The page under the dialog keeps the choice.
    const page = await h.load<DefaultReportsData>(pageLoader, answer.location!, { cookie: ops })
    expect(page.data.values).toMatchObject({ reportType: 'DAILY_OPS_REPORT', dateFilterType: 'LAST_7D' })
  })
})

describe('the download dialog', () => {
  const query = '?reportType=BUDGET_UTIL_REPORT&dateFilterType=LAST_30D'

  it('asks for a type first when opened bare, and sends no code on a page load', async () => {
    const before = h.t.sent.length
    const bare = await h.load<OtpDialogData>(downloadLoader, DIALOG, { cookie: ops })
    expect(bare.status).toBe(200)
    expect(bare.data.missing).toBeTruthy()
    const shown = await h.load<OtpDialogData>(downloadLoader, DIALOG + query, { cookie: ops })
    expect(shown.data).toMatchObject({
      step: 'send',
      subject: 'Budget utilisation, Last 1 month',
      missing: null,
    })
    expect(h.t.sent.length).toBe(before)
  })

  it("says 'Enter a valid otp', then 'Invalid OTP', then downloads the CSV through the signed link", async () => {
    const sent = await h.submit(downloadAction, DIALOG + query, { intent: 'send' }, { cookie: ops })
    expect(sent.location).toBe(`${DIALOG}${query}&step=code`)
    const empty = await h.submit(
      downloadAction,
      DIALOG + query,
      { intent: 'download', otp: '' },
      { cookie: ops },
    )
    expect(formErrors(empty.data).otp).toEqual(['Enter a valid otp'])
    const right = lastCode(OPS)
    const wrong = right === '000000' ? '111111' : '000000'
    const refused = await h.submit(
      downloadAction,
      DIALOG + query,
      { intent: 'download', otp: wrong },
      { cookie: ops },
    )
    expect(formErrors(refused.data).otp).toEqual(['Invalid OTP'])
    // A wrong try leaves the code alive (up to its limit).
    const answer = await h.submit(
      downloadAction,
      DIALOG + query,
      { intent: 'download', otp: right },
      { cookie: ops },
    )
    expect(answer.status).toBe(302)
    expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true')
    const link = new URL(answer.location!)
    const file = await h.t.request(link.pathname + link.search)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/)
    expect((await file.text()).split('\n')[0]).toMatch(/Budget utilisation/)
  })

  it("says 'Failed to download file. Status: {code}' when getOpsReport fails", async () => {
    await h.submit(downloadAction, DIALOG + query, { intent: 'send' }, { cookie: ops })
    const failing = {
      ...h.context(),
      platformFetch: async (request: Request) =>
        new URL(request.url).pathname.endsWith('/getOpsReport')
          ? new Response(JSON.stringify({ code: 503, message: 'busy', data: null }), { status: 503 })
          : h.t.platform.fetch(request),
    }
    const request = h.request(DIALOG + query, {
      cookie: ops,
      form: { intent: 'download', otp: lastCode(OPS) },
    })
    const failed = (await downloadAction({ request, context: failing, params: {} })) as {
      data: OtpDialogData
    }
    expect(failed.data.error).toBe('Failed to download file. Status: 503')
    expect(failed.data.step).toBe('code')
  })

  it('refuses a dialog post without a valid choice', async () => {
    const answer = await h.submit<OtpDialogData>(
      downloadAction,
      `${DIALOG}?reportType=NOPE`,
      { intent: 'send' },
      {
        cookie: ops,
      },
    )
    expect(answer.status).toBe(400)
    expect(answer.data.missing).toBeTruthy()
  })
})
