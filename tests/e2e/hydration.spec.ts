// What a user does before the scripts arrive is kept when they do (a slow office PC can take seconds
// to hydrate): a filter chosen and a search typed before hydration are not reset by it. Without JS
// the same steps simply apply with the Apply button.
import { expect, test } from './fixtures'
import { jsOff } from './e2e-campaign-page'

test('a filter chosen and a search typed before the scripts load are kept and applied', async ({
  page,
  signInAs,
  e2eAccount,
}) => {
  await signInAs(e2eAccount('seller-list').email)
  let release = () => {}
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve
  })
  // Hold the console's scripts until the user has acted (no-op without JS: nothing is requested).
  await page.route('**/build/**', async (route) => {
    await scriptsHeld
    await route.continue()
  })
  // Module scripts hold DOMContentLoaded back: wait only for the server's HTML to be there.
  await page.goto('/campaigns', { waitUntil: 'commit' })
  await page.getByRole('searchbox').waitFor()
  await page.getByLabel('Date', { exact: true }).selectOption({ label: 'Last 1 month' })
  await page.getByRole('searchbox').fill('Winter')
  release()

  if (!jsOff()) {
    // Hydrated: the rows-per-page Show button exists only before the scripts run.
    await expect(page.getByRole('button', { name: 'Show' })).toHaveCount(0)
  }
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue('LAST_30D')
  await expect(page.getByRole('searchbox')).toHaveValue('Winter')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/dateFilterType=LAST_30D/)
  await expect(page).toHaveURL(/search=Winter/)
})
