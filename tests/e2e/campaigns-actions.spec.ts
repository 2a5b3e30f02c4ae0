// The campaign list's row actions (pause, play, clone, delete, history), credit gating and what each
// role may do (spec campaigns §4, §6), in the js-on and js-off projects. The list itself is in
// campaigns.spec.ts.
import { LIST, editorHeading, row, rows } from './e2e-campaign-page'
import { expect, test } from './fixtures'

test.describe('row actions', () => {
  test.beforeEach(async ({ page, signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-actions').email)
    await page.goto('/campaigns')
  })

  test('Pause sets Paused, then Play resumes; both are in the history', async ({ page }) => {
    await row(page, 'Pause Me').getByRole('button', { name: 'Pause Pause Me' }).click()
    await expect(page.getByTestId('flash')).toContainText("Campaign 'Pause Me' paused")
    await expect(row(page, 'Pause Me').locator('td').first()).toHaveText('Paused')
    await row(page, 'Pause Me').getByRole('button', { name: 'Play Pause Me' }).click()
    await expect(page.getByTestId('flash')).toContainText("Campaign 'Pause Me' resumed: Running")
    await expect(row(page, 'Pause Me').locator('td').first()).toHaveText('Running')

    await row(page, 'Pause Me').getByRole('link', { name: 'History of Pause Me' }).click()
    await expect(page.getByRole('heading', { name: 'History: Pause Me' })).toBeVisible()
    const history = page.getByTestId('history-row')
    await expect(history.nth(0)).toContainText('Played')
    await expect(history.nth(0)).toContainText('State: Paused → Running')
    await expect(history.nth(1).locator('td').nth(2)).toHaveText('Paused')
    await expect(history.nth(1)).toContainText(test.info().project.name) // the e2e user's e-mail
  })

  test('Play resumes a manually paused campaign', async ({ page }) => {
    await row(page, 'Play Me').getByRole('button', { name: 'Play Play Me' }).click()
    await expect(row(page, 'Play Me').locator('td').first()).toHaveText('Running')
    await expect(row(page, 'Play Me').getByRole('button', { name: 'Pause Play Me' })).toBeVisible()
  })

  test("Clone makes a draft copy named '<name> - copy' and opens the editor", async ({ page }) => {
    await row(page, 'Clone Me').getByRole('button', { name: 'Clone Clone Me' }).click()
    await expect(editorHeading(page)).toBeVisible()
    await expect(page.getByTestId('flash')).toHaveText(
      "Campaign 'Clone Me' cloned as 'Clone Me - copy', a draft: check its dates and budget, then submit it.",
    )
    await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
    await page.goto('/campaigns')
    await expect(row(page, 'Clone Me - copy')).toHaveCount(1)
    await expect(row(page, 'Clone Me')).toHaveCount(1)
  })

  test('Delete asks first; Cancel keeps the campaign, Delete removes it and keeps its history', async ({
    page,
    e2eAccount,
  }) => {
    await row(page, 'Delete Me').getByRole('link', { name: 'Delete Delete Me' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete campaign?' })
    await expect(dialog).toContainText('Delete Me')
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(row(page, 'Delete Me')).toHaveCount(1)

    await row(page, 'Delete Me').getByRole('link', { name: 'Delete Delete Me' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('flash')).toContainText("Campaign 'Delete Me' deleted")
    await expect(page).toHaveURL(/\/campaigns$/)
    await expect(row(page, 'Delete Me')).toHaveCount(0)
    await expect(row(page, 'Keep Me')).toHaveCount(1)
    // The history stays, newest first.
    await page.goto(`/campaigns/${e2eAccount('seller-actions').campaigns['Delete Me']}/history`)
    await expect(page.getByText(/· deleted ·/)).toBeVisible()
    await expect(page.getByTestId('history-row').first().locator('td').nth(2)).toHaveText('Deleted')
  })
})

test.describe('credit gating and roles', () => {
  test('a seller without credits cannot create: disabled button, dimmed stats, banner', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('seller-nocredit').email)
    await page.goto('/campaigns')
    await expect(
      page.getByRole('alert').filter({ hasText: 'All sponsored campaigns are currently paused.' }),
    ).toHaveText('All sponsored campaigns are currently paused. Please add credits to resume them.')
    const create = page.getByRole('button', { name: 'Create New Campaign' })
    await expect(create).toBeDisabled()
    await expect(
      page.locator('[title="All campaigns are currently paused. Please add credits to resume them."]'),
    ).toHaveCount(1)
    await expect(
      page.getByText('All campaigns are currently paused. Please add credits to resume them.'),
    ).toBeVisible()
    await expect(page.getByTestId('stats')).toContainText('Available Credits₹00.00')
    // A clone is a new campaign: not offered without credits.
    await expect(row(page, 'Out Of Credit Sale').getByRole('button', { name: /^Clone / })).toHaveCount(0)
    // The dialog's own URL: Sponsored disabled, nothing to continue with.
    await page.goto('/campaigns/class')
    await expect(page.getByRole('dialog').getByLabel('Sponsored')).toBeDisabled()
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Continue' })).toBeDisabled()
  })

  test('staff always create and choose the class, even for an advertiser without credits', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs('ops@example.com', { sellerId: e2eAccount('seller-nocredit').id })
    await page.goto('/admin/campaigns')
    await expect(page.getByText('All sponsored campaigns are currently paused.')).toBeVisible()
    await page.getByRole('link', { name: 'Create New Campaign' }).click()
    const dialog = page.getByRole('dialog', { name: 'Campaign class' })
    await expect(dialog.getByLabel('Sponsored')).toBeChecked()
    await dialog.getByLabel('Privilege').check()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(editorHeading(page)).toBeVisible()
    await expect(page).toHaveURL('/create-campaign?class=Privilege')
  })

  test('a super admin sees the selected seller’s list', async ({ page, signInAs, e2eAccount }) => {
    await signInAs('superadmin@example.com', { sellerId: e2eAccount('seller-list').id })
    await page.goto('/admin/campaigns?size=50')
    await expect(rows(page)).toHaveCount(LIST.length)
    await expect(
      row(page, 'Privilege Showcase').getByRole('button', { name: 'Pause Privilege Showcase' }),
    ).toBeVisible()
  })

  test('a brand gets no play/pause, clone or delete on Privilege campaigns', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('brand-list').email)
    await page.goto('/campaigns')
    const privilege = row(page, 'Brand Privilege Hero')
    await expect(privilege.getByRole('button')).toHaveCount(0)
    await expect(privilege.getByRole('link', { name: 'View Brand Privilege Hero' })).toHaveText('View')
    await expect(privilege.getByRole('link', { name: 'Delete Brand Privilege Hero' })).toHaveCount(0)
    const sponsored = row(page, 'Brand Sponsored Push')
    await expect(sponsored.getByRole('button', { name: 'Pause Brand Sponsored Push' })).toBeVisible()
    // Nor by typing the URL: the delete confirmation refuses, and so does the platform (vitest).
    await page.goto(`/campaigns/${e2eAccount('brand-list').campaigns['Brand Privilege Hero']}/delete`)
    await expect(page).toHaveURL('/unauthorized')
  })

  test('an agency sees its linked brand’s campaigns, with actions on Privilege', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('agency-list').email, { sellerId: e2eAccount('brand-list').id })
    await page.goto('/campaigns')
    await expect(rows(page)).toHaveCount(2)
    await expect(
      row(page, 'Brand Privilege Hero').getByRole('link', { name: 'Edit Brand Privilege Hero' }),
    ).toHaveText('Edit')
  })

  test('an agency whose selected account is not linked is refused, and the selection is cleared', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('agency-list').email, { sellerId: e2eAccount('seller-list').id })
    // The agency is sent to choose again (decision 036: a de-linked brand ends the same way), told why.
    await page.goto('/campaigns')
    await expect(page).toHaveURL('/select-account')
    await expect(page.getByTestId('flash')).toContainText('This brand is no longer linked to your agency.')
    // The selection is gone: the list asks for an account again.
    await page.goto('/campaigns')
    await expect(page).toHaveURL('/select-account')
  })
})
