// The report calls (getDefaultReport, getFilters, generateReport, getReport) and the engine behind them:
// figures equal direct SQL sums over performance_daily, only the advertiser's rows, who may call what,
// the spec's date messages, fields and paging, the CSV rows.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANALYTICS_PATH,
  defaultReportsResponseSchema,
  type FiltersResponse,
  filterValueMatches,
  filtersResponseSchema,
  REPORT_FILTERS,
  REPORT_TYPES,
  type ReportFilter,
  type ReportRequestInput,
  ReportMessages,
  type ReportTable,
  reportRequestSchema,
  reportTableSchema,
  shownFilterValues,
} from '../contracts/analytics'
import { reportEntities } from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { reportCsvRows, resolveDates, resolveReport } from './report-engine'

let t: TestPlatform
let tokens: Record<'seller' | 'seller2' | 'ops' | 'superadmin' | 'agency' | 'brand' | 'revoked', string>
beforeAll(async () => {
  t = await createTestPlatform()
  tokens = {
    seller: await t.tokenFor('seller@example.com'),
    seller2: await t.tokenFor('seller2@example.com'),
    ops: await t.tokenFor('ops@example.com'),
    superadmin: await t.tokenFor('superadmin@example.com'),
    agency: await t.tokenFor('agency@example.com'),
    brand: await t.tokenFor('brand@example.com'),
    revoked: await t.tokenFor('superadmin2@example.com'),
  }
})
afterAll(async () => {
  await t.close()
})

const qs = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/** The contract's filters record names every filter (zod's record over an enum is exhaustive): null = none. */
const NO_FILTERS = {
  CAMPAIGN_ID: null,
  CAMPAIGN_STATUS: null,
  PLACEMENT_CATEGORY: null,
  TARGETING_TYPE: null,
  CREATED_BY: null,
}
const request = (
  overrides: Omit<Partial<ReportRequestInput>, 'filters'> & { filters?: Record<string, string[]> } = {},
): ReportRequestInput => ({
  reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  ...overrides,
  filters: overrides.filters ? { ...NO_FILTERS, ...overrides.filters } : null,
})

function generate(
  body: unknown,
  { userId = 100001, token = tokens.seller, page = 1, size = 10 } = {},
): Promise<Response> {
  return t.post(`${ANALYTICS_PATH}/generateReport?${qs({ userId, page, size })}`, body, { token })
}

/** 200 and data exactly as the table schema describes it. */
async function table(response: Response): Promise<ReportTable> {
  const body = await response.json()
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(200)
  expect(reportTableSchema.parse(body.data)).toEqual(body.data)
  return body.data
}

async function error(
  response: Response,
  status: number,
): Promise<{ message: string; fieldErrors?: Record<string, string[]> }> {
  const body = await response.json()
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(status)
  return body
}

type SumRow = {
  key: string
  impressions: string
  clicks: string
  spend: string
  orders: string
  units: string
  sales: string
}
async function sums(where: string, groupBy = 'pd.campaign_id'): Promise<SumRow[]> {
  const result = await t.db.execute(
    sql.raw(`select ${groupBy}::text as key, sum(pd.impressions) as impressions, sum(pd.clicks) as clicks,
      sum(pd.spend) as spend, sum(pd.orders) as orders, sum(pd.units) as units, sum(pd.sales) as sales
      from performance_daily pd join campaigns c on c.id = pd.campaign_id where ${where} group by ${groupBy}`),
  )
  return (result as unknown as { rows: SumRow[] }).rows
}

const r2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100
const today = () => istDate(t.deps.now())

