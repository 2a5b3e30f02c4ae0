// The Save and Schedule Report form (/save-schedule-report, /admin/save-schedule-report and the Discard
// dialog) through its real route modules against the in-process test platform (decision 042): every
// §5 message at its field with what was typed kept, advanced mode, the recipient-list intents without
// JavaScript (add, remove, remove all, search, upload), Select all / Clear, §4's start-date rule on
// submit, isRegenerate and isSaved as sent to the platform, the redirect after Save and Download, and
// the guard.
import { sql } from 'drizzle-orm'
import type { ActionFunctionArgs, AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_NAME_MAX, ReportMessages } from '../../platform/contracts/analytics'
import { CONTROL_CHARACTERS_MESSAGE } from '../../platform/rules/text'
import { addDays, istDate } from '../../platform/rules/time'
import { REPORT_NAME_MAX_LENGTH, type ScheduleFormValues } from '../models/report-schedule.schema'
import {
  action as discardAction,
  loader as discardLoader,
} from '../routes/_advertiser.save-schedule-report.discard'
import { action as saveAction, loader as saveLoader } from '../routes/_advertiser.save-schedule-report'
import { action as adminDiscardAction } from '../routes/admin.save-schedule-report.discard'
import { action as adminSaveAction, loader as adminLoader } from '../routes/admin.save-schedule-report'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const SELLER = 100001
const ORIGIN = 'http://console.test'
let h: RouteHarness
let seller: string
let ops: string
const today = istDate(new Date())
const yesterday = addDays(today, -1)

beforeAll(async () => {
  h = await createRouteHarness()
  seller = await h.cookieFor('seller@example.com', { sellerId: SELLER })
  ops = await h.cookieFor('ops@example.com', { sellerId: SELLER })
})
afterAll(async () => {
  await h?.close()
})

type Page = {
  prefix: string
  advanced: boolean
  editing: boolean
  values: ScheduleFormValues
  options: { filters: { name: string; options: { value: string }[] }[]; dimensions: { value: string }[] }
  error: string | null
}
type Answer = { values: ScheduleFormValues; errors: Record<string, string>; error: string | null }
type Sent = { url: URL; body: Record<string, unknown> | null }

/** Calls an action with a form of repeated names (or a multipart body), recording what reached the platform. */
async function post(
  path: string,
  form: [string, string][] | FormData,
  options: { cookie?: string; action?: (args: ActionFunctionArgs) => unknown } = {},
) {
  const sent: Sent[] = []
  const base = h.context()
  const context: AppLoadContext = {
    ...base,
    platformFetch: async (request: Request) => {
      const copy = request.clone()
      const text = request.method === 'POST' ? await copy.text() : ''
      sent.push({ url: new URL(request.url), body: text ? JSON.parse(text) : null })
      return base.platformFetch(request)
    },
  }
  const headers = new Headers({ Cookie: options.cookie ?? seller })
  let body: BodyInit
  if (form instanceof FormData) body = form
  else {
    body = new URLSearchParams(form)
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
  }
  const request = new Request(new URL(path, ORIGIN), { method: 'POST', headers, body })
  let result: unknown
  try {
    result = await (options.action ?? saveAction)({ request, context, params: {} })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get('Location'),
      headers: result.headers,
      data: null as Answer | null,
      sent,
    }
  }
  const wrapped = result as { data: Answer; init: ResponseInit | null }
  return {
    status: wrapped.init?.status ?? 200,
    location: null,
    headers: new Headers(),
    data: wrapped.data,
    sent,
  }
}

const saved = (sent: Sent[]) => sent.find((s) => s.url.pathname.endsWith('/saveAndScheduleReport'))

