// The report jobs (issue 12, decision 040): generation from the report_runs queue with retries and a
// failure e-mail, scheduled runs queued on their days and e-mailed to each recipient.
import { and, asc, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANALYTICS_PATH, type ReportRequestInput, SCHEDULED_LINK_TTL_MS } from '../contracts/analytics'
import { auditLog, campaigns, reportEntities, reportRuns, reportSchedules } from '../db/schema'
import { addDays, istDate, istStartOfDay } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import {
  emailScheduledRuns,
  MAX_ATTEMPTS,
  processReportRuns,
  RETRY_DELAY_MS,
  reportFailedSubject,
  reportGeneration,
  reportReadySubject,
  STALE_HEARTBEAT_MS,
} from './report-generation'
import {
  firstRunAt,
  queueDueSchedules,
  reportSchedules as schedulesJob,
  scheduleDayFrom,
  scheduleInstant,
} from './report-schedules'

let t: TestPlatform
let seller: string
// 10:00 IST today: facts exist for the days before.
const today = istDate(new Date())
const start = new Date(istStartOfDay(today).getTime() + 10 * 60 * 60 * 1000)

beforeAll(async () => {
  t = await createTestPlatform({ now: start })
  seller = await t.tokenFor('seller@example.com')
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

const keywordReport = (over: Partial<ReportRequestInput> = {}): ReportRequestInput => ({
  reportEntityId: '',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
  reportMetaData: { reportName: 'Weekly keywords', isSaved: true },
  dimensionFields: { campaign_id: true, keyword: true },
  metricFields: { impressions: true, clicks: true, ad_spend: true },
  filters: noFilters,
  scheduleDetails: null,
  ...over,
})

async function saveReport(over: Partial<ReportRequestInput> = {}) {
  const response = await t.post(
    `${ANALYTICS_PATH}/saveAndScheduleReport?userId=100001`,
    keywordReport(over),
    {
      token: seller,
    },
  )
  expect(response.status).toBe(201)
  return (await response.json()).data.reportEntityId as string
}

const runsOf = (id: string) =>
  t.db.select().from(reportRuns).where(eq(reportRuns.reportEntityId, id)).orderBy(asc(reportRuns.id))

/** A run left RUNNING by a worker on its first try, started and last beating at the given times. */
const leftRunning = (runId: number, startedAt: Date, heartbeatAt: Date | null) =>
  t.db
    .update(reportRuns)
    .set({ status: 'RUNNING', attempts: 1, startedAt, heartbeatAt })
    .where(eq(reportRuns.id, runId))

describe('report generation', () => {
  it('generates a queued SAVE run: DONE with its file and row count on the run and the report', async () => {
    t.setNow(start)
    const id = await saveReport()
    const result = await processReportRuns(t.deps)
    const [run] = await runsOf(id)
    expect(result.done).toContain(run!.id)
    expect(run).toMatchObject({
      status: 'DONE',
      attempts: 1,
      error: null,
      filePath: `reports/${id}/${run!.id}.csv`,
    })
    expect(run!.totalRows).toBeGreaterThan(0)
    const [entity] = await t.db.select().from(reportEntities).where(eq(reportEntities.reportEntityId, id))
    expect(entity).toMatchObject({ totalNumOfRows: run!.totalRows, filePath: run!.filePath })
    const list = await t.request(`${ANALYTICS_PATH}/getSavedReports?userId=100001`, { token: seller })
    const shown = (await list.json()).data.reports.find(
      (r: { reportEntityId: string }) => r.reportEntityId === id,
    )
    expect(shown.lastRun).toMatchObject({ status: 'DONE', error: null })
    expect(shown.reportMetaData.totalNumOfRows).toBe(run!.totalRows)
  })

  it('retries a failing run, then marks it FAILED and e-mails the owner (never dropped silently)', async () => {
    t.setNow(start)
    const id = await saveReport({ reportMetaData: { reportName: 'Doomed', isSaved: true } })
    // The report's filter now names another advertiser's campaign: every try is refused.
    const [other] = await t.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(ne(campaigns.sellerId, 100001))
      .limit(1)
    await t.db
      .update(reportEntities)
      .set({ filters: { CAMPAIGN_ID: [String(other!.id)] } })
      .where(eq(reportEntities.reportEntityId, id))
    const sentBefore = t.sent.length

    const first = await processReportRuns(t.deps)
    const [run] = await runsOf(id)
    expect(first.requeued).toContain(run!.id)
    expect(run).toMatchObject({
      status: 'QUEUED',
      attempts: 1,
      error: 'One or more campaigns are not available to you',
    })
    // Not again before the retry delay.
    expect((await processReportRuns(t.deps)).requeued).not.toContain(run!.id)
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      t.setNow(new Date(start.getTime() + (attempt - 1) * (RETRY_DELAY_MS + 1000)))
      await processReportRuns(t.deps)
    }
    const [failed] = await runsOf(id)
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: MAX_ATTEMPTS,
      error: 'One or more campaigns are not available to you',
    })
    const mails = t.sent.slice(sentBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: 'seller@example.com', subject: reportFailedSubject('Doomed') })
    expect(mails[0]!.text).toContain('Reason: One or more campaigns are not available to you')
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.entityType, 'report')))
      .orderBy(asc(auditLog.id))
    expect(actions.map((a) => a.action)).toEqual([
      'REPORT_CREATED',
      'REPORT_RUN_RETRY',
      'REPORT_RUN_RETRY',
      'REPORT_RUN_FAILED',
    ])
    // Later runs of the job leave it alone.
    t.setNow(new Date(start.getTime() + 60 * 60 * 1000))
    await processReportRuns(t.deps)
    expect((await runsOf(id))[0]!.status).toBe('FAILED')
    expect(t.sent.length).toBe(sentBefore + 1)
  })

  it('takes over a run left RUNNING by a crashed worker once its heartbeat is older than STALE_HEARTBEAT_MS', async () => {
    t.setNow(start)
    const id = await saveReport({ reportMetaData: { reportName: 'Crashed', isSaved: true } })
    const [queued] = await runsOf(id)
    // Started ten minutes ago, but its writer beat 10 s ago: alive.
    await leftRunning(queued!.id, new Date(start.getTime() - 10 * 60_000), new Date(start.getTime() - 10_000))
    const early = await processReportRuns(t.deps)
    expect([...early.done, ...early.skipped, ...early.requeued, ...early.failed]).not.toContain(queued!.id)
    expect((await runsOf(id))[0]).toMatchObject({ status: 'RUNNING', attempts: 1 })
    // No beat since: STALE_HEARTBEAT_MS after the last one the run is taken over (it was at -10 s).
    t.setNow(new Date(start.getTime() + STALE_HEARTBEAT_MS - 9_000))
    expect((await processReportRuns(t.deps)).done).toContain(queued!.id)
    expect((await runsOf(id))[0]).toMatchObject({ status: 'DONE', attempts: 2 })
  })

  it('takes over a RUNNING run from before the heartbeat (none) by its start time', async () => {
    t.setNow(start)
    const id = await saveReport({ reportMetaData: { reportName: 'Crashed before 0011', isSaved: true } })
    const [queued] = await runsOf(id)
    await leftRunning(queued!.id, new Date(start.getTime() - 30_000), null)
    expect((await processReportRuns(t.deps)).done).not.toContain(queued!.id)
    t.setNow(new Date(start.getTime() + STALE_HEARTBEAT_MS))
    expect((await processReportRuns(t.deps)).done).toContain(queued!.id)
    const [run] = await runsOf(id)
    expect(run).toMatchObject({ status: 'DONE', attempts: 2 })
    // The claim set the new try's heartbeat.
    expect(run!.heartbeatAt).toEqual(new Date(start.getTime() + STALE_HEARTBEAT_MS))
  })

  it('fails the queued run of a deleted report at once, telling nobody', async () => {
    t.setNow(start)
    const id = await saveReport({ reportMetaData: { reportName: 'Deleted', isSaved: true } })
    await t.request(`${ANALYTICS_PATH}/deleteReport?userId=100001&reportEntityId=${id}`, {
      method: 'DELETE',
      token: seller,
    })
    const sentBefore = t.sent.length
    await processReportRuns(t.deps)
    expect((await runsOf(id))[0]).toMatchObject({ status: 'FAILED', error: 'The report was deleted' })
    expect(t.sent.length).toBe(sentBefore)
  })
})

