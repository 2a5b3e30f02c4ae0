// The console with the keyboard only (issue 9, docs/decisions/023): the skip link, Pause and Play, the
// pager, the delete dialog and the Status filter, driven by `page.keyboard` alone. At every step focus
// is visible (`:focus-visible`) and, with JavaScript, never on <body>. The account is the journey's own
// (seller-keyboard: 12 campaigns), so no other test sees its campaigns change.
import type { Page } from '@playwright/test'
import { jsOff } from './e2e-campaign-page'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'

/** After a full page load (no JavaScript) focus starts at the top: the first Tab is the skip link. */
async function expectFreshPage(page: Page) {
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  await expectVisibleFocus(page)
}

test('a keyboard-only journey: skip link, pause and play, pages, delete, status filter', async ({
  page,
  signInAs,
  e2eAccount,
}) => {
  test.setTimeout(120_000)
  await signInAs(e2eAccount('seller-keyboard').email)
  // Budget ascending: Key Pause, Key Play and Key Delete are the first rows of page 1 of 2.
  await page.goto('/campaigns?sort=budget&direction=asc')
  const caption = page.locator('caption')
  const pageLabel = page.getByTestId('page-label')
  await expect(pageLabel).toHaveText('Page 1 of 2')

  // The skip link is the first stop and leads into main.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  await expectVisibleFocus(page)

  // Pause: focus lands on the same row's new Play button, then Play brings Pause back.
  await tabTo(page, page.getByRole('button', { name: 'Pause Key Pause', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Play Key Pause', exact: true })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Pause Key Pause', exact: true })).toBeFocused()
  await expectVisibleFocus(page)

  // Next page: with JS focus goes to the caption and the new state is announced.
  await tabTo(page, page.getByRole('link', { name: 'Next page' }))
  await page.keyboard.press('Enter')
  await expect(pageLabel).toHaveText('Page 2 of 2')
  if (jsOff()) await expectFreshPage(page)
  else {
    await expect(caption).toBeFocused()
    await expectVisibleFocus(page)
    await expect(page.getByTestId('list-announcement')).toHaveText(
      'Page 2 of 2, sorted by Budget ascending, 12 campaigns',
    )
  }
  await tabTo(page, page.getByRole('link', { name: 'Previous page' }))
  await page.keyboard.press('Enter')
  await expect(pageLabel).toHaveText('Page 1 of 2')
  if (jsOff()) await expectFreshPage(page)
  else {
    await expect(caption).toBeFocused()
    await expect(page.getByTestId('list-announcement')).toHaveText(
      'Page 1 of 2, sorted by Budget ascending, 12 campaigns',
    )
  }

  // Delete through its dialog: the confirm button has focus; after the delete focus is not lost.
  await tabTo(page, page.getByRole('link', { name: 'Delete Key Delete', exact: true }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Delete campaign?' })
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Key Delete', exact: true })).toHaveCount(0)
  if (jsOff()) await expectFreshPage(page)
  else await expectVisibleFocus(page)

  // Stepping through Status with the arrows does not reload the list at each step.
  const status = page.getByLabel('Status', { exact: true })
  await tabTo(page, status)
  const before = page.url()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(status).toHaveValue('Paused')
  await expect(status).toBeFocused()
  expect(page.url()).toBe(before)
  if (jsOff()) {
    await tabTo(page, page.getByRole('button', { name: 'Apply' }))
  }
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/status=Paused/)
  // Key Play is the paused one: with JS the filtered list's caption has focus and says so.
  await expect(page.getByRole('link', { name: 'Key Play', exact: true })).toBeVisible()
  if (!jsOff()) {
    await expect(caption).toBeFocused()
    await expectVisibleFocus(page)
    await expect(page.getByTestId('list-announcement')).toHaveText(
      'Page 1 of 1, sorted by Budget ascending, 1 campaign',
    )
  }
})
