// What the editor's browser tests share: today's date (IST), a unique campaign name per project and run,
// and seller 100001's products that have suggested keywords, as the demo seed builds them (ids do not
// depend on the clock).
import { test } from '@playwright/test'
import { buildCatalog } from '../../platform/db/seed/catalog'
import { DEMO_SEED } from '../../platform/db/seed/index'
import { Random } from '../../platform/db/seed/random'
import { istDate } from '../../platform/rules/time'

export const today = istDate(new Date())

export const unique = () => `${test.info().project.name} ${Date.now()}`.replace(/-/g, ' ')

const catalog = () => buildCatalog(Random.derived(DEMO_SEED, 'catalog'), new Date())
const keywordedIds = (c: ReturnType<typeof catalog>) => new Set(c.productKeywordRows.map((r) => r.productId))

export function ownProducts(): number[] {
  const c = catalog()
  const keyworded = keywordedIds(c)
  return c.productSellerRows
    .filter((r) => r.sellerId === 100001 && keyworded.has(r.productId))
    .map((r) => r.productId)
    .slice(0, 3)
}

/** Brand 200001's products that have suggested keywords (a BRAND owns the products of its brand). */
export function brandProducts(): number[] {
  const c = catalog()
  const keyworded = keywordedIds(c)
  return c.productRows
    .filter((r) => r.brandId === 200001 && keyworded.has(r.productId))
    .map((r) => r.productId)
    .slice(0, 3)
}
