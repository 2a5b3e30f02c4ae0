// The analytics page's loader (/analytics, /admin/analytics) through the real route modules against the
// in-process test platform: the defaults before Generate, the choices kept in the URL, the report's
// figures against a direct SQL sum over performance_daily, the custom dates' messages (spec §5), the
// no-JS Select all / Clear, the Error panel (spec §8) and the guard. Docs/decisions/041.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReportMessages } from '../../platform/contracts/analytics'
import { istDate } from '../../platform/rules/time'
import type { AnalyticsPageData } from '../models/analytics.server'
import { shiftDay } from '../models/report-form'
import { loader as advertiserLoader } from '../routes/_advertiser.analytics'
import { loader as adminLoader } from '../routes/admin.analytics'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const SELLER = 100001
let h: RouteHarness
let seller: string
beforeAll(async () => {
  h = await createRouteHarness()
  seller = await h.cookieFor('seller@example.com', { sellerId: SELLER })
})
afterAll(async () => {
  await h?.close()
})

const load = (path: string, cookie = seller) => h.load<AnalyticsPageData>(advertiserLoader, path, { cookie })

type Sums = {
  campaign_id: string
  impressions: string
  clicks: string
  spend: string
  orders: string
  sales: string
}

/** Direct sums per campaign over the rollup (money in paise) for one advertiser and inclusive range. */
async function sqlSums(sellerId: number, from: string, to: string) {
  // Raw SQL: console tests may not import the platform's schema (tests/architecture.test.ts).
  const result = await h.t.db.execute(
    sql`select p.campaign_id::text as campaign_id, sum(p.impressions)::text as impressions,
               sum(p.clicks)::text as clicks, sum(p.spend)::text as spend, sum(p.orders)::text as orders,
               sum(p.sales)::text as sales
          from performance_daily p join campaigns c on c.id = p.campaign_id
         where c.seller_id = ${sellerId} and p.day between ${from} and ${to}
         group by p.campaign_id`,
  )
  const rows = ((result as { rows?: Sums[] }).rows ?? (result as unknown as Sums[])) as Sums[]
  return new Map(rows.map((r) => [r.campaign_id, r]))
}

describe('before Generate', () => {
  it('draws the form with the defaults and no report: campaign performance, last 1 day, the default fields', async () => {
    const answer = await load('/analytics')
    expect(answer.status).toBe(200)
    const { state, options, report, error, links } = answer.data
    expect(report).toBeNull()
    expect(error).toBeNull()
    expect(state).toMatchObject({
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilterType: 'LAST_1D',
      dimensions: ['campaign_id', 'campaign_name'],
      run: false,
      page: 1,
      size: 10,
    })
    expect(state.metrics).toContain('impressions')
    expect(state.metrics).not.toContain('add_to_cart')
    expect(options.reportTypes.map((o) => o.value)).toEqual([
      'CAMPAIGN_PERFORMANCE_REPORT',
      'KEYWORD_PERFORMANCE_REPORT',
      'PRODUCT_PERFORMANCE_REPORT',
    ])
    expect(options.dateFilters.map((o) => o.label)).toEqual([
      'Last 1 day',
      'Last 1 week',
      'Last 1 month',
      'Current month',
      'Custom',
    ])
    expect(options.metrics.filter((m) => m.disabled).map((m) => m.value)).toEqual([
      'add_to_cart',
      'pdp_count',
      'viewable_impressions',
    ])
    expect(options.maxDate).toBe(shiftDay(istDate(new Date()), -1))
    const campaigns = options.filters.find((f) => f.name === 'CAMPAIGN_ID')!
    expect(campaigns.options.length).toBeGreaterThan(0)
    expect(links).toMatchObject({
      base: '/analytics',
      savedReports: '/saved-reports',
      advancedReports: '/advanced-reports',
    })
    expect(links.saveSchedule).toMatch(
      /^\/save-schedule-report\?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_1D&d=campaign_id/,
    )
  })
})

