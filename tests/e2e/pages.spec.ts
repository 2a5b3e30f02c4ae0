// Pages outside the shell (spec accounts §2): unauthorized, the terms error popup, the SELLER welcome
// page (/home) and the terms-not-accepted page. None has the menu.
import { demoUser, expect, test } from './fixtures'

const SELLER = demoUser('seller@example.com')

test('/unauthorized signed out: the message, and home leads to Login', async ({ page }) => {
  await page.goto('/unauthorized')
  await expect(page).toHaveURL('/unauthorized')
  await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Go back to home page' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
})

test('/unauthorized signed in: no menu, and home leads to the user’s home', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/unauthorized')
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Go back to home page' }).click()
  await expect(page).toHaveURL('/campaigns')
})

test('/tncErrorPopup for OPS: explains, goes home, and logs out', async ({ page, context, signInAs }) => {
  await signInAs('ops@example.com', { sellerId: SELLER.id })
  await page.goto('/tncErrorPopup')
  const dialog = page.getByRole('alertdialog', { name: 'Terms and Conditions pending' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('must accept them before you can continue')
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)

  await dialog.getByRole('link', { name: 'Go back to home page' }).click()
  await expect(page).toHaveURL('/admin/campaigns')

  await page.goto('/tncErrorPopup')
  const before = await context.cookies()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  await context.addCookies(before)
  await page.goto('/tncErrorPopup')
  await expect(page).toHaveURL('/')
})

test('/tncErrorPopup signed out goes to Login', async ({ page }) => {
  await page.goto('/tncErrorPopup')
  await expect(page).toHaveURL('/')
})

test('/home welcomes a SELLER by name, without the menu, with a way to the campaigns', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('seller-welcome').email)
  await page.goto('/home')
  await expect(page).toHaveURL('/home')
  await expect(page.getByRole('heading', { name: 'Welcome, E2E seller-welcome' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Go to campaigns' }).click()
  await expect(page).toHaveURL('/campaigns')
  await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible()
})

test('/home Logout ends the session on the server', async ({ page, context, signInAs, e2eUser }) => {
  await signInAs(e2eUser('seller-welcome').email)
  await page.goto('/home')
  const before = await context.cookies()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  await context.addCookies(before)
  await page.goto('/home')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
})

test('/home is for SELLER only: a brand is sent to Login, which sends it home', async ({
  page,
  signInAs,
}) => {
  await signInAs('brand@example.com')
  await page.goto('/home')
  await expect(page).toHaveURL('/campaigns')
})

test('/home signed out goes to Login', async ({ page }) => {
  await page.goto('/home')
  await expect(page).toHaveURL('/')
})

test('/terms-not-accepted explains and leads back to Login', async ({ page }) => {
  await page.goto('/terms-not-accepted')
  await expect(page.getByRole('heading', { name: 'Terms and Conditions not accepted' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'read the Terms and Conditions (PDF)' })).toHaveAttribute(
    'href',
    '/tnc.pdf',
  )
  await page.getByRole('link', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL('/')
})
