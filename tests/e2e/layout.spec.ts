// Narrow and laptop screens (issue 9, docs/decisions/022): the menu and tables at 360 px; the campaign
// table shows Name, Spend and ROAS at 1366 px without scrolling, and its totals row sums the whole
// filtered list. Runs with JS on and off. (That no page of the route table scrolls sideways at 360 or
// 1366 px is checked in a11y-every-page.spec.ts's walk of every page, decision 063.)
import type { Page } from '@playwright/test'
import { ADVERTISER_FIXTURES, factsAged, roasText } from './e2e-campaign-fixtures'
import { inr, jsOff } from './e2e-campaign-page'
import { expect, test } from './fixtures'

const whole = (n: number) => new Intl.NumberFormat('en-IN').format(n)

/** How far the page is wider than the window (0 when it does not scroll sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the menu is a closed disclosure that opens without script; tables scroll in their own box', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('seller-list').email)
    await page.goto('/campaigns')
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu).toBeHidden()
    await page.getByText('Menu', { exact: true }).click()
    await expect(menu.getByRole('link', { name: 'Campaign', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport()
    const table = page.getByRole('region', { name: /^Campaigns, / })
    await expect(table).toHaveAttribute('tabindex', '0')
    expect(await table.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true)
    expect(await overflow(page)).toBeLessThanOrEqual(0)
  })

  test('the password field stays inside the login card, with Show (JS) and without it', async ({ page }) => {
    await page.goto('/')
    const password = page.getByLabel('Password', { exact: true })
    let rightmost = password
    if (!jsOff()) {
      await page.getByRole('button', { name: 'Show' }).click()
      await expect(password).toHaveAttribute('type', 'text')
      rightmost = page.getByRole('button', { name: 'Hide' })
    }
    const card = await page.locator('main').boundingBox()
    const edge = await rightmost.boundingBox()
    expect(edge!.x + edge!.width).toBeLessThanOrEqual(card!.x + card!.width)
    expect(await overflow(page)).toBeLessThanOrEqual(0)
  })
})

test.describe('the campaign table at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } })

  test('shows Name, Spend and ROAS without scrolling, and a totals row for the whole list', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('seller-list').email)
    await page.goto('/campaigns')
    for (const name of [/^Name$/, /Sort by Spend/, /^ROAS$/]) {
      await expect(page.getByRole('columnheader', { name })).toBeInViewport({ ratio: 1 })
    }
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    // The default range is yesterday; the totals cover all 23 campaigns although a page shows 10.
    const facts = ADVERTISER_FIXTURES.list.campaigns.flatMap((c) => factsAged(c, 1))
    const sum = (key: 'spendRupees' | 'clicks' | 'orders' | 'salesRupees') =>
      facts.reduce((total, f) => total + f[key], 0)
    const spend = sum('spendRupees')
    const sales = sum('salesRupees')
    const totals = page.getByTestId('campaign-totals')
    await expect(totals.locator('th')).toHaveText('Total, all pages')
    await expect(totals.locator('td')).toHaveText([
      '',
      '',
      `₹${inr(spend)}`,
      whole(sum('clicks')),
      whole(sum('orders')),
      `₹${inr(sales)}`,
      roasText(sales, spend),
      '',
    ])
  })

  test('the stats of an advertiser without credits keep a contrast of at least 4.5:1', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('seller-nocredit').email)
    await page.goto('/campaigns')
    await expect(
      page.getByText('All campaigns are currently paused. Please add credits to resume them.'),
    ).toBeVisible()
    const stats = page.getByTestId('stats')
    for (const text of [stats.locator('dt').first(), stats.locator('dd').first()]) {
      const ratio = await text.evaluate((el) => {
        // Opacity of the text or any ancestor blends it into the page: count it in.
        let alpha = 1
        for (let node: Element | null = el; node; node = node.parentElement)
          alpha *= Number(getComputedStyle(node).opacity)
        const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
        const ground = rgb(getComputedStyle(el.closest('dl')!).backgroundColor)
        const ink = rgb(getComputedStyle(el).color).map((c, i) => c * alpha + ground[i]! * (1 - alpha))
        const luminance = (c: number[]) => {
          const [r, g, b] = c.map((v) => {
            const s = v / 255
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
          })
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
        }
        const [hi, lo] = [luminance(ink), luminance(ground)].sort((a, b) => b - a)
        return (hi! + 0.05) / (lo! + 0.05)
      })
      expect(ratio).toBeGreaterThanOrEqual(4.5)
    }
  })
})
