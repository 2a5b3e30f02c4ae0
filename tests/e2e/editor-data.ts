// What the editor's browser tests share: today's date (IST), a unique campaign name per project and run,
// seller 100001's and brand 200001's products that have suggested keywords, as the demo seed builds them
// (ids do not depend on the clock), and the steps every journey starts with.
import { type Locator, type Page, test } from '@playwright/test'
import { buildCatalog } from '../../platform/db/seed/catalog'
import { DEMO_SEED } from '../../platform/db/seed/index'
import { Random } from '../../platform/db/seed/random'
import { addDays, istDate } from '../../platform/rules/time'
import { expect } from './fixtures'

export const today = istDate(new Date())

export const unique = () => `${test.info().project.name} ${Date.now()}`.replace(/-/g, ' ')

const catalog = () => buildCatalog(Random.derived(DEMO_SEED, 'catalog'), new Date())
const keywordedIds = (c: ReturnType<typeof catalog>) => new Set(c.productKeywordRows.map((r) => r.productId))

/** The first three ids (the seed always has more): a tuple, so a journey's picks are plain numbers. */
function firstThree(ids: number[], whose: string): [number, number, number] {
  const [a, b, c] = ids
  if (a === undefined || b === undefined || c === undefined) throw new Error(`the seed has < 3 ${whose}`)
  return [a, b, c]
}

export function ownProducts(): [number, number, number] {
  const c = catalog()
  const keyworded = keywordedIds(c)
  const ids = c.productSellerRows
    .filter((r) => r.sellerId === 100001 && keyworded.has(r.productId))
    .map((r) => r.productId)
  return firstThree(ids, "of seller 100001's keyworded products")
}

/** Brand 200001's products that have suggested keywords (a BRAND owns the products of its brand). */
export function brandProducts(): [number, number, number] {
  const c = catalog()
  const keyworded = keywordedIds(c)
  const ids = c.productRows
    .filter((r) => r.brandId === 200001 && keyworded.has(r.productId))
    .map((r) => r.productId)
  return firstThree(ids, "of brand 200001's keyworded products")
}

/**
 * Step one of a Sponsored Keyword campaign, filled and saved (Save & continue): the page is then the
 * campaign's editor (`?id=N`) with its first ad group open. Answers the campaign id.
 */
export async function keywordCampaignDraft(
  page: Page,
  options: { name: string; budget: string; startInDays?: number; endInDays: number },
): Promise<string> {
  await page.goto('/create-campaign?class=Sponsored')
  await page.getByLabel('Campaign name').fill(options.name)
  await page.getByLabel('Start date').fill(addDays(today, options.startInDays ?? 1))
  await page.getByLabel('End date').fill(addDays(today, options.endInDays))
  await page.getByLabel('Keyword').check()
  await page.getByLabel('Total budget (₹)').fill(options.budget)
  await page.getByRole('button', { name: 'Save & continue' }).click()
  await expect(page).toHaveURL(/\/create-campaign\?id=\d+$/)
  return new URL(page.url()).searchParams.get('id') as string
}

/** An ad group card of the editor, by its number. */
export const adGroupCard = (page: Page, number = 1) =>
  page.getByRole('form', { name: `Ad Group - ${number}` })

/** Names the group and adds products by typed list (Enter list), waiting for the selected table. */
export async function nameAndProducts(card: Locator, name: string, productIds: number[]) {
  await card.getByLabel('Ad group name').fill(name)
  await card.getByLabel(/Product ids/).fill(productIds.join(' '))
  await card.getByRole('button', { name: 'Add products' }).click()
  await expect(card.getByText(`Selected products (${productIds.length})`)).toBeVisible()
}

/** Types a keyword and its bid and presses Add keyword (the caller checks the answer). */
export async function addKeyword(card: Locator, keyword: string, bid: string) {
  await card.getByLabel('Keyword', { exact: true }).fill(keyword)
  await card.getByLabel('Bid (₹)').fill(bid)
  await card.getByRole('button', { name: 'Add keyword', exact: true }).click()
}

/** The Keywords Upload tab, a CSV file with `text`, and its Upload (the caller checks the answer). */
export async function uploadKeywordsCsv(card: Locator, text: string) {
  const keywords = card.getByRole('group', { name: 'Keyword targeting' })
  await keywords.getByRole('button', { name: 'Upload', exact: true }).click()
  await keywords
    .getByLabel(/Keywords CSV file/)
    .setInputFiles({ name: 'keywords.csv', mimeType: 'text/csv', buffer: Buffer.from(text) })
  await keywords.getByRole('button', { name: 'Upload', exact: true }).last().click()
}
