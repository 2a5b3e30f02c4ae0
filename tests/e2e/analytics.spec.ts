// The analytics page (issue 12, spec accounts §2 "Analytics landing page", docs/decisions/041), with
// JavaScript on and off: a SELLER generates a campaign performance report for the last 7 days and every
// figure (each row and the totals row) equals a direct sum over performance_daily for that account and
// range; the trend chart and its data table; pages and rows per page; Select all; custom dates' message;
// axe; 360 px; keyboard only. Read-only: each project uses its own seller-analytics account.
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import pg from 'pg'
import { addDays, istDate } from '../../platform/rules/time'
import { expect, test } from './fixtures'
import { tabTo } from './keyboard-kit'
import { FACT_SUMS_FILE, type FactSums } from './paths'

const jsOff = () => test.info().project.name === 'js-off'
const rows = (page: Page) => page.getByTestId('report-row')
const totals = (page: Page) => page.getByTestId('report-totals')

type Figures = { impressions: number; clicks: number; spend: number; orders: number; sales: number }

/**
 * The sums per campaign (money in paise) over performance_daily for the account and inclusive range.
 * On PostgreSQL (E2E_DATABASE_URL, set by global-setup) a direct SQL sum now; on PGlite the SQL sums
 * global-setup took before the server started (nothing writes this account's facts afterwards: the e2e
 * server has no demo mode, so no simulator).
 */
async function expectedSums(campaigns: Record<string, number>, from: string, to: string) {
  const sums = new Map<number, Figures>()
  const url = process.env.E2E_DATABASE_URL
  if (url) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const result = await client.query(
        `select p.campaign_id::int as id, sum(p.impressions)::bigint as impressions, sum(p.clicks)::bigint as clicks,
                sum(p.spend)::bigint as spend, sum(p.orders)::bigint as orders, sum(p.sales)::bigint as sales
           from performance_daily p
          where p.campaign_id = any($1::bigint[]) and p.day between $2 and $3
          group by p.campaign_id`,
        [Object.values(campaigns), from, to],
      )
      for (const r of result.rows) {
        sums.set(Number(r.id), {
          impressions: Number(r.impressions),
          clicks: Number(r.clicks),
          spend: Number(r.spend),
          orders: Number(r.orders),
          sales: Number(r.sales),
        })
      }
    } finally {
      await client.end()
    }
    return sums
  }
  // PGlite: the server owns the data directory, so the SQL sums global-setup took over the same
  // database (per campaign and day, tests/e2e/paths.ts FACT_SUMS_FILE) before the server started.
  const wanted = new Set(Object.values(campaigns))
  const perDay = JSON.parse(readFileSync(FACT_SUMS_FILE, 'utf8')) as FactSums
  for (const f of perDay) {
    if (!wanted.has(f.campaignId) || f.day < from || f.day > to) continue
    const s = sums.get(f.campaignId) ?? { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 }
    s.impressions += f.impressions
    s.clicks += f.clicks
    s.spend += f.spend
    s.orders += f.orders
    s.sales += f.sales
    sums.set(f.campaignId, s)
  }
  return sums
}

const whole = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(n)
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)

/** The report's column keys, in order (data-key on each cell of a row). */
async function cellsOf(row: ReturnType<typeof rows>) {
  const keys = await row
    .locator('[data-key]')
    .evaluateAll((cells) =>
      cells.map((c) => [c.getAttribute('data-key')!, (c.textContent ?? '').trim()] as const),
    )
  return Object.fromEntries(keys) as Record<string, string>
}

async function chooseRowsPerPage(page: Page, size: string) {
  await page.getByLabel('Rows per page').selectOption(size)
  if (jsOff()) await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(new RegExp(`size=${size}`))
}

/** Fills the form the way a user does: Last 1 week, default fields, Generate. */
async function generateLastWeek(page: Page) {
  await page.goto('/analytics')
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  await expect(page.getByTestId('analytics-hint')).toBeVisible()
  await page.getByLabel('Date range').selectOption({ label: 'Last 1 week' })
  await page.getByRole('button', { name: 'Generate', exact: true }).click()
  await expect(page).toHaveURL(/run=1/)
  await expect(page.getByTestId('report-heading')).toBeVisible()
}

