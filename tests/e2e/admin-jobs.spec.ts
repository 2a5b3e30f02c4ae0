// Background jobs (/admin/jobs; decision 058), JavaScript on and off: a SUPERADMIN sees the failed jobs
// global-setup left (real pg-boss jobs whose handler failed) and retries this project's own, which leaves
// the list with a message; OPS sees the same list without Retry; the page fits 360 px and is axe-clean.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectFitsAndAccessible } from './page-checks'
import { E2E_FAILED_JOBS } from './paths'

const PAGE = '/admin/jobs'
const project = () => test.info().project.name
const table = (page: Page) => page.getByRole('table', { name: 'Failed background jobs' })
const rowWith = (page: Page, error: string) => table(page).getByRole('row').filter({ hasText: error })

test('a SUPERADMIN retries a failed job: it leaves the list with a message', async ({ page, signInAs }) => {
  await signInAs('superadmin@example.com', { sellerId: null })
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Background Jobs' }),
  ).toHaveAttribute('href', PAGE)

  const mine = rowWith(page, E2E_FAILED_JOBS.retriedBy(project()))
  await expect(mine).toHaveCount(1)
  await expect(mine).toContainText('test-failing-job')
  await expect(mine).toContainText('0 / 0')
  await expect(mine.getByRole('time')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
  await mine.getByRole('button', { name: /^Retry test-failing-job job / }).click()

  await expect(
    page.getByText('The test-failing-job job was queued again; it runs within a few seconds.'),
  ).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`))
  await expect(rowWith(page, E2E_FAILED_JOBS.retriedBy(project()))).toHaveCount(0)
  // The job nobody retries is still there, with its own Retry.
  const kept = rowWith(page, E2E_FAILED_JOBS.kept)
  await expect(kept).toHaveCount(1)
  await expect(kept.getByRole('button', { name: /^Retry / })).toBeVisible()
})

test('OPS sees the failed jobs without Retry', async ({ page, signInAs }) => {
  await signInAs('ops@example.com', { sellerId: null })
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible()
  await expect(rowWith(page, E2E_FAILED_JOBS.kept)).toHaveCount(1)
  await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0)
  await expect(table(page).getByRole('columnheader', { name: 'Action' })).toHaveCount(0)
  await expect(page.getByText('A Super Admin can retry them.')).toBeVisible()
})

test('other roles do not get the page', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto(PAGE)
  await expect(page).not.toHaveURL(new RegExp(`${PAGE}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toHaveCount(0)
})

test.describe('axe and 360 px', () => {
  // axe is itself a script: as a11y.spec.ts does, js-off keeps the engine on and refuses the page's scripts.
  test.use({ javaScriptEnabled: true })
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.project.name !== 'js-off') return
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
  })

  test('the page fits a narrow screen and has no serious axe findings', async ({ page, signInAs }) => {
    await signInAs('superadmin@example.com', { sellerId: null })
    await page.setViewportSize({ width: 360, height: 800 })
    await page.goto(PAGE)
    await expect(rowWith(page, E2E_FAILED_JOBS.kept)).toHaveCount(1)
    await expectFitsAndAccessible(page, 'Background jobs')
  })
})