describe('generateReport', () => {
  it('campaign performance for the last 7 days equals direct SQL sums over performance_daily', async () => {
    const from = addDays(today(), -7)
    const to = addDays(today(), -1)
    const expected = await sums(`c.seller_id = 100001 and pd.day between '${from}' and '${to}'`)
    expect(expected.length).toBeGreaterThan(1)
    const data = await table(await generate(request(), { size: 100 }))
    expect(data.fromDate).toBe(from)
    expect(data.toDate).toBe(to)
    expect(data.totalNumOfRows).toBe(expected.length)
    expect(data.rows.length).toBe(expected.length)
    expect(data.columns.map((c) => c.key).slice(0, 2)).toEqual(['campaign_id', 'campaign_name'])
    for (const e of expected) {
      const row = data.rows.find((r) => r.campaign_id === e.key)
      expect(row, `campaign ${e.key}`).toBeDefined()
      const spend = Number(e.spend)
      const clicks = Number(e.clicks)
      expect(row).toMatchObject({
        impressions: Number(e.impressions),
        clicks,
        orders: Number(e.orders),
        units: Number(e.units),
        ad_spend: r2(spend / 100),
        sales: r2(Number(e.sales) / 100),
        ctr: Number(e.impressions) ? r2((clicks / Number(e.impressions)) * 100) : 0,
        cpc: clicks ? r2(spend / clicks / 100) : 0,
        roas: spend ? r2(Number(e.sales) / spend) : 0,
        conversion_rate: clicks ? r2((Number(e.orders) / clicks) * 100) : 0,
      })
    }
    // Totals from the sums, not an average of rows.
    const total = (k: keyof SumRow) => expected.reduce((s, e) => s + Number(e[k]), 0)
    expect(data.totals).toMatchObject({
      campaign_id: null,
      impressions: total('impressions'),
      clicks: total('clicks'),
      ad_spend: r2(total('spend') / 100),
      roas: r2(total('sales') / total('spend')),
      ctr: r2((total('clicks') / total('impressions')) * 100),
    })
    // The series: every day of the range, summing to the totals.
    expect(data.series.map((s) => s.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)))
    expect(data.series.reduce((s, d) => s + (d.values.clicks ?? 0), 0)).toBe(total('clicks'))
  })

  it('only ever contains the advertiser’s rows (two sellers)', async () => {
    const one = await table(
      await generate(request({ dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null } }), {
        size: 100,
      }),
    )
    const two = await table(
      await generate(request({ dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null } }), {
        userId: 100002,
        token: tokens.seller2,
        size: 100,
      }),
    )
    const own = async (sellerId: number) =>
      new Set(
        (
          (await t.db.execute(
            sql`select id::text as id from campaigns where seller_id = ${sellerId}`,
          )) as unknown as {
            rows: { id: string }[]
          }
        ).rows.map((r) => r.id),
      )
    const ones = await own(100001)
    const twos = await own(100002)
    expect(one.rows.length).toBeGreaterThan(0)
    for (const row of one.rows) expect(ones.has(String(row.campaign_id))).toBe(true)
    for (const row of two.rows) expect(twos.has(String(row.campaign_id))).toBe(true)
    const expectedTwo = await sums(
      `c.seller_id = 100002 and pd.day between '${addDays(today(), -30)}' and '${addDays(today(), -1)}'`,
    )
    expect(two.totalNumOfRows).toBe(expectedTwo.length)
  })

  it('another seller’s campaign id in CAMPAIGN_ID is refused (403), its own are filtered', async () => {
    const [foreign] = (
      (await t.db.execute(
        sql`select id::text as id from campaigns where seller_id = 100002 limit 1`,
      )) as unknown as {
        rows: { id: string }[]
      }
    ).rows
    const [mine] = (
      (await t.db.execute(
        sql`select distinct c.id::text as id from campaigns c join performance_daily pd on pd.campaign_id = c.id where c.seller_id = 100001 limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows
    const refused = await error(
      await generate(request({ filters: { CAMPAIGN_ID: [mine!.id, foreign!.id] } })),
      403,
    )
    expect(refused.message).toBe(ReportMessages.foreignCampaign)
    expect((await error(await generate(request({ filters: { CAMPAIGN_ID: ['abc'] } })), 403)).message).toBe(
      ReportMessages.foreignCampaign,
    )
    const data = await table(
      await generate(
        request({
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
          filters: { CAMPAIGN_ID: [mine!.id] },
        }),
      ),
    )
    expect(data.rows.map((r) => r.campaign_id)).toEqual([mine!.id])
    // An advanced report needs one.
    const advanced = await error(await generate(request({ advancedReport: true })), 400)
    expect(advanced.message).toBe(ReportMessages.selectCampaign)
  })

  it('filters: status, placement, targeting type and creator narrow the rows; unknown values are a 400', async () => {
    const all = await table(
      await generate(
        request({
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
          dimensionFields: {
            campaign_id: true,
            placement: true,
            targeting_type: true,
            campaign_status: true,
          },
        }),
        { size: 100 },
      ),
    )
    expect(all.rows.length).toBeGreaterThan(0)
    const search = await table(
      await generate(
        request({
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
          dimensionFields: { campaign_id: true, placement: true },
          filters: { PLACEMENT_CATEGORY: ['SEARCH'] },
        }),
        { size: 100 },
      ),
    )
    for (const row of search.rows) expect(row.placement).toBe('SEARCH')
    const keyword = await table(
      await generate(
        request({
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
          dimensionFields: { targeting_type: true },
          filters: { TARGETING_TYPE: ['Keyword'] },
        }),
      ),
    )
    expect(keyword.rows.map((r) => r.targeting_type)).toEqual(['Keyword'])
    const running = await table(
      await generate(
        request({
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
          dimensionFields: { campaign_status: true },
          filters: { CAMPAIGN_STATUS: ['Running'] },
        }),
      ),
    )
    for (const row of running.rows) expect(row.campaign_status).toBe('Running')
    const creator = await table(await generate(request({ filters: { CREATED_BY: ['nobody@example.com'] } })))
    expect(creator.totalNumOfRows).toBe(0)
    expect(creator.totals.clicks).toBe(0)
    const unknown: Record<string, string[]>[] = [
      { CAMPAIGN_STATUS: ['Sleeping'] },
      { PLACEMENT_CATEGORY: ['SIDEBAR'] },
      { TARGETING_TYPE: ['Audience'] },
    ]
    for (const filters of unknown) {
      await error(await generate(request({ filters })), 400)
    }
  })

  it('who may call: OPS any advertiser, an agency only its linked brands, advertisers only themselves, revoked 401', async () => {
    await table(await generate(request(), { token: tokens.ops }))
    await table(await generate(request(), { token: tokens.superadmin, userId: 100002 }))
    await table(await generate(request(), { token: tokens.agency, userId: 200001 }))
    await error(await generate(request(), { token: tokens.agency, userId: 100001 }), 403)
    await error(await generate(request(), { token: tokens.seller, userId: 100002 }), 403)
    await error(await generate(request(), { token: tokens.brand, userId: 100001 }), 403)
    await error(await generate(request(), { token: tokens.revoked }), 401)
    await error(await generate(request(), { token: '' }), 401)
  })

  it('DAILY_OPS_REPORT: staff only, every advertiser in one report', async () => {
    const ops = request({ reportType: 'DAILY_OPS_REPORT' })
    await error(await generate(ops), 403)
    await error(await generate(ops, { token: tokens.agency, userId: 200001 }), 403)
    const data = await table(await generate(ops, { token: tokens.ops, size: 100 }))
    const sellers = new Set(data.rows.map((r) => r.seller_id))
    expect(sellers.size).toBeGreaterThan(1)
    const from = addDays(today(), -7)
    const expected = await sums(
      `pd.day between '${from}' and '${addDays(today(), -1)}'`,
      'pd.day, c.seller_id',
    )
    expect(data.totalNumOfRows).toBe(expected.length)
  })

  it('dates: the spec’s messages, word for word (400)', async () => {
    const custom = (fromDate: string | null, toDate: string | null) =>
      generate(request({ dateFilter: { dateFilterType: 'CUSTOM', fromDate, toDate } }))
    const y = addDays(today(), -1)
    expect((await error(await custom(y, addDays(today(), 1)), 400)).message).toBe(
      ReportMessages.maxDateYesterday,
    )
    expect((await error(await custom(today(), addDays(today(), 1)), 400)).message).toBe(
      ReportMessages.maxDateYesterday,
    )
    const before = await error(await custom(addDays(today(), -3), addDays(today(), -4)), 400)
    expect(before.message).toBe(ReportMessages.endBeforeStart)
    expect(before.fieldErrors).toEqual({ 'dateFilter.toDate': [ReportMessages.endBeforeStart] })
    expect((await error(await custom(addDays(today(), -3), addDays(today(), -3)), 400)).message).toBe(
      ReportMessages.endBeforeStart,
    )
    expect((await error(await custom(null, y), 400)).message).toBe(ReportMessages.required)
    expect((await error(await custom('2026-02-30', y), 400)).message).toBe('Enter a valid date')
    // The end is sent as the day after: 3 days ending yesterday.
    const ok = await table(await custom(addDays(today(), -3), today()))
    expect([ok.fromDate, ok.toDate, ok.series.length]).toEqual([addDays(today(), -3), y, 3])
  })

  it('fields: chosen dimensions and metrics; a disabled or unknown one is a 400; none means the defaults', async () => {
    const data = await table(
      await generate(
        request({
          dimensionFields: { campaign_name: true, campaign_id: false },
          metricFields: { clicks: true, roas: true },
        }),
      ),
    )
    expect(data.columns.map((c) => c.key)).toEqual(['campaign_name', 'clicks', 'roas'])
    expect(Object.keys(data.series[0]!.values)).toEqual(['clicks', 'roas'])
    const disabled = await error(await generate(request({ metricFields: { add_to_cart: true } })), 400)
    expect(disabled.message).toBe('Add to cart cannot be chosen')
    await error(await generate(request({ metricFields: { nope: true } })), 400)
    await error(await generate(request({ dimensionFields: { keyword: true } })), 400)
    const defaults = await table(await generate(request({ reportType: 'KEYWORD_PERFORMANCE_REPORT' })))
    expect(defaults.columns.map((c) => c.key).slice(0, 4)).toEqual([
      'campaign_id',
      'campaign_name',
      'keyword',
      'impressions',
    ])
    expect(defaults.columns.some((c) => c.key === 'add_to_cart')).toBe(false)
  })

  it('page and size: pages of the same ordered rows; a size outside 10/20/50/100 is a 400', async () => {
    const body = request({
      reportType: 'KEYWORD_PERFORMANCE_REPORT',
      dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
    })
    const all = await table(await generate(body, { size: 100 }))
    expect(all.totalNumOfRows).toBeGreaterThan(20)
    const second = await table(await generate(body, { page: 2, size: 10 }))
    expect(second.rows).toEqual(all.rows.slice(10, 20))
    expect(second.totalPages).toBe(Math.ceil(all.totalNumOfRows / 10))
    const beyond = await table(await generate(body, { page: 999, size: 10 }))
    expect(beyond.rows).toEqual([])
    expect(beyond.totalNumOfRows).toBe(all.totalNumOfRows)
    await error(await generate(body, { size: 7 }), 400)
    await error(await generate(body, { page: 0 }), 400)
  })

  it('every type answers in the contract’s shape for its allowed caller', async () => {
    for (const reportType of REPORT_TYPES) {
      const data = await table(
        await generate(
          request({ reportType, dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null } }),
          {
            token: tokens.ops,
          },
        ),
      )
      expect(data.columns.length).toBeGreaterThan(1)
    }
  })

  it('budget utilisation and optimisation: their extra columns', async () => {
    const budget = await table(
      await generate(
        request({
          reportType: 'BUDGET_UTIL_REPORT',
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
        }),
        { size: 100 },
      ),
    )
    expect(budget.columns.map((c) => c.key)).toEqual([
      'campaign_id',
      'campaign_name',
      'campaign_status',
      'ad_spend',
      'daily_budget',
      'total_budget',
      'lifetime_spend',
      'budget_utilisation',
    ])
    const [spent] = (
      (await t.db.execute(
        sql`select campaign_id::text as id, spend from campaign_spend where seller_id = 100001 and spend > 0 order by campaign_id limit 1`,
      )) as unknown as { rows: { id: string; spend: string }[] }
    ).rows
    const row = budget.rows.find((r) => r.campaign_id === spent?.id)
    if (row) expect(row.lifetime_spend).toBe(r2(Number(spent!.spend) / 100))
    const optimisation = await table(
      await generate(
        request({
          reportType: 'OPTIMISATION_REPORT',
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
        }),
      ),
    )
    expect(optimisation.rows.length).toBeGreaterThan(0)
    for (const r of optimisation.rows) {
      expect(typeof r.suggestion).toBe('string')
      expect(['Exact', 'Phrase', 'Broad', null]).toContain(r.match_type)
    }
  })
})

describe('reportCsvRows', () => {
  it('header then every row (through a cursor), decimals with two places', async () => {
    const auth = { user: (await t.userByEmail('seller@example.com')) as never, token: tokens.seller } as never
    const report = await resolveReport(
      t.db,
      { ...(auth as object), user: { ...(await t.userByEmail('seller@example.com')) } } as never,
      100001,
      reportRequestSchema.parse(
        request({
          reportType: 'KEYWORD_PERFORMANCE_REPORT',
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
        }),
      ),
      t.deps.now(),
    )
    const rows: (string | number | null)[][] = []
    for await (const row of reportCsvRows(t.db, report)) rows.push(row)
    expect(rows[0]).toEqual(report.columns.map((c) => c.label))
    const data = await table(
      await generate(
        request({
          reportType: 'KEYWORD_PERFORMANCE_REPORT',
          dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
        }),
        { size: 100 },
      ),
    )
    expect(rows.length - 1).toBe(data.totalNumOfRows)
    const spendColumn = report.columns.findIndex((c) => c.key === 'ad_spend')
    for (const row of rows.slice(1)) expect(String(row[spendColumn])).toMatch(/^\d+\.\d\d$/)
    // Stopping early leaves the database usable (the cursor's transaction ends).
    for await (const _row of reportCsvRows(t.db, report)) break
    await table(await generate(request()))
  })
})

describe('resolveDates', () => {
  const at = (iso: string) => new Date(iso)
  it('presets end yesterday; CURRENT_MONTH on the 1st is the 1st only', () => {
    const now = at('2026-11-23T06:00:00Z')
    expect(resolveDates({ dateFilterType: 'LAST_1D', fromDate: null, toDate: null }, now)).toEqual({
      from: '2026-11-22',
      to: '2026-11-22',
    })
    expect(resolveDates({ dateFilterType: 'LAST_7D', fromDate: null, toDate: null }, now)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    })
    expect(resolveDates({ dateFilterType: 'LAST_30D', fromDate: null, toDate: null }, now)).toEqual({
      from: '2026-10-24',
      to: '2026-11-22',
    })
    expect(resolveDates({ dateFilterType: 'CURRENT_MONTH', fromDate: null, toDate: null }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-22',
    })
    expect(
      resolveDates(
        { dateFilterType: 'CURRENT_MONTH', fromDate: null, toDate: null },
        at('2026-12-01T06:00:00Z'),
      ),
    ).toEqual({ from: '2026-12-01', to: '2026-12-01' })
    // IST: 20:00 UTC on the 22nd is already the 23rd in India.
    expect(
      resolveDates({ dateFilterType: 'LAST_1D', fromDate: null, toDate: null }, at('2026-11-22T20:00:00Z')),
    ).toEqual({ from: '2026-11-22', to: '2026-11-22' })
    expect(
      resolveDates({ dateFilterType: 'CUSTOM', fromDate: '2026-03-01', toDate: '2026-03-08' }, now),
    ).toEqual({ from: '2026-03-01', to: '2026-03-07' })
  })
})

describe('getDefaultReport, getFilters, getReport', () => {
  it('getDefaultReport: all eight for staff, the staff-only type hidden from others; 401 without a session', async () => {
    const read = async (token: string) => {
      const response = await t.request(`${ANALYTICS_PATH}/getDefaultReport`, { token })
      const body = await response.json()
      expect(response.status).toBe(200)
      expect(defaultReportsResponseSchema.parse(body.data)).toEqual(body.data)
      return body.data.reportTypes.map((r: { reportType: string }) => r.reportType)
    }
    expect(await read(tokens.ops)).toEqual([...REPORT_TYPES])
    expect(await read(tokens.superadmin)).toEqual([...REPORT_TYPES])
    expect(await read(tokens.seller)).toEqual(REPORT_TYPES.filter((r) => r !== 'DAILY_OPS_REPORT'))
    expect((await t.request(`${ANALYTICS_PATH}/getDefaultReport`)).status).toBe(401)
    expect((await t.request(`${ANALYTICS_PATH}/getDefaultReport`, { token: tokens.revoked })).status).toBe(
      401,
    )
  })

  it('getFilters: the advertiser’s campaigns and creators, the type’s fields with disabled flags', async () => {
    const response = await t.request(
      `${ANALYTICS_PATH}/getFilters?${qs({ userId: 100001, reportType: 'KEYWORD_PERFORMANCE_REPORT' })}`,
      {
        token: tokens.seller,
      },
    )
    const body = await response.json()
    expect(response.status).toBe(200)
    expect(filtersResponseSchema.parse(body.data)).toEqual(body.data)
    const own = (
      (await t.db.execute(
        sql`select id::text as id from campaigns where seller_id = 100001 and deleted_at is null`,
      )) as unknown as {
        rows: { id: string }[]
      }
    ).rows.map((r) => r.id)
    expect(body.data.filters.CAMPAIGN_ID.map((c: { value: string }) => c.value).sort()).toEqual(own.sort())
    expect(body.data.filters.CREATED_BY.length).toBeGreaterThan(0)
    expect(
      body.data.metrics.filter((m: { disabled: boolean }) => m.disabled).map((m: { name: string }) => m.name),
    ).toEqual(['add_to_cart', 'pdp_count', 'viewable_impressions'])
    expect(
      body.data.dimensions
        .filter((d: { default: boolean }) => d.default)
        .map((d: { name: string }) => d.name),
    ).toEqual(['campaign_id', 'campaign_name', 'keyword'])
    const foreign = await t.request(`${ANALYTICS_PATH}/getFilters?${qs({ userId: 100002 })}`, {
      token: tokens.seller,
    })
    expect(foreign.status).toBe(403)
    const agency = await t.request(`${ANALYTICS_PATH}/getFilters?${qs({ userId: 100001 })}`, {
      token: tokens.agency,
    })
    expect(agency.status).toBe(403)
    const revoked = await t.request(`${ANALYTICS_PATH}/getFilters?${qs({ userId: 100001 })}`, {
      token: tokens.revoked,
    })
    expect(revoked.status).toBe(401)
  })

  it('getFilters shown mode: each filter narrowed as a form shows it, as if from every value, with counts', async () => {
    const get = async (extra: [string, string][], token = tokens.seller) => {
      const params = new URLSearchParams([['userId', '100001'], ...extra])
      const response = await t.request(`${ANALYTICS_PATH}/getFilters?${params}`, { token })
      return { status: response.status, body: await response.json() }
    }
    const every = (await get([])).body.data as FiltersResponse
    expect(every.counts).toBeUndefined()
    const campaigns = every.filters.CAMPAIGN_ID
    expect(campaigns.length).toBeGreaterThan(5)
    const foreign = (
      (await t.db.execute(
        sql`select id::text as id from campaigns where seller_id = 100002 and deleted_at is null limit 1`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id
    const second = campaigns[1]!
    const word = second.label.split(' ')[0]!.toUpperCase()
    const cases: {
      limit: number
      find: Partial<Record<ReportFilter, string>>
      chosen: Partial<Record<ReportFilter, string[]>>
    }[] = [
      { limit: 3, find: {}, chosen: {} },
      { limit: 3, find: { CAMPAIGN_ID: word }, chosen: {} },
      { limit: 2, find: { CAMPAIGN_ID: second.value }, chosen: {} },
      {
        limit: 2,
        find: { CAMPAIGN_ID: 'no such campaign' },
        chosen: { CAMPAIGN_ID: [campaigns.at(-1)!.value] },
      },
      // A chosen value that is no campaign of the advertiser, or not a campaign id, is not shown.
      { limit: 2, find: {}, chosen: { CAMPAIGN_ID: [campaigns.at(-1)!.value, foreign, 'x', '0'] } },
      {
        limit: 1,
        find: { CAMPAIGN_STATUS: 'PAUS', CREATED_BY: '@' },
        chosen: { CAMPAIGN_STATUS: ['RUNNING'] },
      },
    ]
    for (const { limit, find, chosen } of cases) {
      const extra: [string, string][] = [['shown', String(limit)]]
      for (const [name, text] of Object.entries(find)) extra.push([`find.${name}`, text])
      for (const [name, values] of Object.entries(chosen))
        for (const v of values) extra.push([`chosen.${name}`, v])
      const { status, body } = await get(extra)
      expect(status, JSON.stringify(extra)).toBe(200)
      const shown = filtersResponseSchema.parse(body.data)
      for (const name of REPORT_FILTERS) {
        const search = { limit, find: find[name] ?? '', chosen: new Set(chosen[name] ?? []) }
        const query = search.find.toLowerCase()
        expect(shown.filters[name], `${name} ${JSON.stringify(extra)}`).toEqual(
          shownFilterValues(every.filters[name], search),
        )
        expect(shown.counts?.[name]).toEqual({
          total: every.filters[name].length,
          matched: every.filters[name].filter((o) => filterValueMatches(o, query)).length,
        })
      }
      expect(JSON.stringify(shown.filters)).not.toContain(`"${foreign}"`)
    }
    // The same guard as every getFilters; bad shown-mode input is a 400 that says why.
    expect((await get([['shown', '5']], tokens.agency)).status).toBe(403)
    for (const bad of [
      [['shown', '0']],
      [['shown', '201']],
      [
        ['shown', '5'],
        ['find.CAMPAIGN_ID', 'x'.repeat(101)],
      ],
      [
        ['shown', '5'],
        ['find.CAMPAIGN_ID', 'a\u0007b'],
      ],
      [
        ['shown', '5'],
        ['chosen.CREATED_BY', 'a\u0000'],
      ],
    ] as [string, string][][]) {
      const { status, body } = await get(bad)
      expect(status, JSON.stringify(bad)).toBe(400)
      expect(typeof body.message).toBe('string')
    }
  })

  it('getReport: a saved definition computed now; 404 for another advertiser or once deleted', async () => {
    const owner = await t.userByEmail('seller@example.com')
    const [entity] = await t.db
      .insert(reportEntities)
      .values({
        reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
        ownerUserId: owner.id,
        ownerRole: 'SELLER',
        sellerId: 100001,
        reportName: 'Weekly',
        isSaved: true,
        dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
        dimensionFields: { campaign_id: true, campaign_name: true },
        metricFields: { clicks: true, ad_spend: true },
        filters: { CAMPAIGN_STATUS: [] },
      })
      .returning()
    const path = (userId: number, extra: Record<string, string | number> = {}) =>
      `${ANALYTICS_PATH}/getReport?${qs({ userId, reportEntityId: entity!.reportEntityId, ...extra })}`
    const data = await table(await t.request(path(100001), { token: tokens.seller }))
    expect(data.columns.map((c) => c.key)).toEqual(['campaign_id', 'campaign_name', 'clicks', 'ad_spend'])
    const generated = await table(
      await generate(
        request({
          dimensionFields: { campaign_id: true, campaign_name: true },
          metricFields: { clicks: true, ad_spend: true },
        }),
      ),
    )
    expect(data.rows).toEqual(generated.rows)
    await table(await t.request(path(100001, { page: 1, size: 20 }), { token: tokens.ops }))
    await error(await t.request(path(100002), { token: tokens.seller2 }), 404)
    await error(await t.request(path(100002), { token: tokens.seller }), 403)
    await error(await t.request(path(100001), { token: tokens.revoked }), 401)
    await t.db.execute(
      sql`update report_entities set deleted_at = now() where report_entity_id = ${entity!.reportEntityId}`,
    )
    await error(await t.request(path(100001), { token: tokens.seller }), 404)
    await error(
      await t.request(`${ANALYTICS_PATH}/getReport?${qs({ userId: 100001, reportEntityId: 'not-a-uuid' })}`, {
        token: tokens.seller,
      }),
      400,
    )
  })
})
