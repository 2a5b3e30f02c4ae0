// The Save and Schedule form of an advertiser with 5,000 campaigns (decision 060, its addendum): each
// filter shows at most 50 values (the chosen ones always), finds the others by name or ID
// (`find.<FILTER>`, a post without JavaScript) and chooses them all with the every-value marker
// (`all=<FILTER>`), which Save stores as the list of every campaign and an edit reads back as the marker.
// The page's body — its markup and the loader data the document carries — is measured against the form
// as it was, every campaign a checkbox.
import { createRemixStub } from '@remix-run/testing'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReportEntity } from '../../platform/contracts/analytics'
import { addDays, istDate } from '../../platform/rules/time'
import {
  type SaveScheduleAnswer,
  type SaveSchedulePage,
  SaveScheduleForm,
} from '../components/reports/SaveScheduleForm'
import { FILTER_SHOWN_MAX } from '../models/report-form'
import { action as saveAction, loader as saveLoader } from '../routes/_advertiser.save-schedule-report'
import {
  addCampaigns,
  everyFilterValue,
  pageBodyBytes,
  uncappedFilterGroups,
} from '../testing/many-campaigns'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const SELLER = 100001
const CAMPAIGNS = 5_000
const PAGE_BODY_MAX = 100 * 1024
let h: RouteHarness
let seller: string
const today = istDate(new Date())

const everyValue = () => everyFilterValue(h, 'seller@example.com', SELLER)

beforeAll(async () => {
  h = await createRouteHarness()
  seller = await h.cookieFor('seller@example.com', { sellerId: SELLER })
  // The seller's live campaigns made up to 5,000 (the most a saved report's filter may list).
  const have = (await everyValue()).CAMPAIGN_ID.length
  await addCampaigns(h, SELLER, CAMPAIGNS - have)
  expect((await everyValue()).CAMPAIGN_ID).toHaveLength(CAMPAIGNS)
}, 120_000)
afterAll(async () => {
  await h?.close()
})

type Group = SaveSchedulePage['options']['filters'][number]
const load = async (path: string) => {
  const answer = await h.load<SaveSchedulePage>(saveLoader, path, { cookie: seller })
  expect(answer.status, path).toBe(200)
  return answer.data
}
const campaignGroup = (groups: readonly Group[]) => groups.find((f) => f.name === 'CAMPAIGN_ID')!

/** The page's HTML as the server renders it. */
function render(page: SaveSchedulePage): string {
  const Stub = createRemixStub([
    { path: '/save-schedule-report', Component: () => <SaveScheduleForm page={page} /> },
  ])
  return renderToString(<Stub initialEntries={['/save-schedule-report']} />)
}
/** The body the document carries: the page's markup and its loader data (serialized into the page). */
const bodyBytes = (page: SaveSchedulePage) => pageBodyBytes(render(page), page)

/** A valid form (a weekly campaign report) with its Filters, as the browser posts it without JS. */
function filled(name: string, filters: [string, string][], intent = 'save'): [string, string][] {
  return [
    ['form', '1'],
    ['reportEntityId', ''],
    ['reportName', name],
    ['reportType', 'CAMPAIGN_PERFORMANCE_REPORT'],
    ['fieldsFor', 'CAMPAIGN_PERFORMANCE_REPORT'],
    ['frequency', 'WEEKLY'],
    ['startDate', today],
    ['startDateWas', today],
    ['endDate', addDays(today, 28)],
    ['endDateWas', addDays(today, 28)],
    ['dateFilterType', 'LAST_7D'],
    ['d', 'campaign_id'],
    ['m', 'impressions'],
    ['emailIds', 'one@example.in'],
    ...filters,
    ['intent', intent],
  ]
}
const post = (form: [string, string][], path = '/save-schedule-report') =>
  h.submit<SaveScheduleAnswer>(saveAction, path, form, { cookie: seller })

/** The seller's saved report of that name, as getSavedReports answers. */
async function savedNamed(name: string) {
  const token = await h.t.tokenFor('seller@example.com')
  const response = await h.t.request(`/ads/adinventory/v1/analytics/getSavedReports?userId=${SELLER}`, {
    token,
  })
  const reports = ((await response.json()) as { data: { reports: ReportEntity[] } }).data.reports
  return reports.find((r) => r.reportMetaData.reportName === name)!
}