/** A filled, valid form (a weekly keyword report), with overrides. */
function filled(overrides: Record<string, string | string[]> = {}): [string, string][] {
  const base: Record<string, string | string[]> = {
    form: '1',
    reportEntityId: '',
    reportName: 'Weekly keywords',
    reportType: 'KEYWORD_PERFORMANCE_REPORT',
    fieldsFor: 'KEYWORD_PERFORMANCE_REPORT',
    frequency: 'WEEKLY',
    startDate: today,
    startDateWas: today,
    endDate: addDays(today, 28),
    endDateWas: addDays(today, 28),
    dateFilterType: 'LAST_7D',
    fromDate: '',
    toDate: '',
    d: ['campaign_id', 'keyword'],
    m: ['impressions', 'clicks', 'ad_spend'],
    emailIds: ['one@example.in', 'two@example.in'],
    ...overrides,
  }
  const pairs: [string, string][] = []
  for (const [name, value] of Object.entries(base)) {
    for (const v of Array.isArray(value) ? value : [value]) pairs.push([name, v])
  }
  return pairs
}

const load = (path: string, cookie = seller, loader = saveLoader) => h.load<Page>(loader, path, { cookie })

async function newSellerWithoutCampaigns() {
  const id = 870_900 + Math.floor(Math.random() * 90)
  const email = `route-schedule-${id}@schedule.test`
  // Plain SQL: console tests reach the platform only through its test harness (tests/architecture.test.ts).
  await h.t.db.execute(sql`insert into accounts (id, kind, name) values (${id}, 'SELLER', ${`Empty ${id}`})`)
  await h.t.db.execute(sql`
    insert into users (id, account_id, name, email, role, account_status, two_factor_registered, tnc_acceptance)
    values (${id}, ${id}, ${`Empty ${id}`}, ${email}, 'SELLER', 'APPROVED', true, true)`)
  return h.cookieFor(email, { sellerId: id })
}

describe('the page', () => {
  it('opens a new report with the defaults: campaign performance, once, last 1 day, the advertiser’s campaigns to filter by', async () => {
    const answer = await load('/save-schedule-report')
    expect(answer.status).toBe(200)
    const { values, options, advanced, editing, error } = answer.data
    expect(error).toBeNull()
    expect(advanced).toBe(false)
    expect(editing).toBe(false)
    expect(values).toMatchObject({
      reportEntityId: '',
      reportName: '',
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      frequency: 'ONCE',
      dateFilterType: 'LAST_1D',
      emailIds: [],
    })
    expect(values.dimensions).toEqual(['campaign_id', 'campaign_name'])
    const campaigns = options.filters.find((f) => f.name === 'CAMPAIGN_ID')?.options ?? []
    expect(campaigns.length).toBeGreaterThan(0)
  })

  it('advanced mode (?advancedReport=true) starts without a report type', async () => {
    const answer = await load('/save-schedule-report?advancedReport=true')
    expect(answer.data.advanced).toBe(true)
    expect(answer.data.values.reportType).toBe('')
  })

  it('takes the Analytics page’s choices from the query (type, custom dates, fields, campaigns)', async () => {
    const answer = await load(
      `/save-schedule-report?reportType=KEYWORD_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=2026-11-01&toDate=2026-11-07&d=keyword&d=match_type&m=clicks&CAMPAIGN_ID=7&CAMPAIGN_ID=8`,
    )
    expect(answer.data.values).toMatchObject({
      reportType: 'KEYWORD_PERFORMANCE_REPORT',
      dateFilterType: 'CUSTOM',
      fromDate: '2026-11-01',
      toDate: '2026-11-07',
      dimensions: ['keyword', 'match_type'],
      metrics: ['clicks'],
      filters: { CAMPAIGN_ID: ['7', '8'] },
    })
  })

  it("takes the Analytics page's every-value marker (all=CAMPAIGN_ID) as every campaign ticked (decision 060)", async () => {
    const answer = await load('/save-schedule-report?reportType=CAMPAIGN_PERFORMANCE_REPORT&all=CAMPAIGN_ID')
    const campaigns = answer.data.options.filters.find((f) => f.name === 'CAMPAIGN_ID')!.options
    expect(campaigns.length).toBeGreaterThan(1)
    expect(answer.data.values.filters.CAMPAIGN_ID).toEqual(campaigns.map((o) => o.value))
  })

  it('a snapshot with another report type (Apply without JS) draws that type’s default fields, everything else as typed', async () => {
    const query = new URLSearchParams(
      filled({ reportType: 'PRODUCT_PERFORMANCE_REPORT', fieldsFor: 'KEYWORD_PERFORMANCE_REPORT' }),
    )
    const answer = await load(`/save-schedule-report?${query}`)
    expect(answer.data.values).toMatchObject({
      reportName: 'Weekly keywords',
      reportType: 'PRODUCT_PERFORMANCE_REPORT',
      frequency: 'WEEKLY',
      emailIds: ['one@example.in', 'two@example.in'],
      dimensions: ['campaign_id', 'campaign_name', 'product_id', 'product_name'],
    })
  })

  it('an unknown report to edit: the Error panel says so and a new report is drawn', async () => {
    const answer = await load('/save-schedule-report?reportEntityId=00000000-0000-4000-8000-000000000000')
    expect(answer.status).toBe(200)
    expect(answer.data.error).toBe('This report does not exist, or it is not available to you.')
    expect(answer.data.editing).toBe(false)
    expect(answer.data.values.reportName).toBe('')
  })

  it('the guard: staff are refused the advertiser page and advertisers the admin page', async () => {
    expect((await load('/save-schedule-report', ops)).location).toBe('/')
    expect((await load('/admin/save-schedule-report', seller, adminLoader)).location).toBe('/')
    const admin = await load('/admin/save-schedule-report', ops, adminLoader)
    expect(admin.status).toBe(200)
    expect(admin.data.prefix).toBe('/admin')
  })
})

