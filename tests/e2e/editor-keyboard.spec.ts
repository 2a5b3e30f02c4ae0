// The campaign editor with the keyboard alone (issue 10 "Done when"; decisions 023, 030), JavaScript on
// and off: a SELLER goes from the campaign list to a submitted Keyword campaign with Tab, typing, Space
// and Enter only. Focus is visible at every stop, and after each ad-group post it is where the user left
// off (with JavaScript the control or its heir; without, the page's autofocus), not at the top of the page.
// Also: a match type chosen just before Add (with JavaScript, a post overtaken by the next) still applies.
import type { Locator, Page } from '@playwright/test'
import { addDays } from '../../platform/rules/time'
import {
  addKeyword,
  adGroupCard,
  keywordCampaignDraft,
  nameAndProducts,
  ownProducts,
  today,
  unique,
} from './editor-data'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'

test.use({ locale: 'en-US' })

/** A date field by keyboard: Chromium's en-US date input takes month, day and year in turn. */
async function typeDate(page: Page, field: Locator, iso: string) {
  const [year, month, day] = iso.split('-')
  await tabTo(page, field, 200)
  await page.keyboard.type(`${month}${day}${year}`)
  await expect(field).toHaveValue(iso)
}

test('a SELLER creates and submits a Keyword campaign with the keyboard alone', async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000)
  await signInAs('seller@example.com', { sellerId: 100001 })
  const [product] = ownProducts()
  const name = `Keyboard Journey ${unique()}`
  await page.goto('/campaigns')

  // The list's Create New Campaign, then the class dialog: Sponsored has focus, Continue is next.
  await tabTo(page, page.getByRole('link', { name: 'Create New Campaign' }), 200)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog').getByLabel('Sponsored')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/create-campaign?class=Sponsored')

  // Step one.
  await tabTo(page, page.getByLabel('Campaign name'))
  await page.keyboard.type(name)
  await typeDate(page, page.getByLabel('Start date'), addDays(today, 1))
  await typeDate(page, page.getByLabel('End date'), addDays(today, 30))
  const keywordTargeting = page.getByRole('radio', { name: 'Keyword' })
  await tabTo(page, keywordTargeting)
  await page.keyboard.press('Space')
  await expect(keywordTargeting).toBeChecked()
  await tabTo(page, page.getByLabel('Total budget (₹)'))
  await page.keyboard.type('5000')
  // Save & continue sits at the top, with Discard: back up to it.
  await tabTo(page, page.getByRole('button', { name: 'Save & continue' }), 80, 'Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)

  // The ad group: name and a product; focus comes back to the product ids.
  const card = adGroupCard(page)
  await tabTo(page, card.getByLabel('Ad group name'), 200)
  await page.keyboard.type('Keyboard group')
  const productIds = card.getByLabel(/Product ids/)
  await tabTo(page, productIds)
  await page.keyboard.type(String(product))
  await tabTo(page, card.getByRole('button', { name: 'Add products' }))
  await page.keyboard.press('Enter')
  await expect(card.getByText('Selected products (1)')).toBeVisible()
  await expect(productIds).toBeFocused()
  await expectVisibleFocus(page)

  // Exact match, then a typed keyword with its bid; focus comes back to the keyword field.
  const exact = card.getByRole('radio', { name: 'Exact' })
  await tabTo(page, exact)
  await page.keyboard.press('Space')
  await expect(exact).toBeChecked()
  const keyword = card.getByLabel('Keyword', { exact: true })
  await tabTo(page, keyword)
  await page.keyboard.type('keyboard shoes')
  await page.keyboard.press('Tab')
  await expect(card.getByLabel('Bid (₹)')).toBeFocused()
  await page.keyboard.type('6')
  await tabTo(page, card.getByRole('button', { name: 'Add keyword', exact: true }))
  await page.keyboard.press('Enter')
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()
  await expect(card.getByLabel('Keyword', { exact: true })).toBeFocused()
  await expectVisibleFocus(page)

  // A suggested keyword: its Add keeps focus, ready for the next suggestion.
  const suggestion = card.getByRole('button', { name: /^Add keyword ./ }).first()
  const suggested = ((await suggestion.getAttribute('aria-label')) ?? '').replace('Add keyword ', '')
  await tabTo(page, suggestion)
  await page.keyboard.press('Enter')
  await expect(card.getByText('Selected keywords (2)')).toBeVisible()
  await expect(card.getByRole('button', { name: `Add keyword ${suggested}`, exact: true })).toBeFocused()
  await expectVisibleFocus(page)

  // Remove the typed one: its row goes, focus goes back to the keyword field.
  await tabTo(page, card.getByRole('button', { name: 'Remove keyword keyboard shoes' }))
  await page.keyboard.press('Enter')
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Remove keyword keyboard shoes' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: `Remove keyword ${suggested}`, exact: true })).toBeVisible()
  await expect(card.getByLabel('Keyword', { exact: true })).toBeFocused()
  await expectVisibleFocus(page)

  // Submit: back on the list with the flash, and the campaign is there.
  await tabTo(page, page.getByRole('button', { name: 'Submit', exact: true }), 200)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/campaigns/)
  await expect(page.getByText('Campaign submitted')).toBeVisible()
  await page.goto(`/campaigns?search=${encodeURIComponent(name)}`)
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
})

test('a match type chosen just before Add applies to the new keyword and remaps the others', async ({
  page,
  signInAs,
}) => {
  await signInAs('ops@example.com', { sellerId: 100001 })
  const [product] = ownProducts()
  await keywordCampaignDraft(page, { name: `Quick Match ${unique()}`, budget: '5000', endInDays: 30 })
  const card = adGroupCard(page)
  await nameAndProducts(card, 'Quick match group', [product])

  await card.getByLabel('Exact').check()
  await addKeyword(card, 'quick first', '5')
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()
  await addKeyword(card, 'quick second', '7')
  await expect(card.getByText('Selected keywords (2)')).toBeVisible()

  // Broad, and Add at once: with JavaScript the radio's own post is still in flight.
  await card.getByLabel('Broad').check()
  await addKeyword(card, 'quick third', '9')
  await expect(card.getByText('Selected keywords (3)')).toBeVisible()
  for (const keyword of ['quick first', 'quick second', 'quick third'])
    await expect(card.getByRole('row').filter({ hasText: keyword })).toContainText('Broad')
  // Broad takes the first keyword's bid for every keyword (spec §4).
  await expect(card.getByRole('row').filter({ hasText: 'quick second' })).toContainText('₹5.00')
  await page.reload()
  await expect(card.getByRole('row').filter({ hasText: 'quick third' })).toContainText('Broad')
})