describe('Generate', () => {
  it('computes the chosen report, keeps every choice, and its figures equal the SQL sums (LAST_7D)', async () => {
    const path =
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&fieldsFor=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&d=campaign_name&m=impressions&m=clicks&m=ad_spend&m=orders&m=sales&size=100&run=1'
    const answer = await load(path)
    expect(answer.status).toBe(200)
    const { state, report, error } = answer.data
    expect(error).toBeNull()
    expect(state).toMatchObject({
      dateFilterType: 'LAST_7D',
      dimensions: ['campaign_id', 'campaign_name'],
      metrics: ['impressions', 'clicks', 'ad_spend', 'orders', 'sales'],
      size: 100,
      run: true,
    })
    expect(report).not.toBeNull()
    const today = istDate(new Date())
    expect(report!.fromDate).toBe(shiftDay(today, -7))
    expect(report!.toDate).toBe(shiftDay(today, -1))
    expect(report!.columns.map((c) => c.key)).toEqual([
      'campaign_id',
      'campaign_name',
      'impressions',
      'clicks',
      'ad_spend',
      'orders',
      'sales',
    ])
    expect(report!.series).toHaveLength(7)

    const sums = await sqlSums(SELLER, report!.fromDate, report!.toDate)
    expect(report!.rows.length).toBe(report!.totalNumOfRows)
    const total = { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 }
    for (const row of report!.rows) {
      const expected = sums.get(String(row.campaign_id))
      const figures = expected ?? { impressions: '0', clicks: '0', spend: '0', orders: '0', sales: '0' }
      expect(row.impressions, `campaign ${row.campaign_id}`).toBe(Number(figures.impressions))
      expect(row.clicks).toBe(Number(figures.clicks))
      expect(row.ad_spend).toBeCloseTo(Number(figures.spend) / 100, 2)
      expect(row.orders).toBe(Number(figures.orders))
      expect(row.sales).toBeCloseTo(Number(figures.sales) / 100, 2)
    }
    for (const s of sums.values()) {
      total.impressions += Number(s.impressions)
      total.clicks += Number(s.clicks)
      total.spend += Number(s.spend)
      total.orders += Number(s.orders)
      total.sales += Number(s.sales)
    }
    // The seeded advertiser has delivery in the range: the comparison is not of zeros.
    expect(report!.rows.length).toBeGreaterThan(0)
    expect(total.impressions).toBeGreaterThan(0)
    expect(report!.totals.impressions).toBe(total.impressions)
    expect(report!.totals.clicks).toBe(total.clicks)
    expect(report!.totals.ad_spend).toBeCloseTo(total.spend / 100, 2)
    expect(report!.totals.orders).toBe(total.orders)
    expect(report!.totals.sales).toBeCloseTo(total.sales / 100, 2)
  })

  it('pages the rows with the chosen size and totals over all pages', async () => {
    const base =
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_30D&d=campaign_id&m=clicks&run=1'
    const all = (await load(`${base}&size=100`)).data.report!
    const second = (await load(`${base}&size=10&page=2`)).data
    expect(second.state.page).toBe(2)
    expect(second.report!.page).toBe(2)
    expect(second.report!.size).toBe(10)
    expect(second.report!.totals.clicks).toBe(all.totals.clicks)
    expect(second.report!.totalNumOfRows).toBe(all.totalNumOfRows)
  })

  it('answers custom dates after yesterday or ending before the start at their fields, keeping what was typed', async () => {
    const today = istDate(new Date())
    const late = await load(
      `/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=${shiftDay(today, -3)}&toDate=${today}&m=clicks&run=1`,
    )
    expect(late.data.report).toBeNull()
    expect(late.data.errors.dates).toEqual({ toDate: ReportMessages.maxDateYesterday })
    expect(late.data.state).toMatchObject({ fromDate: shiftDay(today, -3), toDate: today })
    const backwards = await load(
      `/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=${shiftDay(today, -2)}&toDate=${shiftDay(today, -5)}&m=clicks&run=1`,
    )
    expect(backwards.data.errors.dates).toEqual({ toDate: ReportMessages.endBeforeStart })
    const missing = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=CUSTOM&m=clicks&run=1',
    )
    expect(missing.data.errors.dates).toEqual({ fromDate: 'Required Field', toDate: 'Required Field' })
  })

  it('sends a custom range with the day after the last day and covers exactly the days shown', async () => {
    const today = istDate(new Date())
    const answer = await load(
      `/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=${shiftDay(today, -4)}&toDate=${shiftDay(today, -2)}&m=clicks&run=1`,
    )
    expect(answer.data.error).toBeNull()
    expect(answer.data.report).toMatchObject({ fromDate: shiftDay(today, -4), toDate: shiftDay(today, -2) })
    expect(answer.data.report!.series.map((p) => p.date)).toEqual([
      shiftDay(today, -4),
      shiftDay(today, -3),
      shiftDay(today, -2),
    ])
  })

  it("requires a metric ('Required Field' at Fields) and does not call the report", async () => {
    const answer = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&run=1',
    )
    expect(answer.data.errors.fields).toBe('Required Field')
    expect(answer.data.report).toBeNull()
    expect(answer.data.state.metrics).toEqual([])
  })
})

