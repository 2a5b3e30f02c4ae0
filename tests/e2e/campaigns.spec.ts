// The campaign list (spec campaigns §2, §6, §9) on the list kit, driven in the js-on and js-off
// projects: columns, filters, sorting, the pager, pending feedback, download, errors and the class
// dialog. Row actions, credit gating and roles are in campaigns-actions.spec.ts. Each project has its
// own e2e advertisers and campaigns (e2e-campaign-fixtures.ts).
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { addDays, istDate } from '../../platform/rules/time'
import {
  ADVERTISER_FIXTURES,
  daysSinceSeed,
  type FixtureCampaign,
  factsAged,
  fixtureSpend,
  roasText,
  seedDay,
  stateNow,
} from './e2e-campaign-fixtures'
import { byName, chooseFilter, editorHeading, inr, jsOff, LIST, names, row, rows } from './e2e-campaign-page'
import { expect, test } from './fixtures'

/**
 * Checks a state the state engine keeps. After IST midnight (daysSinceSeed) it moves Daily Limit
 * Reached back to Running on its next tick, once a minute: reload until it has.
 */
async function afterStateEngine(page: Page, check: () => Promise<void>) {
  if (daysSinceSeed() === 0) return check()
  test.setTimeout(180_000)
  await expect(async () => {
    await page.reload()
    await check()
  }).toPass({ timeout: 90_000 })
}

