// Walks every entry of the route table (app/route-table.ts) for every role and session state: each path
// ends where the spec's guard rules (accounts §2 "Route guard") say, and the page it ends on shows its
// own <h1> (and a dialog route its dialog), so a page that fails at its own URL fails here too. Runs
// once, without JavaScript (the 'routes' project). The walk asks with the browser context's own HTTP
// client (its cookies, following redirects as a browser does) and reads the server's HTML: what a
// browser without JavaScript gets, without laying out and painting ~1,000 pages (decision 063). The
// session check at the end is a real navigation.
import type { Page } from '@playwright/test'
import { Window } from 'happy-dom'
import {
  entryAt,
  type Heading,
  ROUTE_LIST,
  ROUTES,
  type RouteEntry,
  type RouteId,
} from '../../app/route-table'
import { ADMIN_ROLES, type Role } from '../../platform/rules/roles'
import { expect, test } from './fixtures'
import { samplePath } from './route-params'

type State = { name: string; email?: string; role?: Role; sellerId?: number | null; tnc?: boolean }

const STATES: State[] = [
  { name: 'signed out' },
  {
    name: 'SUPERADMIN with an account',
    email: 'superadmin@example.com',
    role: 'SUPERADMIN',
    sellerId: 100001,
  },
  {
    name: 'SUPERADMIN without an account',
    email: 'superadmin@example.com',
    role: 'SUPERADMIN',
    sellerId: null,
  },
  { name: 'OPS with an account', email: 'ops@example.com', role: 'OPS', sellerId: 200001 },
  { name: 'OPS without an account', email: 'ops@example.com', role: 'OPS', sellerId: null },
  { name: 'AGENCY with a linked brand', email: 'agency@example.com', role: 'AGENCY', sellerId: 200001 },
  { name: 'AGENCY without a brand', email: 'agency@example.com', role: 'AGENCY', sellerId: null },
  {
    name: 'AGENCY, terms not accepted',
    email: 'agency2@example.com',
    role: 'AGENCY',
    sellerId: null,
    tnc: false,
  },
  { name: 'BRAND', email: 'brand@example.com', role: 'BRAND', sellerId: 200001 },
  { name: 'SELLER', email: 'seller@example.com', role: 'SELLER', sellerId: 100001 },
  {
    name: 'SELLER, terms not accepted',
    email: 'newseller@example.com',
    role: 'SELLER',
    sellerId: 100006,
    tnc: false,
  },
]

/** A query some pages need to be themselves (the external login landing shows its hand-off). */
const QUERY: Partial<Record<RouteId, string>> = { externalLogin: '?token=route-table' }

/**
 * Entries that answer 404 on this server although the guard lets the user through: the Outbox exists
 * only outside production without SMTP_URL (the browser tests' server is production with SMTP), and the
 * seeded agency documents were received offline, so no file is stored to view. The walked accounts have
 * no saved report: a saved report's view and dialogs, opened with the sample id, answer 404 inside the
 * shell (tests/e2e/saved-reports.spec.ts opens real ones).
 */
const ABSENT: Partial<Record<RouteId, true>> = {
  adminOutbox: true,
  adminAgencyDocument: true,
  savedReportView: true,
  savedReportDelete: true,
  savedReportDownload: true,
  adminSavedReportView: true,
  adminSavedReportDelete: true,
  adminSavedReportDownload: true,
}

const isAdmin = (state: State) => (ADMIN_ROLES as readonly Role[]).includes(state.role!)
const LOGIN = ROUTES.login.path
const TERMS = ROUTES.terms.path
const UNAUTHORIZED = ROUTES.unauthorized.path

/** Where Login sends a signed-in user (then that page's own guard applies). */
function home(state: State): string {
  const campaigns = isAdmin(state) ? ROUTES.adminCampaigns : ROUTES.campaigns
  const chooser = isAdmin(state) ? ROUTES.adminSelectAccount : ROUTES.selectAccount
  const choosesAccount = isAdmin(state) || state.role === 'AGENCY'
  return expected(choosesAccount && !state.sellerId ? chooser : campaigns, state)
}

