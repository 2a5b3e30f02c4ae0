// The checks every page gets in the specs (definition of done): no sideways scroll at the current width,
// and axe finds nothing serious or critical. Failures say what sticks out and which rule broke where.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
/** What one axe run may add to its test's time limit. */
const AXE_PAGE_BUDGET_MS = 15_000

/**
 * How far the page is wider than the window at the current width, naming the outermost elements past
 * its right edge; no finding when it does not scroll sideways.
 */
export async function sidewaysFindings(page: Page, what: string): Promise<string[]> {
  const { extra, width, wide } = await page.evaluate(() => ({
    extra: document.documentElement.scrollWidth - window.innerWidth,
    width: window.innerWidth,
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (e) => !e.parentElement || e.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
      )
      .slice(0, 5)
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)} px)`,
      ),
  }))
  return extra > 0 ? [`${what} scrolls sideways by ${extra} px at ${width} px: ${wide.join(', ')}`] : []
}

/** The page scrolls sideways by no pixel; otherwise names the outermost elements past the right edge. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  expect(await sidewaysFindings(page, what)).toEqual([])
}

/**
 * The same page at each width in turn (the window resized, the page not reloaded): what scrolls
 * sideways at any of them. The window goes back to the size it had.
 */
export async function sidewaysAtWidths(
  page: Page,
  what: string,
  widths: readonly number[],
): Promise<string[]> {
  const before = page.viewportSize()
  const found: string[] = []
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 800 ? 740 : 768 })
    found.push(...(await sidewaysFindings(page, what)))
  }
  if (before) await page.setViewportSize(before)
  return found
}

/** axe (WCAG 2.2 AA tags) reports no serious or critical violation. */
export async function expectNoSeriousAxe(page: Page, what: string) {
  // axe takes seconds per page on a busy two-core machine: each page checked adds to the test's budget,
  // so a test that checks several pages is not cut off by the 30 s meant for one journey.
  const { timeout } = test.info()
  if (timeout > 0) test.info().setTimeout(timeout + AXE_PAGE_BUDGET_MS)
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])
}

/** Both checks. */
export async function expectFitsAndAccessible(page: Page, what: string) {
  await expectNoSidewaysScroll(page, what)
  await expectNoSeriousAxe(page, what)
}
