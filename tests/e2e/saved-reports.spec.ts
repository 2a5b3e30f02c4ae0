// Saved and default reports (issue 12, spec accounts §2, §4, §5, §8; decision 043), JS on and off:
// (a) an OPS user downloads a default report after entering the code e-mailed to the real SMTP listener,
// and the CSV downloads; (b) a weekly report with two recipients, saved through the platform API, is run
// by the schedule job of the e2e server and both recipients get a link that gives the CSV; (c) the saved
// list shows a report, View computes it, Download goes through the OTP dialog, Delete removes it, and an
// agency's report is view-only for its brand; axe, 360 px, keyboard.
// Every test works on this project's own users and reports with unique names (js-on and js-off share
// one database).
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext, Download, Page } from '@playwright/test'
import { addDays, istDate } from '../../platform/rules/time'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'
import { expectFitsAndAccessible } from './page-checks'
import { mailFor, waitForCode } from './mailbox'
import { E2E_DIR, SESSIONS_FILE, type SessionPool } from './paths'

const ANALYTICS = '/ads/adinventory/v1/analytics'
const project = () => test.info().project.name
const jsOn = () => project() === 'js-on'

/**
 * A bearer token of the user's ready sessions (global-setup's pool) that no other test holds, for the
 * platform's HTTP API (fixtures.ts claims them the same way for browser sessions).
 */
function apiToken(email: string): string {
  const pool = JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as SessionPool
  for (const token of pool[email]?.tokens ?? []) {
    const claim = path.join(E2E_DIR, 'claims', createHash('sha256').update(token).digest('hex').slice(0, 24))
    try {
      closeSync(openSync(claim, 'wx'))
      return token
    } catch {
      // taken by another test
    }
  }
  throw new Error(`no unused session left for ${email}`)
}

type SaveOptions = {
  name: string
  type?: string
  schedule?: { frequency: 'WEEKLY'; startDate: string; endDate: string; emailIds: string[] }
}

/** saveAndScheduleReport over HTTP as `email` for advertiser `userId` (spec §7); the stored entity's id. */
async function saveReport(request: APIRequestContext, email: string, userId: number, options: SaveOptions) {
  const type = options.type ?? 'CAMPAIGN_PERFORMANCE_REPORT'
  const answer = await request.post(`${ANALYTICS}/saveAndScheduleReport?userId=${userId}`, {
    headers: { authorization: `Bearer ${apiToken(email)}` },
    data: {
      reportEntityId: '',
      reportType: type,
      isRegenerate: true,
      isDefault: false,
      dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
      reportMetaData: { reportName: options.name, isSaved: true },
      dimensionFields:
        type === 'KEYWORD_PERFORMANCE_REPORT'
          ? { campaign_id: true, campaign_name: true, keyword: true }
          : { campaign_id: true, campaign_name: true },
      metricFields: { impressions: true, clicks: true, ad_spend: true, orders: true },
      filters: null,
      scheduleDetails: options.schedule ?? null,
    },
  })
  expect(answer.status(), await answer.text()).toBe(201)
  const body = (await answer.json()) as { data: { reportEntityId: string } }
  return body.data.reportEntityId
}

async function downloadText(download: Download) {
  return readFileSync((await download.path())!, 'utf8')
}

/** The CSV's lines: a header with `column`, and at least one row. */
function expectCsv(text: string, column: string) {
  const lines = text.trim().split(/\r?\n/)
  expect(lines[0]).toContain(column)
  expect(lines.length).toBeGreaterThan(1)
}

const row = (page: Page, name: string) => page.locator('table tbody tr', { hasText: name })

/** Enters the newest code mailed to `email` (after `before` earlier messages) and downloads the CSV. */
async function enterCodeAndDownload(page: Page, email: string, before: number) {
  const dialog = page.getByRole('dialog', { name: 'Download report' })
  await expect(dialog.getByLabel('OTP')).toBeVisible()
  const code = await waitForCode(email, before)
  await dialog.getByLabel('OTP').fill(code)
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  return downloadText(await download)
}

