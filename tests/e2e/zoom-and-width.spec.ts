// Zoom (issue 14 "Everyone"; decision 053), JavaScript on and off. (That no page of the route table
// scrolls sideways at 360 px is checked in a11y-every-page.spec.ts's walk, decision 063.)
// - the main pages are usable at 200 % zoom: a 1280×800 window at 200 % is a 640×400 CSS px viewport at
//   device scale factor 2. No sideways scroll, the <h1> in view as the page opens, and the page's
//   primary action reachable (scrolled to), wholly inside the viewport, not covered by another element
//   and its text not clipped; no control of the page overlaps another or has its text cut off.
import type { Locator, Page } from '@playwright/test'
import { ROUTES } from '../../app/route-table'
import { enter, type Viewer } from './every-page'
import { editorHeading } from './e2e-campaign-page'
import { expect, test } from './fixtures'
import { expectNoSidewaysScroll } from './page-checks'

type MainPage = {
  what: string
  viewer: Viewer
  path: string
  heading: (page: Page) => Locator
  primary: (page: Page) => Locator
}

const h1 = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1, exact: true })

/** The main pages (issue 14) and the action each is for. */
const MAIN_PAGES: MainPage[] = [
  {
    what: 'Login',
    viewer: 'signed out',
    path: ROUTES.login.path,
    heading: h1('Login'),
    primary: (page) => page.getByRole('button', { name: 'Login' }),
  },
  {
    what: 'the campaign list',
    viewer: 'a SELLER',
    path: ROUTES.campaigns.path,
    heading: h1('Campaigns'),
    primary: (page) => page.getByRole('link', { name: 'Create New Campaign' }),
  },
  {
    what: 'the campaign editor',
    viewer: 'a SELLER',
    path: `${ROUTES.createCampaign.path}?class=Sponsored`,
    heading: editorHeading,
    primary: (page) => page.getByRole('button', { name: 'Save & continue' }),
  },
  {
    what: 'Analytics',
    viewer: 'a SELLER',
    path: ROUTES.analytics.path,
    heading: h1('Analytics'),
    primary: (page) => page.getByRole('button', { name: 'Generate', exact: true }),
  },
  {
    what: 'Saved Reports',
    viewer: 'a SELLER',
    path: ROUTES.savedReports.path,
    heading: h1('Saved Reports'),
    primary: (page) => page.getByRole('link', { name: 'New report' }),
  },
  {
    what: 'Save and Schedule Report',
    viewer: 'a SELLER',
    path: ROUTES.saveScheduleReport.path,
    heading: h1('Save and Schedule Report'),
    primary: (page) => page.getByRole('button', { name: 'Save', exact: true }),
  },
  {
    what: 'User Management',
    viewer: 'a SUPERADMIN',
    path: ROUTES.adminUserManagement.path,
    heading: h1('User Management'),
    primary: (page) => page.getByRole('link', { name: 'All Advertisers' }),
  },
  {
    what: 'Billing',
    viewer: 'a SUPERADMIN',
    path: ROUTES.adminBilling.path,
    heading: h1('Billing'),
    primary: (page) => page.getByRole('button', { name: 'Upload payments' }),
  },
  {
    what: 'Bulk Upload',
    viewer: 'a SUPERADMIN',
    path: ROUTES.adminBulkUpload.path,
    heading: h1('Bulk Upload'),
    primary: (page) => page.getByRole('button', { name: 'Upload', exact: true }),
  },
]

/** The control is reachable, wholly in the 640 px viewport, on top where it is drawn, its text whole. */
async function expectUsable(control: Locator, what: string) {
  await control.scrollIntoViewIfNeeded()
  await expect(control, `${what} is visible`).toBeVisible()
  await expect(control, `${what} is wholly in view`).toBeInViewport({ ratio: 1 })
  const fit = await control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return {
      left: box.left,
      right: box.right,
      width: window.innerWidth,
      onTop: Boolean(hit && (hit === element || element.contains(hit))),
      clipped:
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
    }
  })
  expect(fit.left, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0)
  expect(fit.right, `${what} ends inside the viewport`).toBeLessThanOrEqual(fit.width)
  expect(fit.onTop, `${what} is not covered by another element`).toBe(true)
  expect(fit.clipped, `${what}'s text is not clipped`).toBe(false)
}

