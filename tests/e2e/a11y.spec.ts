// axe (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) on every page a user can reach in the two account states that
// a11y-every-page.spec.ts does not walk: a seller without credits (its notices on every page) and an
// agency with a brand selected (every page the agency sees, the shared ones included). The plain seller,
// the SUPERADMIN with an account and the signed-out pages are a11y-every-page's own walks (the same
// accounts and pages; walked here too until CI time ran short, decision 062). Runs with JavaScript on
// and off (projects js-on, js-off). Fails on any serious or critical violation and prints them all.
// axe is itself a script and hangs in a browser with JavaScript disabled, so the js-off project keeps
// the engine on and refuses every script file the page asks for: the page stays the server's HTML,
// never hydrated, as a browser without JavaScript shows it (docs/decisions/023).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ROUTE_LIST, ROUTES, type RouteEntry, treeOf } from '../../app/route-table'
import type { Role } from '../../platform/rules/roles'
import { expect, test } from './fixtures'
import { samplePath } from './route-params'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

test.use({ javaScriptEnabled: true })

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name !== 'js-off') return
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'script' ? route.abort() : route.continue(),
  )
})

/** Pages for a signed-in role: its tree's and the open tree's entries that allow it, and its public ones. */
function pagesFor(role: Role): RouteEntry[] {
  return ROUTE_LIST.filter(
    (entry) =>
      entry.heading !== null &&
      (entry.roles ? entry.roles.includes(role) : entry.tree === 'any') &&
      (entry.tree === treeOf(role) || entry.tree === 'any' || entry.tree === 'public'),
  )
}

/** Runs axe on `url`; the serious and critical violations, one readable line per element. */
async function violations(page: Page, url: string): Promise<string[]> {
  const response = await page.goto(url)
  expect(response?.status(), `${url} answers`).toBeLessThan(500)
  await expect(page.locator('h1').first()).toBeVisible()
  if (test.info().project.name === 'js-off') {
    // Remix sets its router on window when it hydrates: here it never did.
    expect(await page.evaluate(() => '__remixRouter' in window)).toBe(false)
  }
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${url} (at ${new URL(page.url()).pathname}): [${v.impact}] ${v.id} — ${v.help}\n    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\n/g, ' ')}`,
      ),
    )
}

/** Every page of the role, with `:id` the first campaign of the account's list. */
async function scanRole(page: Page, role: Role) {
  const list = treeOf(role) === 'admin' ? ROUTES.adminCampaigns.path : ROUTES.campaigns.path
  await page.goto(list)
  const id = await page.locator('tr[data-campaign-id]').first().getAttribute('data-campaign-id')
  expect(id, 'the account has a campaign').toBeTruthy()
  const found: string[] = []
  const seen: string[] = []
  for (const entry of pagesFor(role)) {
    const url = samplePath(entry, Number(id))
    seen.push(url)
    found.push(...(await violations(page, url)))
  }
  expect(seen.length).toBeGreaterThan(3)
  expect(found, `axe violations:\n${found.join('\n')}`).toEqual([])
}

test.describe('axe finds no serious or critical violation', () => {
  // Every page of a role in one test (one session); axe on a full list takes seconds on a busy machine.
  test.describe.configure({ timeout: 480_000 })

  test('on every page of a seller without credits', async ({ page, signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-nocredit').email)
    await scanRole(page, 'SELLER')
  })

  test('on every page of an agency with a brand', async ({ page, signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('agency-list').email, { sellerId: e2eAccount('brand-list').id })
    await scanRole(page, 'AGENCY')
  })
})
