// Agency–brand links (issue 11, decision 036), with JavaScript on and off. This project's 'agency-link'
// asks 'brand-link' for a link, the brand approves, the agency selects the brand and sees its campaigns;
// the brand asks for a de-link, 'superadmin-delink' approves it, and the agency can no longer select or
// read the brand. 'brand-link-2' rejects a request. One serial file: the journey's steps build on each
// other; the users are this project's own, so js-on and js-off never meet.
import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { poolToken } from './accounts-kit'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'

test.describe.configure({ mode: 'serial' })

/** Serious and critical axe findings on the page as it is (axe is a script: JavaScript on only). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test("the link and de-link forms give the spec's messages and keep what was typed", async ({
  page,
  signInAs,
  e2eUser,
}) => {
  const agency = e2eUser('agency-link')
  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await expect(page.getByRole('heading', { name: 'Link Request', level: 1 })).toBeVisible()
  const brandId = page.getByLabel('Brand Id')
  await brandId.fill('12ab')
  await page.getByRole('button', { name: 'Create request' }).click()
  await expect(page.getByText('Brand ID is invalid')).toBeVisible()
  await expect(brandId).toHaveValue('12ab')
  // A seller's id passes the form's rule; the platform says it is not a brand, at the field.
  await brandId.fill('100001')
  await page.getByRole('button', { name: 'Create request' }).click()
  await expect(page.getByText('Brand ID is invalid')).toBeVisible()
  await expect(page.getByLabel('Brand Id')).toHaveValue('100001')

  await page.goto('/delink')
  await expect(page.getByRole('heading', { name: 'Delink Request', level: 1 })).toBeVisible()
  // An agency user's own e-mail prefills the agency field.
  await expect(page.getByLabel('Agency Email Id')).toHaveValue(agency.email)
  await page.getByLabel('Agency Email Id').fill('not-an-email')
  await page.getByLabel('Delink Reason').fill('   ')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Brand ID is invalid')).toBeVisible()
  await expect(page.getByText('Agency ID is invalid')).toBeVisible()
  await expect(page.getByText('Delink reason cannot be empty')).toBeVisible()
  await expect(page.getByLabel('Agency Email Id')).toHaveValue('not-an-email')
})

test('agency requests, brand approves, agency works for the brand; a de-link ends it at once', async ({
  page,
  request,
  signInAs,
  e2eUser,
  e2eAccount,
}) => {
  const agency = e2eUser('agency-link')
  const brand = e2eAccount('brand-link')
  const brandName = `E2E brand-link ${test.info().project.name}`
  // The agency's own bearer token, for the API as another program would call it.
  const agencyToken = poolToken(agency.email)
  const campaignsApi = () =>
    request.get(`/ads/ad-inventory/v1/campaign/loadHomePage?userId=${brand.id}`, {
      headers: { authorization: `Bearer ${agencyToken}` },
    })
  expect((await campaignsApi()).status()).toBe(403)

  // 1. The agency asks for the link.
  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await page.getByLabel('Brand Id').fill(String(brand.id))
  await page.getByRole('button', { name: 'Create request' }).click()
  await expect(page.getByTestId('flash')).toContainText(`Link request sent to brand ${brand.id}`)
  const history = page.getByRole('table', { name: 'Linking History' })
  await expect(history.getByRole('columnheader')).toHaveText([
    'Brand Name',
    'Request Timestamp',
    'Status',
    'Action Timestamp',
  ])
  await expect(history.getByRole('row').filter({ hasText: brandName })).toContainText('Pending')
  // A second request while this one is pending: the server's message in the Error panel.
  await page.getByLabel('Brand Id').fill(String(brand.id))
  await page.getByRole('button', { name: 'Create request' }).click()
  const panel = page.getByTestId('backend-error')
  await expect(panel.getByRole('heading', { name: 'Error' })).toBeVisible()
  await expect(panel).toContainText('A link request for this brand is already pending')

  // 2. The brand approves it.
  await signInAs(brand.email)
  await page.goto('/requestApproval')
  await expect(page.getByRole('heading', { name: 'Link Approval', level: 1 })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: agency.email })
  await expect(row).toContainText('E2E agency-link')
  await row.getByRole('link', { name: 'Link E2E agency-link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Approve link request' })
  await expect(dialog).toContainText('Are you sure you want to approve E2E agency-link?')
  await dialog.getByRole('button', { name: 'Link' }).click()
  await expect(page.getByTestId('flash')).toContainText('E2E agency-link is now linked to your brand.')
  await expect(page.getByRole('row').filter({ hasText: agency.email })).toHaveCount(0)

  // 3. The agency selects the brand and sees its campaigns; the history says Approved.
  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await expect(page.getByRole('row').filter({ hasText: brandName })).toContainText('Approved')
  // 'View Linked Brands': the file lists the brand, as the screen does.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'View Linked Brands' }).click(),
  ])
  const csv = readFileSync((await file.path()) as string, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('Brand Id,Brand Name,Linked On')
  expect(csv).toContain(`${brand.id},${brandName},`)
  await page.goto('/select-account')
  await page.getByLabel('Enter brand or seller ID').fill(String(brand.id))
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page).toHaveURL('/campaigns')
  await expect(page.getByText('Brand Privilege Hero')).toBeVisible()
  expect((await campaignsApi()).status()).toBe(200)

  // 4. The brand asks for a de-link: its own id is already in the form.
  await signInAs(brand.email)
  await page.goto('/delink')
  await expect(page.getByLabel('Brand Id')).toHaveValue(String(brand.id))
  await page.getByLabel('Agency Email Id').fill(agency.email)
  await page.getByLabel('Delink Reason').fill('The campaign season is over')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByTestId('flash')).toContainText('De-link request sent.')

  // 5. The super admin opens it from De-Link Approval and de-links.
  await signInAs(e2eUser('superadmin-delink').email, { sellerId: null })
  await page.goto('/admin/requestApproval')
  await expect(page.getByRole('heading', { name: 'De-Link Approval', level: 1 })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Brand Name' })).toBeVisible()
  const delinkRow = page.getByRole('row').filter({ hasText: brandName })
  await expect(delinkRow).toContainText('The campaign season is over')
  await delinkRow.getByRole('link', { name: /^View the de-link request/ }).click()
  await expect(page.getByRole('heading', { name: 'De-link request', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'De-link', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'De-link' })
  await expect(confirm).toContainText(`Are you sure you want to de-link E2E agency-link from ${brandName}?`)
  await confirm.getByRole('button', { name: 'De-link' }).click()
  await expect(page).toHaveURL('/admin/requestApproval')
  await expect(page.getByTestId('flash')).toContainText(`E2E agency-link is de-linked from ${brandName}.`)
  expect((await campaignsApi()).status()).toBe(403)

  // 6. The agency, still holding the brand in its session, cannot read it: back to account selection.
  await signInAs(agency.email, { sellerId: brand.id })
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/select-account')
  await expect(page.getByTestId('flash')).toContainText('This brand is no longer linked to your agency.')
  await expect(page.getByText('Brand Privilege Hero')).toHaveCount(0)
  await page.getByLabel('Enter brand or seller ID').fill(String(brand.id))
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page.getByText('This ID is not available to you')).toBeVisible()
  await page.goto('/link')
  await expect(page.getByRole('row').filter({ hasText: brandName }).first()).toContainText('De-linked')
})

test('a brand rejects a link request; the agency sees it rejected', async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}) => {
  const agency = e2eUser('agency-link')
  const brand = e2eAccount('brand-link-2')
  const brandName = `E2E brand-link-2 ${test.info().project.name}`
  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await page.getByLabel('Brand Id').fill(String(brand.id))
  await page.getByRole('button', { name: 'Create request' }).click()
  await expect(page.getByTestId('flash')).toContainText(`Link request sent to brand ${brand.id}`)

  await signInAs(brand.email)
  await page.goto('/requestApproval')
  const row = page.getByRole('row').filter({ hasText: agency.email })
  await row.getByRole('link', { name: 'Reject E2E agency-link' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reject link request' })
  await expect(dialog).toContainText('Are you sure you want to reject E2E agency-link?')
  // Cancel first: nothing changes.
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await row.getByRole('link', { name: 'Reject E2E agency-link' }).click()
  await page
    .getByRole('dialog', { name: 'Reject link request' })
    .getByRole('button', { name: 'Reject' })
    .click()
  await expect(page.getByTestId('flash')).toContainText('The link request from E2E agency-link was rejected.')

  await signInAs(agency.email, { sellerId: null })
  await page.goto('/link')
  await expect(page.getByRole('row').filter({ hasText: brandName })).toContainText('Rejected')
})

test('the link pages at 360 px, by keyboard, and under axe', async ({
  page,
  signInAs,
  e2eUser,
  e2eAccount,
}) => {
  const javascript = test.info().project.name === 'js-on'
  await page.setViewportSize({ width: 360, height: 740 })
  const agency = e2eUser('agency-link')
  await signInAs(agency.email, { sellerId: null })
  for (const path of ['/link', '/delink']) {
    await page.goto(path)
    await expect(page.locator('h1')).toBeVisible()
    expect(await sideways(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0)
    if (javascript) expect(await axeFindings(page), path).toEqual([])
  }
  // Keyboard only: from the top of /link to the field, type, submit with Enter; the message shows.
  await page.goto('/link')
  await tabTo(page, page.getByLabel('Brand Id'))
  await page.keyboard.type('x1')
  await page.keyboard.press('Tab')
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Brand ID is invalid')).toBeVisible()

  await signInAs(e2eAccount('brand-link-2').email)
  await page.goto('/requestApproval')
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  if (javascript) expect(await axeFindings(page), '/requestApproval').toEqual([])

  await signInAs(e2eUser('superadmin-delink').email, { sellerId: null })
  await page.goto('/admin/requestApproval')
  await expect(page.locator('h1')).toHaveText('De-Link Approval')
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  if (javascript) expect(await axeFindings(page), '/admin/requestApproval').toEqual([])
  // The seeded pending de-link (the demo agency and brand 200005) has a detail page with both actions.
  await page.setViewportSize({ width: 1280, height: 800 })
  const view = page.getByRole('link', { name: /^View the de-link request/ }).first()
  await tabTo(page, view)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'De-link request', level: 1 })).toBeVisible()
  await tabTo(page, page.getByRole('link', { name: 'Reject', exact: true }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Reject de-link request' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Reject' })).toBeFocused()
  if (javascript) expect(await axeFindings(page), 'reject dialog').toEqual([])
  await page.setViewportSize({ width: 360, height: 740 })
  expect(await sideways(page)).toBeLessThanOrEqual(0)
})