describe('§5 messages at their fields, the form kept as typed', () => {
  it('an empty name: Required Field; every other value comes back', async () => {
    const answer = await post('/save-schedule-report', filled({ reportName: '' }))
    expect(answer.status).toBe(400)
    expect(answer.data?.errors).toEqual({ reportName: 'Required Field' })
    expect(answer.data?.values).toMatchObject({
      reportType: 'KEYWORD_PERFORMANCE_REPORT',
      frequency: 'WEEKLY',
      dimensions: ['campaign_id', 'keyword'],
      metrics: ['impressions', 'clicks', 'ad_spend'],
      emailIds: ['one@example.in', 'two@example.in'],
    })
    expect(saved(answer.sent)).toBeUndefined()
    const spaces = await post('/save-schedule-report', filled({ reportName: '   ' }))
    expect(spaces.data?.errors).toEqual({ reportName: 'Required Field' })
  })

  it('a frequency other than once needs schedule start and end dates', async () => {
    const answer = await post(
      '/save-schedule-report',
      filled({ startDate: '', endDate: '', startDateWas: '', endDateWas: '' }),
    )
    expect(answer.data?.errors).toEqual({ startDate: 'Required Field', endDate: 'Required Field' })
  })

  it('Custom dates: both needed; the latest is yesterday; the end not before the start', async () => {
    const empty = await post('/save-schedule-report', filled({ dateFilterType: 'CUSTOM' }))
    expect(empty.data?.errors).toEqual({ fromDate: 'Required Field', toDate: 'Required Field' })
    const late = await post(
      '/save-schedule-report',
      filled({ dateFilterType: 'CUSTOM', fromDate: yesterday, toDate: today }),
    )
    expect(late.data?.errors).toEqual({ toDate: ReportMessages.maxDateYesterday })
    const reversed = await post(
      '/save-schedule-report',
      filled({ dateFilterType: 'CUSTOM', fromDate: yesterday, toDate: addDays(yesterday, -3) }),
    )
    expect(reversed.data?.errors).toEqual({ toDate: ReportMessages.endBeforeStart })
    expect(reversed.data?.values).toMatchObject({ fromDate: yesterday, toDate: addDays(yesterday, -3) })
  })

  it('advanced mode: a report type and at least one CAMPAIGN_ID', async () => {
    const answer = await post('/save-schedule-report?advancedReport=true', filled({ reportType: '' }))
    expect(answer.data?.errors).toEqual({
      reportType: 'Required Field',
      CAMPAIGN_ID: 'Select atleast one CAMPAIGN_ID',
    })
  })

  it('advanced mode with no campaign to choose: No data available', async () => {
    const empty = await newSellerWithoutCampaigns()
    const page = await load('/save-schedule-report?advancedReport=true', empty)
    expect(page.data.options.filters.find((f) => f.name === 'CAMPAIGN_ID')?.options).toEqual([])
    const answer = await post('/save-schedule-report?advancedReport=true', filled(), { cookie: empty })
    expect(answer.data?.errors).toEqual({ CAMPAIGN_ID: 'No data available' })
  })

  it('hostile text: control characters and an overlong name get a message, never a 500', async () => {
    const control = await post('/save-schedule-report', filled({ reportName: 'bad\u0007name' }))
    expect(control.status).toBe(400)
    expect(control.data?.errors).toEqual({ reportName: CONTROL_CHARACTERS_MESSAGE })
    const long = await post('/save-schedule-report', filled({ reportName: 'x'.repeat(REPORT_NAME_MAX + 1) }))
    expect(long.status).toBe(400)
    expect(long.data?.errors.reportName).toMatch(/at most 100/)
    expect(REPORT_NAME_MAX_LENGTH).toBe(REPORT_NAME_MAX)
  })

  it('§4 without JS: a changed start clears the end the page drew (then Required Field); a new end typed with it stays', async () => {
    const changed = await post(
      '/save-schedule-report',
      filled({
        startDate: addDays(today, 2),
        startDateWas: today,
        endDate: addDays(today, 28),
        endDateWas: addDays(today, 28),
      }),
    )
    expect(changed.data?.errors).toEqual({ endDate: 'Required Field' })
    expect(changed.data?.values).toMatchObject({ startDate: addDays(today, 2), endDate: '' })
    const after = await post(
      '/save-schedule-report',
      filled({
        startDate: addDays(today, 40),
        startDateWas: addDays(today, 40),
        endDate: addDays(today, 28),
        endDateWas: addDays(today, 20),
      }),
    )
    expect(after.data?.values.endDate).toBe('')
    expect(after.data?.errors).toEqual({ endDate: 'Required Field' })
  })
})

