// The saved-reports screens through their real route modules against the in-process test platform
// (decision 043): the list per role, an agency's report view-only for everyone else, the view computed
// now, the delete dialog, and the OTP download dialog: the code sent on an explicit post only, 'Enter a
// valid otp', 'Invalid OTP', the browser sent to the signed link, and 'Failed to download file. Status:
// {code}'.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OtpDialogData, ReportViewData, SavedReportsData } from '../models/saved-reports.server'
import {
  action as deleteAction,
  loader as deleteLoader,
} from '../routes/_advertiser.saved-reports.$reportId.delete'
import {
  action as downloadAction,
  loader as downloadLoader,
} from '../routes/_advertiser.saved-reports.$reportId.download'
import { loader as listLoader } from '../routes/_advertiser.saved-reports'
import { loader as viewLoader } from '../routes/_advertiser.saved-reports_.$reportId'
import { loader as adminListLoader } from '../routes/admin.saved-reports'
import { loader as adminViewLoader } from '../routes/admin.saved-reports_.$reportId'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

const SELLER = 'seller@example.com'
const SELLER_ID = 100001
const BRAND = 'brand@example.com'
const BRAND_ID = 200001
const AGENCY = 'agency@example.com'

let h: RouteHarness
let seller: string
let brand: string
let agency: string
let ops: string
beforeAll(async () => {
  h = await createRouteHarness()
  seller = await h.cookieFor(SELLER)
  brand = await h.cookieFor(BRAND)
  agency = await h.cookieFor(AGENCY, { sellerId: BRAND_ID })
  ops = await h.cookieFor('ops@example.com', { sellerId: SELLER_ID })
})
afterAll(async () => {
  await h?.close()
})

let serial = 0
/** A saved report stored as saveAndScheduleReport stores one (raw SQL: console tests see no platform schema). */
async function makeReport(options: {
  owner: string
  sellerId: number
  name?: string
  type?: string
  frequency?: 'ONCE' | 'WEEKLY'
}) {
  serial++
  const owner = await h.t.userByEmail(options.owner)
  const name = options.name ?? `Route report ${serial}`
  const inserted = (await h.t.db.execute(sql`
    insert into report_entities (report_type, owner_user_id, owner_role, seller_id, report_name, is_saved,
      date_filter, dimension_fields, metric_fields, filters)
    values (${options.type ?? 'CAMPAIGN_PERFORMANCE_REPORT'}, ${owner.id}, ${owner.role}, ${options.sellerId},
      ${name}, true, ${JSON.stringify({ dateFilterType: 'LAST_7D', fromDate: null, toDate: null })}::jsonb,
      ${JSON.stringify({ campaign_id: true, campaign_name: true })}::jsonb,
      ${JSON.stringify({ impressions: true, clicks: true, ad_spend: true })}::jsonb, null)
    returning report_entity_id`)) as unknown as { rows: { report_entity_id: string }[] }
  const id = inserted.rows[0]!.report_entity_id
  if (options.frequency === 'WEEKLY') {
    await h.t.db.execute(sql`
      insert into report_schedules (report_entity_id, frequency, start_date, end_date, email_ids)
      values (${id}, 'WEEKLY', '2026-11-23', '2026-12-31', ${'{a@example.com,b@example.com}'}::text[])`)
  }
  return { id, name }
}

const rowsOf = (answer: { data: unknown }) => (answer.data as SavedReportsData).page!.rows
const dialogOf = (answer: { data: unknown }) => answer.data as OtpDialogData
const params = (reportId: string) => ({ params: { reportId } })

