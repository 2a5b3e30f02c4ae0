// The route table's pages as the every-page specs walk them (a11y-every-page, zoom-and-width; decision
// 053): who may see each entry (a viewer), which entries are no page (with the reason), the URL with
// its sample parameters, and the check that the page shown is the entry's own. Complete by
// construction: viewerOf places every entry of ROUTE_LIST, or says it could not (a test fails on that).
import type { APIRequestContext, Page } from '@playwright/test'
import { isOwnHeading, ROUTE_LIST, ROUTES, type RouteEntry, type RouteId } from '../../app/route-table'
import { DEMO_PASSWORD } from '../../platform/db/seed'
import { poolToken } from './accounts-kit'
import { expect, test } from './fixtures'
import { samplePath } from './route-params'

/** Entries that are no page a user reads, with the reason; everything else is walked. */
export const NOT_A_PAGE: Partial<Record<RouteId, string>> = {
  advancedReports: 'a redirect to Save and Schedule Report (advanced mode), walked there',
  adminCampaignDownload: 'a CSV file',
  campaignDownload: 'a CSV file',
  createCampaignDownload: 'a CSV file posted from an ad group card (a GET goes back to the editor)',
  adminAllAdvertisers: 'a CSV file',
  adminUserBrands: 'a CSV file',
  adminAgencyDocument: 'an uploaded document shown by the browser itself (PDF or image)',
  adminBillingReport: 'a CSV file',
  linkedAgencies: 'a CSV file',
  linkedBrands: 'a CSV file',
  adminOutbox:
    'exists only outside production without SMTP_URL; the e2e server is production with SMTP (404 here)',
}

export type Viewer =
  | 'signed out'
  | 'mid sign-in'
  | 'a SELLER'
  | 'a SELLER with terms pending'
  | 'an AGENCY'
  | 'a BRAND'
  | 'a SUPERADMIN'

/** Public pages reached only in the middle of a flow: the step that leads there. */
export const MID_SIGN_IN: Partial<Record<RouteId, true>> = {
  loginVerify: true,
  loginElsewhere: true,
  forgotPasswordVerify: true,
}

/** A query some pages need to show themselves. */
export const QUERY: Partial<Record<RouteId, string>> = {
  externalLogin: '?token=a11y-every-page',
  // The editor's discard dialog for a new campaign of the class chosen.
  createCampaignDiscard: '?class=Sponsored',
  adminDefaultReportDownload: '?reportType=SKU_PERF_REPORT&dateFilterType=LAST_1D',
}

/** Public pages whose own guard wants a signed-in user of a kind the route table does not name. */
const SIGNED_IN_PUBLIC: Partial<Record<RouteId, Viewer>> = {
  // Where SUPERADMIN and OPS land when a platform call answers 406 (spec accounts §6).
  tncErrorPopup: 'a SUPERADMIN',
}

/**
 * Other states of an entry's own page: with JavaScript the external-login landing posts its hand-off at
 * once, and the sample token is refused (without JavaScript, 'Redirecting...' waits for Continue).
 */
const ALSO_OWN: Partial<Record<RouteId, string>> = { externalLogin: 'Sign-in link not accepted' }

/** Who walks an entry: a role that may see it (the plainest one), or why nobody does. */
export function viewerOf(entry: RouteEntry): Viewer | { reason: string } {
  const reason = NOT_A_PAGE[entry.id as RouteId]
  if (reason) return { reason }
  const signedIn = SIGNED_IN_PUBLIC[entry.id as RouteId]
  if (signedIn) return signedIn
  if (entry.heading === null) return { reason: 'NO REASON GIVEN: heading null but not in NOT_A_PAGE' }
  if (MID_SIGN_IN[entry.id as RouteId]) return 'mid sign-in'
  if (entry.termsPage) return 'a SELLER with terms pending'
  if (entry.tree === 'admin') return 'a SUPERADMIN'
  if (entry.tree === 'public' && !entry.roles) return 'signed out'
  if (!entry.roles || entry.roles.includes('SELLER')) return 'a SELLER'
  if (entry.roles.includes('BRAND')) return 'a BRAND'
  if (entry.roles.includes('AGENCY')) return 'an AGENCY'
  return { reason: `NO VIEWER for roles ${entry.roles.join(', ')}` }
}

export const pagesOf = (viewer: Viewer) => ROUTE_LIST.filter((entry) => viewerOf(entry) === viewer)

/** The page at the current URL is the entry's own: its <h1>, and a dialog route's dialog. */
export async function expectOwnPage(page: Page, entry: RouteEntry, url: string) {
  const h1 = page.locator('h1').first()
  await expect(h1, `${url} has an <h1>`).toBeVisible()
  const text = (await h1.innerText()).trim()
  const own = isOwnHeading(entry.heading!, text) || ALSO_OWN[entry.id as RouteId] === text
  expect(own, `${url} shows "${text}", not ${entry.id}'s own <h1>`).toBe(true)
  if (entry.dialog) await expect(page.getByRole('dialog', { name: entry.dialog })).toBeVisible()
}

/** The first campaign of the account's list, as a user would pick one (other specs change some). */
export async function firstCampaign(page: Page, list: string): Promise<number> {
  await page.goto(list)
  const id = await page.locator('tr[data-campaign-id]').first().getAttribute('data-campaign-id')
  expect(id, 'the account has a campaign').toBeTruthy()
  return Number(id)
}