describe('the recipient list without JavaScript', () => {
  it('Add takes a valid address (lowercased) and silently drops an invalid one; the input clears', async () => {
    const added = await post('/save-schedule-report', [
      ...filled({ emailIds: [] }),
      ['emailInput', 'New.Person@Example.IN'],
      ['intent', 'addEmail'],
    ])
    expect(added.status).toBe(200)
    expect(added.data?.values.emailIds).toEqual(['new.person@example.in'])
    expect(added.data?.errors).toEqual({})
    const dropped = await post('/save-schedule-report', [
      ...filled(),
      ['emailInput', 'not an address'],
      ['intent', 'addEmail'],
    ])
    expect(dropped.status).toBe(200)
    expect(dropped.data?.values.emailIds).toEqual(['one@example.in', 'two@example.in'])
    expect(dropped.data?.values.reportName).toBe('Weekly keywords')
  })

  it('Remove takes one address out, Remove all empties the list, Search is kept for the page', async () => {
    const removed = await post('/save-schedule-report', [...filled(), ['intent', 'remove:one@example.in']])
    expect(removed.data?.values.emailIds).toEqual(['two@example.in'])
    const none = await post('/save-schedule-report', [...filled(), ['intent', 'removeAll']])
    expect(none.data?.values.emailIds).toEqual([])
    const searched = await post('/save-schedule-report', [
      ...filled(),
      ['emailSearch', 'TWO'],
      ['intent', 'search'],
    ])
    expect(searched.data?.values.emailSearch).toBe('TWO')
    expect(searched.data?.values.emailIds).toEqual(['one@example.in', 'two@example.in'])
  })

  it('Upload: a CSV of e-mails, valid ones lowercased and de-duplicated, the rest dropped', async () => {
    const form = new FormData()
    for (const [name, value] of filled({ emailIds: ['one@example.in'] })) form.append(name, value)
    form.append('intent', 'upload')
    form.append(
      'emailFile',
      new File(
        ['email\nONE@example.in\nThree@Example.in,four@example.co\nbad@@x\nthree@example.in\n'],
        'list.csv',
        {
          type: 'text/csv',
        },
      ),
    )
    const answer = await post('/save-schedule-report', form)
    expect(answer.status).toBe(200)
    expect(answer.data?.values.emailIds).toEqual(['one@example.in', 'three@example.in', 'four@example.co'])
    expect(answer.data?.values.reportName).toBe('Weekly keywords')
  })

  it('Select all and Clear of a filter (apply=CAMPAIGN_ID:all|none)', async () => {
    const page = await load('/save-schedule-report')
    const all = page.data.options.filters.find((f) => f.name === 'CAMPAIGN_ID')?.options.map((o) => o.value)
    const selected = await post('/save-schedule-report', [...filled(), ['apply', 'CAMPAIGN_ID:all']])
    expect(selected.data?.values.filters.CAMPAIGN_ID).toEqual(all)
    const cleared = await post('/save-schedule-report', [
      ...filled({ CAMPAIGN_ID: all ?? [] }),
      ['apply', 'CAMPAIGN_ID:none'],
    ])
    expect(cleared.data?.values.filters.CAMPAIGN_ID).toBeUndefined()
  })

  it('an unknown intent is refused with 400', async () => {
    const answer = await post('/save-schedule-report', [...filled(), ['intent', 'explode']])
    expect(answer.status).toBe(400)
  })
})

