// Save and Schedule Report (issue 12, decision 042), with JavaScript on and off: this project's
// 'seller-reports' saves a weekly keyword performance report with two recipients and lands on saved
// reports with it stored; the Discard dialog keeps the form on Cancel and leaves it on Discard;
// advanced mode asks for a report type and a campaign; axe, 360 px and the keyboard.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { istDate } from '../../platform/rules/time'
import { poolToken } from './accounts-kit'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'

const addDays = (day: string, n: number) => {
  const at = new Date(`${day}T00:00:00Z`)
  at.setUTCDate(at.getUTCDate() + n)
  return at.toISOString().slice(0, 10)
}

/** Serious and critical axe findings on the page as it is. */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const jsOn = () => test.info().project.name === 'js-on'
const heading = (page: Page) => page.getByRole('heading', { name: 'Save and Schedule Report', level: 1 })

/** Adds an address through the Enter list tab (a post without JS, at once with it). */
async function addRecipient(page: Page, typed: string, shown = typed) {
  await page.getByLabel('Add e-mail').fill(typed)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByTestId('recipients').getByText(shown, { exact: true })).toBeVisible()
  await expect(page.getByLabel('Add e-mail')).toHaveValue('')
}

test('a seller saves a weekly keyword report with two recipients and finds it in saved reports', async ({
  page,
  request,
  signInAs,
  e2eUser,
  e2eAccount,
}) => {
  const seller = e2eUser('seller-reports')
  const account = e2eAccount('seller-reports')
  const project = test.info().project.name
  const name = `E2E weekly keywords ${project} ${Date.now()}`
  const first = `first.${project}@example.in`
  const second = `second.${project}@example.in`
  const today = istDate(new Date())

  await signInAs(seller.email)
  await page.goto('/save-schedule-report')
  await expect(heading(page)).toBeVisible()
  await page.getByLabel('Report name').fill(name)
  await page.getByLabel('Report type').selectOption('KEYWORD_PERFORMANCE_REPORT')
  if (!jsOn()) await page.getByRole('button', { name: 'Show fields for this type' }).click()
  // The keyword report's own fields are drawn; the name is kept.
  await expect(
    page.getByRole('group', { name: 'Dimensions' }).getByRole('checkbox', { name: 'Keyword', exact: true }),
  ).toBeChecked()
  await expect(page.getByLabel('Report name')).toHaveValue(name)

  await page.getByRole('radio', { name: 'Weekly' }).check()
  await page.getByLabel('Schedule start date').fill(today)
  await page.getByLabel('Schedule end date').fill(addDays(today, 28))

  // The empty list says so; an invalid address is dropped silently; two valid ones are added.
  await expect(page.getByText('Enter email id for schedule')).toBeVisible()
  await page.getByLabel('Add e-mail').fill('not an address')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByText('Enter email id for schedule')).toBeVisible()
  await addRecipient(page, first)
  // Typed in capitals, kept lowercased.
  await addRecipient(page, second.toUpperCase(), second)

  // Search is case-insensitive.
  await page.getByPlaceholder('search added emails').fill('FIRST')
  if (!jsOn()) await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByTestId('recipients').getByText(first, { exact: true })).toBeVisible()
  await expect(page.getByTestId('recipients').getByText(second, { exact: true })).toHaveCount(0)
  await page.getByPlaceholder('search added emails').fill('')

  // Everything typed survived the posts (without JS each Add was one).
  await expect(page.getByLabel('Report name')).toHaveValue(name)
  await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked()
  await expect(page.getByLabel('Schedule end date')).toHaveValue(addDays(today, 28))

  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/saved-reports$/)
  await expect(page.getByTestId('flash')).toContainText('Report saved')

  // Stored for this advertiser, as the platform answers it.
  const answer = await request.get(`/ads/adinventory/v1/analytics/getSavedReports?userId=${account.id}`, {
    headers: { authorization: `Bearer ${poolToken(seller.email)}` },
  })
  expect(answer.status()).toBe(200)
  const reports = (await answer.json()).data.reports as {
    reportType: string
    reportMetaData: { reportName: string }
    scheduleDetails: { frequency: string; emailIds: string[]; startDate: string; endDate: string }
  }[]
  const report = reports.find((r) => r.reportMetaData.reportName === name)
  expect(report).toMatchObject({
    reportType: 'KEYWORD_PERFORMANCE_REPORT',
    scheduleDetails: {
      frequency: 'WEEKLY',
      emailIds: [first, second],
      startDate: today,
      endDate: addDays(today, 28),
    },
  })
})

test('Discard asks first: Cancel keeps the form, Discard goes to saved reports', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('seller-reports').email)
  await page.goto('/save-schedule-report')
  await page.getByLabel('Report name').fill('Not to be kept')
  await page.getByRole('button', { name: 'Discard' }).click()
  const dialog = page.getByRole('dialog', { name: 'Discard changes?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Discarding will permanently delete any changes made to this form')
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByLabel('Report name')).toHaveValue('Not to be kept')
  await page.getByRole('button', { name: 'Discard' }).click()
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click()
  await expect(page).toHaveURL(/\/saved-reports$/)
})

