// The campaign history in words (issue 10, decision 032), JavaScript on and off: a SELLER makes a
// campaign and its ad group through the editor, removes a keyword, raises the total budget, and the
// history page shows those changes as sentences (rupees, keywords with bids, the ad group's name),
// never field codes or JSON.
import { addDays } from '../../platform/rules/time'
import {
  adGroupCard,
  keywordCampaignDraft,
  nameAndProducts,
  ownProducts,
  today,
  unique,
  uploadKeywordsCsv,
} from './editor-data'
import { expect, test } from './fixtures'

test('a SELLER edits a campaign and its ad group in the editor, then reads the changes in its history', async ({
  page,
  signInAs,
}) => {
  await signInAs('seller@example.com', { sellerId: 100001 })
  const [first] = ownProducts()
  const name = `History Words ${unique()}`
  const campaignId = await keywordCampaignDraft(page, { name, budget: '3000', endInDays: 20 })

  // The ad group: a product, Exact match, two keywords with bids by CSV, then one removed.
  const card = adGroupCard(page)
  await nameAndProducts(card, 'Shoes group', [first])
  await card.getByLabel('Exact').check()
  await uploadKeywordsCsv(card, 'Keyword,Bid\nrunning shoes,4.5\ntrail shoes,3\n')
  await expect(card.getByText('Selected keywords (2)')).toBeVisible()
  await card.getByRole('button', { name: 'Remove keyword trail shoes' }).click()
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()

  // The campaign's total budget, from ₹3,000 to ₹7,500.
  await page.getByRole('link', { name: 'Edit details' }).click()
  await page.getByLabel('Total budget (₹)').fill('7500')
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page.getByTestId('campaign-details')).toContainText('₹7500')

  await page.goto(`/campaigns/${campaignId}/history`)
  await expect(page.getByRole('heading', { name: `History: ${name}` })).toBeVisible()
  const rows = page.getByTestId('history-row')
  const what = (text: string | RegExp) =>
    rows.filter({ has: page.locator('td:nth-child(3)', { hasText: text }) })

  // Newest first: the budget edit, in rupees with Indian grouping.
  await expect(rows.first().locator('td').nth(2)).toHaveText('Edited (saved)')
  await expect(rows.first().locator('td').nth(3)).toHaveText('Total budget: ₹3,000.00 → ₹7,500.00')
  // The ad group by its name: created with its keywords and bids, then a keyword removed.
  const created = what("Ad group 'Shoes group' created")
  await expect(created).toHaveCount(1)
  await expect(created).toContainText('Ad group name: Shoes group')
  await expect(created).toContainText('Products: 1')
  await expect(created).toContainText('Match type: Exact')
  await expect(created).toContainText('Keyword: running shoes (₹4.50)')
  await expect(created).toContainText('Keyword: trail shoes (₹3.00)')
  await expect(
    what("Ad group 'Shoes group' edited").filter({ hasText: 'Keyword removed: trail shoes' }),
  ).toHaveCount(1)
  // The campaign as first saved: a draft, with its budget and dates in words.
  const original = what('Created (saved as draft)')
  await expect(original).toContainText(`Name: ${name}`)
  await expect(original).toContainText('Total budget: ₹3,000.00')
  await expect(original).toContainText('Daily budget: Not set')
  await expect(original).toContainText('Targeting type: Keyword')
  await expect(original).toContainText(`Start date: ${addDays(today, 1)} 00:00:00`)
  // No field codes, raw paise or JSON anywhere in the table.
  const table = await page.getByRole('table').innerText()
  expect(table).not.toMatch(/budget_total_limit|bid_price|match_type|ADGROUP_|\[\{|"keyword"/)
})