test.describe('a seller generates a campaign performance report', () => {
  test.beforeEach(async ({ signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-analytics').email)
  })

  test('for the last 7 days: every row and the totals equal the sums over performance_daily', async ({
    page,
    e2eAccount,
  }) => {
    await generateLastWeek(page)
    const today = istDate(new Date())
    const from = addDays(today, -7)
    const to = addDays(today, -1)
    await expect(page.getByTestId('report-heading')).toHaveText(`Campaign performance, ${from} to ${to}`)
    await chooseRowsPerPage(page, '100')
    const account = e2eAccount('seller-analytics')
    const sums = await expectedSums(account.campaigns, from, to)
    expect(sums.size).toBeGreaterThan(10)
    await expect(rows(page)).toHaveCount(sums.size)
    await expect(page.getByRole('columnheader')).toHaveText([
      'Campaign ID',
      'Campaign',
      'Impressions',
      'Clicks',
      'CTR (%)',
      'CPC (₹)',
      'Ad spend (₹)',
      'Orders',
      'Units',
      'Sales (₹)',
      'ROAS',
      'Conversion rate (%)',
    ])
    const names = Object.fromEntries(Object.entries(account.campaigns).map(([name, id]) => [id, name]))
    for (const row of await rows(page).all()) {
      const cells = await cellsOf(row)
      const id = Number(cells.campaign_id)
      const s = sums.get(id)
      expect(s, `campaign ${id} has facts in the range`).toBeDefined()
      expect(cells.campaign_name).toBe(names[id])
      expect(cells.impressions).toBe(whole(s!.impressions))
      expect(cells.clicks).toBe(whole(s!.clicks))
      expect(cells.ad_spend).toBe(rupees(s!.spend))
      expect(cells.orders).toBe(whole(s!.orders))
      expect(cells.sales).toBe(rupees(s!.sales))
      // Ratios from the sums, 2 decimals.
      expect(cells.ctr).toBe((s!.impressions ? (s!.clicks / s!.impressions) * 100 : 0).toFixed(2))
      expect(cells.roas).toBe((s!.spend ? s!.sales / s!.spend : 0).toFixed(2))
    }
    const all = [...sums.values()].reduce(
      (t, s) => ({
        impressions: t.impressions + s.impressions,
        clicks: t.clicks + s.clicks,
        spend: t.spend + s.spend,
        orders: t.orders + s.orders,
        sales: t.sales + s.sales,
      }),
      { impressions: 0, clicks: 0, spend: 0, orders: 0, sales: 0 },
    )
    const total = await cellsOf(totals(page))
    expect(total.campaign_id).toBe('Total, all pages')
    expect(total.impressions).toBe(whole(all.impressions))
    expect(total.clicks).toBe(whole(all.clicks))
    expect(total.ad_spend).toBe(rupees(all.spend))
    expect(total.orders).toBe(whole(all.orders))
    expect(total.sales).toBe(rupees(all.sales))
  })

  test('draws the trend chart by day with its figures as a table', async ({ page }) => {
    await generateLastWeek(page)
    const chart = page.getByTestId('trend-chart')
    await expect(chart).toBeVisible()
    await expect(chart.getByRole('img', { name: /^Impressions by day, / })).toBeVisible()
    await expect(chart.getByRole('img', { name: /^Clicks by day, / })).toBeVisible()
    await chart.getByText('Chart data as a table').click()
    const table = page.getByTestId('trend-table')
    await expect(table).toBeVisible()
    await expect(table.locator('tbody tr')).toHaveCount(7)
    const today = istDate(new Date())
    await expect(table.locator('tbody th').first()).toHaveText(addDays(today, -7))
    await expect(table.locator('tbody th').last()).toHaveText(addDays(today, -1))
    // The day figures add up to the totals row.
    const clickColumn = (await table.locator('thead th').allInnerTexts()).indexOf('Clicks')
    const perDay = await table.locator(`tbody tr td:nth-child(${clickColumn + 1})`).allInnerTexts()
    const sum = perDay.reduce((t, v) => t + Number(v.replace(/,/g, '')), 0)
    expect(whole(sum)).toBe((await cellsOf(totals(page))).clicks)
  })

  test('pages the rows: 10 per page, Next, then 20 per page on one page', async ({ page }) => {
    await generateLastWeek(page)
    await expect(rows(page)).toHaveCount(10)
    await expect(page.getByTestId('page-label')).toHaveText('Page 1 of 2')
    const firstPage = await rows(page).first().textContent()
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page.getByTestId('page-label')).toHaveText('Page 2 of 2')
    await expect(page).toHaveURL(/page=2/)
    expect(await rows(page).first().textContent()).not.toBe(firstPage)
    const onSecond = await rows(page).count()
    expect(onSecond).toBeGreaterThan(0)
    // The totals are over all pages, on every page.
    const totalOnSecond = await cellsOf(totals(page))
    await chooseRowsPerPage(page, '20')
    await expect(page.getByTestId('page-label')).toHaveText('Page 1 of 1')
    await expect(rows(page)).toHaveCount(10 + onSecond)
    expect(await cellsOf(totals(page))).toEqual(totalOnSecond)
    await expect(page.getByLabel('Date range')).toHaveValue('LAST_7D')
  })

  test('Select all ticks every campaign, Clear unticks them; the form keeps its other choices', async ({
    page,
  }) => {
    await page.goto('/analytics')
    await page.getByLabel('Date range').selectOption({ label: 'Last 1 month' })
    const group = page.getByRole('group', { name: 'Campaign', exact: true })
    const boxes = group.getByRole('checkbox')
    expect(await boxes.count()).toBeGreaterThan(10)
    await group.getByRole('button', { name: 'Select all Campaign' }).click()
    for (const box of await boxes.all()) await expect(box).toBeChecked()
    await expect(page.getByLabel('Date range')).toHaveValue('LAST_30D')
    await group.getByRole('button', { name: 'Clear Campaign' }).click()
    for (const box of await boxes.all()) await expect(box).not.toBeChecked()
    // Metrics that cannot be chosen are shown disabled.
    await expect(page.getByRole('checkbox', { name: /Add to cart/ })).toBeDisabled()
    await expect(page.getByRole('checkbox', { name: /PDP count/ })).toBeDisabled()
    await expect(page.getByRole('checkbox', { name: /Viewable impressions/ })).toBeDisabled()
  })

  test('filters by one campaign: the table has its row only', async ({ page, e2eAccount }) => {
    await page.goto('/analytics')
    await page.getByLabel('Date range').selectOption({ label: 'Last 1 week' })
    await page.getByRole('checkbox', { name: 'Winter Jackets', exact: true }).check()
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(rows(page)).toHaveCount(1)
    const id = e2eAccount('seller-analytics').campaigns['Winter Jackets']
    expect((await cellsOf(rows(page).first())).campaign_id).toBe(String(id))
    await expect(page.getByRole('checkbox', { name: 'Winter Jackets', exact: true })).toBeChecked()
  })

  test("custom dates: today is refused at the field with spec §5's words, keeping what was typed", async ({
    page,
  }) => {
    await page.goto('/analytics')
    const today = istDate(new Date())
    await page.getByLabel('Date range').selectOption({ label: 'Custom' })
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('max', addDays(today, -1))
    await page.getByLabel('From', { exact: true }).fill(addDays(today, -3))
    await page.getByLabel('To', { exact: true }).fill(today)
    await page.getByRole('button', { name: 'Generate', exact: true }).click()
    await expect(page.getByText('The latest date you can choose is yesterday')).toBeVisible()
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(today)
    await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(addDays(today, -3))
    await expect(page.getByTestId('report-heading')).toHaveCount(0)
  })

  test('the Actions menu opens Save and Schedule with the current choices', async ({ page }) => {
    await generateLastWeek(page)
    await page.getByText('Actions', { exact: true }).click()
    const save = page.getByRole('link', { name: 'Save and Schedule' })
    await expect(save).toBeVisible()
    const href = await save.getAttribute('href')
    expect(href).toMatch(
      /^\/save-schedule-report\?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&d=campaign_name&m=impressions/,
    )
    await expect(page.getByRole('link', { name: 'Saved reports' })).toHaveAttribute('href', '/saved-reports')
    await expect(page.getByRole('link', { name: 'Advanced reports' })).toHaveAttribute(
      'href',
      '/advanced-reports',
    )
  })
})