/** The spec's guard rules (accounts §2 "Route guard") applied to an entry: the path it ends on. */
function expected(entry: RouteEntry, state: State, campaignId = 0): string {
  const signedIn = Boolean(state.email)
  const termsPending = state.tnc === false && (state.role === 'AGENCY' || Boolean(state.sellerId))
  switch (entry.id as RouteId) {
    case 'login':
    case 'externalLogin':
      // Login and external-login pages redirect signed-in users.
      return signedIn ? home(state) : entry.path
    case 'loginVerify':
    case 'loginElsewhere':
      // Steps of a sign-in in progress: without one, back to Login (which sends a signed-in user home).
      return signedIn ? home(state) : LOGIN
    case 'forgotPasswordVerify':
      return ROUTES.forgotPassword.path
    case 'unauthorized':
    case 'invitation':
    case 'forgotPassword':
    case 'forgotPasswordDone':
    case 'termsNotAccepted':
      return entry.path
    case 'terms':
      // The click-wrap page is for SELLER, BRAND and AGENCY who have not accepted; others: unauthorized.
      if (!signedIn) return LOGIN
      if (isAdmin(state) || state.tnc !== false) return UNAUTHORIZED
      return entry.path
    case 'staticTerms':
      return signedIn && state.tnc !== false ? UNAUTHORIZED : entry.path
  }
  if (!signedIn) return LOGIN
  if (entry.roles && !entry.roles.includes(state.role!)) return home(state)
  if (termsPending && !entry.termsPage) return TERMS
  if (entry.needsSeller && !state.sellerId) return home(state)
  // The editor cards' download is posted; a GET of it goes back to the editor.
  if (entry.id === 'createCampaignDownload') return expected(ROUTES.createCampaign, state, campaignId)
  if (entry.id === 'advancedReports') {
    // It sets advanced mode and goes to save-schedule-report under the role's prefix.
    return expected(isAdmin(state) ? ROUTES.adminSaveScheduleReport : ROUTES.saveScheduleReport, state)
  }
  return samplePath(entry, campaignId)
}

const headingText = (heading: Heading) => (typeof heading === 'string' ? heading : `${heading.startsWith}…`)

/** What a page at a path must show: its entry's <h1> and, for a dialog route, the dialog's title. */
function ownPage(pathname: string): string {
  const entry = entryAt(pathname)
  if (!entry) return 'no entry in the route table'
  if (entry.heading === null) return 'a file'
  return `h1 "${headingText(entry.heading)}"${entry.dialog ? `, dialog "${entry.dialog}"` : ''}`
}

/** Text as a reader sees it: runs of white space made one space, trimmed. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** One parser for the walk's pages (no scripts, styles or subresources are loaded). */
const parser = new new Window().DOMParser()

/** What the HTML shows: its <h1> (a data-dependent end cut to the entry's fixed start), its dialog. */
function shownPage(html: string, pathname: string): string {
  const entry = entryAt(pathname)
  const document = parser.parseFromString(html, 'text/html')
  const h1 = [...document.querySelectorAll('h1')]
    .map((element) => {
      const text = plain(element.textContent)
      const heading = entry?.heading
      return heading && typeof heading !== 'string' && text.startsWith(heading.startsWith)
        ? headingText(heading)
        : text
    })
    .join(' | ')
  const dialogs = [...document.querySelectorAll('[role="dialog"] h2')].map((e) => plain(e.textContent))
  return `h1 "${h1}"${dialogs.length ? `, dialog "${dialogs.join(' | ')}"` : ''}`
}

/** A campaign of the state's account that it may delete (so its delete dialog and history open). */
async function deletableCampaign(page: Page, state: State): Promise<number> {
  const list = isAdmin(state) ? ROUTES.adminCampaigns : ROUTES.campaigns
  if (expected(list, state) !== list.path) return 1 // the guard answers before the id is read
  await page.goto(list.path)
  const href = await page.locator('a[href*="/delete"]').first().getAttribute('href')
  const id = Number(href?.match(/\/campaigns\/(\d+)\/delete/)?.[1])
  expect(id, `a deletable campaign on ${list.path}`).toBeGreaterThan(0)
  return id
}

for (const state of STATES) {
  test(`route table: ${state.name}`, async ({ page, signInAs }) => {
    test.setTimeout(180_000)
    if (state.email) await signInAs(state.email, { sellerId: state.sellerId ?? null })
    const campaignId = await deletableCampaign(page, state)
    const outcomes: string[] = []
    const wanted: string[] = []
    // Any other path redirects to / (spec accounts §2), the bare /admin included.
    const unknown = ['/no/such/page', '/admin'].map((path) => ({ id: 'unknown', path }) as RouteEntry)
    const walk = [...ROUTE_LIST, ...unknown]
    for (const entry of walk) {
      const url =
        (entry.id === 'unknown' ? entry.path : samplePath(entry, campaignId)) +
        (QUERY[entry.id as RouteId] ?? '')
      const target =
        entry.id === 'unknown' ? (state.email ? home(state) : LOGIN) : expected(entry, state, campaignId)
      wanted.push(
        `${url} → ${target}: ${ABSENT[entry.id as RouteId] && target === url ? 'status 404' : ownPage(target)}`,
      )

      const response = await page.request.get(url)
      const landed = new URL(response.url()).pathname
      const type = response.headers()['content-type'] ?? ''
      if (!response.ok()) outcomes.push(`${url} → ${landed}: status ${response.status()}`)
      else if (type.startsWith('text/html'))
        outcomes.push(`${url} → ${landed}: ${shownPage(await response.text(), landed)}`)
      else outcomes.push(`${url} → ${landed}: ${type.startsWith('text/csv') ? 'a file' : type}`)
    }
    expect(outcomes).toEqual(wanted)
    if (state.email) {
      // The walk did not end the session: the home page still answers as signed in.
      await page.goto(LOGIN)
      await expect(page).toHaveURL(home(state))
    }
  })
}
