// What the campaign list's browser tests share: locators of the list and of the editor it opens.
import type { Page } from '@playwright/test'
import { ADVERTISER_FIXTURES, type FixtureCampaign } from './e2e-campaign-fixtures'
import { test } from './fixtures'

export const LIST = ADVERTISER_FIXTURES.list.campaigns
export const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rupees)
export const byName = (name: string) => LIST.find((c) => c.name === name) as FixtureCampaign
export const rows = (page: Page) => page.getByTestId('campaign-row')
export const row = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole('link', { name, exact: true }) })
export const names = (page: Page) => rows(page).locator('td:nth-child(2)').allInnerTexts()
export const jsOff = () => test.info().project.name === 'js-off'

/** Selects apply themselves with JS; without JS the user presses Apply. */
/** With JavaScript: waits until React has hydrated the page (app/root.tsx marks <html>). */
export async function hydrated(page: Page) {
  if (!jsOff()) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export async function chooseFilter(page: Page, label: string, option: string) {
  // A pick before hydration is kept but waits for Apply (hydration.spec.ts): with JS the test picks after.
  await hydrated(page)
  await page.getByLabel(label, { exact: true }).selectOption({ label: option })
  if (jsOff()) await page.getByRole('button', { name: 'Apply' }).click()
}

/** The campaign editor's own heading: the page arrived, not only its URL (a placeholder until its issue). */
export const editorHeading = (page: Page) => page.getByRole('heading', { name: 'Create Campaign', level: 1 })
