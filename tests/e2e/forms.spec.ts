// The form kit (decision 017) before its JavaScript has loaded: with JavaScript on, the browser checks
// the native constraints (required, pattern) while the bundles load; with JavaScript off the form is
// `novalidate` and the server answers with the spec's words.
import { expect, test } from './fixtures'

test('an empty Login while the bundles load is stopped by the browser; without JS the server says why', async ({
  page,
  javaScriptEnabled,
}) => {
  // The bundles never arrive: the page stays as the server rendered it, with its inline script only.
  await page.route('**/build/**/*.js', (route) => route.abort())
  await page.goto('/')
  const userName = page.getByLabel('User name')
  await page.getByRole('button', { name: 'Login' }).click()
  if (javaScriptEnabled) {
    // The inline script turned the browser's checks on, so the empty required field stops the post.
    const form = page.locator('form', { has: userName })
    expect(await form.evaluate((element: HTMLFormElement) => element.noValidate)).toBe(false)
    expect(await userName.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)
    await expect(page.getByText('User name is required')).toHaveCount(0)
    await expect(page).toHaveURL('/')
  } else {
    await expect(page.getByRole('alert').filter({ hasText: 'User name is required' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Password is required' })).toBeVisible()
  }
})

test('an account ID with a space is refused in the spec’s words, with and without JS', async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  await signInAs('ops@example.com', { sellerId: null })
  await page.goto('/admin/select-account')
  const field = page.getByLabel('Enter brand or seller ID')
  await field.fill('12 34')
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page.getByRole('alert')).toHaveText('ID is invalid')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveValue('12 34')
  // With JS the message follows the typing once the form has been submitted.
  await field.fill('1234')
  if (javaScriptEnabled) await expect(page.getByRole('alert')).toHaveCount(0)
})
