// The campaign editor's journeys (issue 10 "Done when"), JavaScript on and off, beyond what
// editor-step1.spec.ts and editor-adgroups.spec.ts cover: an OPS user creates and submits a Privilege
// campaign with Broad keywords; a BRAND opens its Sponsored campaign from the list by name, changes the
// total budget, fills its ad group and changes a keyword's bid, submits, and finds both in the history; a
// SELLER targets pincodes by CSV upload and fills its ad group from CSV files; a SELLER clones a submitted
// campaign and submits the copy from the editor. Fresh names per project.
import { readFile } from 'node:fs/promises'
import { addDays } from '../../platform/rules/time'
import {
  addKeyword,
  adGroupCard,
  brandProducts,
  keywordCampaignDraft,
  nameAndProducts,
  ownProducts,
  today,
  unique,
  uploadKeywordsCsv,
} from './editor-data'
import { editorHeading, row } from './e2e-campaign-page'
import { expect, test } from './fixtures'

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })

test('an OPS user creates a Privilege campaign with Broad keywords, submits it, and finds it in the admin list', async ({
  page,
  signInAs,
}) => {
  await signInAs('ops@example.com', { sellerId: 100001 })
  const [first, second] = ownProducts()
  const name = `Privilege Journey ${unique()}`
  await page.goto('/create-campaign?class=Privilege')
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible()
  await page.getByLabel('Campaign name').fill(name)
  await page.getByLabel('Start date').fill(addDays(today, 1))
  await page.getByLabel('End date').fill(addDays(today, 20))
  await page.getByLabel('Keyword').check()
  await page.getByLabel('Bid price (CPM, ₹)').fill('25')
  await page.getByLabel('CPD (₹)').fill('400')
  await page.getByLabel('Privilege tag').fill('Big Sale')
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
  const editorUrl = page.url()
  const details = page.getByTestId('campaign-details')
  await expect(details).toContainText(name)
  await expect(details).toContainText('Big Sale')

  const card = adGroupCard(page)
  await nameAndProducts(card, 'Privilege group', [first, second])

  // Broad match (OPS only); a Privilege keyword needs no bid.
  await card.getByLabel('Broad').check()
  await card.getByLabel('Keyword', { exact: true }).fill('festive deals')
  await card.getByRole('button', { name: 'Add keyword', exact: true }).click()
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()
  const keywordRow = card.getByRole('row').filter({ hasText: 'festive deals' })
  await expect(keywordRow).toContainText('Broad')

  // Broad does not block Submit for OPS.
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/admin\/campaigns$/)
  await expect(page.getByText('Campaign submitted')).toBeVisible()
  await page.goto(`/admin/campaigns?search=${encodeURIComponent(name)}`)
  const row = page.getByTestId('campaign-row').filter({ has: page.getByRole('link', { name, exact: true }) })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Privilege')

  // The SELLER only views it, and its card's lists still download: written in the browser with
  // JavaScript, posted from the read-only card and answered without it (decision 077).
  await signInAs('seller@example.com', { sellerId: 100001 })
  await page.goto(editorUrl)
  await expect(page.getByRole('heading', { name: 'View Campaign', level: 1 })).toBeVisible()
  const viewed = adGroupCard(page)
  await expect(viewed.getByRole('button', { name: /^Remove/ })).toHaveCount(0)
  const saved = page.waitForEvent('download')
  await viewed.getByRole('button', { name: 'Download', exact: true }).last().click()
  const download = await saved
  expect(download.suggestedFilename()).toBe('selected_keywords.csv')
  const keywords = await readFile((await download.path())!, 'utf8')
  expect(keywords).toMatch(/^Keyword,Bid\r\nfestive deals,[\d.]*\r\n$/)
})

test('a BRAND opens its Sponsored campaign from the list by name, changes the budget, fills and re-bids its ad group, submits, and reads who changed what', async ({
  page,
  signInAs,
}) => {
  await signInAs('brand@example.com')
  const name = `Brand Edit ${unique()}`
  // Its own Sponsored campaign, made through the editor.
  await keywordCampaignDraft(page, { name, budget: '3000', startInDays: 2, endInDays: 40 })
  const url = page.url()

  // From the list, by its name.
  await page.goto('/campaigns')
  await page.getByLabel('Search by name').fill(name)
  await page.getByLabel('Search by name').press('Enter')
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(url)
  const details = page.getByTestId('campaign-details')
  await expect(details).toContainText('₹3000')

  await page.getByRole('link', { name: 'Edit details' }).click()
  await expect(page.getByLabel('Campaign name')).toHaveValue(name)
  await expect(page.getByLabel('Start date')).toBeDisabled()
  await expect(page.getByLabel('Total budget (₹)')).toHaveValue('3000')
  await page.getByLabel('Total budget (₹)').fill('7500')
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page).toHaveURL(url)
  await expect(details).toContainText('₹7500')

  await page.reload()
  await expect(details).toContainText(name)
  await expect(details).toContainText('₹7500')
  await expect(details).not.toContainText('₹3000')

  // The ad group: one of its brand's products, a keyword, then the same keyword (other case) at a new bid.
  const [product] = brandProducts()
  const card = adGroupCard(page)
  await nameAndProducts(card, 'Brand group', [product])
  await card.getByLabel('Exact').check()
  await addKeyword(card, 'brand shoes', '4')
  await expect(card.getByRole('row').filter({ hasText: 'brand shoes' })).toContainText('₹4.00')
  await addKeyword(card, 'Brand Shoes', '6.257')
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()
  await expect(card.getByRole('row').filter({ hasText: 'brand shoes' })).toContainText('₹6.26')

  await page.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(page).toHaveURL(/\/campaigns/)
  await expect(page.getByText('Campaign submitted')).toBeVisible()

  // The history names the brand user and each change.
  const campaignId = new URL(url).searchParams.get('id')
  await page.goto(`/campaigns/${campaignId}/history`)
  const history = page.getByRole('main')
  await expect(history).toContainText('brand@example.com')
  await expect(history).toContainText('Total budget: ₹3,000.00 → ₹7,500.00')
  await expect(history).toContainText('Bid for brand shoes: ₹4.00 → ₹6.26')
})