test('(a) OPS downloads a default report with the code e-mailed to it', async ({
  page,
  signInAs,
  e2eUser,
}) => {
  const email = e2eUser('ops-reports').email
  await signInAs(email, { sellerId: 100001 })
  await page.goto('/admin/default-reports')
  await expect(page.getByRole('heading', { level: 1, name: 'Default Reports' })).toBeVisible()
  const download = page.getByRole('button', { name: 'Download Report' })
  if (jsOn()) await expect(download).toBeDisabled()
  else {
    // Without JS the server says what is missing.
    await download.click()
    await expect(page.getByText('Required Field')).toBeVisible()
  }
  await page.getByLabel('Duration').selectOption({ label: 'Last 1 week' })
  // Each type's description is behind its info disclosure, and is the radio's description.
  const radio = page.getByRole('radio', { name: 'Daily operations' })
  await expect(radio).toHaveAccessibleDescription(/Each day and advertiser/)
  await page.getByLabel('About Daily operations').click()
  await expect(page.getByText(/Each day and advertiser across the marketplace/)).toBeVisible()
  await radio.check()
  await expect(download).toBeEnabled()
  const before = mailFor(email).length
  await download.click()
  await expect(page).toHaveURL(/\/admin\/default-reports\/download\?.*reportType=DAILY_OPS_REPORT.*step=code/)
  // A wrong code first: 'Invalid OTP' at the field.
  const dialog = page.getByRole('dialog', { name: 'Download report' })
  const code = await waitForCode(email, before)
  await dialog.getByLabel('OTP').fill(code === '000000' ? '111111' : '000000')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(dialog.getByText('Invalid OTP')).toBeVisible()
  // An empty one: 'Enter a valid otp' (the browser's check with JS, the server's without).
  await dialog.getByLabel('OTP').fill('')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(dialog.getByText('Enter a valid otp')).toBeVisible()
  await dialog.getByLabel('OTP').fill(code)
  const file = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  const csv = await downloadText(await file)
  expectCsv(csv, 'Date')
  expect(csv.split(/\r?\n/)[0]).toContain('Advertiser ID')
})

test('(b) a weekly report with two recipients is run by the schedule job and both get the CSV link', async ({
  page,
  request,
  signInAs,
  e2eAccount,
}) => {
  test.setTimeout(240_000)
  const seller = e2eAccount('seller-saved')
  const today = istDate(new Date())
  const recipients = [`weekly-one.${project()}@e2e.test`, `weekly-two.${project()}@e2e.test`]
  const name = `Weekly campaigns ${project()}`
  await saveReport(request, seller.email, seller.id, {
    name,
    schedule: { frequency: 'WEEKLY', startDate: today, endDate: addDays(today, 28), emailIds: recipients },
  })

  // The saved list shows it with its schedule.
  await signInAs(seller.email)
  await page.goto('/saved-reports?size=100')
  const listed = row(page, name)
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText('Weekly')
  await expect(listed).toContainText(`${today} to ${addDays(today, 28)}`)
  await expect(listed).toContainText('Campaign performance')

  // The schedule job (every minute on the e2e server) runs it and e-mails both recipients a link.
  const links: string[] = []
  for (const to of recipients) {
    let mail: ReturnType<typeof mailFor>[number] | undefined
    await expect
      .poll(
        () => {
          // The subject is MIME-encoded; the body names the report in quotes.
          mail = mailFor(to).find((m) => m.body.includes(`"${name}"`))
          return Boolean(mail)
        },
        { timeout: 180_000, intervals: [2_000] },
      )
      .toBe(true)
    // Quoted-printable: '=' travels as '=3D'.
    const body = mail!.body.replace(/=3D/g, '=')
    const link = /Download it here: (\S+)/.exec(body)?.[1]
    expect(link, body).toBeTruthy()
    links.push(link!)
  }
  for (const link of links) {
    const file = await request.get(link)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toMatch(/^text\/csv/)
    expectCsv(await file.text(), 'Campaign ID')
  }
  // The list shows the run.
  await page.goto('/saved-reports?size=100')
  await expect(row(page, name)).toContainText('Done')
})

test('(c) the saved list views, downloads through the OTP dialog and deletes a report', async ({
  page,
  request,
  signInAs,
  e2eAccount,
}) => {
  const seller = e2eAccount('seller-saved')
  const name = `Campaigns to delete ${project()}`
  await saveReport(request, seller.email, seller.id, { name })
  await signInAs(seller.email)
  await page.goto('/saved-reports?size=100')
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Reports' })).toBeVisible()
  await expect(row(page, name)).toContainText('Once')

  // View: the report computed now, with its definition.
  await row(page, name)
    .getByRole('link', { name: `View ${name}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Report: ${name}` })).toBeVisible()
  await expect(page.getByRole('definition').filter({ hasText: 'Campaign performance' })).toBeVisible()
  await expect(page.getByRole('table')).toBeVisible()
  await expect(page.getByRole('rowheader', { name: 'Total' })).toBeVisible()

  // Download from the view: the code is e-mailed by the post that opens the dialog.
  const before = mailFor(seller.email).length
  await page.getByRole('button', { name: `Download ${name}` }).click()
  const csv = await enterCodeAndDownload(page, seller.email, before)
  expectCsv(csv, 'Campaign ID')

  // Delete from the list: the confirmation, then the row is gone and the page says so.
  await page.goto('/saved-reports?size=100')
  await row(page, name)
    .getByRole('link', { name: `Delete ${name}` })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete report?' })
  await expect(confirm).toContainText(name)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(`Report '${name}' deleted.`)).toBeVisible()
  await expect(row(page, name)).toHaveCount(0)
})

