import AxeBuilder from '@axe-core/playwright'
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

test('staff find an account by part of its name, see its ID and type, and open it; the header names it', async ({
  page,
  signInAs,
}) => {
  await signInAs('ops@example.com', { sellerId: null })
  await page.goto('/admin/select-account')
  await page.getByLabel('Search by name or ID').fill('voltI')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL('/admin/select-account?q=voltI')
  const table = page.getByRole('table', { name: 'Accounts matching “voltI”' })
  const row = table.getByRole('row').filter({ hasText: 'Voltix' })
  await expect(row.getByRole('cell')).toHaveText(['Voltix', String(BRAND.id), 'Brand', 'Select'])
  // The search stays in its field after the page reloads.
  await expect(page.getByLabel('Search by name or ID')).toHaveValue('voltI')
  await row.getByRole('button', { name: `Select Voltix (${BRAND.id})` }).click()
  await expect(page).toHaveURL('/admin/campaigns')
  await expect(page.getByTestId('seller-id')).toHaveText(`Account: Voltix (${BRAND.id})Switch`)
  await page.getByRole('link', { name: 'Switch' }).click()
  await expect(page.getByText(`Currently viewing Voltix (${BRAND.id}).`)).toBeVisible()
})

test('an agency is shown only the brands linked to it, and a search for anything else finds nothing', async ({
  page,
  signInAs,
}) => {
  await signInAs('agency@example.com', { sellerId: null })
  await page.goto('/select-account')
  const table = page.getByRole('table', { name: 'Brands linked to your agency' })
  const types = table.locator('tbody tr td:nth-child(3)')
  await expect(types.first()).toHaveText('Brand')
  for (const type of await types.allTextContents()) expect(type).toBe('Brand')
  await expect(table.getByRole('cell', { name: 'Voltix', exact: true })).toBeVisible()

  await page.getByLabel('Search by name or ID').fill(String(SELLER.id))
  await page.getByLabel('Search by name or ID').press('Enter')
  await expect(page).toHaveURL(`/select-account?q=${SELLER.id}`)
  await expect(page.getByText('No accounts match your search.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a link' })).toBeVisible()
})

test('the search field is a combobox with JS (type, arrows, Enter) and a plain search without it', async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  await signInAs('superadmin@example.com', { sellerId: null })
  await page.goto('/admin/select-account')
  const field = page.getByLabel('Search by name or ID')
  if (!javaScriptEnabled) {
    await expect(page.getByRole('combobox')).toHaveCount(0)
    await field.fill('Sharma')
    await field.press('Enter')
    await expect(page).toHaveURL('/admin/select-account?q=Sharma')
    await expect(page.getByRole('button', { name: `Select Sharma Retail Mart (${SELLER.id})` })).toBeVisible()
    return
  }
  const combobox = page.getByRole('combobox', { name: 'Search by name or ID' })
  await expect(combobox).toHaveAttribute('aria-expanded', 'false')
  await combobox.pressSequentially('sharma')
  const listbox = page.getByRole('listbox', { name: 'Matching accounts' })
  const option = listbox.getByRole('option', {
    name: new RegExp(`Sharma Retail Mart\\s*${SELLER.id} · Seller`),
  })
  await expect(option).toBeVisible()
  await expect(combobox).toHaveAttribute('aria-expanded', 'true')
  // The open list passes axe (WCAG 2.2 AA) like the rest of the page: no serious or critical violation.
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([])
  await expect(page.getByRole('status').filter({ hasText: /matching account/ })).toBeVisible()
  for (const name of await listbox.getByRole('option').allTextContents())
    expect(name.toLowerCase()).toContain('sharma')
  // Escape closes the list and keeps the text; ArrowDown opens it again on the first match.
  await combobox.press('Escape')
  await expect(listbox).toBeHidden()
  await expect(combobox).toHaveValue('sharma')
  await combobox.press('ArrowDown')
  const first = listbox.getByRole('option').first()
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
  await expect(combobox).toBeFocused()
  const chosen = (await first.locator('span').first().textContent())!
  await combobox.press('Enter')
  await expect(page).toHaveURL('/admin/campaigns')
  await expect(page.getByTestId('seller-id')).toContainText(`Account: ${chosen}`)
})

test('a seller cannot open account selection', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/select-account')
  await expect(page).toHaveURL('/campaigns')
})
