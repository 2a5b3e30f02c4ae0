// Bulk Upload (/admin/bulkUpload; spec accounts §2 "Bulk upload", §8; decision 048), JavaScript on and off:
// a SUPERADMIN uploads keyword metadata (zipped by the console, applied by the platform) and finds the new
// keyword by product id; a file with bad rows gives 'Invalid file…' and Metadata_Error_Report.csv and
// applies nothing; a bad header gives its message without a report; the search's messages; 360 px, axe and
// keyboard-only use. Each project uploads its own keywords (js-on and js-off share one database).
import { readFileSync, writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import { expect, test } from './fixtures'
import { expectVisibleFocus, tabTo } from './keyboard-kit'
import { expectFitsAndAccessible } from './page-checks'

const PAGE = '/admin/bulkUpload'
/** Seeded catalog products (platform/db/seed/catalog.ts): 10234672 has no keywords of its own. */
const CHARGER = 10234592
const BARE = 10234672
const UNKNOWN = 99999999
const project = () => test.info().project.name
/** Keywords no other project or run uploads: letters, digits and spaces only (the keyword rule). */
const unique = (what: string) => `${what} ${project().replace(/[^a-z]/g, '')} ${Date.now().toString(36)}`

test.beforeEach(async ({ signInAs, e2eUser }) => {
  await signInAs(e2eUser('superadmin-bulk').email)
})

const metadata = (page: Page) => page.getByRole('region', { name: 'Metadata Enrichment' })
const searchSection = (page: Page) => page.getByRole('region', { name: 'Keywords Search by Product ID' })

async function uploadCsv(page: Page, name: string, text: string) {
  await metadata(page)
    .getByLabel('Keyword metadata CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
  await metadata(page).getByRole('button', { name: 'Upload', exact: true }).click()
}

async function searchFor(page: Page, productId: string | number) {
  const section = searchSection(page)
  await section.getByLabel('Product Id').fill(String(productId))
  await section.getByRole('button', { name: 'Search Keywords' }).click()
}

const keywordTable = (page: Page, productId: number) =>
  page.getByRole('region', { name: `Keywords of product ${productId}` })

test('upload keyword metadata, then find the new keyword by product id', async ({ page }) => {
  const keyword = unique('e2e charger')
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Upload' })).toBeVisible()
  await expect(metadata(page).getByText('max 25mb')).toBeVisible()
  await expect(metadata(page).getByRole('link', { name: 'Download sample CSV' })).toHaveAttribute(
    'href',
    '/files/sample-keyword-metadata.csv',
  )

  await uploadCsv(page, 'metadata.csv', `keywords,product_ids\r\n${keyword},${CHARGER}\r\n`)
  await expect(page.getByText('Metadata successfully uploaded !')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`))

  await searchFor(page, CHARGER)
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\?productId=${CHARGER}$`))
  const table = keywordTable(page, CHARGER)
  await expect(table.getByRole('columnheader', { name: 'Product Id' })).toBeVisible()
  await expect(table.getByRole('columnheader', { name: 'Keywords' })).toBeVisible()
  await expect(table.getByRole('cell', { name: String(CHARGER), exact: true })).toBeVisible()
  await expect(table.getByRole('listitem').filter({ hasText: keyword })).toHaveCount(1)
  // The catalog's own keywords are still there.
  await expect(table.getByRole('listitem').filter({ hasText: /^fast charger$/ })).toHaveCount(1)
  await expect(searchSection(page).getByLabel('Product Id')).toHaveValue(String(CHARGER))

  // Clear All empties the field and the results.
  await searchSection(page).getByRole('button', { name: 'Clear All' }).click()
  await expect(page).toHaveURL(new RegExp(`${PAGE}\\??$`))
  await expect(keywordTable(page, CHARGER)).toHaveCount(0)
  await expect(searchSection(page).getByLabel('Product Id')).toHaveValue('')
})

test("bad rows: 'Invalid file…', the error report, and nothing applied", async ({ page }) => {
  const good = unique('e2e never applied')
  await page.goto(PAGE)

  // An empty cell (and an unknown product): refused whole.
  await uploadCsv(
    page,
    'bad-rows.csv',
    `keywords,product_ids\r\n${good},${CHARGER}\r\n,${CHARGER}\r\n${unique('e2e unknown')},${UNKNOWN}\r\n`,
  )
  const result = metadata(page)
  await expect(result.getByText('Invalid file. Please upload a valid file.')).toBeVisible()
  const link = result.getByRole('link', { name: 'Download Report' })
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toBe('Metadata_Error_Report.csv')
  const rows = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').trim()).data
  expect(rows[0]).toEqual(['keywords', 'product_ids', 'error_message'])
  expect(rows).toContainEqual(['', String(CHARGER), 'Empty cells are not allowed'])
  expect(rows.flat()).not.toContain(good)

  // An unknown product beside a good row: the report names it, the good row is not applied either.
  const unknown = unique('e2e unknown product')
  await uploadCsv(
    page,
    'unknown.csv',
    `keywords,product_ids\r\n${good},${CHARGER}\r\n${unknown},${UNKNOWN}\r\n`,
  )
  await expect(result.getByText('Invalid file. Please upload a valid file.')).toBeVisible()
  const [second] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('link', { name: 'Download Report' }).click(),
  ])
  const secondRows = Papa.parse<string[]>(readFileSync((await second.path())!, 'utf8').trim()).data
  expect(secondRows[0]).toEqual(['keywords', 'product_ids', 'error_message'])
  expect(secondRows.slice(1).map((row) => [row[0], row[1]])).toEqual([[unknown, String(UNKNOWN)]])

  await searchFor(page, CHARGER)
  const table = keywordTable(page, CHARGER)
  await expect(table.getByRole('listitem').first()).toBeVisible()
  await expect(table.getByRole('listitem').filter({ hasText: good })).toHaveCount(0)
})