test("(c) an agency's report is view-only for its brand", async ({ page, request, signInAs, e2eAccount }) => {
  const agency = e2eAccount('agency-reports')
  const brand = e2eAccount('brand-reports')
  const name = `Agency campaigns ${project()}`
  await saveReport(request, agency.email, brand.id, { name })

  await signInAs(brand.email)
  await page.goto('/saved-reports?size=100')
  const listed = row(page, name)
  await expect(listed).toContainText('View only')
  await expect(listed.getByRole('link', { name: `Edit ${name}` })).toHaveCount(0)
  await expect(listed.getByRole('link', { name: `Delete ${name}` })).toHaveCount(0)
  await expect(listed.getByRole('link', { name: `View ${name}` })).toBeVisible()
  await expect(listed.getByRole('button', { name: `Download ${name}` })).toBeVisible()

  // The agency itself may change it.
  await page.context().clearCookies()
  await signInAs(agency.email, { sellerId: brand.id })
  await page.goto('/saved-reports?size=100')
  await expect(row(page, name).getByRole('link', { name: `Delete ${name}` })).toBeVisible()
  await expect(row(page, name).getByRole('link', { name: `Edit ${name}` })).toBeVisible()
})

test.describe('axe and 360 px', () => {
  // axe is itself a script and hangs in a browser with JavaScript disabled: as a11y.spec.ts does, js-off
  // keeps the engine on and refuses every script file the page asks for (the server's HTML, never hydrated).
  test.use({ javaScriptEnabled: true })
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.project.name !== 'js-off') return
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
  })

  async function check(page: Page, url: string) {
    await page.setViewportSize({ width: 360, height: 740 })
    const response = await page.goto(url)
    expect(response?.status(), url).toBeLessThan(400)
    await expectFitsAndAccessible(page, url)
  }

  test('the saved list, a report, its dialogs, and the default reports page', async ({
    page,
    request,
    signInAs,
    e2eAccount,
  }) => {
    // Eight pages under axe; a busy machine takes seconds per page.
    test.setTimeout(300_000)
    const seller = e2eAccount('seller-saved')
    const name = `Checked by axe ${project()}`
    const id = await saveReport(request, seller.email, seller.id, { name })
    await signInAs(seller.email)
    for (const url of [
      '/saved-reports',
      `/saved-reports/${id}`,
      `/saved-reports/${id}/delete`,
      `/saved-reports/${id}/download`,
      `/saved-reports/${id}/download?step=code`,
    ])
      await check(page, url)

    await page.context().clearCookies()
    await signInAs(e2eAccount('ops-reports').email, { sellerId: 100001 })
    for (const url of [
      '/admin/default-reports',
      '/admin/default-reports/download?reportType=SKU_PERF_REPORT&dateFilterType=LAST_1D',
      '/admin/default-reports/download?reportType=SKU_PERF_REPORT&dateFilterType=LAST_1D&step=code',
    ])
      await check(page, url)
  })
})

test.describe('keyboard', () => {
  test('default reports by keyboard: a type chosen, its description opened, Download Report reached', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('ops-reports').email, { sellerId: 100001 })
    await page.goto('/admin/default-reports')
    const first = page.getByRole('radio', { name: 'Campaign performance' })
    await tabTo(page, first)
    await page.keyboard.press('Space')
    await expect(first).toBeChecked()
    // Arrow keys move within the group and choose.
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: 'Keyword performance' })).toBeChecked()
    // Its info disclosure is the next stop; Enter opens it.
    await page.keyboard.press('Tab')
    await expectVisibleFocus(page)
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'About Keyword performance')
    await page.keyboard.press('Enter')
    await expect(page.getByText('Delivery and results of each targeted keyword.')).toBeVisible()
    await tabTo(page, page.getByRole('button', { name: 'Download Report' }))
    await expect(page.getByRole('button', { name: 'Download Report' })).toBeEnabled()
  })

  test('the saved list by keyboard: Download opens the dialog with focus inside', async ({
    page,
    request,
    signInAs,
    e2eAccount,
  }) => {
    const seller = e2eAccount('seller-saved')
    const name = `Keyboard report ${project()}`
    const id = await saveReport(request, seller.email, seller.id, { name })
    await signInAs(seller.email)
    // The dialog's send step (a page load sends nothing): Send code takes focus.
    await page.goto(`/saved-reports/${id}/download`)
    const dialog = page.getByRole('dialog', { name: 'Download report' })
    await expect(dialog.getByRole('button', { name: 'Send code' })).toBeFocused()
    await page.goto('/saved-reports?size=100')
    await tabTo(page, row(page, name).getByRole('link', { name: `View ${name}` }), 200)
    await page.keyboard.press('Tab')
    await expect(row(page, name).getByRole('link', { name: `Edit ${name}` })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(row(page, name).getByRole('link', { name: `Delete ${name}` })).toBeFocused()
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Delete report?' })
    await expect(confirm.getByRole('button', { name: 'Delete' })).toBeFocused()
    // Cancel is the next stop and leads back to the list.
    await page.keyboard.press('Tab')
    await expect(confirm.getByRole('link', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/saved-reports$/)
    await expect(row(page, name)).toHaveCount(1)
  })
})
