// saveAndScheduleReport, getSavedReports, deleteReport (spec accounts §4, §5, §7; decision 040).
import { and, asc, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ANALYTICS_PATH,
  ReportMessages,
  type ReportRequestInput,
  reportEntitySchema,
  savedReportsResponseSchema,
} from '../contracts/analytics'
import { auditLog, campaigns, reportEntities, reportRuns, reportSchedules } from '../db/schema'
import { istDate } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

let t: TestPlatform
let tokens: Record<
  'seller' | 'seller2' | 'brand' | 'agency' | 'agency2' | 'ops' | 'superadmin' | 'revoked',
  string
>
let sellerCampaigns: number[]
let otherCampaign: number
let woken: string[]
const now = new Date()
const today = istDate(now)
// IST days, as the product counts them (a UTC date is a day behind from 18:30 to 24:00 UTC).
const day = (n: number) => istDate(new Date(now.getTime() + n * 86_400_000))

beforeAll(async () => {
  t = await createTestPlatform({ now })
  woken = []
  t.deps.wake = (job) => woken.push(job)
  tokens = {
    seller: await t.tokenFor('seller@example.com'),
    seller2: await t.tokenFor('seller2@example.com'),
    brand: await t.tokenFor('brand@example.com'),
    agency: await t.tokenFor('agency@example.com'),
    agency2: await t.tokenFor('agency2@example.com'),
    ops: await t.tokenFor('ops@example.com'),
    superadmin: await t.tokenFor('superadmin@example.com'),
    revoked: await t.tokenFor('superadmin2@example.com'),
  }
  const own = await t.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.sellerId, 100001))
    .orderBy(asc(campaigns.id))
  sellerCampaigns = own.map((c) => c.id)
  const [other] = await t.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(ne(campaigns.sellerId, 100001))
    .limit(1)
  otherCampaign = other!.id
})
afterAll(async () => {
  await t.close()
})

const save = (userId: number, body: unknown, token: string) =>
  t.post(`${ANALYTICS_PATH}/saveAndScheduleReport?userId=${userId}`, body, { token })
const list = (userId: number, token: string) =>
  t.request(`${ANALYTICS_PATH}/getSavedReports?userId=${userId}`, { token })
const remove = (userId: number, id: string, token: string) =>
  t.request(`${ANALYTICS_PATH}/deleteReport?userId=${userId}&reportEntityId=${id}`, {
    method: 'DELETE',
    token,
  })

/** Every filter key (the contract's record of filters names all five; unused ones are null). */
const filters = (chosen: Partial<Record<'CAMPAIGN_ID' | 'CAMPAIGN_STATUS', string[]>>) => ({
  CAMPAIGN_ID: null,
  CAMPAIGN_STATUS: null,
  PLACEMENT_CATEGORY: null,
  TARGETING_TYPE: null,
  CREATED_BY: null,
  ...chosen,
})

const weekly = (over: Partial<ReportRequestInput> = {}): ReportRequestInput => ({
  reportEntityId: '',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  isRegenerate: true,
  isDefault: false,
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  reportMetaData: { reportName: 'Weekly keywords', isSaved: true },
  dimensionFields: { campaign_id: true, campaign_name: true, keyword: true },
  metricFields: { impressions: true, clicks: true, ad_spend: true },
  filters: null,
  scheduleDetails: {
    frequency: 'WEEKLY',
    startDate: day(1),
    endDate: day(60),
    emailIds: ['Ana@Example.com', 'bob@example.org', 'ana@example.com', 'not an address'],
  },
  ...over,
})

async function created(response: Response) {
  expect(response.status).toBe(201)
  const body = await response.json()
  return reportEntitySchema.parse(body.data)
}

