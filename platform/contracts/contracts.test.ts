// Every inventory and payments call that exists answers in the shape its contract names: each answer's
// `data` parses with the contract's response schema and comes out unchanged, so a missing, renamed,
// retyped or unnamed extra field fails here (docs/decisions/014).
import { and, eq, isNull } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/v4'
import { campaigns, reportEntities } from '../db/schema'
import { INVENTORY_BASE } from '../inventory'
import { applyCampaignStates } from '../jobs/campaign-states'
import { PAYMENTS_BASE } from '../payments'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import {
  ANALYTICS_PATH,
  defaultReportsResponseSchema,
  filtersResponseSchema,
  reportTableSchema,
} from './analytics'
import { envelopeSchema } from './envelope'
import {
  deleteReportResponseSchema,
  downloadResponseSchema,
  reportEntitySchema,
  savedReportsResponseSchema,
} from './analytics'
import {
  CAMPAIGN_CSV_HEADER,
  campaignCloneResponseSchema,
  campaignDeleteResponseSchema,
  campaignFullSchema,
  campaignHistoryResponseSchema,
  homePageStatsSchema,
  loadHomePageResponseSchema,
  rowActionResponseSchema,
} from './inventory'
import { creditCheckSchema, creditsEnabledSchema } from './payments'

let t: TestPlatform
let seller: string
let ops: string
beforeAll(async () => {
  t = await createTestPlatform()
  seller = await t.tokenFor('seller@example.com')
  ops = await t.tokenFor('ops@example.com')
})
afterAll(async () => {
  await t.close()
})

/** The answer is 200, an envelope, and its data is exactly what the schema describes. */
async function expectContract<S extends z.ZodType>(response: Response, schema: S): Promise<z.output<S>> {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  expect(envelopeSchema(z.unknown()).safeParse(body).error?.issues ?? []).toEqual([])
  const data = schema.safeParse(body.data)
  expect(data.error?.issues ?? []).toEqual([])
  // Parsing drops what the contract does not name: an unnamed extra field fails here.
  expect(data.data).toEqual(body.data)
  return body.data
}

const inventory = (path: string) => `${INVENTORY_BASE}${path}`
const liveCampaign = async (sellerId: number, where: (c: typeof campaigns.$inferSelect) => boolean) => {
  const rows = await t.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.sellerId, sellerId), isNull(campaigns.deletedAt)))
  const found = rows.find(where)
  if (!found) throw new Error('no such seeded campaign')
  return found
}