describe('Select all and Clear without JavaScript', () => {
  it('marks every value of the filter chosen (all=…), keeps the rest of the form and does not generate', async () => {
    const answer = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&m=clicks&CAMPAIGN_STATUS=LIVE&CAMPAIGN_ID=1&apply=CAMPAIGN_ID:all',
    )
    // The values are not listed: the marker stands for them (decision 060).
    expect(answer.data.state.all).toEqual(['CAMPAIGN_ID'])
    expect(answer.data.state.filters.CAMPAIGN_ID).toEqual([])
    expect(answer.data.options.filters.find((f) => f.name === 'CAMPAIGN_ID')!.all).toBe(true)
    expect(answer.data.links.saveSchedule).toContain('&all=CAMPAIGN_ID')
    expect(answer.data.state.filters.CAMPAIGN_STATUS).toEqual(['LIVE'])
    expect(answer.data.state).toMatchObject({ dateFilterType: 'LAST_7D', metrics: ['clicks'], run: false })
    expect(answer.data.report).toBeNull()
    const cleared = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&m=clicks&CAMPAIGN_STATUS=LIVE&apply=CAMPAIGN_STATUS:none',
    )
    expect(cleared.data.state.filters.CAMPAIGN_STATUS).toEqual([])
    const clearedAll = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&m=clicks&all=CAMPAIGN_ID&apply=CAMPAIGN_ID:none',
    )
    expect(clearedAll.data.state.all).toEqual([])
    expect(clearedAll.data.state.filters.CAMPAIGN_ID).toEqual([])
  })
})

describe('every value of a filter (all=…, decision 060)', () => {
  it('runs the report over every campaign the filter offers: the same as listing each one', async () => {
    const base =
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_30D&d=campaign_id&m=impressions&m=clicks&size=100&run=1'
    const every = await load(`${base}&all=CAMPAIGN_ID`)
    const campaigns = every.data.options.filters.find((f) => f.name === 'CAMPAIGN_ID')!
    expect(campaigns.all).toBe(true)
    expect(campaigns.options.length).toBe(campaigns.total)
    const listed = await load(`${base}${campaigns.options.map((o) => `&CAMPAIGN_ID=${o.value}`).join('')}`)
    expect(every.data.error).toBeNull()
    expect(every.data.report!.totals.impressions).toBeGreaterThan(0)
    expect(every.data.report!.totals).toEqual(listed.data.report!.totals)
    expect(every.data.report!.rows).toEqual(listed.data.report!.rows)
  })
})