/** The newest report-download code mailed to `email`. */
function lastCode(email: string): string {
  const mail = h.t.sent.filter((m) => m.to === email || (Array.isArray(m.to) && m.to.includes(email))).at(-1)
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

describe('who may open the saved reports', () => {
  it('sends staff away from /saved-reports and advertisers away from /admin/saved-reports', async () => {
    expect((await h.load(listLoader, '/saved-reports', { cookie: ops })).location).toBe('/')
    expect((await h.load(adminListLoader, '/admin/saved-reports', { cookie: seller })).location).toBe('/')
  })
})

describe('the list', () => {
  it("shows the account's reports with frequency, schedule, range, creation and the row actions", async () => {
    const weekly = await makeReport({ owner: SELLER, sellerId: SELLER_ID, frequency: 'WEEKLY' })
    const answer = await h.load(listLoader, '/saved-reports?size=100', { cookie: seller })
    expect(answer.status).toBe(200)
    const row = rowsOf(answer).find((r) => r.id === weekly.id)
    expect(row).toMatchObject({
      name: weekly.name,
      type: 'Campaign performance',
      frequency: 'Weekly',
      schedule: '2026-11-23 to 2026-12-31',
      dateRange: 'Last 1 week',
      editable: true,
      viewPath: `/saved-reports/${weekly.id}`,
      editPath: `/save-schedule-report?reportEntityId=${weekly.id}`,
      deletePath: `/saved-reports/${weekly.id}/delete`,
      downloadPath: `/saved-reports/${weekly.id}/download`,
    })
    expect(row?.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it("never lists another advertiser's reports", async () => {
    const other = await makeReport({ owner: BRAND, sellerId: BRAND_ID })
    const answer = await h.load(listLoader, '/saved-reports?size=100', { cookie: seller })
    expect(rowsOf(answer).map((r) => r.id)).not.toContain(other.id)
  })

  it('gives staff the /admin paths for the selected account', async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID })
    const answer = await h.load(adminListLoader, '/admin/saved-reports?size=100', { cookie: ops })
    const row = rowsOf(answer).find((r) => r.id === report.id)
    expect(row?.viewPath).toBe(`/admin/saved-reports/${report.id}`)
    expect(row?.editPath).toBe(`/admin/save-schedule-report?reportEntityId=${report.id}`)
  })
})

describe("an agency's report (spec §4)", () => {
  it('is view-only for the brand: no edit, View only instead of delete, and the delete dialog refuses', async () => {
    const report = await makeReport({ owner: AGENCY, sellerId: BRAND_ID })
    const asBrand = rowsOf(await h.load(listLoader, '/saved-reports?size=100', { cookie: brand })).find(
      (r) => r.id === report.id,
    )
    expect(asBrand).toMatchObject({ editable: false, editPath: null, deletePath: null })
    expect(asBrand?.downloadPath).toBe(`/saved-reports/${report.id}/download`)
    const refused = await h.load(deleteLoader, `/saved-reports/${report.id}/delete`, {
      cookie: brand,
      ...params(report.id),
    })
    expect(refused.status).toBe(302)
    expect(refused.location).toBe('/saved-reports')
    const posted = await h.submit(
      deleteAction,
      `/saved-reports/${report.id}/delete`,
      {},
      {
        cookie: brand,
        ...params(report.id),
      },
    )
    expect(posted.location).toBe('/saved-reports')
    const still = await h.t.db.execute(
      sql`select deleted_at from report_entities where report_entity_id = ${report.id}`,
    )
    expect((still as unknown as { rows: { deleted_at: unknown }[] }).rows[0]?.deleted_at).toBeNull()
  })

  it('stays editable for the agency that made it', async () => {
    const report = await makeReport({ owner: AGENCY, sellerId: BRAND_ID })
    const row = rowsOf(await h.load(listLoader, '/saved-reports?size=100', { cookie: agency })).find(
      (r) => r.id === report.id,
    )
    expect(row).toMatchObject({ editable: true, deletePath: `/saved-reports/${report.id}/delete` })
  })
})

describe('the view', () => {
  it('computes the report now, as a table with totals, and shows its definition', async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID, name: 'Weekly campaigns' })
    const answer = await h.load<ReportViewData>(viewLoader, `/saved-reports/${report.id}?size=10`, {
      cookie: seller,
      ...params(report.id),
    })
    expect(answer.status).toBe(200)
    expect(answer.data.report.name).toBe('Weekly campaigns')
    expect(answer.data.report.dimensions).toEqual(['Campaign ID', 'Campaign'])
    const table = answer.data.table!
    expect(table.columns.map((c) => c.key)).toEqual(
      expect.arrayContaining(['campaign_id', 'impressions', 'clicks', 'ad_spend']),
    )
    expect(table.rows.length).toBeGreaterThan(0)
    expect(table.rows.length).toBeLessThanOrEqual(10)
    expect(table.totals[0]).toBe('Total')
    const spend = table.columns.findIndex((c) => c.key === 'ad_spend')
    expect(table.totals[spend]).toMatch(/^[\d,]+\.\d{2}$/)
  })

  it('answers 404 for an unknown, malformed or foreign id', async () => {
    const foreign = await makeReport({ owner: BRAND, sellerId: BRAND_ID })
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-report', foreign.id]) {
      const answer = await h.load(viewLoader, `/saved-reports/${id}`, { cookie: seller, ...params(id) })
      expect(answer.status, id).toBe(404)
    }
  })

  it('is open to staff on the /admin path', async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID })
    const answer = await h.load<ReportViewData>(adminViewLoader, `/admin/saved-reports/${report.id}`, {
      cookie: ops,
      ...params(report.id),
    })
    expect(answer.status).toBe(200)
    expect(answer.data.report.editPath).toBe(`/admin/save-schedule-report?reportEntityId=${report.id}`)
  })
})

describe('delete', () => {
  it('confirms, deletes and comes back to the list with a message', async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID, name: 'To delete' })
    const path = `/saved-reports/${report.id}/delete`
    const shown = await h.load<{ name: string; back: string }>(deleteLoader, path, {
      cookie: seller,
      ...params(report.id),
    })
    expect(shown.data).toMatchObject({ name: 'To delete', back: '/saved-reports' })
    const done = await h.submit(deleteAction, path, {}, { cookie: seller, ...params(report.id) })
    expect(done.status).toBe(302)
    expect(done.location).toBe('/saved-reports')
    expect(done.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
    const list = await h.load(listLoader, '/saved-reports?size=100', { cookie: seller })
    expect(rowsOf(list).map((r) => r.id)).not.toContain(report.id)
    const audited = (await h.t.db.execute(
      sql`select count(*)::int as n from audit_log where entity_id = ${report.id}`,
    )) as unknown as { rows: { n: number }[] }
    expect(audited.rows[0]!.n).toBeGreaterThan(0)
  })
})

