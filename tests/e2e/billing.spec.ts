// Billing (/admin/billing; spec accounts §2 "Billing and bulk upload", §6, §8; decision 047), JavaScript on
// and off: a SUPERADMIN uploads each of the three files and sees its message; a payments file with an
// unknown seller id, an already recorded and a repeated transaction id lists them and changes nothing; the zero-credit journey
// (a seller's Sponsored campaign paused for lack of credit runs again after a payment upload); the three
// reports download with their names and headers; 360 px, axe and keyboard-only use.
// Each project has its own superadmin and sellers (seller-billing, seller-billing-other: credit 0, one
// Sponsored campaign paused for lack of credit), and every transaction id is unique to the run. Only the
// journey gives credit (to seller-billing); the other uploads leave seller-billing-other at 0 (a limit of
// 0, a promo credit that starts in 2099).
import { readFileSync } from 'node:fs'
import type { Browser, Download, Page } from '@playwright/test'
import { istDate } from '../../platform/rules/time'
import { row } from './e2e-campaign-page'
import { e2eFreeAccountId } from './e2e-users'
import { expect, signInCookie, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'
import { expectNoSeriousAxe, expectNoSidewaysScroll } from './page-checks'

const PAGE = '/admin/billing'
const PAUSED_TITLE = 'All campaigns are currently paused. Please add credits to resume them.'
const UNKNOWN_SELLER = 999_999_991
/** An upload's answer: the import runs in one transaction on a shared, busy test server. */
const UPLOAD_MS = 20_000
const project = () => test.info().project.name
const jsOn = () => project() === 'js-on'
/** A transaction id no other project or run uses. */
const txn = (what: string) => `E2E-${what}-${project()}-${Date.now().toString(36)}`.toUpperCase()
const today = () => istDate(new Date())

const HEADERS = {
  'Credit limits': 'Seller Id,Credit Limit,Effective From,Note',
  Payments: 'Seller Id,Transaction Id,Amount,Payment Date,Note',
  'Promo credits': 'Seller Id,Amount,Valid From,Valid To,Reason',
} as const
type Kind = keyof typeof HEADERS
const file = (kind: Kind, rows: string[]) => `${HEADERS[kind]}\r\n${rows.join('\r\n')}\r\n`

const section = (page: Page, kind: Kind) => page.getByRole('region', { name: kind })

async function upload(page: Page, kind: Kind, name: string, text: string) {
  await section(page, kind)
    .getByLabel(`${kind} CSV file`)
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
  await section(page, kind)
    .getByRole('button', { name: `Upload ${kind.toLowerCase()}` })
    .click()
}

/** Another signed-in person, in a browser context of its own with the project's JavaScript setting. */
async function personAs(browser: Browser, email: string) {
  const { baseURL, javaScriptEnabled } = test.info().project.use
  const context = await browser.newContext({ baseURL, javaScriptEnabled })
  await context.addCookies([await signInCookie(email, undefined, baseURL!)])
  return { context, page: await context.newPage() }
}

const downloadText = async (download: Download) => readFileSync(await download.path(), 'utf8')

test.beforeEach(async ({ signInAs, e2eUser }) => {
  await signInAs(e2eUser('superadmin-billing').email)
})

test('uploads each file kind and sees its message beside its own form', async ({ page, e2eAccount }) => {
  const other = e2eAccount('seller-billing-other').id
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
  for (const kind of Object.keys(HEADERS) as Kind[]) {
    await expect(section(page, kind).getByText('max 25mb')).toBeVisible()
    await expect(section(page, kind).getByRole('link', { name: 'Download sample file' })).toBeVisible()
  }
  await expect(section(page, 'Payments')).toContainText(
    'Columns: Seller Id, Transaction Id, Amount, Payment Date, Note (optional)',
  )

  await upload(page, 'Credit limits', 'limits.csv', file('Credit limits', [`${other},0,,E2E limit`]))
  await expect(section(page, 'Credit limits').getByText('Credit Limit successfully uploaded !')).toBeVisible({
    timeout: UPLOAD_MS,
  })
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`))
  // Only beside its own form (not also in the console's top banner).
  await expect(page.getByTestId('flash')).toHaveCount(0)
  await expect(section(page, 'Payments').getByText('Credit Limit successfully uploaded !')).toHaveCount(0)

  await upload(page, 'Promo credits', 'promo.csv', file('Promo credits', [`${other},10,2099-01-01,,later`]))
  await expect(
    section(page, 'Promo credits').getByText('Promo Credit Details Saved Successfully !'),
  ).toBeVisible({ timeout: UPLOAD_MS })

  // A payment to the other seller would give it credit: this one goes to a marketplace account of this
  // project that no test signs in as (the last free seller account; onboarding uses the first).
  await upload(
    page,
    'Payments',
    'payments.csv',
    file('Payments', [`${e2eFreeAccountId('SELLER', project(), 7)},${txn('EACH')},1.00,${today()},e2e`]),
  )
  await expect(section(page, 'Payments').getByText('Payment Details successfully updated !')).toBeVisible({
    timeout: UPLOAD_MS,
  })

  // Reload: the message was shown once.
  await page.goto(PAGE)
  await expect(page.getByText('Payment Details successfully updated !')).toHaveCount(0)
})

test('a payments file with an unknown seller, a recorded and a repeated transaction lists them and changes nothing', async ({
  page,
  browser,
  e2eAccount,
  e2eUser,
}) => {
  const other = e2eAccount('seller-billing-other').id
  // A transaction id already recorded: paid once to another account of this project (a free one).
  const recorded = txn('RECORDED')
  // And one repeated within the file.
  const twice = txn('TWICE')
  await page.goto(PAGE)
  await upload(
    page,
    'Payments',
    'first.csv',
    file('Payments', [`${e2eFreeAccountId('SELLER', project(), 6)},${recorded},1.00,${today()},`]),
  )
  await expect(section(page, 'Payments').getByText('Payment Details successfully updated !')).toBeVisible({
    timeout: UPLOAD_MS,
  })
  await upload(
    page,
    'Payments',
    'bad-payments.csv',
    file('Payments', [
      `${other},${txn('GOOD')},500.00,${today()},valid on its own`,
      `${UNKNOWN_SELLER},${txn('NOBODY')},100,${today()},`,
      `${other},${recorded},200,${today()},`,
      `${other},${twice},300,${today()},`,
      `${other},${twice},400,${today()},`,
    ]),
  )
  const answer = section(page, 'Payments').getByRole('alert').filter({ hasText: 'Invalid file' })
  await expect(answer).toContainText('Invalid file ! Please upload a valid file.', { timeout: UPLOAD_MS })
  await expect(answer).toContainText(`Invalid seller IDs : ${UNKNOWN_SELLER}`)
  await expect(answer).toContainText(/Invalid Transactions : .+/)
  const listed = (await answer.textContent())?.match(/Invalid Transactions : (.+)$/)?.[1]?.split(', ')
  expect(listed?.sort()).toEqual([recorded, twice].sort())
  await expect(page.getByText('Payment Details successfully updated !')).toHaveCount(0)

  // Nothing was applied: the seller still has no credit and its campaign is still paused for it.
  const seller = await personAs(browser, e2eUser('seller-billing-other').email)
  try {
    await seller.page.goto('/campaigns')
    await expect(seller.page.getByTestId('stats')).toContainText('Available Credits₹00.00')
    await expect(seller.page.locator(`[title="${PAUSED_TITLE}"]`)).toHaveCount(1)
    await expect(row(seller.page, 'Out Of Credit Sale').locator('td').first()).toContainText('Paused')
  } finally {
    await seller.context.close()
  }
})

test('a seller at zero credit sees its campaign paused; a payment upload brings it back', async ({
  page,
  browser,
  e2eAccount,
  e2eUser,
}) => {
  test.setTimeout(150_000)
  const sellerId = e2eAccount('seller-billing').id
  const seller = await personAs(browser, e2eUser('seller-billing').email)
  try {
    await seller.page.goto('/campaigns')
    await expect(seller.page.locator(`[title="${PAUSED_TITLE}"]`)).toHaveCount(1)
    await expect(seller.page.getByText(PAUSED_TITLE)).toBeVisible()
    await expect(row(seller.page, 'Out Of Credit Sale').locator('td').first()).toContainText('Paused')

    await page.goto(PAGE)
    await upload(
      page,
      'Payments',
      'payment.csv',
      file('Payments', [`${sellerId},${txn('JOURNEY')},5000.00,${today()},e2e journey`]),
    )
    await expect(section(page, 'Payments').getByText('Payment Details successfully updated !')).toBeVisible({
      timeout: UPLOAD_MS,
    })

    // The state engine resumes the campaign (woken by the import, else its next minute).
    await expect(async () => {
      await seller.page.goto('/campaigns')
      await expect(row(seller.page, 'Out Of Credit Sale').locator('td').first()).toContainText('Running', {
        timeout: 1_000,
      })
    }).toPass({ timeout: 100_000, intervals: [1_000, 2_000, 5_000] })
    await expect(seller.page.getByTestId('stats')).toContainText('Available Credits₹5,000.00')
    await expect(seller.page.locator(`[title="${PAUSED_TITLE}"]`)).toHaveCount(0)
    // Sponsored is offered again in the class dialog.
    await seller.page.goto('/campaigns/class')
    await expect(seller.page.getByRole('dialog').getByLabel('Sponsored')).toBeEnabled()
  } finally {
    await seller.context.close()
  }
})

test('the three reports download with their names and headers', async ({ page }) => {
  await page.goto(PAGE)
  const downloads = page.getByRole('region', { name: 'Downloads' })
  const cases = [
    ['Credit limits report', /^CreditLimit\.csv$/, 'Seller Id,Seller Name,Credit Limit,Effective From,Note'],
    [
      'Promo credits report',
      /^PromoCredits\.csv$/,
      'Seller Id,Seller Name,Amount,Valid From,Valid To,Reason,Status',
    ],
    [
      'Overall credit summary',
      /^Credit_Summary_\d{4}-\d{2}-\d{2}_\d{6}\.csv$/,
      'Seller Id,Seller Name,Credit Limit,Promo Credits,Paid,Spent,Available',
    ],
  ] as const
  for (const [label, name, header] of cases) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      downloads.getByRole('link', { name: label }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(name)
    const text = await downloadText(download)
    expect(text.split('\r\n')[0]).toBe(header)
    expect(text.split('\r\n').length).toBeGreaterThan(2)
  }
})

test('fits 360 px, passes axe, and uploads with the keyboard alone', async ({ page, e2eAccount }) => {
  await page.goto(PAGE)
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
  await expectNoSidewaysScroll(page, 'the billing page')
  // With a refusal showing too (the longest content the page has).
  await upload(
    page,
    'Payments',
    'bad.csv',
    file('Payments', [`${UNKNOWN_SELLER},${txn('NARROW')},1,${today()},`]),
  )
  await expect(section(page, 'Payments').getByText(`Invalid seller IDs : ${UNKNOWN_SELLER}`)).toBeVisible({
    timeout: UPLOAD_MS,
  })
  await expectNoSidewaysScroll(page, 'the billing page with a refusal')
  if (!jsOn()) return

  await expectNoSeriousAxe(page, 'the billing page with a refusal')

  // Keyboard only: Tab to the promo file field, Space opens the chooser, Tab to its Upload, Enter.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(PAGE)
  const field = section(page, 'Promo credits').getByLabel('Promo credits CSV file')
  await tabTo(page, field)
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')])
  await chooser.setFiles({
    name: 'keyboard.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      file('Promo credits', [`${e2eAccount('seller-billing-other').id},5,2099-02-01,,keys`]),
    ),
  })
  await tabTo(page, section(page, 'Promo credits').getByRole('button', { name: 'Upload promo credits' }))
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(
    section(page, 'Promo credits').getByText('Promo Credit Details Saved Successfully !'),
  ).toBeVisible({ timeout: UPLOAD_MS })
})
