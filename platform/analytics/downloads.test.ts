// downloadReport, getOpsReport and the signed file link (spec accounts §2, §7, §8; decision 040).
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_CODE_SUBJECT } from '../auth/report-otp'
import {
  ANALYTICS_PATH,
  downloadResponseSchema,
  type ReportRequestInput,
  SIGNED_URL_TTL_MS,
} from '../contracts/analytics'
import { auditLog, campaigns, performanceDaily, reportEntities, reportRuns } from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, TEST_SIGNING_SECRET, type TestPlatform } from '../testing/platform'
import { SignedLinkMessages, signRunToken } from './signed-links'

let t: TestPlatform
let tokens: Record<'seller' | 'seller2' | 'agency' | 'ops' | 'superadmin' | 'brand' | 'revoked', string>
const now = new Date()
const today = istDate(now)

beforeAll(async () => {
  t = await createTestPlatform({ now })
  tokens = {
    seller: await t.tokenFor('seller@example.com'),
    seller2: await t.tokenFor('seller2@example.com'),
    agency: await t.tokenFor('agency@example.com'),
    ops: await t.tokenFor('ops@example.com'),
    superadmin: await t.tokenFor('superadmin@example.com'),
    brand: await t.tokenFor('brand@example.com'),
    revoked: await t.tokenFor('superadmin2@example.com'),
  }
})
afterAll(async () => {
  await t.close()
})

const noFilters = {
  CAMPAIGN_ID: null,
  CAMPAIGN_STATUS: null,
  PLACEMENT_CATEGORY: null,
  TARGETING_TYPE: null,
  CREATED_BY: null,
}

const campaignReport = (over: Partial<ReportRequestInput> = {}): ReportRequestInput => ({
  reportEntityId: '',
  reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  reportMetaData: { reportName: 'Campaigns this week', isSaved: true },
  dimensionFields: { campaign_id: true, campaign_name: true },
  metricFields: { impressions: true, clicks: true, ad_spend: true, orders: true, sales: true },
  filters: noFilters,
  scheduleDetails: null,
  ...over,
})

async function saveReport(userId: number, token: string, over: Partial<ReportRequestInput> = {}) {
  const response = await t.post(
    `${ANALYTICS_PATH}/saveAndScheduleReport?userId=${userId}`,
    campaignReport(over),
    {
      token,
    },
  )
  expect(response.status).toBe(201)
  return (await response.json()).data.reportEntityId as string
}

/** Asks generate-otp for the token's user and reads the code from the captured mail. */
async function codeFor(token: string, email: string) {
  const response = await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token })
  expect(response.status).toBe(200)
  const mail = t.sent.filter((m) => m.to === email && m.subject === REPORT_CODE_SUBJECT).at(-1)!
  return /\b(\d{6})\b/.exec(mail.text)![1]!
}

const download = (userId: number, id: string, otp: string, token: string) =>
  t.request(`${ANALYTICS_PATH}/downloadReport?userId=${userId}&reportEntityId=${id}&otp=${otp}`, { token })

/** Opens a signed link as a browser would (no session), through the in-process platform. */
const open = (link: string) => {
  const url = new URL(link)
  return t.request(`${url.pathname}${url.search}`)
}

