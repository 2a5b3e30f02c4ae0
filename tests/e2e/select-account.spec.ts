import { demoUser, expect, test } from './fixtures'

const SELLER = demoUser('seller@example.com')
const BRAND = demoUser('brand@example.com')

test('an admin without an account lands on account selection and picks a seller', async ({
  page,
  signInAs,
}) => {
  await signInAs('ops@example.com', { sellerId: null })
  await page.goto('/')
  await expect(page).toHaveURL('/admin/select-account')
  const field = page.getByLabel('Enter brand or seller ID')
  await field.fill(String(SELLER.id))
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page).toHaveURL('/admin/campaigns')
  await expect(page.getByTestId('seller-id')).toContainText(String(SELLER.id))
  await expect(page.getByTestId('flash')).toContainText(`Now viewing Sharma Retail Mart (${SELLER.id})`)
  // A flash message shows once.
  await page.reload()
  await expect(page.getByTestId('flash')).toHaveCount(0)
})

test("a non-numeric ID gets 'ID is invalid' and keeps what was typed", async ({ page, signInAs }) => {
  await signInAs('superadmin@example.com', { sellerId: null })
  await page.goto('/admin/select-account')
  const field = page.getByLabel('Enter brand or seller ID')
  await field.fill('12ab')
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('ID is invalid')
  await expect(field).toHaveValue('12ab')
  await expect(page).toHaveURL('/admin/select-account')
})

test('an agency may open a linked brand but not a seller it is not linked to', async ({ page, signInAs }) => {
  await signInAs('agency@example.com', { sellerId: null })
  await page.goto('/')
  await expect(page).toHaveURL('/select-account')
  const field = page.getByLabel('Enter brand or seller ID')
  await field.fill(String(SELLER.id))
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('This ID is not available to you')
  await expect(field).toHaveValue(String(SELLER.id))

  await field.fill(String(BRAND.id))
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page).toHaveURL('/campaigns')
  await expect(page.getByTestId('seller-id')).toContainText(String(BRAND.id))
})

test('the header Switch leads back to account selection', async ({ page, signInAs }) => {
  await signInAs('ops@example.com', { sellerId: SELLER.id })
  await page.goto('/admin/campaigns')
  await page.getByRole('link', { name: 'Switch' }).click()
  await expect(page).toHaveURL('/admin/select-account')
  await expect(page.getByText(`Currently viewing account ${SELLER.id}.`)).toBeVisible()
})

test('a seller cannot open account selection', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/select-account')
  await expect(page).toHaveURL('/campaigns')
})