test.describe('staff', () => {
  test("a SUPERADMIN sees the selected account's report under /admin/analytics, with the admin links", async ({
    page,
    signInAs,
    e2eUser,
    e2eAccount,
  }) => {
    const account = e2eAccount('seller-analytics')
    await signInAs(e2eUser('superadmin-reports').email, { sellerId: account.id })
    const query =
      '?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&m=clicks&m=ad_spend&size=100&run=1'
    await page.goto(`/admin/analytics${query}`)
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
    const today = istDate(new Date())
    const sums = await expectedSums(account.campaigns, addDays(today, -7), addDays(today, -1))
    await expect(rows(page)).toHaveCount(sums.size)
    const clicks = [...sums.values()].reduce((t, s) => t + s.clicks, 0)
    expect((await cellsOf(totals(page))).clicks).toBe(whole(clicks))
    await page.getByText('Actions', { exact: true }).click()
    await expect(page.getByRole('link', { name: 'Save and Schedule' })).toHaveAttribute(
      'href',
      /^\/admin\/save-schedule-report\?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&m=clicks&m=ad_spend$/,
    )
    await expect(page.getByRole('link', { name: 'Saved reports' })).toHaveAttribute(
      'href',
      '/admin/saved-reports',
    )
  })
})

test.describe('access, narrow screens and keyboard', () => {
  test.beforeEach(async ({ signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-analytics').email)
  })

  test('at 360 px the page does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const url of [
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=2026-01-01&toDate=2026-01-02',
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&d=campaign_name&m=impressions&m=clicks&m=ad_spend&m=sales&m=roas&run=1',
    ]) {
      await page.goto(url)
      await expect(page.locator('h1').first()).toBeVisible()
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, url).toBeLessThanOrEqual(0)
    }
  })

  test('keyboard only: the Actions menu, a range, Generate, the next page', async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto('/analytics')
    // The Actions menu is a native disclosure: Enter opens it, its links follow.
    const actions = page.getByText('Actions', { exact: true })
    await tabTo(page, actions, 40)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Save and Schedule' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('link', { name: 'Save and Schedule' })).toBeHidden()
    const range = page.getByLabel('Date range')
    await tabTo(page, range)
    // A closed select steps with the arrow keys; Last 1 day → Last 1 week.
    await page.keyboard.press('ArrowDown')
    await expect(range).toHaveValue('LAST_7D')
    await tabTo(page, page.getByRole('button', { name: 'Generate', exact: true }), 200)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('report-heading')).toBeVisible()
    await expect(rows(page)).toHaveCount(10)
    await tabTo(page, page.getByRole('link', { name: 'Next page' }), 200)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('page-label')).toHaveText('Page 2 of 2')
    await expect(page).toHaveURL(/page=2/)
  })
})

// axe is itself a script and hangs with JavaScript disabled: as a11y.spec.ts does, the js-off project
// keeps the engine on and refuses every script file the page asks for (the server's HTML, never hydrated).
test.describe('axe', () => {
  test.use({ javaScriptEnabled: true })
  test.beforeEach(async ({ page, signInAs, e2eAccount }, testInfo) => {
    await signInAs(e2eAccount('seller-analytics').email)
    if (testInfo.project.name !== 'js-off') return
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
  })

  test('axe finds nothing serious or critical on the form and on a generated report', async ({ page }) => {
    const path =
      '/analytics?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&d=campaign_name&m=impressions&m=clicks&m=ad_spend&run=1'
    for (const url of ['/analytics', path]) {
      await page.goto(url)
      await expect(page.locator('h1').first()).toBeVisible()
      if (url === path) await page.getByText('Chart data as a table').click()
      // js-off: the page's own scripts were refused, it was never hydrated.
      if (jsOff()) expect(await page.evaluate(() => '__remixRouter' in window)).toBe(false)
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze()
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
      expect(serious, url).toEqual([])
    }
  })
})