describe('Save and Download', () => {
  it('Save sends a new report (blank id, isRegenerate and isSaved true) and goes to saved reports with a flash', async () => {
    const answer = await post('/save-schedule-report', [
      ...filled({ reportName: 'Route weekly' }),
      ['intent', 'save'],
    ])
    const body = saved(answer.sent)?.body
    expect(body).toMatchObject({
      reportEntityId: '',
      reportType: 'KEYWORD_PERFORMANCE_REPORT',
      isRegenerate: true,
      dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
      reportMetaData: { reportName: 'Route weekly', isSaved: true },
      scheduleDetails: {
        frequency: 'WEEKLY',
        startDate: today,
        endDate: addDays(today, 28),
        emailIds: ['one@example.in', 'two@example.in'],
      },
    })
    expect(body?.dimensionFields).toMatchObject({ campaign_id: true, keyword: true, campaign_name: false })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/saved-reports')
    expect(answer.headers.get('Set-Cookie')).toMatch(/console_flash=/)
    const rows = (await h.t.db.execute(
      sql`select report_entity_id from report_entities where report_name = 'Route weekly' and seller_id = ${SELLER}`,
    )) as unknown as { rows: unknown[] }
    expect(rows.rows).toHaveLength(1)
  })

  it('Custom dates are sent with the end as the day after the last day', async () => {
    const answer = await post('/save-schedule-report', [
      ...filled({
        reportName: 'Route custom',
        dateFilterType: 'CUSTOM',
        fromDate: addDays(yesterday, -6),
        toDate: yesterday,
      }),
      ['intent', 'save'],
    ])
    expect(saved(answer.sent)?.body?.dateFilter).toEqual({
      dateFilterType: 'CUSTOM',
      fromDate: addDays(yesterday, -6),
      toDate: today,
    })
    expect(answer.status).toBe(302)
  })

  it('editing: the saved report prefills the form; a name change sends isRegenerate false, a frequency change true', async () => {
    await post('/save-schedule-report', [...filled({ reportName: 'Route edit' }), ['intent', 'save']])
    const found = (await h.t.db.execute(
      sql`select report_entity_id::text as id from report_entities where report_name = 'Route edit' and seller_id = ${SELLER}`,
    )) as unknown as { rows: { id: string }[] }
    const id = found.rows[0]?.id as string
    const page = await load(`/save-schedule-report?reportEntityId=${id}`)
    expect(page.data.editing).toBe(true)
    expect(page.data.values).toMatchObject({
      reportEntityId: id,
      reportName: 'Route edit',
      frequency: 'WEEKLY',
      emailIds: ['one@example.in', 'two@example.in'],
    })
    const renamed = await post(`/save-schedule-report?reportEntityId=${id}`, [
      ...filled({ reportEntityId: id, reportName: 'Route edit renamed' }),
      ['intent', 'save'],
    ])
    expect(saved(renamed.sent)?.body).toMatchObject({ reportEntityId: id, isRegenerate: false })
    expect(renamed.status).toBe(302)
    const daily = await post(`/save-schedule-report?reportEntityId=${id}`, [
      ...filled({ reportEntityId: id, reportName: 'Route edit renamed', frequency: 'DAILY' }),
      ['intent', 'save'],
    ])
    expect(saved(daily.sent)?.body).toMatchObject({ reportEntityId: id, isRegenerate: true })
  })

  it('Download of a new report: a download-only run (isSaved false, no name needed), then the OTP dialog', async () => {
    const answer = await post('/save-schedule-report', [
      ...filled({
        reportName: '',
        frequency: 'ONCE',
        startDate: '',
        endDate: '',
        startDateWas: '',
        endDateWas: '',
      }),
      ['intent', 'download'],
    ])
    expect(saved(answer.sent)?.body).toMatchObject({ reportEntityId: '', reportMetaData: { isSaved: false } })
    expect(answer.status).toBe(302)
    expect(answer.location).toMatch(/^\/saved-reports\/[0-9a-f-]{36}\/download$/)
  })

  it('the admin form posts for the selected advertiser and lands on /admin/saved-reports', async () => {
    const answer = await post(
      '/admin/save-schedule-report',
      [...filled({ reportName: 'Route admin' }), ['intent', 'save']],
      {
        cookie: ops,
        action: adminSaveAction,
      },
    )
    expect(saved(answer.sent)?.url.searchParams.get('userId')).toBe(String(SELLER))
    expect(answer.location).toBe('/admin/saved-reports')
  })

  it('a failed call shows the server’s message under Error, the form kept', async () => {
    const answer = await post('/save-schedule-report?reportEntityId=00000000-0000-4000-8000-000000000000', [
      ...filled({ reportEntityId: '00000000-0000-4000-8000-000000000000' }),
      ['intent', 'save'],
    ])
    expect(answer.status).toBe(404)
    expect(answer.data?.error).toBeTruthy()
    expect(answer.data?.values.reportName).toBe('Weekly keywords')
  })
})