test("advanced mode: a report type and a campaign are required, with the spec's words", async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('seller-reports').email)
  await page.goto('/advanced-reports')
  await expect(page).toHaveURL(/\/save-schedule-report\?advancedReport=true$/)
  await page.getByLabel('Report name').fill('Advanced one')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Select atleast one CAMPAIGN_ID')).toBeVisible()
  await expect(page.locator('#ss-report-type-error')).toHaveText('Required Field')
  await expect(page.getByLabel('Report name')).toHaveValue('Advanced one')
  await expect(page).toHaveURL(/advancedReport=true/)
  // An empty name and weekly without dates: Required Field at each.
  await page.getByLabel('Report name').fill('')
  await page.getByRole('radio', { name: 'Weekly' }).check()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('#ss-report-name-error')).toHaveText('Required Field')
  await expect(page.locator('#ss-start-date-error')).toHaveText('Required Field')
  await expect(page.locator('#ss-end-date-error')).toHaveText('Required Field')
})

test('axe finds nothing serious, no sideways scroll at 360 px, and the form works by keyboard', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  await signInAs(e2eUser('seller-reports').email)
  await page.setViewportSize({ width: 360, height: 800 })
  await page.goto('/save-schedule-report')
  await expect(heading(page)).toBeVisible()
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  if (jsOn()) expect(await axeFindings(page)).toEqual([])

  // Keyboard only, with visible focus: the name from the top of the page; an address added with Enter
  // (without JS Enter posts the form's default button, Add); then from the list's last Remove to Save, which
  // reports the missing name.
  await tabTo(page, page.getByLabel('Report name'))
  await page.keyboard.type('Keyboard report')
  const add = page.getByLabel('Add e-mail')
  await add.focus()
  await expectVisibleFocus(page)
  await page.keyboard.type('keys@example.in')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('recipients').getByText('keys@example.in', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Report name')).toHaveValue('Keyboard report')
  await page.getByLabel('Report name').fill('')
  await page.getByRole('button', { name: 'Remove keys@example.in' }).focus()
  await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }), 10)
  await page.keyboard.press('Enter')
  await expect(page.locator('#ss-report-name-error')).toHaveText('Required Field')
  expect(await sideways(page)).toBeLessThanOrEqual(0)

  // The Discard dialog at 360 px.
  await page.getByRole('button', { name: 'Discard' }).click()
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toBeVisible()
  expect(await sideways(page)).toBeLessThanOrEqual(0)
  if (jsOn()) expect(await axeFindings(page)).toEqual([])
})

test('Upload takes a CSV of e-mails (lowercased, de-duplicated); Download of a saved report opens the code dialog', async ({
  page,
  request,
  signInAs,
  e2eUser,
  e2eAccount,
}) => {
  const seller = e2eUser('seller-reports')
  const name = `E2E upload ${test.info().project.name} ${Date.now()}`
  await signInAs(seller.email)
  await page.goto('/save-schedule-report')
  await expect(heading(page)).toBeVisible()
  if (jsOn()) await page.getByRole('tab', { name: 'Upload' }).click()
  await page.getByLabel('CSV file of e-mails').setInputFiles({
    name: 'recipients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email\nAlpha@Example.in\nalpha@example.in\nnot-an-address\nbeta@example.co\n'),
  })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  if (jsOn()) await page.getByRole('tab', { name: 'Enter list' }).click()
  const recipients = page.getByTestId('recipients')
  await expect(recipients.getByText('alpha@example.in', { exact: true })).toBeVisible()
  await expect(recipients.getByText('beta@example.co', { exact: true })).toBeVisible()
  await expect(page.getByTestId('recipient-count')).toHaveText('2 recipients')
  await page.getByLabel('Report name').fill(name)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page).toHaveURL(/\/saved-reports$/)

  // Edit it: the form is prefilled; Download saves it and opens the one-time-code dialog.
  const answer = await request.get(
    `/ads/adinventory/v1/analytics/getSavedReports?userId=${e2eAccount('seller-reports').id}`,
    { headers: { authorization: `Bearer ${poolToken(seller.email)}` } },
  )
  const reports = (await answer.json()).data.reports as {
    reportEntityId: string
    reportMetaData: { reportName: string }
  }[]
  const id = reports.find((r) => r.reportMetaData.reportName === name)?.reportEntityId
  expect(id).toBeTruthy()
  await page.goto(`/save-schedule-report?reportEntityId=${id}`)
  await expect(page.getByLabel('Report name')).toHaveValue(name)
  await expect(page.getByTestId('recipient-count')).toHaveText('2 recipients')
  await page.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/saved-reports/${id}/download$`))
  await expect(page.getByRole('dialog', { name: 'Download report' })).toBeVisible()
})