describe('POST saveAndScheduleReport', () => {
  it('creates a weekly report (201): recipients cleaned, one queued SAVE run, schedule, audit, wake', async () => {
    woken.length = 0
    const entity = await created(await save(100001, weekly(), tokens.seller))
    expect(entity).toMatchObject({
      reportType: 'KEYWORD_PERFORMANCE_REPORT',
      isRegenerate: true,
      editable: true,
      reportMetaData: {
        reportName: 'Weekly keywords',
        sellerId: 100001,
        isSaved: true,
        loggedInRole: 'SELLER',
      },
      scheduleDetails: {
        frequency: 'WEEKLY',
        startDate: day(1),
        endDate: day(60),
        emailIds: ['ana@example.com', 'bob@example.org'],
      },
      lastRun: { status: 'QUEUED' },
    })
    const runs = await t.db
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.reportEntityId, entity.reportEntityId))
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ trigger: 'SAVE', status: 'QUEUED', toDate: day(-1) })
    const [schedule] = await t.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.reportEntityId, entity.reportEntityId))
    // The first run is on the start date (tomorrow), at 06:00 IST.
    expect(istDate(schedule!.nextRunAt!)).toBe(day(1))
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entity.reportEntityId), eq(auditLog.action, 'REPORT_CREATED')))
    expect(entry).toMatchObject({ entityType: 'report', actorRole: 'SELLER' })
    expect(woken).toEqual(['report-generation'])
  })

  it('updates (200) without regenerating when only the name and recipients change, and regenerates on a new date range', async () => {
    const entity = await created(
      await save(100001, weekly({ reportMetaData: { reportName: 'Keep' } }), tokens.seller),
    )
    const renamed = await save(
      100001,
      weekly({
        reportEntityId: entity.reportEntityId,
        reportMetaData: { reportName: 'Renamed', isSaved: true },
        scheduleDetails: {
          frequency: 'WEEKLY',
          startDate: day(1),
          endDate: day(60),
          emailIds: ['c@example.com'],
        },
      }),
      tokens.seller,
    )
    expect(renamed.status).toBe(200)
    expect((await renamed.json()).data).toMatchObject({
      isRegenerate: false,
      reportMetaData: { reportName: 'Renamed' },
      scheduleDetails: { emailIds: ['c@example.com'] },
    })
    const moved = await save(
      100001,
      weekly({
        reportEntityId: entity.reportEntityId,
        dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
      }),
      tokens.seller,
    )
    expect(moved.status).toBe(200)
    expect((await moved.json()).data.isRegenerate).toBe(true)
    const runs = await t.db
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.reportEntityId, entity.reportEntityId))
    expect(runs.map((r) => r.trigger)).toEqual(['SAVE', 'SAVE'])
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, entity.reportEntityId))
      .orderBy(asc(auditLog.id))
    expect(actions.map((a) => a.action)).toEqual(['REPORT_CREATED', 'REPORT_UPDATED', 'REPORT_UPDATED'])
  })

  it('answers the spec §5 messages word for word, keyed by form field', async () => {
    const response = await save(
      100001,
      weekly({
        reportMetaData: { reportName: '  ', isSaved: true },
        dateFilter: { dateFilterType: 'CUSTOM', fromDate: day(-5), toDate: null },
        scheduleDetails: { frequency: 'DAILY', startDate: null, endDate: null, emailIds: [] },
        advancedReport: true,
        filters: filters({ CAMPAIGN_ID: [] }),
      }),
      tokens.seller,
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.fieldErrors).toEqual({
      reportName: ['Required Field'],
      toDate: ['Required Field'],
      CAMPAIGN_ID: ['Select atleast one CAMPAIGN_ID'],
      startDate: ['Required Field'],
      endDate: ['Required Field'],
    })
    expect(body.errors).toEqual(['Required Field'])
  })

  it('refuses a custom range past yesterday and an end before the start', async () => {
    // toDate is the day after the last day: today + 1 means the last day is today.
    const late = await save(
      100001,
      weekly({ dateFilter: { dateFilterType: 'CUSTOM', fromDate: day(-3), toDate: day(1) } }),
      tokens.seller,
    )
    expect(late.status).toBe(400)
    expect((await late.json()).fieldErrors).toEqual({ toDate: [ReportMessages.maxDateYesterday] })
    const reversed = await save(
      100001,
      weekly({ scheduleDetails: { frequency: 'MONTHLY', startDate: day(5), endDate: day(2), emailIds: [] } }),
      tokens.seller,
    )
    expect((await reversed.json()).fieldErrors).toEqual({ endDate: [ReportMessages.endBeforeStart] })
  })

  it("refuses another advertiser's campaign ids in the filters (403) and keeps nothing", async () => {
    const before = await t.db.select({ id: reportEntities.reportEntityId }).from(reportEntities)
    const response = await save(
      100001,
      weekly({
        advancedReport: true,
        filters: filters({ CAMPAIGN_ID: [String(sellerCampaigns[0]), String(otherCampaign)] }),
      }),
      tokens.seller,
    )
    expect(response.status).toBe(403)
    expect((await response.json()).errors).toEqual([ReportMessages.foreignCampaign])
    expect(await t.db.select({ id: reportEntities.reportEntityId }).from(reportEntities)).toHaveLength(
      before.length,
    )
    const mine = await save(
      100001,
      weekly({ advancedReport: true, filters: filters({ CAMPAIGN_ID: [String(sellerCampaigns[0])] }) }),
      tokens.seller,
    )
    expect(mine.status).toBe(201)
  })

  it('keeps a saved report a performance report (default types are downloads only)', async () => {
    const response = await save(100001, weekly({ reportType: 'BUDGET_UTIL_REPORT' }), tokens.seller)
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors.reportType).toEqual([
      'Choose a campaign, keyword or product performance report',
    ])
  })

  it('stores a brand-new download-only report unsaved, without a name or a queued run', async () => {
    const entity = await created(
      await save(
        100001,
        weekly({ reportMetaData: { reportName: null, isSaved: false }, scheduleDetails: null }),
        tokens.seller,
      ),
    )
    expect(entity.reportMetaData.isSaved).toBe(false)
    expect(
      await t.db.select().from(reportRuns).where(eq(reportRuns.reportEntityId, entity.reportEntityId)),
    ).toEqual([])
    // Saving it afterwards (same id) makes it a saved report.
    const savedLater = await save(
      100001,
      weekly({
        reportEntityId: entity.reportEntityId,
        reportMetaData: { reportName: 'Now saved', isSaved: true },
      }),
      tokens.seller,
    )
    expect(savedLater.status).toBe(200)
    expect((await savedLater.json()).data.reportMetaData.isSaved).toBe(true)
  })

  it('finds a download-only report by its id (the download dialog names it), never in the plain list', async () => {
    const entity = await created(
      await save(
        100001,
        weekly({ reportMetaData: { reportName: 'Only a download', isSaved: false }, scheduleDetails: null }),
        tokens.seller,
      ),
    )
    const byId = await t.request(
      `/ads/adinventory/v1/analytics/getSavedReports?userId=100001&reportEntityId=${entity.reportEntityId}`,
      { token: tokens.seller },
    )
    const found = savedReportsResponseSchema.parse((await byId.json()).data).reports
    expect(found.map((r) => [r.reportEntityId, r.reportMetaData.isSaved])).toEqual([
      [entity.reportEntityId, false],
    ])
    const plain = savedReportsResponseSchema.parse(
      (await (await list(100001, tokens.seller)).json()).data,
    ).reports
    expect(plain.some((r) => r.reportEntityId === entity.reportEntityId)).toBe(false)
    // Another advertiser's id finds nothing.
    const elsewhere = await t.request(
      `/ads/adinventory/v1/analytics/getSavedReports?userId=100002&reportEntityId=${entity.reportEntityId}`,
      { token: tokens.seller2 },
    )
    expect(savedReportsResponseSchema.parse((await elsewhere.json()).data).reports).toEqual([])
  })

  it('refuses a caller who may not act for the advertiser (403), a wrong id (404/400), and a revoked user (401)', async () => {
    expect((await save(100001, weekly(), tokens.seller2)).status).toBe(403)
    expect((await save(200002, weekly(), tokens.brand)).status).toBe(403)
    expect((await save(200006, weekly(), tokens.agency)).status).toBe(403) // link pending, not approved
    expect((await save(100001, weekly(), tokens.revoked)).status).toBe(401)
    expect((await save(100001, weekly(), '')).status).toBe(401)
    const unknown = await save(
      100001,
      weekly({ reportEntityId: '00000000-0000-4000-8000-000000000000' }),
      tokens.seller,
    )
    expect(unknown.status).toBe(404)
    const malformed = await save(100001, weekly({ reportEntityId: 'not-a-uuid' }), tokens.seller)
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).fieldErrors.reportEntityId).toEqual(['Report id is invalid'])
  })

  it("finds another advertiser's report nowhere (404), even for a caller who may act for both", async () => {
    const entity = await created(
      await save(100001, weekly({ reportMetaData: { reportName: 'Seller only' } }), tokens.ops),
    )
    const asOther = await save(100002, weekly({ reportEntityId: entity.reportEntityId }), tokens.ops)
    expect(asOther.status).toBe(404)
    expect((await remove(100002, entity.reportEntityId, tokens.ops)).status).toBe(404)
  })
})

