// EVERY page of the route table (issue 14 "Everyone"; decisions 053 and 063), JavaScript on (project
// js-on) and off (project js-off), in one walk: axe finds zero serious or critical violations (WCAG
// 2.0/2.1 A and AA, WCAG 2.2 AA), and the page does not scroll sideways at 360 px (a phone) nor at
// 1366 px (a laptop): the window is resized on the page as it stands, without a second visit.
// Complete by construction (every-page.ts): each entry of ROUTE_LIST is walked by a viewer that may see
// it (a role's session, signed out, or mid sign-in) or listed in NOT_A_PAGE with the reason; the first
// test fails on an entry that is neither, so a new route is covered the day it is added. Each page must
// show itself (its own <h1>, and a dialog route its dialog), so a redirect cannot pass for the page.
// axe is itself a script, and hangs in a browser with JavaScript disabled: js-off keeps the engine on and
// refuses every script file the page asks for, so the DOM is the server's HTML, never hydrated, as a
// browser without JavaScript shows it (the same as a11y.spec.ts; decision 023).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ROUTE_LIST } from '../../app/route-table'
import {
  enter,
  MID_SIGN_IN,
  NOT_A_PAGE,
  pagesOf,
  SESSION_VIEWERS,
  viewerOf,
  walk,
  walkMidSignIn,
} from './every-page'
import { expect, test } from './fixtures'
import { AXE_TAGS, sidewaysAtWidths } from './page-checks'

test.use({ javaScriptEnabled: true })

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name !== 'js-off') return
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'script' ? route.abort() : route.continue(),
  )
})

test('every route-table entry is walked by a viewer or listed with its reason', () => {
  const unplaced = ROUTE_LIST.flatMap((entry) => {
    const viewer = viewerOf(entry)
    return typeof viewer === 'string' || !viewer.reason.startsWith('NO ')
      ? []
      : [`${entry.id}: ${viewer.reason}`]
  })
  expect(unplaced).toEqual([])
  // The reasons name only entries that exist; walked and listed make up the whole table.
  const ids = new Set(ROUTE_LIST.map((entry) => entry.id))
  expect(Object.keys(NOT_A_PAGE).filter((id) => !ids.has(id))).toEqual([])
  const walked = [...SESSION_VIEWERS, 'mid sign-in' as const].flatMap((viewer) => pagesOf(viewer))
  expect(walked.length + Object.keys(NOT_A_PAGE).length).toBe(ROUTE_LIST.length)
  expect(pagesOf('mid sign-in').length).toBe(Object.keys(MID_SIGN_IN).length)
})

/** The serious and critical violations on the page as it stands, one readable line per element. */
async function axeFindings(page: Page, what: string): Promise<string[]> {
  if (test.info().project.name === 'js-off') {
    // Remix sets its router on window when it hydrates: here it never did.
    expect(await page.evaluate(() => '__remixRouter' in window), `${what} is not hydrated`).toBe(false)
  }
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${what}: [${v.impact}] ${v.id} — ${v.help}\n    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`,
      ),
    )
}

/** The widths every page is checked at for sideways scrolling (decision 022). */
const WIDTHS = [360, 1366] as const

/** axe's findings on the page, then what scrolls sideways at each width. */
async function pageFindings(page: Page, url: string): Promise<string[]> {
  return [...(await axeFindings(page, url)), ...(await sidewaysAtWidths(page, url, WIDTHS))]
}

test.describe('every page: no serious axe violation, no sideways scroll at 360 px or 1366 px', () => {
  // A walk is up to thirty pages under axe; a busy two-core machine takes seconds per page.
  test.describe.configure({ timeout: 600_000 })

  for (const viewer of SESSION_VIEWERS) {
    test(viewer, async ({ page, request, signInAs, e2eAccount }) => {
      const pages = pagesOf(viewer)
      expect(pages.length).toBeGreaterThan(0)
      const sample = await enter(viewer, { page, request, signInAs, e2eAccount })
      const found = await walk(page, pages, sample, (url) => pageFindings(page, url))
      expect(found, `findings:\n${found.join('\n')}`).toEqual([])
    })
  }

  // These pages are reached once per run (a second sign-in or reset request would meet the first).
  test('mid sign-in: two-factor, logged in elsewhere, the reset code', async ({ page, e2eUser }) => {
    const found = await walkMidSignIn(page, e2eUser('superadmin-login').email, (url) =>
      pageFindings(page, url),
    )
    expect(found, `violations:\n${found.join('\n')}`).toEqual([])
  })
})
