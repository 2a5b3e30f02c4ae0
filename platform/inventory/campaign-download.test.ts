import { sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { describe, expect, it, vi } from 'vitest'
import { accounts } from '../db/schema'
import { campaignStateLabel, iconStateTitle } from '../rules/campaigns'
import { addDays, istDate } from '../rules/time'
import { formatIstDateTime, formatRupees } from '../rules/format'
import { INVENTORY_BASE } from './index'
import { campaignTestPlatform, decodeName, insertCampaign, queryString } from './test-support'

const ctx = campaignTestPlatform()

const BASE = INVENTORY_BASE
const HEADER =
  'Status,Name,Campaign ID,Campaign Class,Created by,Start Date,End Date,Budget,Spend,Clicks,Orders,Sales,ROAS'
type Params = Record<string, string | number>
const download = (token: string, params: Params) =>
  ctx.t.request(`${BASE}/v1/campaign/download?${queryString(params)}`, { token })
const list = async (token: string, params: Params) =>
  (
    await (
      await ctx.t.request(`${BASE}/v1/campaign/loadHomePage?${queryString({ ...params, size: 100 })}`, {
        token,
      })
    ).json()
  ).data
const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data

type ListRow = {
  jmcampaign_id: number
  name: string
  state: number | null
  status: number
  campaignClass: string
  campaignCreatedBy: string | null
  start_time: string
  expire_time: string | null
  budget: number
  homePageMetrics: { spend: number; clicks: number; orders: number; sales: number; roas: number }[]
}
/** What the CSV should say for a loadHomePage row, derived from the spec's rules. */
const expectedCells = (row: ListRow) => {
  const m = row.homePageMetrics[0]!
  const title = iconStateTitle(row.state, row.status)
  return [
    title ? `${campaignStateLabel(row.state)} (${title})` : campaignStateLabel(row.state),
    decodeName(row.name),
    String(row.jmcampaign_id),
    row.campaignClass,
    row.campaignCreatedBy ?? '',
    formatIstDateTime(new Date(row.start_time)),
    row.expire_time ? formatIstDateTime(new Date(row.expire_time)) : 'Lifetime',
    formatRupees(row.budget),
    formatRupees(m.spend),
    String(m.clicks),
    String(m.orders),
    formatRupees(m.sales),
    m.roas.toFixed(2),
  ]
}

describe('formatters', () => {
  it('formats instants in IST and paise as rupees with two decimals', () => {
    expect(formatIstDateTime(new Date('2026-03-10T20:00:00Z'))).toBe('2026-03-11 01:30:00')
    expect(formatIstDateTime(new Date('2026-03-10T18:29:59Z'))).toBe('2026-03-10 23:59:59')
    expect(formatRupees(123450)).toBe('1234.50')
    expect(formatRupees(0)).toBe('0.00')
    expect(formatRupees(5)).toBe('0.05')
    expect(formatRupees(-1205)).toBe('-12.05')
    expect(() => formatRupees(10.5)).toThrow(RangeError)
  })
})

describe('campaign download', () => {
  it('answers a CSV attachment named after the advertiser and range, with the header row', async () => {
    const { t, seller } = ctx
    const response = await download(seller, { userId: 100001, dateFilterType: 'LAST_30D' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const today = istDate(t.deps.now())
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="campaigns-100001-${addDays(today, -30)}-to-${addDays(today, -1)}.csv"`,
    )
    const text = await response.text()
    expect(text.split('\r\n')[0]).toBe(HEADER)
    expect(parse(text)).toHaveLength(13)
  })

  it("has loadHomePage's rows for the same filters, in the same order, with every row and no paging", async () => {
    const { seller, brand } = ctx
    const cases: Params[] = [
      { userId: 100001, dateFilterType: 'LAST_30D' },
      { userId: 100001, dateFilterType: 'LAST_7D', sort: 'spend', direction: 'asc' },
      { userId: 100001, dateFilterType: 'CURRENT_MONTH', sort: 'budget', direction: 'desc' },
      { userId: 100001, sort: 'endDateTime', direction: 'asc', status: 'Running' },
      { userId: 200001, dateFilterType: 'LAST_30D', sort: 'startDateTime', direction: 'desc' },
    ]
    for (const params of cases) {
      const token = params.userId === 200001 ? brand : seller
      const [header, ...rows] = parse(await (await download(token, params)).text())
      expect(header!.join(',')).toBe(HEADER)
      const page = await list(token, params)
      expect(rows).toEqual(page.campaigns.map(expectedCells))
      expect(rows.length).toBe(page.totalCount)
    }
    // Page size does not apply: 12 rows although the list's default page holds 10.
    expect(parse(await (await download(seller, { userId: 100001, size: 10 })).text())).toHaveLength(13)
    // The icon states carry their hover title, the missing state shows NULL.
    const statuses = parse(await (await download(seller, { userId: 100001 })).text()).map((row) => row[0])
    expect(statuses.some((s) => /^(Daily|Total) Budget Limit Reached \(Paused /.test(s!))).toBe(true)
    const brandStatuses = parse(await (await download(brand, { userId: 200001 })).text()).map((r) => r[0])
    expect(brandStatuses).toContain('NULL')
  })

  it('neutralises a formula in a campaign name and keeps the rest of the row', async () => {
    const { t, seller } = ctx
    await insertCampaign(t, {
      jmcampaignId: 992_000_001,
      name: '=HYPERLINK("http://evil.example","x")',
      startTime: new Date('2026-01-01T00:00:00Z'),
      budgetTotalLimit: 123450,
    })
    const text = await (await download(seller, { userId: 100001, search: 'HYPERLINK' })).text()
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    const [, row] = parse(text)
    expect(row).toEqual([
      'Running',
      `'=HYPERLINK("http://evil.example","x")`,
      '992000001',
      'Sponsored',
      '',
      '2026-01-01 05:30:00',
      'Lifetime',
      '1234.50',
      '0.00',
      '0',
      '0',
      '0.00',
      '0.00',
    ])
  })

  it('refuses another advertiser with 403 and validates the filters like the list', async () => {
    const { seller, brand, agency, ops } = ctx
    const refused = await download(seller, { userId: 200001 })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toContain('application/json')
    expect(await refused.json()).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })
    expect((await download(brand, { userId: 100001 })).status).toBe(403)
    expect((await download(agency, { userId: 100001 })).status).toBe(403)
    expect((await download(agency, { userId: 200001 })).status).toBe(200)
    expect((await download(ops, { userId: 100001 })).status).toBe(200)
    // The list's validation: CUSTOM needs both dates, the status filter its values.
    const noDates = await download(seller, { userId: 100001, dateFilterType: 'CUSTOM' })
    expect(noDates.status).toBe(400)
    expect((await noDates.json()).errors).toEqual(['fromDate and toDate are required for CUSTOM'])
    expect((await download(seller, { userId: 100001, status: 'Archived' })).status).toBe(400)
    expect((await ctx.t.request(`${BASE}/v1/campaign/download?userId=100001`)).status).toBe(401)
  })

  it('writes 10,000 campaigns with one statement over the campaigns', async () => {
    const { t, ops } = ctx
    await t.db.insert(accounts).values({ id: 100_990, kind: 'SELLER', name: 'Bulk Seller' })
    await t.db.execute(sql`
      insert into campaigns (jmcampaign_id, name, seller_id, campaign_class, state, submission, start_time)
      select 993000000 + n, 'Bulk campaign ' || n, 100990, 'Sponsored', 1, 'SUBMITTED',
             timestamptz '2026-01-01 00:00:00+05:30' + n * interval '1 minute'
      from generate_series(1, 10000) as n`)
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client
    const query = vi.spyOn(client, 'query')
    try {
      const response = await download(ops, { userId: 100_990, sort: 'startDateTime', direction: 'asc' })
      expect(response.status).toBe(200)
      const rows = parse(await response.text())
      expect(rows).toHaveLength(10_001)
      expect(rows[1]!.slice(0, 2)).toEqual(['Running', 'Bulk campaign 1'])
      expect(rows[10_000]![1]).toBe('Bulk campaign 10000')
      // PGlite's query() takes the SQL text, node-postgres' a config object with it.
      const statements = query.mock.calls.map(([q]) =>
        typeof q === 'string' ? q : (q as { text: string }).text,
      )
      expect(statements.filter((text) => text.includes('"campaigns"'))).toHaveLength(1)
    } finally {
      query.mockRestore()
    }
  })
})