test("a bad header: 'Invalid Header Format…' and no report", async ({ page }) => {
  await page.goto(PAGE)
  await uploadCsv(page, 'header.csv', `keyword,products\r\n${unique('e2e header')},${CHARGER}\r\n`)
  await expect(metadata(page).getByText('Invalid Header Format. Please upload a valid file.')).toBeVisible()
  await expect(metadata(page).getByRole('link', { name: 'Download Report' })).toHaveCount(0)
})

test("search messages: 'Product is not valid', 'No Keywords Found…' and an empty id", async ({ page }) => {
  await page.goto(PAGE)
  await searchFor(page, UNKNOWN)
  await expect(searchSection(page).getByText('Product is not valid', { exact: true })).toBeVisible()
  await expect(searchSection(page).getByLabel('Product Id')).toHaveValue(String(UNKNOWN))

  await searchFor(page, 'abc')
  await expect(searchSection(page).getByText('Product is not valid', { exact: true })).toBeVisible()

  await searchFor(page, BARE)
  await expect(searchSection(page).getByText(`No Keywords Found for the product ${BARE}`)).toBeVisible()

  // An empty id: the field says so (with JavaScript the browser's check, focus on the field; without it
  // the server's answer to the address), and keeps what was typed.
  await searchFor(page, '   ')
  await expect(searchSection(page).getByText('Enter a product id to search')).toBeVisible()
  await expect(searchSection(page).getByLabel('Product Id')).toHaveValue('   ')
  if (project() === 'js-on') await expect(searchSection(page).getByLabel('Product Id')).toBeFocused()
  await page.goto(`${PAGE}?productId=`)
  await expect(searchSection(page).getByText('Enter a product id to search')).toBeVisible()
  await expect(searchSection(page).getByLabel('Product Id')).toHaveAttribute('aria-invalid', 'true')
  await page.goto(`${PAGE}?productId=${encodeURIComponent('12\u0007')}`)
  await expect(searchSection(page).getByText('Remove control characters from this field')).toBeVisible()
})

