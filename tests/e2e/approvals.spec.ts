// Approvals (issue 11, decision 035), with JavaScript on and off: the SUPERADMIN 'superadmin-approve' of
// this project sees its pending agencies as links and other rows as plain text, uploads a document and
// views it, rejects 'agency-pending-1' (empty comments first), approves 'agency-pending-2' (the e-mail with
// the terms link reaches the real SMTP listener); the approved agency then signs in for real and is sent
// to the terms page, the rejected one cannot sign in. One serial file: each step needs the one before.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { totpNow } from './accounts-kit'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'
import { mailFor } from './mailbox'

test.describe.configure({ mode: 'serial' })

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% approvals e2e\n%%EOF\n')
const COMMENTS = 'GST certificate name differs from the registered name'

/** Serious and critical axe findings on the page as it is (JavaScript on only: axe is a script). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.getByLabel('User name').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

test('the approval list: pending agencies open their detail, other rows are not links', async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}, testInfo) => {
  await signInAs(e2eUser('superadmin-approve').email)
  await page.goto('/admin/approval?userType=AGENCY&size=100')
  await expect(page.getByRole('heading', { name: 'Approval', level: 1 })).toBeVisible()
  // The filters as a person uses them: Status → Pending, Apply (with JavaScript it applies on change).
  await page.getByLabel('Status').selectOption('PENDING')
  if (testInfo.project.name === 'js-off') await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/status=PENDING/)
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText([
    'Name',
    'User Type',
    'Added by',
    /Timestamp/,
    'Status',
  ])
  for (const name of ['agency-pending-1', 'agency-pending-2']) {
    const id = e2eAccount(name).id
    const link = page.locator(`a[href="/admin/approval/AGENCY/${id}"]`)
    await expect(link, name).toHaveText(`E2E ${name}`)
    const row = page.locator('tr', { has: link })
    await expect(row.getByRole('cell').nth(4)).toHaveText('Pending')
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  }

  // A rejected agency is listed but opens nothing.
  await page.goto('/admin/approval?userType=AGENCY&status=REJECTED&size=100')
  const rejected = page.locator('tbody tr', { hasText: 'E2E agency-rejected' }).first()
  await expect(rejected).toBeVisible()
  await expect(rejected.getByText('Rejected', { exact: true })).toBeVisible()
  await expect(page.locator('tbody a')).toHaveCount(0)

  // 360 px wide: no sideways scroll (the table scrolls in its own box).
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/admin/approval')
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  if (testInfo.project.name === 'js-on') expect(await axeFindings(page)).toEqual([])
})

test('a document received offline is uploaded as a PDF and viewed; a wrong file type is refused', async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}, testInfo) => {
  await signInAs(e2eUser('superadmin-approve').email)
  const id = e2eAccount('agency-pending-1').id
  const base = `/admin/approval/AGENCY/${id}`
  await page.goto('/admin/approval?userType=AGENCY&status=PENDING&size=100')
  await page.locator(`a[href="${base}"]`).click()
  await expect(page).toHaveURL(base)
  await expect(page.getByRole('heading', { name: 'Approval details', level: 1 })).toBeVisible()
  await expect(
    page.getByRole('definition').filter({ hasText: e2eUser('agency-pending-1').email }),
  ).toBeVisible()
  const documents = page.getByRole('region', { name: 'Agency documents' })
  await expect(documents.getByRole('listitem')).toHaveCount(7)
  await expect(page.getByTestId('document-io-doc')).toContainText('Not received')

  // Not a PDF, PNG or JPEG by its content: refused, whatever its name.
  await page
    .getByLabel('IO Doc file')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>no</html>') })
  await page.getByRole('button', { name: 'Upload IO Doc' }).click()
  await expect(page.getByTestId('flash')).toContainText('IO Doc: Upload a PDF, PNG or JPEG file')

  await page
    .getByLabel('IO Doc file')
    .setInputFiles({ name: 'io-signed.pdf', mimeType: 'application/pdf', buffer: PDF })
  await page.getByRole('button', { name: 'Upload IO Doc' }).click()
  await expect(page.getByTestId('flash')).toContainText('IO Doc uploaded.')
  await expect(page.getByTestId('document-io-doc')).toContainText('Received: io-signed.pdf')
  const view = page.getByRole('link', { name: 'View IO Doc (opens in a new tab)' })
  const href = await view.getAttribute('href')
  expect(href).toBe(`${base}/documents/io-doc`)
  const file = await page.request.get(href!)
  expect(file.status()).toBe(200)
  expect(file.headers()['content-type']).toBe('application/pdf')
  expect(file.headers()['x-content-type-options']).toBe('nosniff')
  expect(file.headers()['content-disposition']).toMatch(/^inline; filename="io-signed\.pdf"/)
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true)

  // Narrow and keyboard: no sideways scroll; Tab reaches Reject with visible focus.
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto(base)
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  await tabTo(page, page.getByRole('button', { name: 'Reject', exact: true }), 120)
  await expectVisibleFocus(page)
  if (testInfo.project.name === 'js-on') expect(await axeFindings(page)).toEqual([])
})

test("rejecting needs comments ('Comments are required'); the agency is rejected and told why", async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}, testInfo) => {
  await signInAs(e2eUser('superadmin-approve').email)
  const agency = e2eUser('agency-pending-1')
  const base = `/admin/approval/AGENCY/${e2eAccount('agency-pending-1').id}`
  await page.goto(base)
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  // With JavaScript the detail's field says it; without, the reject dialog's field does.
  await expect(page.getByText('Comments are required')).toBeVisible()
  const field = page.getByLabel('Comments on rejection')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(testInfo.project.name === 'js-on' ? base : `${base}/reject`)
  if (testInfo.project.name === 'js-off') {
    // Back to the detail, to type the comments there as with JavaScript.
    await page.getByRole('link', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(base)
  }
  await page.getByLabel('Comments on rejection').fill(COMMENTS)
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  // The detail's comments came with the post into the confirmation, still editable.
  const dialog = page.getByRole('dialog', { name: 'Reject registration' })
  await expect(page).toHaveURL(`${base}/reject`)
  await expect(dialog.getByLabel('Comments on rejection')).toHaveValue(COMMENTS)
  if (testInfo.project.name === 'js-on') expect(await axeFindings(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(page).toHaveURL('/admin/approval')
  await expect(page.getByTestId('flash')).toContainText('E2E agency-pending-1 was rejected.')
  await expect
    .poll(() => mailFor(agency.email).find((m) => /not approved/.test(m.subject))?.body ?? '', {
      timeout: 15_000,
    })
    .toContain(COMMENTS)
  // No longer pending: its row is plain text.
  await page.goto('/admin/approval?userType=AGENCY&status=REJECTED&size=100')
  await expect(page.locator(`a[href="${base}"]`)).toHaveCount(0)
})

test("'Approve & Send TnC' approves the agency and e-mails it the terms link", async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}, testInfo) => {
  await signInAs(e2eUser('superadmin-approve').email)
  const agency = e2eUser('agency-pending-2')
  const base = `/admin/approval/AGENCY/${e2eAccount('agency-pending-2').id}`
  await page.goto(base)
  await page.getByRole('link', { name: 'Approve & Send TnC' }).click()
  await expect(page).toHaveURL(`${base}/approve`)
  const dialog = page.getByRole('dialog', { name: 'Approve & Send TnC' })
  await expect(dialog).toContainText(agency.email)
  if (testInfo.project.name === 'js-on') {
    expect(await axeFindings(page)).toEqual([])
    // Escape closes the dialog and leaves the agency pending; the link opens it again.
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(base)
    await page.getByRole('link', { name: 'Approve & Send TnC' }).click()
  }
  // The confirm button has focus as the dialog opens.
  await expect(dialog.getByRole('button', { name: 'Approve & Send TnC' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/admin/approval')
  await expect(page.getByTestId('flash')).toContainText(
    `E2E agency-pending-2 was approved. The terms and conditions link was sent to ${agency.email}.`,
  )
  await expect
    .poll(() => mailFor(agency.email).find((m) => /approved/.test(m.subject))?.body ?? '', {
      timeout: 15_000,
    })
    .toMatch(/https?:\/\/[^\s]+\/terms-and-conditions/)
})

test('the approved agency signs in for real and is sent to the terms page; the rejected one cannot sign in', async ({
  page,
  e2eUser,
}) => {
  const approved = e2eUser('agency-pending-2')
  await signInWithPassword(page, approved.email, approved.password)
  await expect(page).toHaveURL('/login/verify')
  await page.getByLabel('OTP', { exact: true }).fill(totpNow(approved.totpSecret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL('/terms-and-conditions')

  const rejected = e2eUser('agency-pending-1')
  await page.context().clearCookies()
  await signInWithPassword(page, rejected.email, rejected.password)
  await expect(page.getByText('Your account registration was rejected')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/')
})