describe('inventory contracts', () => {
  it('loadHomePage, in the default order and sorted by spend, with 100 rows a page', async () => {
    for (const extra of ['', '&sort=spend&direction=asc', '&dateFilterType=LAST_30D&status=Running']) {
      const data = await expectContract(
        await t.request(inventory(`/v1/campaign/loadHomePage?userId=100001&size=100${extra}`), {
          token: seller,
        }),
        loadHomePageResponseSchema,
      )
      expect(data.campaigns.length).toBeGreaterThan(0)
    }
  })

  it('homePageStats', async () => {
    const data = await expectContract(
      await t.request(inventory('/v1/campaign/homePageStats?userId=100001'), { token: seller }),
      homePageStatsSchema,
    )
    expect(data.sellerId).toBe(100001)
  })

  it('view, for campaigns with and without an end, ad groups and pincodes', async () => {
    const all = await t.db.select().from(campaigns).where(isNull(campaigns.deletedAt))
    const samples = [
      all.find((c) => c.expireTime === null),
      all.find((c) => c.expireTime !== null),
      all.find((c) => c.pincodeFilter !== 'ALL'),
      all.find((c) => c.campaignClass === 'Privilege'),
    ].filter((c) => c !== undefined)
    expect(samples.length).toBe(4)
    for (const campaign of samples) {
      const data = await expectContract(
        await t.post(inventory('/v1/campaign/view'), { id: campaign.id }, { token: ops }),
        campaignFullSchema,
      )
      expect(data.id).toBe(campaign.id)
    }
  })

  it('pause, play, clone and history', async () => {
    const running = await liveCampaign(
      100001,
      (c) => c.state === 1 && c.status === 1 && c.campaignClass === 'Sponsored',
    )
    const paused = await expectContract(
      await t.post(inventory(`/v1/campaign/${running.id}/pause`), undefined, { token: seller }),
      rowActionResponseSchema,
    )
    expect(paused).toEqual({ campaignId: running.id, state: 2, status: 0 })
    await expectContract(
      await t.post(inventory(`/v1/campaign/${running.id}/play`), undefined, { token: seller }),
      rowActionResponseSchema,
    )
    const copy = await expectContract(
      await t.post(inventory(`/v1/campaign/${running.id}/clone`), undefined, { token: seller }),
      campaignCloneResponseSchema,
    )
    expect(copy.id).not.toBe(running.id)
    const history = await expectContract(
      await t.request(inventory(`/v1/campaign/${running.id}/history?page=1&size=5`), { token: seller }),
      campaignHistoryResponseSchema,
    )
    expect(history.entries.map((e) => e.action).slice(0, 2)).toEqual(['CAMPAIGN_PLAYED', 'CAMPAIGN_PAUSED'])
    // A copy's history starts with its clone entry.
    const system = await expectContract(
      await t.request(inventory(`/v1/campaign/${copy.id}/history`), { token: seller }),
      campaignHistoryResponseSchema,
    )
    expect(system.entries[0]?.action).toBe('CAMPAIGN_CLONED')
  })

  it('history with an entry of the state engine (no actor)', async () => {
    const [expiring] = await t.db
      .insert(campaigns)
      .values({
        jmcampaignId: 995_000_001,
        name: 'Contract history',
        sellerId: 100001,
        campaignClass: 'Sponsored',
        state: 1,
        status: 1,
        submission: 'SUBMITTED',
        startTime: new Date(t.deps.now().getTime() - 10 * 86_400_000),
        expireTime: new Date(t.deps.now().getTime() - 86_400_000),
      })
      .returning()
    await applyCampaignStates(t.db, t.deps.now(), { campaignIds: [expiring!.id] })
    const history = await expectContract(
      await t.request(inventory(`/v1/campaign/${expiring!.id}/history`), { token: seller }),
      campaignHistoryResponseSchema,
    )
    expect(history.entries).toMatchObject([{ action: 'CAMPAIGN_STATE_CHANGED', actor: null }])
  })

  it('delete', async () => {
    const campaign = await liveCampaign(100001, (c) => c.campaignClass === 'Sponsored')
    await expectContract(
      await t.request(inventory(`/v1/campaigns/delete?campaignId=${campaign.id}`), {
        method: 'DELETE',
        token: seller,
      }),
      campaignDeleteResponseSchema,
    )
  })

  it('download: a CSV with the contract header, one column per header cell in every row', async () => {
    const response = await t.request(inventory('/v1/campaign/download?userId=100001'), { token: seller })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const { data } = Papa.parse<string[]>((await response.text()).trim())
    expect(data[0]).toEqual([...CAMPAIGN_CSV_HEADER])
    expect(data.length).toBeGreaterThan(1)
    for (const row of data) expect(row.length).toBe(CAMPAIGN_CSV_HEADER.length)
  })
})

describe('payments contracts', () => {
  it('check-available-credit and credits-enabled', async () => {
    for (const sellerId of [100001, 100007]) {
      await expectContract(
        await t.request(`${PAYMENTS_BASE}/payment/post-paid/check-available-credit?sellerId=${sellerId}`, {
          token: ops,
        }),
        creditCheckSchema,
      )
      await expectContract(
        await t.request(`${PAYMENTS_BASE}/payment/post-paid/credits-enabled?sellerId=${sellerId}`, {
          token: ops,
        }),
        creditsEnabledSchema,
      )
    }
  })
})