/**
 * Controls of the page (links, buttons, fields) whose boxes overlap another's, or whose text is cut
 * off by their own box: what a zoomed page gets wrong when its layout does not reflow. Visually
 * hidden elements (a 1 px clip) and a control inside another (a label around its input) do not count.
 */
async function overlapsAndClipping(page: Page, what: string): Promise<string[]> {
  return page.evaluate((what) => {
    /** The part of the element the user can see: its box cut by every ancestor that clips. */
    const shown = (e: HTMLElement) => {
      const box = e.getBoundingClientRect()
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom]
      for (let a: HTMLElement | null = e; a; a = a.parentElement) {
        const style = getComputedStyle(a)
        // Visually hidden (the 1 px clip of a screen-reader-only control): nothing shows.
        if (
          style.clip === 'rect(0px, 0px, 0px, 0px)' ||
          style.visibility === 'hidden' ||
          style.opacity === '0'
        )
          return null
        if (a !== e && (style.overflowX !== 'visible' || style.overflowY !== 'visible')) {
          const clip = a.getBoundingClientRect()
          left = Math.max(left, clip.left)
          top = Math.max(top, clip.top)
          right = Math.min(right, clip.right)
          bottom = Math.min(bottom, clip.bottom)
        }
      }
      return right - left > 2 && bottom - top > 2 ? { left, top, right, bottom } : null
    }
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'main a, main button, main input, main select, main textarea',
      ),
    ].flatMap((e) => {
      const box = shown(e)
      return box ? [{ e, box }] : []
    })
    const name = (e: HTMLElement) =>
      `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') || e.textContent || e.getAttribute('name') || e.id).trim().slice(0, 40)}"`
    const found: string[] = []
    for (const { e } of controls) {
      const text = e.tagName === 'BUTTON' || e.tagName === 'A'
      if (text && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
        found.push(`${what}: the text of ${name(e)} is clipped (${e.scrollWidth} px in ${e.clientWidth} px)`)
    }
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const { e: a, box: r } = controls[i]!
        const { e: b, box: q } = controls[j]!
        if (a.contains(b) || b.contains(a)) continue
        const w = Math.min(r.right, q.right) - Math.max(r.left, q.left)
        const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top)
        if (w > 2 && h > 2)
          found.push(`${what}: ${name(a)} overlaps ${name(b)} (${Math.round(w)}×${Math.round(h)} px)`)
      }
    }
    return found
  }, what)
}

test.describe('at 200 % zoom (a 1280×800 window: 640×400 CSS px) the main pages are usable', () => {
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 })
  test.describe.configure({ timeout: 180_000 })

  for (const viewer of ['signed out', 'a SELLER', 'a SUPERADMIN'] as const) {
    const pages = MAIN_PAGES.filter((p) => p.viewer === viewer)
    test(`${pages.map((p) => p.what).join(', ')}`, async ({ page, request, signInAs, e2eAccount }) => {
      await enter(viewer, { page, request, signInAs, e2eAccount })
      for (const main of pages) {
        await page.goto(main.path)
        const heading = main.heading(page)
        await expect(heading, `${main.what}: its <h1> shows as the page opens`).toBeInViewport()
        await expectNoSidewaysScroll(page, main.what)
        await expectUsable(main.primary(page), `${main.what}: its primary action`)
        expect(await overlapsAndClipping(page, main.what)).toEqual([])
        // Reaching the action scrolled nothing sideways either.
        expect(await page.evaluate(() => window.scrollX), `${main.what} did not scroll sideways`).toBe(0)
      }
    })
  }
})