/** A saved report of the account (none is seeded), so a report's view and dialogs show themselves. */
export async function savedReport(request: APIRequestContext, email: string, accountId: number) {
  const answer = await request.post(
    `/ads/adinventory/v1/analytics/saveAndScheduleReport?userId=${accountId}`,
    {
      headers: { authorization: `Bearer ${poolToken(email)}` },
      data: {
        reportEntityId: '',
        reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
        isRegenerate: true,
        isDefault: false,
        dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
        reportMetaData: {
          reportName: `axe every page ${test.info().project.name} ${Date.now()}`,
          isSaved: true,
        },
        dimensionFields: { campaign_id: true, campaign_name: true },
        metricFields: { impressions: true, clicks: true, ad_spend: true, orders: true },
        filters: null,
        scheduleDetails: null,
      },
    },
  )
  expect(answer.status(), await answer.text()).toBe(201)
  return ((await answer.json()) as { data: { reportEntityId: string } }).data.reportEntityId
}

/** The sample report id of route-params.ts, replaced by a real saved report's. */
const SAMPLE_REPORT_ID = '00000000-0000-4000-8000-000000000000'

export type Sample = { campaignId: number; reportId?: string }

/** The URL a walk opens for an entry: its sample parameters and any query it needs. */
export function urlOf(entry: RouteEntry, sample: Sample): string {
  const url = samplePath(entry, sample.campaignId) + (QUERY[entry.id as RouteId] ?? '')
  return sample.reportId ? url.replace(SAMPLE_REPORT_ID, sample.reportId) : url
}

/**
 * Opens each entry in turn, checks that the page is its own, and runs `check` on it (axe, widths).
 * Returns what `check` found, every page's findings at once.
 */
export async function walk(
  page: Page,
  entries: readonly RouteEntry[],
  sample: Sample,
  check: (url: string) => Promise<string[]>,
): Promise<string[]> {
  const found: string[] = []
  for (const entry of entries) {
    const url = urlOf(entry, sample)
    const response = await page.goto(url)
    expect(response?.status(), `${url} answers`).toBeLessThan(400)
    await expectOwnPage(page, entry, url)
    found.push(...(await check(url)))
  }
  return found
}

/**
 * The pages reached only in the middle of a flow, each reached as a user does, then `check`ed:
 * this project's superadmin-login (no live session) at the two-factor step; a demo user (live
 * sessions in the fixture's pool) warned that it is logged in elsewhere; the reset code's step.
 */
export async function walkMidSignIn(
  page: Page,
  email: string,
  check: (url: string) => Promise<string[]>,
): Promise<string[]> {
  const found: string[] = []
  const reached = async (id: RouteId) => {
    const entry = ROUTES[id]
    await expect(page).toHaveURL(entry.path)
    await expectOwnPage(page, entry, entry.path)
    found.push(...(await check(entry.path)))
  }
  const signIn = async (who: string) => {
    await page.goto('/')
    await page.getByLabel('User name').fill(who)
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
  }
  await signIn(email)
  await reached('loginVerify')
  await page.context().clearCookies()
  await signIn('ops@example.com')
  await reached('loginElsewhere')
  await page.context().clearCookies()
  // Matching passwords lead to the code step; the password stays as it was (no code is entered).
  await page.goto(ROUTES.forgotPassword.path)
  await page.getByLabel('User name').fill(email)
  await page.getByLabel('New Password').fill('an unused passphrase, 2026')
  await page.getByLabel('Confirm Password').fill('an unused passphrase, 2026')
  await page.getByRole('button', { name: 'Get OTP' }).click()
  await reached('forgotPasswordVerify')
  await page.context().clearCookies()
  expect(pagesOf('mid sign-in').map((e) => e.id)).toEqual(Object.keys(MID_SIGN_IN))
  return found
}

type Fixtures = {
  page: Page
  request: APIRequestContext
  signInAs: (email: string, options?: { sellerId?: number | null }) => Promise<void>
  e2eAccount: (name: string) => { email: string; id: number }
}

/**
 * Signs the browser in as the viewer (or leaves it signed out) and returns the sample rows its pages
 * open: the first campaign of its list, and a saved report made for it (none is seeded).
 */
export async function enter(viewer: Viewer, f: Fixtures): Promise<Sample> {
  const { page, request, signInAs, e2eAccount } = f
  switch (viewer) {
    case 'signed out':
    case 'mid sign-in':
      return { campaignId: 1 }
    case 'a SELLER with terms pending':
      // A demo seller that has not accepted; terms.spec.ts only looks at it, as this does.
      await signInAs('newseller@example.com')
      return { campaignId: 1 }
    case 'a SELLER': {
      const seller = e2eAccount('seller-list')
      const reportId = await savedReport(request, seller.email, seller.id)
      await signInAs(seller.email)
      return { campaignId: await firstCampaign(page, ROUTES.campaigns.path), reportId }
    }
    case 'an AGENCY':
      await signInAs(e2eAccount('agency-list').email, { sellerId: e2eAccount('brand-list').id })
      return { campaignId: 1 }
    case 'a BRAND':
      // brand@example.com (account 200001) has the seeded pending request 7 (route-params.ts).
      await signInAs('brand@example.com')
      return { campaignId: 1 }
    case 'a SUPERADMIN': {
      const seller = e2eAccount('seller-list')
      const reportId = await savedReport(request, 'superadmin@example.com', seller.id)
      await signInAs('superadmin@example.com', { sellerId: seller.id })
      return { campaignId: await firstCampaign(page, ROUTES.adminCampaigns.path), reportId }
    }
  }
}

/** Every viewer that walks pages with a session or none (mid sign-in has its own walk). */
export const SESSION_VIEWERS: Viewer[] = [
  'signed out',
  'a SELLER with terms pending',
  'a SELLER',
  'an AGENCY',
  'a BRAND',
  'a SUPERADMIN',
]