test('keyboard only: upload and search', async ({ page }) => {
  const keyword = unique('e2e keyboard')
  await page.goto(PAGE)

  // Upload: Tab to the file field, Space opens the chooser, Tab to Upload, Enter.
  const field = metadata(page).getByLabel('Keyword metadata CSV file')
  await tabTo(page, field)
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')])
  await chooser.setFiles({
    name: 'keyboard.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`keywords,product_ids\r\n${keyword},${CHARGER}\r\n`),
  })
  await tabTo(page, metadata(page).getByRole('button', { name: 'Upload', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Metadata successfully uploaded !')).toBeVisible()

  // Search: Tab to Product Id, type, Enter.
  await tabTo(page, searchSection(page).getByLabel('Product Id'))
  await page.keyboard.type(String(CHARGER))
  await page.keyboard.press('Enter')
  await expect(keywordTable(page, CHARGER).getByRole('listitem').filter({ hasText: keyword })).toHaveCount(1)
  // Clear All by keyboard.
  await tabTo(page, searchSection(page).getByRole('button', { name: 'Clear All' }))
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(keywordTable(page, CHARGER)).toHaveCount(0)
})

test("over 25 MB: 'File size exceeds 25MB limit' in the browser (JS) and from the server", async ({
  page,
}) => {
  await page.goto(PAGE)
  const big = Buffer.alloc(26_214_401, 'a')
  // The browser is given the file by path: a 25 MB buffer sent over Playwright's protocol took ~28 s.
  const bigFile = test.info().outputPath('big.csv')
  writeFileSync(bigFile, big)
  // The server refuses it while reading, whoever posts it (this context's session cookie).
  const refused = await page.request.post(PAGE, {
    multipart: { file: { name: 'big.csv', mimeType: 'text/csv', buffer: big } },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(413)
  expect(await refused.text()).toContain('File size exceeds 25MB limit')
  if (project() === 'js-on') {
    // With JavaScript the choice itself is refused at once, before any upload.
    await metadata(page).getByLabel('Keyword metadata CSV file').setInputFiles(bigFile)
    await expect(metadata(page).getByText('File size exceeds 25MB limit')).toBeVisible()
    await expect(metadata(page).getByLabel('Keyword metadata CSV file')).toHaveValue('')
  }
})

test('drag and drop a CSV onto the field (JS) or choose it (no JS), then upload', async ({ page }) => {
  const keyword = unique('e2e dropped')
  await page.goto(PAGE)
  const text = `keywords,product_ids\r\n${keyword},${CHARGER}\r\n`
  if (project() === 'js-on') {
    await page.waitForLoadState('networkidle')
    const dataTransfer = await page.evaluateHandle((csv) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([csv], 'dropped.csv', { type: 'text/csv' }))
      return transfer
    }, text)
    const zone = metadata(page)
      .locator('div', { has: page.getByLabel('Keyword metadata CSV file') })
      .last()
    await zone.dispatchEvent('dragover', { dataTransfer })
    await zone.dispatchEvent('drop', { dataTransfer })
    await metadata(page).getByRole('button', { name: 'Upload', exact: true }).click()
  } else {
    await uploadCsv(page, 'dropped.csv', text)
  }
  await expect(page.getByText('Metadata successfully uploaded !')).toBeVisible()
  await searchFor(page, CHARGER)
  await expect(keywordTable(page, CHARGER).getByRole('listitem').filter({ hasText: keyword })).toHaveCount(1)
})

test.describe('axe and 360 px', () => {
  // Several pages under axe in one test: a busy two-core machine takes seconds per page (30 s ran out).
  test.describe.configure({ timeout: 120_000 })
  // axe is itself a script: as a11y.spec.ts does, js-off keeps the engine on and refuses the page's scripts.
  test.use({ javaScriptEnabled: true })
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.project.name !== 'js-off') return
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
  })

  test('the page, a search result and an upload refusal', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    for (const url of [
      PAGE,
      `${PAGE}?productId=${CHARGER}`,
      `${PAGE}?productId=${UNKNOWN}`,
      `${PAGE}?productId=`,
    ]) {
      const response = await page.goto(url)
      expect(response?.status(), url).toBe(200)
      await expectFitsAndAccessible(page, url)
    }
    // A refused upload with its report link (posted as a plain form in js-off).
    await page.goto(PAGE)
    await uploadCsv(page, 'bad.csv', `keywords,product_ids\r\n,${CHARGER}\r\n`)
    await expect(metadata(page).getByRole('link', { name: 'Download Report' })).toBeVisible()
    await expectFitsAndAccessible(page, 'after a refused upload')
  })
})

test('the sample file is served and holds the columns the upload expects', async ({ request }) => {
  const response = await request.get('/files/sample-keyword-metadata.csv', { maxRedirects: 0 })
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/csv\b/)
  expect((await response.text()).split('\r\n')[0]).toBe('keywords,product_ids')
})