describe('GET downloadReport', () => {
  let reportId: string

  beforeAll(async () => {
    reportId = await saveReport(100001, tokens.seller)
  })

  it('needs the e-mailed code: a wrong or used one is 401 Invalid OTP', async () => {
    const wrong = await download(100001, reportId, '000000', tokens.seller)
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).errors).toEqual(['Invalid OTP'])
    const malformed = await download(100001, reportId, '12ab', tokens.seller)
    expect(malformed.status).toBe(400)
    const code = await codeFor(tokens.seller, 'seller@example.com')
    expect((await download(100001, reportId, code, tokens.seller)).status).toBe(200)
    const again = await download(100001, reportId, code, tokens.seller)
    expect(again.status).toBe(401)
    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'REPORT_DOWNLOAD_CODE_REFUSED'))
    expect(refusals.length).toBeGreaterThanOrEqual(2)
  })

  it('answers signed links to a CSV of the report; the file matches a direct SQL sum', async () => {
    const code = await codeFor(tokens.seller, 'seller@example.com')
    const response = await download(100001, reportId, code, tokens.seller)
    expect(response.status).toBe(200)
    const data = downloadResponseSchema.parse((await response.json()).data)
    expect(data.signedURLs).toHaveLength(1)
    expect(data.signedURLs[0]).toMatch(
      /^http:\/\/console\.test\/ads\/adinventory\/v1\/analytics\/file\?token=v1\./,
    )
    expect(Date.parse(data.urlExpiryTs) - now.getTime()).toBe(SIGNED_URL_TTL_MS)
    expect(data.fileName).toBe(`Campaigns-this-week-${addDays(today, -7)}-to-${addDays(today, -1)}.csv`)

    const file = await open(data.signedURLs[0]!)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${data.fileName}"`)
    expect(file.headers.get('cache-control')).toBe('no-store')
    expect(file.headers.get('referrer-policy')).toBe('no-referrer')
    const parsed = Papa.parse<string[]>((await file.text()).trim(), { skipEmptyLines: true }).data
    expect(parsed[0]).toEqual([
      'Campaign ID',
      'Campaign',
      'Impressions',
      'Clicks',
      'Ad spend (₹)',
      'Orders',
      'Sales (₹)',
    ])
    expect(parsed.length - 1).toBe(data.totalNumOfRows)
    const [sum] = await t.db
      .select({ clicks: sql<string>`coalesce(sum(${performanceDaily.clicks}), 0)` })
      .from(performanceDaily)
      .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
      .where(
        and(
          eq(campaigns.sellerId, 100001),
          gte(performanceDaily.day, addDays(today, -7)),
          sql`${performanceDaily.day} <= ${addDays(today, -1)}`,
        ),
      )
    const fileClicks = parsed.slice(1).reduce((total, row) => total + Number(row[3]), 0)
    expect(fileClicks).toBe(Number(sum!.clicks))
    expect(data.totalNumOfRows).toBeGreaterThan(0)
  })

  it('reuses the current file for the same definition and period, and regenerates after a change', async () => {
    const runs = () => t.db.select().from(reportRuns).where(eq(reportRuns.reportEntityId, reportId))
    const before = (await runs()).filter((r) => r.trigger === 'DOWNLOAD').length
    expect(
      (await download(100001, reportId, await codeFor(tokens.seller, 'seller@example.com'), tokens.seller))
        .status,
    ).toBe(200)
    expect((await runs()).filter((r) => r.trigger === 'DOWNLOAD')).toHaveLength(before)
    // A minute later the user changes the metrics.
    t.setNow(new Date(now.getTime() + 60_000))
    const changed = await t.post(
      `${ANALYTICS_PATH}/saveAndScheduleReport?userId=100001`,
      campaignReport({ reportEntityId: reportId, metricFields: { clicks: true } }),
      { token: tokens.seller },
    )
    expect(changed.status).toBe(200)
    const response = await download(
      100001,
      reportId,
      await codeFor(tokens.seller, 'seller@example.com'),
      tokens.seller,
    )
    t.setNow(now)
    expect(response.status).toBe(200)
    expect((await runs()).filter((r) => r.trigger === 'DOWNLOAD')).toHaveLength(before + 1)
    const header = (await (await open((await response.json()).data.signedURLs[0])).text()).split('\r\n')[0]
    expect(header).toBe('Campaign ID,Campaign,Clicks')
  })

  it('refuses expired, forged and wrong-purpose links with 403 and a clear message', async () => {
    const response = await download(
      100001,
      reportId,
      await codeFor(tokens.seller, 'seller@example.com'),
      tokens.seller,
    )
    const link: string = (await response.json()).data.signedURLs[0]
    t.setNow(new Date(now.getTime() + SIGNED_URL_TTL_MS + 1000))
    const expired = await open(link)
    t.setNow(now)
    expect(expired.status).toBe(403)
    expect((await expired.json()).errors).toEqual([SignedLinkMessages.expired])

    const token = new URL(link).searchParams.get('token')!
    const [v, run, purpose, expires] = token.split('.')
    const forged = await open(
      `http://x/ads/adinventory/v1/analytics/file?token=${[v, run, purpose, expires, 'A'.repeat(43)].join('.')}`,
    )
    expect(forged.status).toBe(403)
    expect((await forged.json()).errors).toEqual([SignedLinkMessages.forged])
    const otherRun = await open(
      `http://x/ads/adinventory/v1/analytics/file?token=${[v, Number(run) + 1, purpose, expires, token.split('.')[4]].join('.')}`,
    )
    expect(otherRun.status).toBe(403)

    // A scheduled-run token opens only a scheduled run's file.
    const scheduled = signRunToken(TEST_SIGNING_SECRET, {
      runId: Number(run),
      purpose: 'scheduled-run',
      expiresAt: new Date(now.getTime() + 60_000),
    })
    const wrongPurpose = await open(`http://x/ads/adinventory/v1/analytics/file?token=${scheduled}`)
    expect(wrongPurpose.status).toBe(403)
    expect((await wrongPurpose.json()).errors).toEqual([SignedLinkMessages.purpose])
    expect((await open('http://x/ads/adinventory/v1/analytics/file?token=nonsense')).status).toBe(403)
  })

  it('neutralises a formula in a campaign name (formula injection)', async () => {
    const [busiest] = await t.db
      .select({ id: performanceDaily.campaignId })
      .from(performanceDaily)
      .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
      .where(and(eq(campaigns.sellerId, 100001), gte(performanceDaily.day, addDays(today, -7))))
      .groupBy(performanceDaily.campaignId)
      .orderBy(desc(sql`count(*)`))
      .limit(1)
    await t.db
      .update(campaigns)
      .set({ name: '=HYPERLINK("http://evil.example","x")' })
      .where(eq(campaigns.id, busiest!.id))
    const id = await saveReport(100001, tokens.seller, {
      reportMetaData: { reportName: 'Injection', isSaved: true },
    })
    const response = await download(
      100001,
      id,
      await codeFor(tokens.seller, 'seller@example.com'),
      tokens.seller,
    )
    const text = await (await open((await response.json()).data.signedURLs[0])).text()
    expect(text).toContain(`${busiest!.id},"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  it('is for callers who may act for the advertiser; another advertiser finds nothing (404)', async () => {
    expect((await download(100001, reportId, '123456', tokens.seller2)).status).toBe(403)
    expect((await download(100001, reportId, '123456', tokens.revoked)).status).toBe(401)
    // The agency acts for brand 200001 but the report is seller 100001's.
    expect((await download(200001, reportId, '123456', tokens.agency)).status).toBe(404)
    expect(
      (await download(100001, '00000000-0000-4000-8000-000000000000', '123456', tokens.seller)).status,
    ).toBe(404)
    // An agency downloads its brand's report.
    const brandReport = await saveReport(200001, tokens.brand, {
      reportMetaData: { reportName: 'Brand', isSaved: true },
    })
    const ok = await download(
      200001,
      brandReport,
      await codeFor(tokens.agency, 'agency@example.com'),
      tokens.agency,
    )
    expect(ok.status).toBe(200)
  })

  it('stops a deleted report’s links (404)', async () => {
    const id = await saveReport(100001, tokens.seller, {
      reportMetaData: { reportName: 'Short-lived', isSaved: true },
    })
    const response = await download(
      100001,
      id,
      await codeFor(tokens.seller, 'seller@example.com'),
      tokens.seller,
    )
    const link: string = (await response.json()).data.signedURLs[0]
    expect((await open(link)).status).toBe(200)
    await t.request(`${ANALYTICS_PATH}/deleteReport?userId=100001&reportEntityId=${id}`, {
      method: 'DELETE',
      token: tokens.seller,
    })
    const gone = await open(link)
    expect(gone.status).toBe(404)
    expect((await gone.json()).errors).toEqual(['This report is no longer available'])
  })

  it('limits wrong codes per user (429 after 10 refusals)', async () => {
    const id = await saveReport(100002, tokens.seller2, {
      reportMetaData: { reportName: 'Guess', isSaved: true },
    })
    await codeFor(tokens.seller2, 'seller2@example.com')
    for (let i = 0; i < 10; i++)
      expect((await download(100002, id, '999999', tokens.seller2)).status).toBe(401)
    const limited = await download(100002, id, '999999', tokens.seller2)
    expect(limited.status).toBe(429)
  })
})

describe('POST getOpsReport (default reports)', () => {
  const ops = (userId: number, otp: string, body: unknown, token: string) =>
    t.post(`${ANALYTICS_PATH}/getOpsReport?userId=${userId}&otp=${otp}`, body, { token })
  const defaultReport = (over: Partial<ReportRequestInput> = {}) =>
    campaignReport({
      reportType: 'DAILY_OPS_REPORT',
      isDefault: true,
      reportMetaData: { reportName: null, isSaved: false },
      dimensionFields: {},
      metricFields: {},
      ...over,
    })

  it('is for SUPERADMIN and OPS only (403), and a revoked user is 401', async () => {
    for (const token of [tokens.seller, tokens.agency, tokens.brand])
      expect((await ops(100001, '123456', defaultReport(), token)).status).toBe(403)
    expect((await ops(100001, '123456', defaultReport(), tokens.revoked)).status).toBe(401)
  })

  it('generates the default report now behind the code, kept unsaved with an OPS run', async () => {
    expect((await ops(100001, '000000', defaultReport(), tokens.ops)).status).toBe(401)
    expect((await ops(100001, '123456', defaultReport({ isDefault: false }), tokens.ops)).status).toBe(400)
    const code = await codeFor(tokens.ops, 'ops@example.com')
    const response = await ops(100001, code, defaultReport(), tokens.ops)
    expect(response.status).toBe(200)
    const data = downloadResponseSchema.parse((await response.json()).data)
    const file = await open(data.signedURLs[0]!)
    expect(file.status).toBe(200)
    const lines = (await file.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Date,Advertiser ID,Advertiser,Impressions,Clicks,CTR (%),CPC (₹),Ad spend (₹),Orders,Units,Sales (₹),ROAS,Conversion rate (%)',
    )
    expect(lines.length - 1).toBe(data.totalNumOfRows)
    const [entity] = await t.db
      .select()
      .from(reportEntities)
      .where(and(eq(reportEntities.isDefault, true), eq(reportEntities.reportType, 'DAILY_OPS_REPORT')))
    expect(entity).toMatchObject({ isSaved: false, ownerRole: 'OPS', sellerId: 100001 })
    const [run] = await t.db
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.reportEntityId, entity!.reportEntityId))
    expect(run).toMatchObject({
      trigger: 'OPS',
      status: 'DONE',
      fromDate: addDays(today, -7),
      toDate: addDays(today, -1),
    })
    // Not a saved report: the saved list does not show it.
    const list = await t.request(`${ANALYTICS_PATH}/getSavedReports?userId=100001`, { token: tokens.ops })
    const ids = (await list.json()).data.reports.map((r: { reportEntityId: string }) => r.reportEntityId)
    expect(ids).not.toContain(entity!.reportEntityId)
  })
})
