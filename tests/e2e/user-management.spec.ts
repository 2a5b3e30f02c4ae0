// User management (issue 11, spec accounts §2, §4, §5, §6, decision 034), JS on and off: the list's
// filters, Timestamp sort, pager and CSV downloads; revoke ends a seller's real session on their next
// click and reactivate lets them sign in again; an OPS user's access goes to Super Admin and back; an
// OPS viewer sees the edit icon only on a rejected agency and no revoke controls; axe, 360 px, keyboard.
// Every user a test changes is this project's own e2e user (seller-revoke, ops-access).
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Download, Page } from '@playwright/test'
import { signInWithPassword } from './accounts-kit'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'

const LIST = '/admin/userManagement'
const detailPath = (email: string) => `${LIST}/${encodeURIComponent(email)}`
const jsOn = () => test.info().project.name === 'js-on'

/** A select of the filter bar: with JS it applies itself; without, Apply does. */
async function filter(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option })
  if (!jsOn()) await page.getByRole('button', { name: 'Apply' }).click()
}

async function downloadText(download: Download) {
  const file = await download.path()
  return readFileSync(file, 'utf8')
}

const rows = (page: Page) => page.locator('table tbody tr')

test('the list filters by user type and status, sorts by Timestamp, pages, and downloads its CSVs', async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}) => {
  await signInAs(e2eUser('superadmin-users').email, { sellerId: null })
  await page.goto(LIST)
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible()
  await expect(page.getByTestId('page-label')).toHaveText(/^Page 1 of \d+$/)
  await expect(rows(page)).toHaveCount(10)

  // Pager: the next page, then 20 rows per page.
  await page.getByRole('link', { name: 'Next page' }).click()
  await expect(page.getByTestId('page-label')).toHaveText(/^Page 2 of \d+$/)
  await page.getByLabel('Rows per page').selectOption('20')
  if (!jsOn()) await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/size=20/)
  await expect(page.getByTestId('page-label')).toHaveText(/^Page 1 of \d+$/)
  await expect(rows(page)).toHaveCount(20)

  // Filters: agencies, then rejected ones; this project's rejected agency is listed.
  await filter(page, 'User type', 'Agency')
  await expect(page).toHaveURL(/userType=AGENCY/)
  await filter(page, 'Status', 'Rejected')
  await expect(page).toHaveURL(/status=REJECTED/)
  const rejected = e2eUser('agency-rejected').email
  await expect(rows(page).filter({ hasText: rejected })).toHaveCount(1)
  const types = await rows(page).locator('td:nth-child(2)').allInnerTexts()
  expect(new Set(types)).toEqual(new Set(['Agency']))
  const statuses = await rows(page).locator('td:nth-child(7)').allInnerTexts()
  expect(new Set(statuses)).toEqual(new Set(['Rejected']))

  // Timestamp: newest first by default, oldest first after a click.
  await page.goto(`${LIST}?size=50`)
  const newest = await rows(page).locator('td:nth-child(5)').allInnerTexts()
  expect(newest).toEqual([...newest].sort().reverse())
  await page.getByRole('link', { name: /^Sort by Timestamp/ }).click()
  await expect(page).toHaveURL(/direction=asc/)
  await expect(page.getByRole('columnheader', { name: /Timestamp/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
  const oldest = await rows(page).locator('td:nth-child(5)').allInnerTexts()
  expect(oldest).toEqual([...oldest].sort())
  for (const stamp of oldest) expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

  // All Advertisers: the spec's columns.
  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'All Advertisers' }).click(),
  ])
  const csv = await downloadText(all)
  expect(csv.split('\r\n')[0]).toBe('Entity Type,Entity Id,Entity Name,Entity Email')
  expect(csv).toContain(
    `AGENCY,${e2eAccount('agency-list').id},E2E agency-list,${e2eUser('agency-list').email}`,
  )

  // An agency's brand count and brand list: the same brands as the list says.
  const agency = e2eUser('agency-list').email
  await page.goto(`${LIST}?userType=AGENCY&size=100`)
  const row = rows(page).filter({ hasText: agency })
  await expect(row.locator('td:nth-child(6)')).toContainText('1 brand')
  const [brands] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /Download brand list/ }).click(),
  ])
  const brandCsv = await downloadText(brands)
  expect(brandCsv.split('\r\n')).toEqual([
    'Brand Id,Brand Name',
    `${e2eAccount('brand-list').id},E2E brand-list ${test.info().project.name}`,
  ])
})

