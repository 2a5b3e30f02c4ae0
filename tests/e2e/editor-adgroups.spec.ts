// The editor's ad-group section (spec campaigns §2 "Ad group", §4, §5; decision 030), JavaScript on and
// off: on a draft made through step one, a SELLER adds products by list and by CSV, adds a suggested and
// an uploaded keyword, removes one, and submits: back on the list with the flash.
import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { adGroupCard, keywordCampaignDraft, ownProducts, unique, uploadKeywordsCsv } from './editor-data'
import { expect, test } from './fixtures'

/**
 * No sideways scroll at the current width, and the ad-group section passes axe (WCAG 2.2 AA): no serious
 * or critical violation (axe runs in the page: JS on).
 */
async function expectNarrowAndAccessible(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  if (test.info().project.name !== 'js-on') return
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="ad-groups-heading"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([])
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('seller@example.com', { sellerId: 100001 })
})

test('a SELLER builds an ad group (list, CSV, suggested and uploaded keywords, remove) and submits', async ({
  page,
}) => {
  // The longest editor journey: 18–22 s on a quiet two-core machine, past 30 s under load.
  test.setTimeout(90_000)
  const [first, second, third] = ownProducts()
  const name = `Ad Groups ${unique()}`
  await keywordCampaignDraft(page, { name, budget: '5000', endInDays: 30 })

  const card = adGroupCard(page)
  const products = card.getByRole('group', { name: 'Products' })
  await expect(card).toBeVisible()
  await card.getByLabel('Ad group name').fill('Shoes group')

  // Products by list: a foreign id is refused with its message, the valid one is added.
  await card.getByLabel(/Product ids/).fill(`${first}, 999999999`)
  await card.getByRole('button', { name: 'Add products' }).click()
  await expect(card.getByText('Invalid product id 999999999')).toBeVisible()
  await expect(card.getByRole('cell', { name: new RegExp(`\\(${first}\\)`) })).toBeVisible()
  await expect(card.getByLabel('Ad group name')).toHaveValue('Shoes group')

  // Products by CSV.
  await products.getByRole('button', { name: 'Upload', exact: true }).click()
  await products.getByLabel('Products CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Product Id\n${second}\n${third}\n`),
  })
  await products.getByRole('button', { name: 'Upload', exact: true }).last().click()
  await expect(card.getByRole('cell', { name: new RegExp(`\\(${third}\\)`) })).toBeVisible()
  await expect(card.getByText('Selected products (3)')).toBeVisible()

  // A suggested keyword, with Exact match.
  await card.getByLabel('Exact').check()
  await page.waitForLoadState('networkidle')
  const add = card.getByRole('button', { name: /^Add keyword / }).first()
  const suggested = ((await add.getAttribute('aria-label')) ?? '').replace('Add keyword ', '')
  await add.click()
  await expect(card.getByRole('button', { name: `Remove keyword ${suggested}` })).toBeVisible()

  // Uploaded keywords.
  await uploadKeywordsCsv(card, 'Keyword,Bid\nrunning shoes,4.5\ntrail shoes,3\n')
  await expect(card.getByText('Selected keywords (3)')).toBeVisible()

  // Remove one.
  await card.getByRole('button', { name: 'Remove keyword trail shoes' }).click()
  await expect(card.getByText('Selected keywords (2)')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Remove keyword trail shoes' })).toHaveCount(0)

  // Saved as a draft: a reload shows the group as it was left.
  await page.reload()
  await expect(page.getByText('Ad Group - 1: Shoes group')).toBeVisible()
  // The section with its tables fits 360 px without sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(card.getByText('Selected keywords (2)')).toBeVisible()
  await expectNarrowAndAccessible(page)

  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/campaigns$/)
  await expect(page.getByText('Campaign submitted')).toBeVisible()
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
})

test('the selected keywords a page at a time: 50 shown, a button per page, Remove on a later page keeps it (decision 070)', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await keywordCampaignDraft(page, { name: `Keyword pages ${unique()}`, budget: '5000', endInDays: 30 })
  const card = adGroupCard(page)
  await card.getByLabel('Exact').check()
  await page.waitForLoadState('networkidle')
  const words = Array.from({ length: 60 }, (_, i) => `paged word ${String(i + 1).padStart(2, '0')}`)
  await uploadKeywordsCsv(card, `Keyword,Bid\n${words.map((w) => `${w},2`).join('\n')}\n`)
  await expect(card.getByText('Selected keywords (60)')).toBeVisible()
  await expect(card.getByText('Showing 1–50 of 60')).toBeVisible()
  await expect(card.getByRole('button', { name: /^Remove keyword / })).toHaveCount(50)
  await expect(card.getByRole('button', { name: 'Remove keyword paged word 51' })).toHaveCount(0)
  const pages = card.getByRole('navigation', { name: 'Pages of selected keywords' })
  await expect(pages.getByRole('button', { name: 'Selected keywords page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Page 2, by keyboard: the button keeps the focus (autofocus without JavaScript, restored with it).
  const second = pages.getByRole('button', { name: 'Selected keywords page 2' })
  await second.focus()
  await page.keyboard.press('Enter')
  await expect(card.getByText('Showing 51–60 of 60')).toBeVisible()
  await expect(card.getByRole('button', { name: /^Remove keyword / })).toHaveCount(10)
  await expect(pages.getByRole('button', { name: 'Selected keywords page 2' })).toBeFocused()
  await expect(pages.getByRole('button', { name: 'Selected keywords page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Remove on page 2: one fewer, still page 2; the download still holds every keyword.
  await card.getByRole('button', { name: 'Remove keyword paged word 55' }).click()
  await expect(card.getByText('Selected keywords (59)')).toBeVisible()
  await expect(card.getByText('Showing 51–59 of 59')).toBeVisible()
  // Written in the browser with JavaScript, posted and answered without it (decision 077).
  const saved = page.waitForEvent('download')
  await card.getByRole('button', { name: 'Download', exact: true }).last().click()
  const download = await saved
  expect(download.suggestedFilename()).toBe('selected_keywords.csv')
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv.startsWith('Keyword,Bid\r\n')).toBe(true)
  expect(csv).toContain('paged word 01')
  expect(csv).toContain('paged word 60')
  expect(csv).not.toContain('paged word 55')

  // The pager fits 360 px without sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 })
  await expectNarrowAndAccessible(page)
})