describe('GET getSavedReports and DELETE deleteReport', () => {
  it("lists the advertiser's saved reports newest first, with the last run, and only theirs", async () => {
    const first = await created(
      await save(100002, weekly({ reportMetaData: { reportName: 'First' } }), tokens.seller2),
    )
    t.setNow(new Date(now.getTime() + 1000))
    const second = await created(
      await save(100002, weekly({ reportMetaData: { reportName: 'Second' } }), tokens.seller2),
    )
    t.setNow(now)
    await created(
      await save(100002, weekly({ reportMetaData: { reportName: null, isSaved: false } }), tokens.seller2),
    )
    const response = await list(100002, tokens.seller2)
    expect(response.status).toBe(200)
    const { reports } = savedReportsResponseSchema.parse((await response.json()).data)
    expect(reports.map((r) => r.reportEntityId)).toEqual([second.reportEntityId, first.reportEntityId])
    expect(
      reports.every(
        (r) => r.reportMetaData.sellerId === 100002 && r.editable && r.lastRun?.status === 'QUEUED',
      ),
    ).toBe(true)
    expect((await list(100002, tokens.seller)).status).toBe(403)
    expect((await list(100002, tokens.revoked)).status).toBe(401)
    // An agency not linked to the advertiser.
    expect((await list(200001, tokens.agency2)).status).toBe(403)
  })

  it('soft-deletes (audited), stops the schedule, and the report leaves the list', async () => {
    const entity = await created(
      await save(100002, weekly({ reportMetaData: { reportName: 'Delete me' } }), tokens.seller2),
    )
    expect((await remove(100002, entity.reportEntityId, tokens.seller)).status).toBe(403)
    const response = await remove(100002, entity.reportEntityId, tokens.seller2)
    expect(response.status).toBe(200)
    expect((await response.json()).data).toEqual({ status: 'success' })
    const [row] = await t.db
      .select()
      .from(reportEntities)
      .where(eq(reportEntities.reportEntityId, entity.reportEntityId))
    expect(row!.deletedAt).not.toBeNull()
    const [schedule] = await t.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.reportEntityId, entity.reportEntityId))
    expect(schedule!.nextRunAt).toBeNull()
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entity.reportEntityId), eq(auditLog.action, 'REPORT_DELETED')))
    expect(entry).toMatchObject({ actorRole: 'SELLER' })
    const { reports } = (await (await list(100002, tokens.seller2)).json()).data
    expect(reports.map((r: { reportEntityId: string }) => r.reportEntityId)).not.toContain(
      entity.reportEntityId,
    )
    // Deleted: a second delete and an edit find nothing.
    expect((await remove(100002, entity.reportEntityId, tokens.seller2)).status).toBe(404)
    expect(
      (await save(100002, weekly({ reportEntityId: entity.reportEntityId }), tokens.seller2)).status,
    ).toBe(404)
    expect((await remove(100002, 'nope', tokens.seller2)).status).toBe(400)
  })
})

