// The campaign editor's step one (spec campaigns §2, §4, §5; decision 029), JavaScript on and off: a
// SELLER fills step one and saves a draft, a refusal keeps what was typed, Discard asks first, a SELLER
// only views a Privilege campaign, and the page fits 360 px.
import { addDays, istDate } from '../../platform/rules/time'
import { expect, test } from './fixtures'

const today = istDate(new Date())
const unique = () => `${test.info().project.name} ${Date.now()}`.replace(/-/g, ' ')

test.beforeEach(async ({ signInAs }) => {
  await signInAs('seller@example.com', { sellerId: 100001 })
})

test('a SELLER fills step one and saves a draft: details locked, campaign in the list', async ({ page }) => {
  const name = `Step One ${unique()}`
  await page.goto('/create-campaign?class=Sponsored')
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible()
  await page.getByLabel('Campaign name').fill(name)
  await page.getByLabel('Start date').fill(addDays(today, 1))
  await page.getByLabel('End date').fill(addDays(today, 30))
  await page.getByLabel('Keyword').check()
  await page.getByLabel('Only these pincodes').check()
  await page.getByLabel('Pincode', { exact: true }).fill('110001')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('cell', { name: '110001', exact: true })).toBeVisible()
  await page.getByLabel('Pincode', { exact: true }).fill('400001')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('cell', { name: '400001', exact: true })).toBeVisible()
  // What was typed before the lookups is still there.
  await expect(page.getByLabel('Campaign name')).toHaveValue(name)
  await page.getByLabel('Total budget (₹)').fill('5000')
  await page.getByLabel('Manual').check()
  await page.getByLabel('Daily budget (₹)').fill('500')
  await page.getByRole('button', { name: 'Save & continue' }).click()

  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
  const details = page.getByTestId('campaign-details')
  await expect(details).toContainText(name)
  await expect(details).toContainText('110001, 400001')
  await expect(details).toContainText('Manual')
  await expect(page.getByLabel('Campaign name')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Ad groups' })).toBeVisible()

  await page.getByRole('link', { name: 'Back to campaigns' }).click()
  await expect(page).toHaveURL(/\/campaigns$/)
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
})

test('a refusal shows the message at its field and keeps the typed values', async ({ page }) => {
  await page.goto('/create-campaign?class=Sponsored')
  await page.getByLabel('Campaign name').fill('Bad (name)')
  await page.getByLabel('Start date').fill(addDays(today, 2))
  await page.getByLabel('Total budget (₹)').fill('1000')
  await page.getByLabel('Manual').check()
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page.getByText('Campaign name should not contain ^%₹`()."')).toBeVisible()
  await expect(page.getByText('Daily budget cannot be empty !')).toBeVisible()
  await expect(page.getByText('Enter a valid date')).toBeVisible()
  await expect(page.getByLabel('Campaign name')).toHaveValue('Bad (name)')
  await expect(page.getByLabel('Start date')).toHaveValue(addDays(today, 2))
  await expect(page.getByLabel('Total budget (₹)')).toHaveValue('1000')
  await expect(page.getByLabel('Manual')).toBeChecked()
  await expect(page).toHaveURL('/create-campaign?class=Sponsored')
})

test('Discard asks first: Cancel stays, Discard leaves for the list', async ({ page }) => {
  await page.goto('/create-campaign?class=Sponsored')
  await page.getByRole('link', { name: 'Discard' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL('/create-campaign?class=Sponsored')
  await page.getByRole('link', { name: 'Discard' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Discard' }).click()
  await expect(page).toHaveURL(/\/campaigns$/)
})

test('a SELLER sees a Privilege campaign read-only (View)', async ({ page, signInAs }) => {
  await signInAs('ops@example.com', { sellerId: 100001 })
  const name = `Privilege ${unique()}`
  await page.goto('/create-campaign?class=Privilege')
  await page.getByLabel('Campaign name').fill(name)
  await page.getByLabel('Start date').fill(addDays(today, 1))
  await page.getByLabel('Lifetime').check()
  await page.getByLabel('Bid price (CPM, ₹)').fill('20')
  await page.getByLabel('CPD (₹)').fill('300')
  await page.getByLabel('Privilege tag').fill('Festive')
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
  const url = page.url()

  await signInAs('seller@example.com', { sellerId: 100001 })
  await page.goto(url)
  await expect(page.getByRole('heading', { name: 'View Campaign', level: 1 })).toBeVisible()
  await expect(page.getByTestId('campaign-details')).toContainText(name)
  await expect(page.getByRole('link', { name: 'Edit details' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Discard' })).toHaveCount(0)
  await page.goto(`${url}&step=details`)
  await expect(page.getByLabel('Campaign name')).toHaveCount(0)
})

test('step one fits 360 px without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/create-campaign?class=Sponsored')
  await expect(page.getByRole('heading', { name: 'Create Campaign', level: 1 })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