test('a SELLER targets pincodes by CSV upload and fills the ad group with products and keywords by CSV', async ({
  page,
  signInAs,
}) => {
  await signInAs('seller@example.com', { sellerId: 100001 })
  const [first, second, third] = ownProducts()
  const name = `CSV Journey ${unique()}`
  await page.goto('/create-campaign?class=Sponsored')
  await page.getByLabel('Campaign name').fill(name)
  await page.getByLabel('Start date').fill(addDays(today, 1))
  await page.getByLabel('End date').fill(addDays(today, 15))
  await page.getByLabel('Keyword').check()
  await page.getByLabel('Total budget (₹)').fill('6000')

  // Custom pincodes from the sample CSV the page offers (5 rows and more).
  await page.getByLabel('Only these pincodes').check()
  await page
    .getByLabel('Pincode CSV (Pincode,District,State)')
    .setInputFiles('public/files/sample-pincodes.csv')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('cell', { name: '560001', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Bangalore', exact: true })).toBeVisible()
  // What was typed before the upload is still there.
  await expect(page.getByLabel('Campaign name')).toHaveValue(name)
  await expect(page.getByLabel('Total budget (₹)')).toHaveValue('6000')
  await expect(page.getByLabel('Only these pincodes')).toBeChecked()
  // A second, own file adds its rows; a repeated pincode is not listed twice.
  await page
    .getByLabel('Pincode CSV (Pincode,District,State)')
    .setInputFiles(
      csv('mine.csv', 'Pincode,District,State\n110001,Central Delhi,Delhi\n700001,Kolkata,West Bengal\n'),
    )
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByRole('cell', { name: '700001', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: '110001', exact: true })).toHaveCount(1)
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
  const details = page.getByTestId('campaign-details')
  await expect(details).toContainText('Only 110001')
  await expect(details).toContainText('560001')
  await expect(details).toContainText('700001')

  const card = adGroupCard(page)
  const products = card.getByRole('group', { name: 'Products' })
  await card.getByLabel('Ad group name').fill('CSV group')
  await products.getByRole('button', { name: 'Upload', exact: true }).click()
  await products
    .getByLabel('Products CSV file')
    .setInputFiles(csv('products.csv', `Product Id\n${first}\n${second}\n${third}\n`))
  await products.getByRole('button', { name: 'Upload', exact: true }).last().click()
  await expect(card.getByText('Selected products (3)')).toBeVisible()
  await expect(card.getByLabel('Ad group name')).toHaveValue('CSV group')

  await card.getByLabel('Exact').check()
  await uploadKeywordsCsv(card, 'Keyword,Bid\nsteel bottle,6\nlunch box,4.25\nSteel Bottle,7\n')
  await expect(card.getByText('Selected keywords (2)')).toBeVisible()
  await expect(card.getByRole('row').filter({ hasText: 'lunch box' })).toContainText('₹4.25')

  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/campaigns$/)
  await expect(page.getByText('Campaign submitted')).toBeVisible()
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
})

test('a SELLER clones a submitted campaign: the copy opens in the editor with its ad group, and its Submit is recorded', async ({
  page,
  signInAs,
}) => {
  await signInAs('seller@example.com', { sellerId: 100001 })
  const [product] = ownProducts()
  const name = `Clone Journey ${unique()}`
  await keywordCampaignDraft(page, { name, budget: '4000', endInDays: 12 })
  const card = adGroupCard(page)
  await nameAndProducts(card, 'Original group', [product])
  await card.getByLabel('Exact').check()
  await addKeyword(card, 'clone shoes', '3')
  await expect(card.getByText('Selected keywords (1)')).toBeVisible()
  await page.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(page.getByText('Campaign submitted')).toBeVisible()

  // Clone from the list: the copy opens in the editor, a draft with the same ad group.
  await page.goto(`/campaigns?search=${encodeURIComponent(name)}`)
  await row(page, name)
    .getByRole('button', { name: `Clone ${name}` })
    .click()
  await expect(editorHeading(page)).toBeVisible()
  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
  await expect(page.getByTestId('campaign-details')).toContainText(`${name} - copy`)
  const copy = page.getByRole('form', { name: 'Ad Group - 1' })
  await expect(copy.getByText('Selected products (1)')).toBeVisible()
  await expect(copy.getByRole('button', { name: 'Remove keyword clone shoes' })).toBeVisible()

  // Submit the copy: it is listed, and its history says it was submitted.
  const copyId = new URL(page.url()).searchParams.get('id')
  await page.getByRole('button', { name: 'Submit', exact: true }).click()
  await expect(page).toHaveURL(/\/campaigns/)
  await expect(page.getByText('Campaign submitted')).toBeVisible()
  await page.goto(`/campaigns?search=${encodeURIComponent(`${name} - copy`)}`)
  await expect(row(page, `${name} - copy`)).toHaveCount(1)
  await page.goto(`/campaigns/${copyId}/history`)
  // (The processing job, woken by the submit, may already have written the newest entries.)
  await expect(page.getByTestId('history-row').filter({ hasText: '(submitted)' }).first()).toBeVisible()
})
