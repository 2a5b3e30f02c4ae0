// The analytics page of an advertiser with 5,000 campaigns (decision 060): each filter shows at most 50
// values (the chosen ones always), says how many it does not show, finds the others by name or ID
// (`find.<FILTER>`) and chooses them all without listing them (`all=<FILTER>`). The page's body — its
// markup and the loader data the document carries — is measured against the page as it was, every
// campaign a checkbox.
import { createRemixStub } from '@remix-run/testing'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnalyticsPage } from '../components/reports/AnalyticsPage'
import type { AnalyticsPageData } from '../models/analytics.server'
import { FILTER_SHOWN_MAX } from '../models/report-form'
import { loader } from '../routes/_advertiser.analytics'
import {
  addCampaigns,
  everyFilterValue,
  pageBodyBytes,
  uncappedFilterGroups,
} from '../testing/many-campaigns'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const SELLER = 100001
const ADDED = 5_000
const PAGE_BODY_MAX = 100 * 1024
let h: RouteHarness
let seller: string

beforeAll(async () => {
  h = await createRouteHarness()
  seller = await h.cookieFor('seller@example.com', { sellerId: SELLER })
  // 5,000 more campaigns for the seller, copies of its first one named 'Scale campaign 0001' … '5000'.
  await addCampaigns(h, SELLER, ADDED)
}, 120_000)
afterAll(async () => {
  await h?.close()
})

const load = async (path: string) => {
  const answer = await h.load<AnalyticsPageData>(loader, path, { cookie: seller })
  expect(answer.status, path).toBe(200)
  return answer.data
}
const campaignGroup = (data: AnalyticsPageData) => data.options.filters.find((f) => f.name === 'CAMPAIGN_ID')!

/** The page's HTML as the server renders it. */
function render(data: AnalyticsPageData): string {
  const Stub = createRemixStub([{ path: '/analytics', Component: () => <AnalyticsPage data={data} /> }])
  return renderToString(<Stub initialEntries={['/analytics']} />)
}
/** The body the document carries: the page's markup and its loader data (serialized into the page). */
const bodyBytes = (data: AnalyticsPageData) => pageBodyBytes(render(data), data)

describe('an advertiser with 5,000 campaigns', () => {
  it('shows 50 campaigns and says so; the page body is under 100 KB (every campaign made it megabytes)', async () => {
    const data = await load('/analytics')
    const campaigns = campaignGroup(data)
    expect(campaigns.total).toBeGreaterThan(ADDED)
    expect(campaigns.options).toHaveLength(FILTER_SHOWN_MAX)
    // The short lists are whole.
    expect(data.options.filters.find((f) => f.name === 'CAMPAIGN_STATUS')!.options.length).toBe(
      data.options.filters.find((f) => f.name === 'CAMPAIGN_STATUS')!.total,
    )
    const html = render(data)
    expect(html).toContain(
      `Showing 50 of ${campaigns.total!.toLocaleString('en-IN')}. Search to find others.`,
    )
    expect(html).toMatch(/<input[^>]*type="search"[^>]*name="find.CAMPAIGN_ID"/)
    expect(html).toMatch(/<input[^>]*name="all"[^>]*value="CAMPAIGN_ID"/)
    expect(html.match(/name="CAMPAIGN_ID"/g)).toHaveLength(FILTER_SHOWN_MAX)

    // The page as it was: every value of every filter a checkbox (getFilters' answer as it stands).
    const every = await everyFilterValue(h, 'seller@example.com', SELLER)
    const before = bodyBytes({
      ...data,
      options: {
        ...data.options,
        filters: uncappedFilterGroups(every),
      },
    })
    const after = bodyBytes(data)
    expect(before, `before: ${before} bytes`).toBeGreaterThan(1024 * 1024)
    expect(after, `after: ${after} bytes (before: ${before})`).toBeLessThan(PAGE_BODY_MAX)
  })

  it('finds campaigns by name or ID (find.CAMPAIGN_ID), keeping the chosen ones shown', async () => {
    const first = await load('/analytics')
    const chosen = campaignGroup(first).options[0]!
    const byName = await load(
      `/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&CAMPAIGN_ID=${chosen.value}&find.CAMPAIGN_ID=campaign 4321`,
    )
    const found = campaignGroup(byName)
    expect(found.find).toBe('campaign 4321')
    expect(found.matched).toBe(1)
    expect(found.options.map((o) => o.label)).toEqual(
      [chosen.label, 'Scale campaign 4321'].sort((a, b) =>
        a === chosen.label ? -1 : b === chosen.label ? 1 : 0,
      ),
    )
    expect(byName.state.filters.CAMPAIGN_ID).toEqual([chosen.value])
    expect(render(byName)).toContain(`1 of ${found.total!.toLocaleString('en-IN')} match “campaign 4321”.`)

    // By ID (among those whose ID or name holds those digits), and in capitals.
    const target = found.options.find((o) => o.label === 'Scale campaign 4321')!
    const byId = campaignGroup(await load(`/analytics?find.CAMPAIGN_ID=${target.value}`))
    expect(byId.options.map((o) => o.value)).toContain(target.value)
    expect(byId.options.every((o) => `${o.value} ${o.label}`.includes(target.value))).toBe(true)
    expect(campaignGroup(await load('/analytics?find.CAMPAIGN_ID=SCALE CAMPAIGN 4321')).matched).toBe(1)

    // Nothing matches: the page says so, and keeps the search box.
    const none = await load('/analytics?find.CAMPAIGN_ID=no such campaign')
    expect(campaignGroup(none).options).toEqual([])
    expect(render(none)).toContain('Nothing matches “no such campaign”.')
  })

  it('chooses every campaign without listing them: all=CAMPAIGN_ID, and the report runs', async () => {
    const data = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&m=impressions&all=CAMPAIGN_ID&run=1',
    )
    expect(data.error).toBeNull()
    expect(data.state.all).toEqual(['CAMPAIGN_ID'])
    const html = render(data)
    // The marker is ticked; the 50 shown boxes with it.
    const marker = /<input[^>]*name="all"[^>]*>/.exec(html)![0]
    expect(marker).toContain('value="CAMPAIGN_ID"')
    expect(marker).toContain('checked')
    expect(html.match(/name="CAMPAIGN_ID"[^>]*checked/g)).toHaveLength(FILTER_SHOWN_MAX)
    // More campaigns than a request may list (5,000): the report runs without a campaign filter, which is
    // the same report as none.
    const unfiltered = await load(
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&m=impressions&run=1',
    )
    expect(data.report!.totals).toEqual(unfiltered.report!.totals)
    expect(data.report!.totals.impressions).toBeGreaterThan(0)
    expect(bodyBytes(data)).toBeLessThan(PAGE_BODY_MAX)
  })
})