test.describe('a seller with campaigns', () => {
  test.beforeEach(async ({ page, signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-list').email)
    await page.goto('/campaigns')
  })

  test('sees the heading, stats, columns and first page of the list', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible()
    const stats = page.getByTestId('stats')
    const running = LIST.filter((c) => stateNow(c) === 1).length
    const paused = LIST.filter((c) => [2, 8, 9].includes(stateNow(c) ?? 0)).length
    const spent = LIST.reduce((sum, c) => sum + fixtureSpend(c, 365, 0), 0)
    await expect(stats).toContainText(`Total Campaigns${LIST.length}`)
    await afterStateEngine(page, async () => {
      await expect(stats).toContainText(`Running Campaigns${String(running).padStart(2, '0')}`)
      await expect(stats).toContainText(`Paused Campaigns${String(paused).padStart(2, '0')}`)
    })
    await expect(stats).toContainText(
      `Available Credits₹${inr(ADVERTISER_FIXTURES.list.creditLimitRupees - spent)}`,
    )
    await expect(page.getByRole('columnheader')).toHaveText([
      'Status',
      'Name',
      'Campaign ID',
      'Campaign Class',
      'Created by',
      /Start Date/,
      /End Date/,
      /Budget/,
      /Spend/,
      'Clicks',
      'Orders',
      'Sales',
      'ROAS',
      'Actions',
    ])
    await expect(rows(page)).toHaveCount(10)
    await expect(page.getByTestId('page-label')).toHaveText('Page 1 of 3')
    // Newest first: the last fixture campaigns were created last.
    expect(await names(page)).toEqual(
      LIST.slice(-10)
        .reverse()
        .map((c) => c.name),
    )
    await expect(page.getByRole('button', { name: 'Create New Campaign' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Create New Campaign' })).toBeVisible()
  })

  test('shows states, icons, Lifetime, budgets, metrics and dates as the spec says', async ({ page }) => {
    await page.goto('/campaigns?size=50')
    await expect(rows(page)).toHaveCount(LIST.length)
    await expect(row(page, 'Unknown State Pens').locator('td').first()).toHaveText('NULL')
    await afterStateEngine(page, () =>
      expect(row(page, 'Daily Limit Bags').locator('td').first()).toHaveText(
        stateNow(byName('Daily Limit Bags')) === 4 ? 'Daily Limit Reached' : 'Running',
      ),
    )
    const manual = row(page, 'Daily Capped Toys')
    await expect(manual.locator('td').first()).toContainText('Daily Budget Limit Reached')
    await expect(manual.getByRole('img', { name: 'Paused manually' })).toHaveAttribute(
      'title',
      'Paused manually',
    )
    const outOfBudget = row(page, 'Budget Spent Books')
    await expect(outOfBudget.getByRole('img')).toHaveAttribute('title', 'Paused due to out of budget')
    // Budget 0 for Privilege and for a missing budget; Lifetime without an end.
    await expect(row(page, 'Privilege Showcase').locator('td').nth(7)).toHaveText('₹0.00')
    await expect(row(page, 'Unknown State Pens').locator('td').nth(7)).toHaveText('₹0.00')
    await expect(row(page, 'Pre Diwali Kitchen').locator('td').nth(6)).toHaveText('Lifetime')
    // Yesterday's metrics (Last 1 day), ROAS with two decimals, start at 00:00:00 IST.
    const c = byName('Monsoon Umbrellas')
    const yesterday = factsAged(c, 1)
    const sum = (key: 'spendRupees' | 'clicks' | 'orders' | 'salesRupees') =>
      yesterday.reduce((total, f) => total + f[key], 0)
    const cells = row(page, 'Monsoon Umbrellas').locator('td')
    await expect(cells.nth(5)).toHaveText(`${addDays(seedDay(), c.startOffsetDays)} 00:00:00`)
    await expect(cells.nth(6)).toHaveText(`${addDays(seedDay(), c.endOffsetDays!)} 23:59:59`)
    await expect(cells.nth(7)).toHaveText(`₹${inr(c.budgetRupees!)}`)
    await expect(cells.nth(8)).toHaveText(`₹${inr(sum('spendRupees'))}`)
    await expect(cells.nth(9)).toHaveText(String(sum('clicks')))
    await expect(cells.nth(10)).toHaveText(String(sum('orders')))
    await expect(cells.nth(11)).toHaveText(`₹${inr(sum('salesRupees'))}`)
    await expect(cells.nth(12)).toHaveText(roasText(sum('salesRupees'), sum('spendRupees')))
    // Row actions: Pause on running, Play on manually paused, none otherwise.
    await expect(cells.getByRole('button', { name: 'Pause Monsoon Umbrellas' })).toBeVisible()
    await expect(
      row(page, 'Back To School').getByRole('button', { name: 'Play Back To School' }),
    ).toBeVisible()
    await expect(row(page, 'Old Clearance').getByRole('button', { name: /^(Play|Pause) / })).toHaveCount(0)
    await expect(row(page, 'Budget Spent Books').getByRole('button', { name: /^(Play|Pause) / })).toHaveCount(
      0,
    )
  })

  test('searches by name; the filtered page is a URL that survives reload', async ({ page }) => {
    await page.getByLabel('Search by name').fill('diwali')
    await page.getByLabel('Search by name').press('Enter')
    await expect(page).toHaveURL(/search=diwali/)
    const diwali = LIST.filter((c) => /diwali/i.test(c.name)).map((c) => c.name)
    await expect(rows(page)).toHaveCount(diwali.length)
    expect((await names(page)).sort()).toEqual([...diwali].sort())
    await page.reload()
    await expect(rows(page)).toHaveCount(diwali.length)
    await expect(page.getByLabel('Search by name')).toHaveValue('diwali')
  })

  test('filters by status', async ({ page }) => {
    await chooseFilter(page, 'Status', 'Scheduled Paused')
    await expect(page).toHaveURL(/status=Scheduled\+Paused/)
    const scheduled = LIST.filter((c) => stateNow(c) === 6)
    await expect(rows(page)).toHaveCount(scheduled.length)
    for (const state of await rows(page).locator('td:first-child').allInnerTexts()) {
      expect(state).toBe('Scheduled Paused')
    }
    await chooseFilter(page, 'Status', 'Expired')
    await expect(rows(page)).toHaveCount(LIST.filter((c) => stateNow(c) === 7).length)
  })

  test('filters by date: Last 1 month sums 30 days, Custom takes a range', async ({ page }) => {
    const c = byName('Winter Jackets')
    await page.goto('/campaigns?size=50')
    await chooseFilter(page, 'Date', 'Last 1 month')
    await expect(page).toHaveURL(/dateFilterType=LAST_30D/)
    await expect(row(page, 'Winter Jackets').locator('td').nth(8)).toHaveText(
      `₹${inr(fixtureSpend(c, 30, 1))}`,
    )

    const tenDaysAgo = addDays(istDate(new Date()), -10)
    await page.getByLabel('Date', { exact: true }).selectOption({ label: 'Custom' })
    await page.getByLabel('Start date', { exact: true }).fill(tenDaysAgo)
    await page.getByLabel('End date', { exact: true }).fill(tenDaysAgo)
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/dateFilterType=CUSTOM/)
    await expect(row(page, 'Winter Jackets').locator('td').nth(8)).toHaveText(
      `₹${inr(fixtureSpend(c, 10, 10))}`,
    )
    await expect(page.getByLabel('Start date', { exact: true })).toHaveValue(tenDaysAgo)
  })

  test('a future custom date is refused and the typed dates stay', async ({ page }) => {
    const today = istDate(new Date())
    const future = addDays(today, 3)
    await page.goto(`/campaigns?dateFilterType=CUSTOM&fromDate=${today}&toDate=${future}`)
    await expect(page.getByRole('alert').filter({ hasText: 'Future dates are not allowed' })).toBeVisible()
    await expect(page.getByLabel('End date', { exact: true })).toHaveValue(future)
    await expect(page.getByLabel('Start date', { exact: true })).toHaveAttribute('max', today)
    await expect(rows(page)).toHaveCount(0)
  })

  test('sorts by spend, budget, start and end date from the column headers', async ({ page }) => {
    const yesterday = (c: FixtureCampaign) => fixtureSpend(c, 1, 1)
    const bySpend = [...LIST].sort((a, b) => yesterday(b) - yesterday(a))
    await page.getByRole('link', { name: 'Sort by Spend descending' }).click()
    await expect(page).toHaveURL(/sort=spend/)
    await expect(page.getByRole('columnheader', { name: /Spend/ })).toHaveAttribute('aria-sort', 'descending')
    await expect(rows(page).first().locator('td').nth(8)).toHaveText(`₹${inr(yesterday(bySpend[0]!))}`)
    await page.getByRole('link', { name: 'Sort by Spend ascending' }).click()
    await expect(page.getByRole('columnheader', { name: /Spend/ })).toHaveAttribute('aria-sort', 'ascending')
    await expect(rows(page).first().locator('td').nth(8)).toHaveText('₹0.00')

    await page.getByRole('link', { name: 'Sort by Budget descending' }).click()
    const topBudget = Math.max(
      ...LIST.map((c) => (c.campaignClass === 'Privilege' ? 0 : (c.budgetRupees ?? 0))),
    )
    await expect(rows(page).first().locator('td').nth(7)).toHaveText(`₹${inr(topBudget)}`)

    await page.getByRole('link', { name: 'Sort by Start Date descending' }).click()
    const latestStart = [...LIST].sort((a, b) => b.startOffsetDays - a.startOffsetDays)[0]!
    await expect(rows(page).first().locator('td').nth(1)).toHaveText(latestStart.name)

    await page.getByRole('link', { name: 'Sort by End Date descending' }).click()
    await expect(page.getByRole('columnheader', { name: /End Date/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await page.getByRole('link', { name: 'Sort by End Date ascending' }).click()
    await expect(page.getByRole('columnheader', { name: /End Date/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    const earliestEnd = [...LIST]
      .filter((c) => c.endOffsetDays !== null)
      .sort((a, b) => a.endOffsetDays! - b.endOffsetDays!)[0]!
    await expect(rows(page).first().locator('td').nth(1)).toHaveText(earliestEnd.name)
  })

  test('paginates with previous/next and rows per page', async ({ page }) => {
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page.getByTestId('page-label')).toHaveText('Page 2 of 3')
    expect(await names(page)).toEqual(
      LIST.slice(-20, -10)
        .reverse()
        .map((c) => c.name),
    )
    await page.getByRole('link', { name: 'Next page' }).click()
    await expect(page.getByTestId('page-label')).toHaveText('Page 3 of 3')
    await expect(rows(page)).toHaveCount(LIST.length - 20)
    // On the last page, Next is text, not a link: nothing points past page 3.
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0)
    await expect(page.getByTestId('pager-next')).toHaveAttribute('aria-disabled', 'true')
    await expect(page.locator('a[href*="page=4"]')).toHaveCount(0)
    await page.getByRole('link', { name: 'Previous page' }).click()
    await expect(page.getByTestId('page-label')).toHaveText('Page 2 of 3')

    await page.getByLabel('Rows per page').selectOption('20')
    if (jsOff()) await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByTestId('page-label')).toHaveText('Page 1 of 2')
    await expect(rows(page)).toHaveCount(20)
  })

  test('on page 1 Previous is no link and no tab stop, and no link points at page 0', async ({ page }) => {
    await expect(page.getByTestId('page-label')).toHaveText('Page 1 of 3')
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0)
    const previous = page.getByTestId('pager-previous')
    await expect(previous).toHaveAttribute('aria-disabled', 'true')
    expect(await previous.evaluate((el) => el.matches('a[href], button, input, select, [tabindex]'))).toBe(
      false,
    )
    await previous.evaluate((el) => (el as HTMLElement).focus())
    await expect(previous).not.toBeFocused()
    // Tabbing from Rows per page reaches Next without stopping on Previous.
    // Show (for rows per page) is there only without JS.
    await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(jsOff() ? 1 : 0)
    await page.getByLabel('Rows per page').focus()
    if (jsOff()) await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Next page' })).toBeFocused()
    await expect(page.locator('a[href*="page=0"]')).toHaveCount(0)
    // An old link past the end says so and leads to the last page; its Previous goes there too.
    await page.goto('/campaigns?page=9')
    await expect(page.getByRole('heading', { name: 'There is no page 9' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to page 3' }).click()
    await expect(page.getByTestId('page-label')).toHaveText('Page 3 of 3')
  })

  test('shows that the next page is loading (JS) and the page it asked for', async ({ page }) => {
    const status = page.getByTestId('list-status')
    const table = page.locator('[aria-busy]').filter({ has: page.getByRole('table') })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // With JS the next page's data is a fetch: hold it back to see the page while it loads.
    await page.route(/[?&]page=2/, async (route) => {
      if (route.request().resourceType() === 'fetch') await held
      await route.continue()
    })
    await page.getByRole('link', { name: 'Next page' }).click()
    if (!jsOff()) {
      await expect(status).toHaveText('Loading…')
      await expect(table).toHaveAttribute('aria-busy', 'true')
      await expect(page.getByTestId('page-label')).toHaveText('Page 1 of 3')
    }
    release()
    await expect(page.getByTestId('page-label')).toHaveText('Page 2 of 3')
    await expect(status).toHaveText('')
    await expect(table).toHaveAttribute('aria-busy', 'false')
  })

  test('Download Table gives the filtered list as CSV, its rows match the screen, formulas neutralised', async ({
    page,
  }) => {
    await page.goto('/campaigns?size=50&sort=budget&direction=asc')
    const screen = await rows(page).evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].slice(0, 3).map((td) => (td as HTMLElement).innerText.trim()),
      ),
    )
    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download Table' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').trim()).data
    // The screen's columns without Actions, in the same order.
    const columns = (await page.getByRole('columnheader').allInnerTexts()).map((h) =>
      h.replace(/[\s▲▼↕]+$/, ''),
    )
    expect(columns.at(-1)).toBe('Actions')
    expect(csv[0]).toEqual(columns.slice(0, -1))
    const body = csv.slice(1)
    expect(body).toHaveLength(LIST.length)
    const neutral = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name)
    expect(body.map((r) => [r[0]!.replace(/ \(.*\)$/, ''), r[1], r[2]])).toEqual(
      screen.map(([state, name, id]) => [state, neutral(name!), id]),
    )
    expect(body.map((r) => r[1])).toContain("'=1+2 Formula Test")
    expect(body.map((r) => r[1])).toContain("'@Mention Sale")
  })

  test('a search longer than the platform takes shows its message in a Backend Error box', async ({
    page,
  }) => {
    await page.goto(`/campaigns?search=${'x'.repeat(201)}`)
    const box = page.getByTestId('backend-error')
    await expect(box.getByRole('heading', { name: 'Backend Error' })).toBeVisible()
    // The platform's own message for its 200-character limit on search, word for word.
    await expect(box.getByRole('paragraph')).toHaveText('Must be at most 200 characters')
    await expect(rows(page)).toHaveCount(0)
  })

  test('Create New Campaign opens the class dialog: Sponsored only, Continue opens the editor', async ({
    page,
  }) => {
    await page.getByRole('link', { name: 'Create New Campaign' }).click()
    const dialog = page.getByRole('dialog', { name: 'Campaign class' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Sponsored')).toBeChecked()
    await expect(dialog.getByLabel('Privilege')).toBeDisabled()
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(/\/campaigns$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('link', { name: 'Create New Campaign' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click()
    await expect(editorHeading(page)).toBeVisible()
    await expect(page).toHaveURL('/create-campaign?class=Sponsored')
  })

  test("another seller's campaign cannot be deleted, viewed in history, or paused", async ({
    page,
    e2eAccount,
    baseURL,
  }) => {
    const other = e2eAccount('seller-actions').campaigns['Keep Me']!
    await page.goto(`/campaigns/${other}/delete`)
    await expect(page).toHaveURL('/unauthorized')
    await page.goto(`/campaigns/${other}/history`)
    await expect(page).toHaveURL('/unauthorized')
    const response = await page.request.post('/campaigns', {
      form: { intent: 'pause', campaignId: String(other), returnTo: '?' },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    expect(response.headers().location).toBe('/unauthorized')
  })
})