describe('analytics contracts: the report calls (issue 12, decision 038)', () => {
  const analytics = (path: string) => `${ANALYTICS_PATH}${path}`
  const report = {
    reportType: 'KEYWORD_PERFORMANCE_REPORT',
    dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
  }

  it('getDefaultReport and getFilters', async () => {
    const defaults = await expectContract(
      await t.request(analytics('/getDefaultReport'), { token: ops }),
      defaultReportsResponseSchema,
    )
    expect(defaults.reportTypes.length).toBe(8)
    const filters = await expectContract(
      await t.request(analytics('/getFilters?userId=100001&reportType=KEYWORD_PERFORMANCE_REPORT'), {
        token: seller,
      }),
      filtersResponseSchema,
    )
    expect(filters.filters.CAMPAIGN_ID.length).toBeGreaterThan(0)
  })

  it('generateReport and getReport: a table page with totals and the series', async () => {
    const generated = await expectContract(
      await t.post(analytics('/generateReport?userId=100001&page=1&size=20'), report, { token: seller }),
      reportTableSchema,
    )
    expect(generated.rows.length).toBeGreaterThan(0)
    expect(generated.series.length).toBe(30)
    const owner = await t.userByEmail('seller@example.com')
    const [entity] = await t.db
      .insert(reportEntities)
      .values({
        reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
        ownerUserId: owner.id,
        ownerRole: 'SELLER',
        sellerId: 100001,
        reportName: 'Contract',
        isSaved: true,
        dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
      })
      .returning()
    await expectContract(
      await t.request(analytics(`/getReport?userId=100001&reportEntityId=${entity!.reportEntityId}`), {
        token: seller,
      }),
      reportTableSchema,
    )
  })
})

describe('saved reports and downloads contracts (decision 040)', () => {
  const saved = (path: string) => `${ANALYTICS_PATH}${path}`
  const body = {
    reportEntityId: '',
    reportType: 'KEYWORD_PERFORMANCE_REPORT',
    dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
    reportMetaData: { reportName: 'Contract weekly', isSaved: true },
    dimensionFields: { campaign_id: true, keyword: true },
    metricFields: { clicks: true },
    filters: null,
    scheduleDetails: {
      frequency: 'WEEKLY',
      startDate: '2099-01-01',
      endDate: '2099-02-01',
      emailIds: ['a@example.com'],
    },
  }

  it('saveAndScheduleReport (201 then 200), getSavedReports, downloadReport, deleteReport', async () => {
    const createdResponse = await t.post(saved('/saveAndScheduleReport?userId=100001'), body, {
      token: seller,
    })
    expect(createdResponse.status).toBe(201)
    const createdBody = await createdResponse.json()
    expect(reportEntitySchema.parse(createdBody.data)).toEqual(createdBody.data)
    const id = createdBody.data.reportEntityId as string
    await expectContract(
      await t.post(
        saved('/saveAndScheduleReport?userId=100001'),
        { ...body, reportEntityId: id },
        { token: seller },
      ),
      reportEntitySchema,
    )
    const list = await expectContract(
      await t.request(saved('/getSavedReports?userId=100001'), { token: seller }),
      savedReportsResponseSchema,
    )
    expect(list.reports.map((r) => r.reportEntityId)).toContain(id)
    await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token: seller })
    const code = /\b(\d{6})\b/.exec(t.sent.at(-1)!.text)![1]!
    await expectContract(
      await t.request(saved(`/downloadReport?userId=100001&reportEntityId=${id}&otp=${code}`), {
        token: seller,
      }),
      downloadResponseSchema,
    )
    await expectContract(
      await t.request(saved(`/deleteReport?userId=100001&reportEntityId=${id}`), {
        method: 'DELETE',
        token: seller,
      }),
      deleteReportResponseSchema,
    )
  })

  it('getOpsReport', async () => {
    await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token: ops })
    const code = /\b(\d{6})\b/.exec(t.sent.at(-1)!.text)![1]!
    await expectContract(
      await t.post(
        saved(`/getOpsReport?userId=100001&otp=${code}`),
        {
          ...body,
          reportType: 'BUDGET_UTIL_REPORT',
          isDefault: true,
          dimensionFields: {},
          metricFields: {},
          scheduleDetails: null,
        },
        { token: ops },
      ),
      downloadResponseSchema,
    )
  })
})