describe('the save-schedule form of an advertiser with 5,000 campaigns', () => {
  it('shows 50 campaigns, a search box and the every-value marker; the body is under 100 KiB (it was over 1 MiB)', async () => {
    const page = await load('/save-schedule-report')
    const campaigns = campaignGroup(page.options.filters)
    expect(campaigns.total).toBe(CAMPAIGNS)
    expect(campaigns.options).toHaveLength(FILTER_SHOWN_MAX)
    // The short lists are whole.
    const statuses = page.options.filters.find((f) => f.name === 'CAMPAIGN_STATUS')!
    expect(statuses.options.length).toBe(statuses.total)
    const html = render(page)
    expect(html).toContain('Showing 50 of 5,000. Search to find others.')
    expect(html).toMatch(/<input[^>]*type="search"[^>]*name="find.CAMPAIGN_ID"/)
    expect(html).toMatch(/<button[^>]*name="intent"[^>]*value="find"/)
    expect(html).toMatch(/<input[^>]*name="all"[^>]*value="CAMPAIGN_ID"/)
    expect(html.match(/name="CAMPAIGN_ID"/g)).toHaveLength(FILTER_SHOWN_MAX)

    // The form as it was: every value of every filter a checkbox (getFilters' answer as it stands).
    const every = await everyValue()
    const before = bodyBytes({
      ...page,
      options: {
        ...page.options,
        filters: uncappedFilterGroups(every),
      },
    })
    const after = bodyBytes(page)
    console.info(`save-schedule page body: before ${before} bytes, after ${after} bytes`)
    expect(before, `before: ${before} bytes`).toBeGreaterThan(1024 * 1024)
    expect(after, `after: ${after} bytes (before: ${before})`).toBeLessThan(PAGE_BODY_MAX)
  })

  it('opened from the Analytics page with all=CAMPAIGN_ID: the marker is ticked, no list of 5,000', async () => {
    const page = await load('/save-schedule-report?reportType=CAMPAIGN_PERFORMANCE_REPORT&all=CAMPAIGN_ID')
    expect(page.values.all).toEqual(['CAMPAIGN_ID'])
    expect(page.values.filters.CAMPAIGN_ID).toBeUndefined()
    const html = render(page)
    const marker = /<input[^>]*name="all"[^>]*>/.exec(html)![0]
    expect(marker).toContain('value="CAMPAIGN_ID"')
    expect(marker).toContain('checked')
    expect(html.match(/name="CAMPAIGN_ID"[^>]*checked/g)).toHaveLength(FILTER_SHOWN_MAX)
    const after = bodyBytes(page)
    console.info(`save-schedule page body with all=CAMPAIGN_ID: ${after} bytes`)
    expect(after).toBeLessThan(PAGE_BODY_MAX)
  })

  it('Find without JS (intent=find) finds a campaign by name or ID, keeping the chosen one shown', async () => {
    const first = campaignGroup((await load('/save-schedule-report')).options.filters)
    const chosen = first.options[0]!
    const byName = await post(
      filled(
        'Found',
        [
          ['CAMPAIGN_ID', chosen.value],
          ['find.CAMPAIGN_ID', 'campaign 4321'],
        ],
        'find',
      ),
    )
    expect(byName.status).toBe(200)
    expect(byName.data.values.find.CAMPAIGN_ID).toBe('campaign 4321')
    expect(byName.data.values.filters.CAMPAIGN_ID).toEqual([chosen.value])
    const found = campaignGroup(byName.data.filters!)
    expect(found.matched).toBe(1)
    expect(found.options.map((o) => o.label).sort()).toEqual([chosen.label, 'Scale campaign 4321'].sort())
    const target = found.options.find((o) => o.label === 'Scale campaign 4321')!

    // By ID (among those whose ID or name holds those digits), and the GET snapshot reads the search too.
    const byId = await post(filled('Found', [['find.CAMPAIGN_ID', target.value]], 'find'))
    const idGroup = campaignGroup(byId.data.filters!)
    expect(idGroup.options.map((o) => o.value)).toContain(target.value)
    expect(idGroup.options.every((o) => `${o.value} ${o.label}`.includes(target.value))).toBe(true)
    const snapshot = await load(
      `/save-schedule-report?form=1&reportType=CAMPAIGN_PERFORMANCE_REPORT&find.CAMPAIGN_ID=SCALE CAMPAIGN 4321`,
    )
    expect(campaignGroup(snapshot.options.filters).options.map((o) => o.value)).toEqual([target.value])
    expect(render(snapshot)).toContain('1 of 5,000 match “SCALE CAMPAIGN 4321”.')
  })

  it('a validation error keeps a campaign chosen from a search shown and ticked, with what was typed', async () => {
    const found = campaignGroup(
      (await post(filled('', [['find.CAMPAIGN_ID', 'campaign 4321']], 'find'))).data.filters!,
    )
    const far = found.options.find((o) => o.label === 'Scale campaign 4321')!
    // Not among the 50 the page shows without a search (nor in the page's URL).
    const unsearched = campaignGroup((await load('/save-schedule-report')).options.filters)
    expect(unsearched.options.map((o) => o.value)).not.toContain(far.value)
    const answer = await post(filled('', [['CAMPAIGN_ID', far.value]]))
    expect(answer.status).toBe(400)
    expect(answer.data.errors.reportName).toBe('Required Field')
    expect(answer.data.values.filters.CAMPAIGN_ID).toEqual([far.value])
    expect(answer.data.values.frequency).toBe('WEEKLY')
    const group = campaignGroup(answer.data.filters!)
    expect(group.options).toHaveLength(FILTER_SHOWN_MAX)
    expect(group.options.map((o) => o.value)).toContain(far.value)
  })

  it('Select all without JS (apply=CAMPAIGN_ID:all) ticks the marker, not 5,000 boxes; Clear unticks it', async () => {
    const selected = await post(filled('Select', [['apply', 'CAMPAIGN_ID:all']], 'x'))
    expect(selected.status).toBe(200)
    expect(selected.data.values.all).toEqual(['CAMPAIGN_ID'])
    expect(selected.data.values.filters.CAMPAIGN_ID).toBeUndefined()
    const cleared = await post(
      filled(
        'Select',
        [
          ['all', 'CAMPAIGN_ID'],
          ['apply', 'CAMPAIGN_ID:none'],
        ],
        'x',
      ),
    )
    expect(cleared.data.values.all).toEqual([])
  })

  it('Save with the marker stores every campaign; editing the report reads the marker back', async () => {
    const shown = campaignGroup((await load('/save-schedule-report')).options.filters).options
    const saved = await post(
      filled('Every campaign', [
        ['all', 'CAMPAIGN_ID'],
        ...shown.map((o): [string, string] => ['CAMPAIGN_ID', o.value]),
      ]),
    )
    expect(saved.status).toBe(302)
    const report = await savedNamed('Every campaign')
    const every = (await everyValue()).CAMPAIGN_ID.map((o) => o.value)
    expect(report.filters?.CAMPAIGN_ID).toEqual(every)

    const edit = await load(`/save-schedule-report?reportEntityId=${report.reportEntityId}`)
    expect(edit.editing).toBe(true)
    expect(edit.values.all).toEqual(['CAMPAIGN_ID'])
    expect(edit.values.filters.CAMPAIGN_ID).toBeUndefined()
    expect(campaignGroup(edit.options.filters).all).toBe(true)
    expect(bodyBytes(edit)).toBeLessThan(PAGE_BODY_MAX)
    expect(/<input[^>]*name="all"[^>]*>/.exec(render(edit))![0]).toContain('checked')

    // Saved again unchanged: the same list, so no new generation (isRegenerate false).
    const again = await post(
      filled('Every campaign', [['all', 'CAMPAIGN_ID']]).map(([k, v]): [string, string] =>
        k === 'reportEntityId' ? [k, report.reportEntityId] : [k, v],
      ),
    )
    expect(again.status).toBe(302)
    const resaved = await savedNamed('Every campaign')
    expect(resaved.reportEntityId).toBe(report.reportEntityId)
    expect(resaved.filters?.CAMPAIGN_ID).toEqual(every)
    expect(resaved.isRegenerate).toBe(false)
  })

  it('an edited report with many chosen campaigns shows every one of them ticked', async () => {
    const every = await everyValue()
    const chosen = every.CAMPAIGN_ID.slice(100, 220).map((o) => o.value)
    const saved = await post(
      filled(
        'Many campaigns',
        chosen.map((v): [string, string] => ['CAMPAIGN_ID', v]),
      ),
    )
    expect(saved.status).toBe(302)
    const report = await savedNamed('Many campaigns')
    expect(report.filters?.CAMPAIGN_ID).toEqual(chosen)
    const edit = await load(`/save-schedule-report?reportEntityId=${report.reportEntityId}`)
    expect(edit.values.all).toEqual([])
    expect(edit.values.filters.CAMPAIGN_ID).toEqual(chosen)
    const group = campaignGroup(edit.options.filters)
    expect(group.options.map((o) => o.value)).toEqual(chosen)
    expect(render(edit).match(/name="CAMPAIGN_ID"[^>]*checked/g)).toHaveLength(chosen.length)
  })

  it('past 5,000 campaigns the marker is saved as no campaign filter; advanced mode says to choose', async () => {
    await addCampaigns(h, SELLER, 1, CAMPAIGNS + 1)
    const saved = await post(filled('Past the most', [['all', 'CAMPAIGN_ID']]))
    expect(saved.status).toBe(302)
    expect((await savedNamed('Past the most')).filters?.CAMPAIGN_ID ?? null).toBeNull()

    const advanced = await post(
      filled('Advanced past the most', [['all', 'CAMPAIGN_ID']]),
      '/save-schedule-report?advancedReport=true',
    )
    expect(advanced.status).toBe(400)
    expect(advanced.data.errors.CAMPAIGN_ID).toBe(
      'There are more than 5,000 campaigns: search and tick those the report is for',
    )
    expect(advanced.data.values.all).toEqual(['CAMPAIGN_ID'])
  })
})