describe('the download dialog', () => {
  it('sends no code on a page load; Send code (a post) mails one and opens the code step', async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID, name: 'For download' })
    const path = `/saved-reports/${report.id}/download`
    const before = h.t.sent.length
    const shown = await h.load(downloadLoader, path, { cookie: seller, ...params(report.id) })
    expect(dialogOf(shown)).toMatchObject({ step: 'send', subject: 'For download', email: SELLER })
    expect(h.t.sent.length).toBe(before)
    const sent = await h.submit(
      downloadAction,
      path,
      { intent: 'send' },
      { cookie: seller, ...params(report.id) },
    )
    expect(sent.status).toBe(302)
    expect(sent.location).toBe(`${path}?step=code`)
    expect(h.t.sent.length).toBe(before + 1)
    const step = await h.load(downloadLoader, `${path}?step=code`, { cookie: seller, ...params(report.id) })
    expect(dialogOf(step).step).toBe('code')
  })

  it("says 'Enter a valid otp' for an empty or malformed code and 'Invalid OTP' for a wrong one", async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID })
    const path = `/saved-reports/${report.id}/download`
    const init = { cookie: seller, ...params(report.id) }
    await h.submit(downloadAction, path, { intent: 'send' }, init)
    for (const otp of ['', '12ab56', '1234567']) {
      const answer = await h.submit(downloadAction, path, { intent: 'download', otp }, init)
      expect(answer.status, otp).toBe(400)
      expect(formErrors(answer.data).otp, otp).toEqual(['Enter a valid otp'])
    }
    const right = lastCode(SELLER)
    const wrong = right === '000000' ? '111111' : '000000'
    const answer = await h.submit(downloadAction, path, { intent: 'download', otp: wrong }, init)
    expect(answer.status).toBe(400)
    expect(formErrors(answer.data).otp).toEqual(['Invalid OTP'])
  })

  it('sends the browser to the signed link with the right code, and the link gives the CSV', async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID })
    const path = `/saved-reports/${report.id}/download`
    const init = { cookie: seller, ...params(report.id) }
    await h.submit(downloadAction, path, { intent: 'send' }, init)
    const answer = await h.submit(downloadAction, path, { intent: 'download', otp: lastCode(SELLER) }, init)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('X-Remix-Reload-Document')).toBe('true')
    const link = new URL(answer.location!)
    expect(link.pathname).toBe('/ads/adinventory/v1/analytics/file')
    const file = await h.t.request(link.pathname + link.search)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/)
    const csv = await file.text()
    expect(csv.split('\n')[0]).toMatch(/Campaign ID/)
    expect(csv.trim().split('\n').length).toBeGreaterThan(1)
    // The code works once.
    const again = await h.submit(downloadAction, path, { intent: 'download', otp: lastCode(SELLER) }, init)
    expect(formErrors(again.data).otp).toEqual(['Invalid OTP'])
  })

  it("says 'Failed to download file. Status: {code}' when the download call fails", async () => {
    const report = await makeReport({ owner: SELLER, sellerId: SELLER_ID, name: 'Gone soon' })
    const path = `/saved-reports/${report.id}/download`
    const init = { cookie: seller, ...params(report.id) }
    await h.submit(downloadAction, path, { intent: 'send' }, init)
    // The service fails (its own error): the dialog gives the status in the spec's words.
    const failing = {
      ...h.context(),
      platformFetch: async (request: Request) =>
        new URL(request.url).pathname.endsWith('/downloadReport')
          ? new Response(JSON.stringify({ code: 500, message: 'boom', data: null }), { status: 500 })
          : h.t.platform.fetch(request),
    }
    const form = new URLSearchParams({ intent: 'download', otp: lastCode(SELLER) })
    const request = h.request(path, { cookie: seller, form: Object.fromEntries(form) })
    const failed = (await downloadAction({ request, context: failing, params: { reportId: report.id } })) as {
      data: OtpDialogData
    }
    expect(failed.data.error).toBe('Failed to download file. Status: 500')
    expect(failed.data.subject).toBe('Gone soon')
    // A report deleted since the dialog opened: the platform's 404, in the same words.
    await h.submit(downloadAction, path, { intent: 'send' }, init)
    await h.t.db.execute(
      sql`update report_entities set deleted_at = now() where report_entity_id = ${report.id}`,
    )
    const gone = await h.submit(downloadAction, path, { intent: 'download', otp: lastCode(SELLER) }, init)
    expect(dialogOf(gone).error).toBe('Failed to download file. Status: 404')
  })
})
