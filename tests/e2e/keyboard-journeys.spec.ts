// Keyboard only (issue 14 "Everyone"; decisions 023, 053), JavaScript on and off: no mouse, and at every
// stop focus is on a control and shows (keyboard-kit's expectVisibleFocus after each Tab). Two journeys:
// - a report: Analytics → Generate → Actions → Save and Schedule → Save → the saved report's View (the
//   report computed) → Download → the code e-mailed → Download gives the CSV (this project's
//   'seller-keyboard', whose saved reports no other spec reads);
// - a link: this project's 'agency-reports' asks 'brand-link-2' for a link and the brand approves it in
//   its Link Approval dialog (links.spec.ts reads only agency-link's rows at brand-link-2).
// Creating and submitting a campaign from the list by keyboard is editor-keyboard.spec.ts's journey.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'
import { mailFor, waitForCode } from './mailbox'

const jsOn = () => test.info().project.name === 'js-on'

/** Enter on the focused control, after checking that it is `target` and that its focus shows. */
async function press(page: Page, target: ReturnType<Page['getByRole']>, key = 'Enter') {
  await expect(target).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press(key)
}

test('a SELLER generates a report, saves it and downloads it with the code, by keyboard alone', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  test.setTimeout(180_000)
  const seller = e2eUser('seller-keyboard')
  const name = `Keyboard journey ${test.info().project.name} ${Date.now()}`
  await signInAs(seller.email)
  await page.goto('/analytics')
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()

  // A range with the arrow keys (Last 1 day → Last 1 week), then Generate.
  const range = page.getByLabel('Date range')
  await tabTo(page, range, 60)
  await page.keyboard.press('ArrowDown')
  await expect(range).toHaveValue('LAST_7D')
  const generate = page.getByRole('button', { name: 'Generate', exact: true })
  await tabTo(page, generate, 200)
  await press(page, generate)
  await expect(page).toHaveURL(/run=1/)
  await expect(page.getByTestId('report-heading')).toBeVisible()
  await expect(page.locator('table tbody tr').first()).toBeVisible()

  // Actions → Save and Schedule, with the choices made: Shift+Tab back up to the menu.
  const actions = page.getByText('Actions', { exact: true })
  await tabTo(page, actions, 200, 'Shift+Tab')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await press(page, page.getByRole('link', { name: 'Save and Schedule' }))
  await expect(page.getByRole('heading', { name: 'Save and Schedule Report', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Date range')).toHaveValue('LAST_7D')
  await tabTo(page, page.getByLabel('Report name'), 60)
  await page.keyboard.type(name)
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await tabTo(page, save, 200)
  await press(page, save)
  await expect(page).toHaveURL(/\/saved-reports$/)
  await expect(page.getByTestId('flash')).toContainText('Report saved')

  // The saved list: View computes the report.
  await page.goto('/saved-reports?size=100')
  const view = page.getByRole('link', { name: `View ${name}` })
  await tabTo(page, view, 200)
  await press(page, view)
  await expect(page.getByRole('heading', { name: `Report: ${name}`, level: 1 })).toBeVisible()

  // Download e-mails a code and opens the dialog with focus on the code; the code downloads the CSV.
  const before = mailFor(seller.email).length
  const download = page.getByRole('button', { name: `Download ${name}` })
  await tabTo(page, download, 60)
  await press(page, download)
  const dialog = page.getByRole('dialog', { name: 'Download report' })
  const otp = dialog.getByLabel('OTP')
  await expect(otp).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.type(await waitForCode(seller.email, before))
  const file = page.waitForEvent('download')
  await page.keyboard.press('Tab')
  await press(page, dialog.getByRole('button', { name: 'Download', exact: true }))
  const csv = readFileSync((await (await file).path())!, 'utf8')
    .trim()
    .split(/\r?\n/)
  expect(csv[0]).toContain('Campaign')
  expect(csv.length).toBeGreaterThan(1)
})

test('an AGENCY asks a BRAND for a link and the BRAND approves it, by keyboard alone', async ({
  page,
  signInAs,
  e2eAccount,
}) => {
  test.setTimeout(120_000)
  const agency = e2eAccount('agency-reports')
  const brand = e2eAccount('brand-link-2')
  const brandName = `E2E brand-link-2 ${test.info().project.name}`

  // The agency's Link Request: the Brand Id, then Create request.
  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await expect(page.getByRole('heading', { name: 'Link Request', level: 1 })).toBeVisible()
  await tabTo(page, page.getByLabel('Brand Id'), 60)
  await page.keyboard.type(String(brand.id))
  const create = page.getByRole('button', { name: 'Create request' })
  await tabTo(page, create, 10)
  await press(page, create)
  await expect(page.getByTestId('flash')).toContainText(`Link request sent to brand ${brand.id}`)
  await expect(page.getByRole('row').filter({ hasText: brandName })).toContainText('Pending')

  // The brand's Link Approval: Link on the agency's row opens the dialog with its Link button focused.
  await page.context().clearCookies()
  await signInAs(brand.email)
  await page.goto('/requestApproval')
  await expect(page.getByRole('heading', { name: 'Link Approval', level: 1 })).toBeVisible()
  const link = page
    .getByRole('row')
    .filter({ hasText: agency.email })
    .getByRole('link', { name: 'Link E2E agency-reports' })
  await tabTo(page, link, 200)
  await press(page, link)
  const dialog = page.getByRole('dialog', { name: 'Approve link request' })
  await expect(dialog).toContainText('Are you sure you want to approve E2E agency-reports?')
  await press(page, dialog.getByRole('button', { name: 'Link' }))
  await expect(page.getByTestId('flash')).toContainText('E2E agency-reports is now linked to your brand.')
  await expect(page.getByRole('row').filter({ hasText: agency.email })).toHaveCount(0)
  // Focus is not lost: the next Tab lands on a control that shows it.
  await page.keyboard.press('Tab')
  await expectVisibleFocus(page)
  if (jsOn()) await expect(page.getByRole('dialog')).toHaveCount(0)

  // The agency's history says Approved.
  await page.context().clearCookies()
  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await expect(page.getByRole('row').filter({ hasText: brandName })).toContainText('Approved')
})