describe('errors', () => {
  it("shows an Error panel for another advertiser's campaign id in the filter (the platform refuses it)", async () => {
    const result = await h.t.db.execute(
      sql`select id::text as id from campaigns where seller_id <> ${SELLER} limit 1`,
    )
    const rows = ((result as { rows?: { id: string }[] }).rows ?? []) as { id: string }[]
    const foreign = rows[0]!.id
    const answer = await load(
      `/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&m=clicks&CAMPAIGN_ID=${foreign}&run=1`,
    )
    expect(answer.status).toBe(200)
    expect(answer.data.report).toBeNull()
    expect(answer.data.error).toBe(ReportMessages.foreignCampaign)
  })

  it("shows the server's message in the Error panel, else 'Something went wrong' (spec §8)", async () => {
    const failing = (body: string) => ({
      ...h.context(),
      platformFetch: async (request: Request) =>
        new URL(request.url).pathname.endsWith('/generateReport')
          ? new Response(body, { status: 500, headers: { 'content-type': 'application/json' } })
          : h.t.platform.fetch(request),
    })
    const run = (body: string) =>
      advertiserLoader({
        request: h.request('/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&m=clicks&run=1', {
          cookie: seller,
        }),
        context: failing(body),
        params: {},
      }) as Promise<AnalyticsPageData>
    expect(await run(JSON.stringify({ code: 500, message: 'Reports offline', errors: [] }))).toMatchObject({
      error: 'Reports offline',
      report: null,
    })
    expect(await run('')).toMatchObject({ error: 'Something went wrong', report: null })
  })
})

describe('hostile input in the URL', () => {
  it('answers control characters and overlong values with a page (a message or a dropped value), never a 500', async () => {
    const long = 'x'.repeat(5000)
    const answer = await load(
      `/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=%00%01&toDate=${long}&m=clicks&CAMPAIGN_STATUS=%07bell&CREATED_BY=${long}&d=%0Acampaign_id&run=1`,
    )
    expect(answer.status).toBe(200)
    expect(answer.data.report).toBeNull()
    expect(answer.data.errors.dates).toEqual({ fromDate: 'Required Field', toDate: 'Required Field' })
    expect(answer.data.state.filters.CREATED_BY).toEqual([])
    expect(answer.data.state.dimensions).toEqual([])
    const control = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&m=clicks&CAMPAIGN_STATUS=%07bell&run=1',
    )
    expect(control.status).toBe(200)
    expect(control.data.report).toBeNull()
    // The platform's 400 (contract safeText), shown in the Error panel.
    expect(control.data.error).toBe('Remove control characters from this field')
  })
})

describe('the guard', () => {
  it('sends staff away from /analytics and advertisers away from /admin/analytics', async () => {
    const ops = await h.cookieFor('ops@example.com', { sellerId: SELLER })
    const refused = await load('/analytics', ops)
    expect(refused.status).toBe(302)
    expect(refused.location).toBe('/')
    const sellerOnAdmin = await h.load(adminLoader, '/admin/analytics', { cookie: seller })
    expect(sellerOnAdmin.status).toBe(302)
    expect(sellerOnAdmin.location).toBe('/')
  })

  it('gives staff the same report for the selected account under /admin', async () => {
    const superadmin = await h.cookieFor('superadmin@example.com', { sellerId: SELLER })
    const path =
      '/admin/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&m=clicks&run=1'
    const asStaff = await h.load<AnalyticsPageData>(adminLoader, path, { cookie: superadmin })
    expect(asStaff.status).toBe(200)
    expect(asStaff.data.links).toMatchObject({
      base: '/admin/analytics',
      savedReports: '/admin/saved-reports',
    })
    expect(asStaff.data.links.saveSchedule).toMatch(/^\/admin\/save-schedule-report\?/)
    const asSeller = await load(path.replace('/admin', ''))
    expect(asStaff.data.report!.totals.clicks).toBe(asSeller.data.report!.totals.clicks)
    const withoutAccount = await h.load(adminLoader, '/admin/analytics', {
      cookie: await h.cookieFor('superadmin@example.com'),
    })
    expect(withoutAccount.status).toBe(302)
  })
})

describe('a 30-day range on the demo data (its time is measured by npm run bench -- --only=reports)', () => {
  it('answers a 30-day campaign report of the demo seller (90 days of facts) with rows and totals', async () => {
    const path =
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_30D&d=campaign_id&d=campaign_name&m=impressions&m=clicks&m=ad_spend&m=orders&m=sales&m=roas&run=1'
    const answer = await load(path)
    expect(answer.data.report!.totalNumOfRows).toBeGreaterThan(0)
    expect(answer.data.report!.series).toHaveLength(30)
  })
})
