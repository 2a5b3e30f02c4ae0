// The route dialog kit (decision 017) on the campaign list's class and delete dialogs, with and without
// JavaScript. Without it a dialog is a page: its confirm control has focus on load and Cancel is the
// next tab stop. With it the dialog is modal: Tab stays inside, Escape goes back to the list, and focus
// returns to the link that opened it. The delete itself (JS on and off) is in campaigns-actions.spec.ts.
import type { Locator, Page } from '@playwright/test'
import { editorHeading, jsOff, rows } from './e2e-campaign-page'
import { expect, test } from './fixtures'

const deleteDialog = (page: Page) => page.getByRole('dialog', { name: 'Delete campaign?' })
const classDialog = (page: Page) => page.getByRole('dialog', { name: 'Campaign class' })

/** The first Delete link of the list and its campaign's name. */
async function firstDeleteLink(page: Page): Promise<{ link: Locator; name: string }> {
  const link = rows(page)
    .getByRole('link', { name: /^Delete / })
    .first()
  const label = (await link.getAttribute('aria-label')) ?? ''
  return { link: page.getByRole('link', { name: label, exact: true }), name: label.slice('Delete '.length) }
}

test.beforeEach(async ({ page, signInAs, e2eAccount }) => {
  await signInAs(e2eAccount('seller-list').email)
  await page.goto('/campaigns')
})

test('the delete confirmation: Delete has focus, Cancel is the next stop and goes back to the list', async ({
  page,
}) => {
  const { link, name } = await firstDeleteLink(page)
  await link.click()
  const dialog = deleteDialog(page)
  await expect(dialog).toContainText(name)
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused()
  // Modal only where it can be: without JavaScript nothing keeps focus inside.
  if (jsOff()) await expect(dialog).not.toHaveAttribute('aria-modal', 'true')
  else await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await page.keyboard.press('Tab')
  const cancel = dialog.getByRole('link', { name: 'Cancel' })
  await expect(cancel).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL('/campaigns')
  await expect(link).toBeVisible()
  if (!jsOff()) await expect(link).toBeFocused()
})

test('with JavaScript Tab and Shift+Tab stay inside the delete dialog; without, the page goes on', async ({
  page,
}) => {
  const { link } = await firstDeleteLink(page)
  await link.click()
  const dialog = deleteDialog(page)
  const remove = dialog.getByRole('button', { name: 'Delete' })
  const cancel = dialog.getByRole('link', { name: 'Cancel' })
  await expect(remove).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(cancel).toBeFocused()
  await page.keyboard.press('Tab')
  if (jsOff()) {
    // The dialog is the end of its page: focus moves on out of it.
    await expect(remove).not.toBeFocused()
    await expect(cancel).not.toBeFocused()
  } else {
    await expect(remove).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(cancel).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(remove).toBeFocused()
  }
})

test('Escape closes the delete dialog and gives focus back to the row’s Delete link (with JavaScript)', async ({
  page,
}) => {
  const { link } = await firstDeleteLink(page)
  await link.click()
  const dialog = deleteDialog(page)
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused()
  await page.keyboard.press('Escape')
  if (jsOff()) {
    // Without JavaScript the dialog is a page of its own; Escape is the browser's, and it stays.
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/campaigns\/\d+\/delete$/)
  } else {
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/campaigns')
    await expect(link).toBeFocused()
  }
})

test('a delete dialog loaded at its own URL hands focus to that row’s Delete link when it closes', async ({
  page,
}) => {
  const { link } = await firstDeleteLink(page)
  const href = (await link.getAttribute('href'))!
  await page.goto(href)
  const dialog = deleteDialog(page)
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Delete' }).press('Tab')
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL('/campaigns')
  if (!jsOff()) await expect(link).toBeFocused()
})

test('the class dialog: Sponsored has focus, then Continue, then Cancel; Escape returns to Create', async ({
  page,
}) => {
  const create = page.getByRole('link', { name: 'Create New Campaign' })
  await create.click()
  const dialog = classDialog(page)
  const sponsored = dialog.getByLabel('Sponsored')
  await expect(sponsored).toBeFocused()
  await expect(sponsored).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
  if (jsOff()) {
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
  } else {
    await page.keyboard.press('Tab')
    await expect(sponsored).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL('/campaigns')
    await expect(create).toBeFocused()
  }
})

test('the class dialog’s confirmation works with the keyboard: Continue opens the editor', async ({
  page,
}) => {
  await page.getByRole('link', { name: 'Create New Campaign' }).click()
  await expect(classDialog(page).getByLabel('Sponsored')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(editorHeading(page)).toBeVisible()
  await expect(page).toHaveURL('/create-campaign?class=Sponsored')
})