describe('a report made by an agency', () => {
  it('is prefilled for the brand but not editable (no Save is drawn; spec §4)', async () => {
    const BRAND = 200001
    const agency = await h.cookieFor('agency@example.com', { sellerId: BRAND })
    const brand = await h.cookieFor('brand@example.com', { sellerId: BRAND })
    const made = await post(
      '/save-schedule-report',
      [...filled({ reportName: 'Route agency report' }), ['intent', 'save']],
      {
        cookie: agency,
      },
    )
    expect(made.location).toBe('/saved-reports')
    const found = (await h.t.db.execute(
      sql`select report_entity_id::text as id from report_entities where report_name = 'Route agency report'`,
    )) as unknown as { rows: { id: string }[] }
    const id = found.rows[0]?.id as string
    const asBrand = await h.load<Page & { editable: boolean }>(
      saveLoader,
      `/save-schedule-report?reportEntityId=${id}`,
      {
        cookie: brand,
      },
    )
    expect(asBrand.data.editing).toBe(true)
    expect(asBrand.data.editable).toBe(false)
    expect(asBrand.data.values.reportName).toBe('Route agency report')
    const asAgency = await h.load<Page & { editable: boolean }>(
      saveLoader,
      `/save-schedule-report?reportEntityId=${id}`,
      {
        cookie: agency,
      },
    )
    expect(asAgency.data.editable).toBe(true)
  })
})

describe('Discard', () => {
  it('the dialog says the spec’s words; confirming goes to saved reports (admin: /admin/saved-reports)', async () => {
    const dialog = await h.load<{ message: string }>(discardLoader, '/save-schedule-report/discard', {
      cookie: seller,
    })
    expect(dialog.data.message).toBe('Discarding will permanently delete any changes made to this form')
    const confirmed = await post('/save-schedule-report/discard', [], { action: discardAction })
    expect(confirmed.location).toBe('/saved-reports')
    const admin = await post('/admin/save-schedule-report/discard', [], {
      cookie: ops,
      action: adminDiscardAction,
    })
    expect(admin.location).toBe('/admin/saved-reports')
    const refused = await post('/save-schedule-report/discard', [], { cookie: ops, action: discardAction })
    expect(refused.location).toBe('/')
  })
})