describe('scheduled reports', () => {
  it('computes run days: weekly from the start, monthly by calendar month, up to the end', () => {
    const weekly = { frequency: 'WEEKLY' as const, startDate: '2026-11-23', endDate: '2026-12-20' }
    expect(scheduleDayFrom(weekly, '2026-11-20')).toBe('2026-11-23')
    expect(scheduleDayFrom(weekly, '2026-11-23')).toBe('2026-11-23')
    expect(scheduleDayFrom(weekly, '2026-11-23', { after: true })).toBe('2026-11-30')
    expect(scheduleDayFrom(weekly, '2026-12-14', { after: true })).toBeNull()
    const monthly = { frequency: 'MONTHLY' as const, startDate: '2026-01-31', endDate: '2026-12-31' }
    expect(scheduleDayFrom(monthly, '2026-01-31', { after: true })).toBe('2026-02-28')
    expect(scheduleDayFrom(monthly, '2026-02-28', { after: true })).toBe('2026-03-31')
    const daily = { frequency: 'DAILY' as const, startDate: '2026-11-01', endDate: '2026-11-30' }
    expect(scheduleDayFrom(daily, '2026-11-23', { after: true })).toBe('2026-11-24')
    const once = { frequency: 'ONCE' as const, startDate: '2026-11-25', endDate: null }
    expect(scheduleDayFrom(once, '2026-11-23')).toBe('2026-11-25')
    expect(scheduleDayFrom(once, '2026-11-25', { after: true })).toBeNull()
    expect(scheduleDayFrom({ frequency: 'ONCE', startDate: null, endDate: null }, '2026-11-23')).toBeNull()
    // Saved today with today's start: due at once; a later start: 06:00 IST that day.
    const now = new Date('2026-11-23T08:00:00Z')
    expect(firstRunAt(weekly, now)).toEqual(now)
    expect(firstRunAt(weekly, now, new Date('2026-11-23T02:00:00Z'))).toEqual(scheduleInstant('2026-11-30'))
    expect(firstRunAt({ ...weekly, startDate: '2026-11-25' }, now)).toEqual(new Date('2026-11-25T00:30:00Z'))
  })

  it('a weekly schedule e-mails both recipients a working link, then waits a week', async () => {
    t.setNow(start)
    const wakes: string[] = []
    t.deps.wake = (job) => wakes.push(job)
    const id = await saveReport({
      reportMetaData: { reportName: 'Weekly keywords for two', isSaved: true },
      scheduleDetails: {
        frequency: 'WEEKLY',
        startDate: today,
        endDate: addDays(today, 10),
        emailIds: ['Asha@Example.com', 'ravi@example.org'],
      },
    })
    // The schedule job queues today's run over the last 7 days and moves next_run_at a week on.
    const result = (await schedulesJob.run(t.deps)) as { queued: number }
    expect(result.queued).toBeGreaterThanOrEqual(1)
    expect(wakes).toContain('report-generation')
    const scheduled = (await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')
    expect(scheduled).toHaveLength(1)
    expect(scheduled[0]).toMatchObject({
      status: 'QUEUED',
      fromDate: addDays(today, -7),
      toDate: addDays(today, -1),
    })
    const [schedule] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.reportEntityId, id))
    expect(schedule!.nextRunAt).toEqual(scheduleInstant(addDays(today, 7)))
    expect(schedule!.lastRunAt).toEqual(start)
    await queueDueSchedules(t.deps)
    expect((await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')).toHaveLength(1)

    const sentBefore = t.sent.length
    await reportGeneration.run(t.deps)
    const mails = t.sent
      .slice(sentBefore)
      .filter((m) => m.subject === reportReadySubject('Weekly keywords for two'))
    expect(mails.map((m) => m.to).sort()).toEqual(['asha@example.com', 'ravi@example.org'])
    const [done] = (await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')
    expect(done).toMatchObject({ status: 'DONE' })
    expect(done!.emailedAt).toEqual(start)
    const link = /(http:\/\/console\.test\/ads\/adinventory\/v1\/analytics\/file\?token=\S+)/.exec(
      mails[0]!.text,
    )![1]!
    const url = new URL(link)
    const file = await t.request(`${url.pathname}${url.search}`)
    expect(file.status).toBe(200)
    expect((await file.text()).split('\r\n')[0]).toBe('Campaign ID,Keyword,Impressions,Clicks,Ad spend (₹)')
    // E-mailed once only.
    expect((await emailScheduledRuns(t.deps)).emailed).toEqual([])
    // The link lives for days, not minutes.
    t.setNow(new Date(start.getTime() + SCHEDULED_LINK_TTL_MS - 60_000))
    expect((await t.request(`${url.pathname}${url.search}`)).status).toBe(200)
    t.setNow(new Date(start.getTime() + SCHEDULED_LINK_TTL_MS + 60_000))
    expect((await t.request(`${url.pathname}${url.search}`)).status).toBe(403)

    // A week later, at 06:00 IST: the second run. After the end date: no more.
    // (The seed's schedules come due too: only this report's runs are counted.)
    t.setNow(scheduleInstant(addDays(today, 7)))
    await queueDueSchedules(t.deps)
    expect((await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')).toHaveLength(2)
    const [after] = await t.db.select().from(reportSchedules).where(eq(reportSchedules.reportEntityId, id))
    expect(after!.nextRunAt).toBeNull()
    t.setNow(scheduleInstant(addDays(today, 14)))
    await queueDueSchedules(t.deps)
    expect((await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')).toHaveLength(2)
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'REPORT_SCHEDULED_RUN_QUEUED')))
    expect(audited).toHaveLength(2)
  })

  it('tries the e-mails again on the next job run when the mail server fails', async () => {
    t.setNow(start)
    const id = await saveReport({
      reportMetaData: { reportName: 'Mail trouble', isSaved: true },
      scheduleDetails: {
        frequency: 'DAILY',
        startDate: today,
        endDate: addDays(today, 2),
        emailIds: ['m@example.com'],
      },
    })
    await queueDueSchedules(t.deps)
    const failing = {
      ...t.deps,
      mailer: {
        async send() {
          throw new Error('SMTP down')
        },
        close() {},
      },
    }
    await processReportRuns(failing)
    const result = await emailScheduledRuns(failing)
    const [run] = (await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')
    expect(result.errors).toContain(run!.id)
    expect(run).toMatchObject({ status: 'DONE', emailedAt: null })
    const sentBefore = t.sent.length
    expect((await emailScheduledRuns(t.deps)).emailed).toContain(run!.id)
    // (Other reports' due runs are mailed too: only this report's mail is counted.)
    expect(
      t.sent.slice(sentBefore).filter((m) => m.subject === reportReadySubject('Mail trouble')),
    ).toMatchObject([{ to: 'm@example.com' }])
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.entityType, 'report')))
      .orderBy(asc(auditLog.id))
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('REPORT_RUN_EMAIL'))).toEqual([
      'REPORT_RUN_EMAILED',
      'REPORT_RUN_EMAIL_FAILED',
      'REPORT_RUN_EMAILED',
    ])
  })

  it('leaves a deleted report’s schedule alone', async () => {
    t.setNow(start)
    const id = await saveReport({
      reportMetaData: { reportName: 'Gone', isSaved: true },
      scheduleDetails: {
        frequency: 'DAILY',
        startDate: today,
        endDate: addDays(today, 3),
        emailIds: ['x@example.com'],
      },
    })
    await t.request(`${ANALYTICS_PATH}/deleteReport?userId=100001&reportEntityId=${id}`, {
      method: 'DELETE',
      token: seller,
    })
    await t.db.update(reportSchedules).set({ nextRunAt: start }).where(eq(reportSchedules.reportEntityId, id))
    await queueDueSchedules(t.deps)
    expect((await runsOf(id)).filter((r) => r.trigger === 'SCHEDULE')).toEqual([])
  })
})