describe('the agency rule (spec §4)', () => {
  it("makes an agency's report read-only for non-agency users: editable false, edit and delete 403", async () => {
    const entity = await created(
      await save(200001, weekly({ reportMetaData: { reportName: 'Agency report' } }), tokens.agency),
    )
    expect(entity.editable).toBe(true)
    for (const token of [tokens.brand, tokens.ops, tokens.superadmin]) {
      const { reports } = (await (await list(200001, token)).json()).data
      const seen = reports.find((r: { reportEntityId: string }) => r.reportEntityId === entity.reportEntityId)
      expect(seen).toMatchObject({
        editable: false,
        reportMetaData: { loggedInRole: 'AGENCY', loggedInEmail: 'agency@example.com' },
      })
      const edit = await save(200001, weekly({ reportEntityId: entity.reportEntityId }), token)
      expect(edit.status).toBe(403)
      expect((await edit.json()).errors).toEqual([ReportMessages.agencyReportReadOnly])
      expect((await remove(200001, entity.reportEntityId, token)).status).toBe(403)
    }
    // The brand's own report stays editable for the agency (the rule is about who created it).
    const brands = await created(
      await save(200001, weekly({ reportMetaData: { reportName: 'Brand report' } }), tokens.brand),
    )
    const { reports } = (await (await list(200001, tokens.agency)).json()).data
    expect(
      reports.find((r: { reportEntityId: string }) => r.reportEntityId === brands.reportEntityId).editable,
    ).toBe(true)
    expect((await remove(200001, entity.reportEntityId, tokens.agency)).status).toBe(200)
  })
})

describe('schedules saved today', () => {
  it('is due at once when the start is today (and wakes the schedules job)', async () => {
    woken.length = 0
    const entity = await created(
      await save(
        100001,
        weekly({
          scheduleDetails: {
            frequency: 'DAILY',
            startDate: today,
            endDate: day(3),
            emailIds: ['a@example.com'],
          },
        }),
        tokens.seller,
      ),
    )
    const [schedule] = await t.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.reportEntityId, entity.reportEntityId))
    expect(schedule!.nextRunAt!.getTime()).toBe(now.getTime())
    expect(woken).toEqual(['report-generation', 'report-schedules'])
  })
})