test('revoking a signed-in seller ends their session on their next click; reactivated, they sign in again', async ({
  page,
  browser,
  signInAs,
  e2eUser,
}, testInfo) => {
  const seller = e2eUser('seller-revoke')
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  const sellerPage = await other.newPage()
  try {
    await signInWithPassword(sellerPage, seller.email, seller.password, seller.totpSecret)
    await expect(sellerPage).toHaveURL('/campaigns')

    await signInAs(e2eUser('superadmin-users').email, { sellerId: null })
    await page.goto(detailPath(seller.email))
    await expect(page.getByRole('heading', { level: 1, name: 'User details' })).toBeVisible()
    await expect(page.getByText('Approved', { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Revoke' }).click()
    const dialog = page.getByRole('dialog', { name: 'Revoke account' })
    await expect(dialog).toBeVisible()
    // No reason: the spec's message at the field, nothing changed.
    await dialog.getByRole('button', { name: 'Revoke' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Reason cannot be empty')
    await dialog.getByLabel('Reason').fill('Suspicious activity')
    await dialog.getByRole('button', { name: 'Revoke' }).click()
    await expect(page).toHaveURL(detailPath(seller.email))
    await expect(page.getByText(/account is revoked/)).toBeVisible()
    await expect(page.getByText('Revoked', { exact: true })).toBeVisible()

    // The seller's next click lands on Login.
    await sellerPage
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Analytics' })
      .click()
    await expect.poll(() => new URL(sellerPage.url()).pathname).toBe('/')
    await expect(sellerPage.getByRole('heading', { name: 'Login' })).toBeVisible()

    // Reactivate, with a reason; the seller signs in again.
    await page.getByRole('link', { name: 'Reactivate account' }).click()
    const again = page.getByRole('dialog', { name: 'Reactivate account' })
    await again.getByLabel('Reason').fill('Checked with the seller')
    await again.getByRole('button', { name: 'Reactivate account' }).click()
    await expect(page.getByText(/account is reactivated/)).toBeVisible()
    await expect(page.getByText('Reactivated', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Revoke' })).toBeVisible()

    await signInWithPassword(sellerPage, seller.email, seller.password, seller.totpSecret, { totpOffset: 1 })
    await expect(sellerPage).toHaveURL('/campaigns')
  } finally {
    await other.close()
  }
})

test("an OPS user's access goes to Super Admin and back, with a required reason", async ({
  page,
  signInAs,
  e2eUser,
}) => {
  const ops = e2eUser('ops-access').email
  await signInAs(e2eUser('superadmin-users').email, { sellerId: null })
  await page.goto(detailPath(ops))
  await expect(page.getByTestId('current-access')).toHaveText('Admin')

  for (const [from, to] of [
    ['Admin', 'Super Admin'],
    ['Super Admin', 'Admin'],
  ] as const) {
    await expect(page.getByTestId('current-access')).toHaveText(from)
    await page.getByRole('link', { name: 'Edit access' }).click()
    const dialog = page.getByRole('dialog', { name: 'Change access' })
    // Only the other admin role is offered.
    await expect(dialog.getByRole('radio')).toHaveCount(1)
    await expect(dialog.getByRole('radio', { name: to })).toBeChecked()
    await dialog.getByLabel('Reason').fill('   ')
    await dialog.getByRole('button', { name: 'Change access' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Reason cannot be empty')
    await dialog.getByLabel('Reason').fill(`Rota change to ${to}`)
    await dialog.getByRole('button', { name: 'Change access' }).click()
    await expect(page).toHaveURL(detailPath(ops))
    await expect(page.getByTestId('current-access')).toHaveText(to)
    await expect(page.getByText(`access is now ${to}`)).toBeVisible()
  }
})

test('OPS sees the edit icon only on a rejected agency and no access or revoke controls', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('ops-users').email, { sellerId: null })
  const rejected = e2eUser('agency-rejected').email
  await page.goto(`${LIST}?userType=AGENCY&size=100`)
  const rejectedRow = rows(page).filter({ hasText: rejected })
  const edit = rejectedRow.getByRole('link', { name: /^Edit / })
  await expect(edit).toHaveAttribute('href', `${detailPath(rejected)}/edit`)
  // Every icon on the page is on a rejected agency row.
  const iconRows = rows(page).filter({ has: page.getByRole('link', { name: /^Edit / }) })
  for (const status of await iconRows.locator('td:nth-child(7)').allInnerTexts())
    expect(status).toBe('Rejected')
  await expect(
    rows(page)
      .filter({ hasText: e2eUser('agency-list').email })
      .getByRole('link', { name: /^Edit / }),
  ).toHaveCount(0)

  // The read-only profile: no access, revoke or reactivate controls; the dialog route is not theirs.
  const other = e2eUser('agency-list').email
  await page.goto(detailPath(other))
  await expect(page.getByText(other, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Revoke' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Reactivate account' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Edit access' })).toHaveCount(0)
  await page.goto(`${detailPath(other)}/revoke`)
  await expect(page).not.toHaveURL(/\/revoke$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('SUPERADMIN: the edit icon opens the detail, never on pending or rejected rows', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('superadmin-users').email, { sellerId: null })
  await page.goto(`${LIST}?userType=AGENCY&size=100`)
  for (const status of ['Pending', 'Rejected']) {
    // Rows whose status label says it (a name may hold the word: 'E2E agency-pending-2', approved).
    const some = rows(page).filter({ has: page.getByText(status, { exact: true }) })
    await expect(some.first()).toBeVisible()
    await expect(some.getByRole('link', { name: /^Edit / })).toHaveCount(0)
  }
  const agency = e2eUser('agency-list').email
  await rows(page)
    .filter({ hasText: agency })
    .getByRole('link', { name: /^Edit / })
    .click()
  await expect(page).toHaveURL(detailPath(agency))
  await expect(page.getByRole('heading', { level: 1, name: 'User details' })).toBeVisible()
})

test.describe('accessibility', () => {
  // axe is a script: js-off keeps the engine on and refuses the page's own scripts (as a11y.spec does).
  test.use({ javaScriptEnabled: true })
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.project.name !== 'js-off') return
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
  })

  const pages = [
    ['the list', () => `${LIST}?size=20`],
    ['the detail', (email: string) => detailPath(email)],
    ['the revoke dialog', (email: string) => `${detailPath(email)}/revoke`],
    ['the access dialog', (email: string) => `${detailPath(email)}/access`],
  ] as const

  for (const [name, path] of pages) {
    test(`axe finds nothing serious on ${name}; no sideways scroll at 360 px`, async ({
      page,
      signInAs,
      e2eUser,
    }) => {
      test.slow()
      await signInAs(e2eUser('superadmin-users').email, { sellerId: null })
      const url = path(e2eUser('ops-users').email)
      for (const viewport of [
        { width: 1366, height: 768 },
        { width: 360, height: 740 },
      ]) {
        await page.setViewportSize(viewport)
        await page.goto(url)
        await expect(page.locator('h1').first()).toBeVisible()
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) => `${url} @${viewport.width}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          )
        expect(serious).toEqual([])
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow, `${url} at ${viewport.width} px scrolls sideways`).toBeLessThanOrEqual(0)
      }
    })
  }
})

test('keyboard only: from the list to a user, the revoke dialog and back, focus always visible', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('superadmin-users').email, { sellerId: null })
  const email = e2eUser('ops-users').email
  await page.goto(`${LIST}?userType=OPS&size=100`)
  const edit = rows(page)
    .filter({ hasText: email })
    .getByRole('link', { name: /^Edit / })
  await tabTo(page, edit, 200)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(detailPath(email))
  const revoke = page.getByRole('link', { name: 'Revoke' })
  await tabTo(page, revoke)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Revoke account' })
  await expect(dialog).toBeVisible()
  // Focus starts in the reason field, then the confirm button, then Cancel.
  await expect(dialog.getByLabel('Reason')).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(detailPath(email))
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByText('Approved', { exact: true })).toBeVisible()
})
