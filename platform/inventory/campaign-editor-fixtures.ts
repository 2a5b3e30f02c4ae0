// What the campaign-editor tests share (tests only): payload builders in paise with IST dates relative
// to the platform's clock, seeded product ids per advertiser, row counts, and calls with their answers.
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { campaignFullSchema } from '../contracts/inventory'
import {
  adGroupProducts,
  adGroups,
  auditLog,
  campaignPincodes,
  campaigns,
  keywordTargets,
  products,
  productSellers,
} from '../db/schema'
import type { TestPlatform } from '../testing/platform'
import { fullyCategorisedProductsOf } from '../testing/seeded-products'
import { BRAND, SELLER } from '../testing/campaign-payloads'
import { INVENTORY_BASE } from './index'

export {
  adGroupPayload,
  BRAND,
  days,
  istInstant,
  type Keyword,
  privilegePayload,
  SELLER,
  sponsoredPayload,
} from '../testing/campaign-payloads'

/** Products seller 100001 lists (with category levels 1–3), products neither it nor brand 200001 owns, the brand's. */
export async function seededProducts(t: TestPlatform) {
  const ownIds = await fullyCategorisedProductsOf(t.db, SELLER, 60)
  const foreign = await t.db
    .select({ productId: products.productId })
    .from(products)
    .where(
      and(
        notInArray(
          products.productId,
          t.db
            .select({ id: productSellers.productId })
            .from(productSellers)
            .where(eq(productSellers.sellerId, SELLER)),
        ),
        ne(products.brandId, BRAND),
      ),
    )
    .orderBy(asc(products.productId))
    .limit(3)
  const brand = await t.db
    .select({ productId: products.productId })
    .from(products)
    .where(eq(products.brandId, BRAND))
    .orderBy(asc(products.productId))
    .limit(3)
  return { own: ownIds, foreign: foreign.map((p) => p.productId), brand: brand.map((p) => p.productId) }
}

export const campaignCall = (
  t: TestPlatform,
  token: string,
  operation: 'create' | 'modify',
  action: 'save' | 'submit',
  body: unknown,
  userId?: number,
) =>
  t.post(
    `${INVENTORY_BASE}/v1/campaign/${operation}?action=${action}${userId ? `&userId=${userId}` : ''}`,
    body,
    { token },
  )

export const adGroupCall = (
  t: TestPlatform,
  token: string,
  operation: 'create' | 'modify',
  action: 'save' | 'submit',
  body: unknown,
) => t.post(`${INVENTORY_BASE}/v1/adgroup/${operation}?action=${action}`, body, { token })

/** The saved campaign's view (checked against its contract: parsing yields the same value). */
export async function savedCampaign(response: Response) {
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(200)
  expect(campaignFullSchema.parse(body.data)).toEqual(body.data)
  return body.data as ReturnType<typeof campaignFullSchema.parse>
}

/** A refusal: its status, first message and field messages. */
export async function refusal(response: Response) {
  const body = await response.json()
  return {
    status: response.status,
    message: body.message as string,
    fieldErrors: (body.fieldErrors ?? {}) as Record<string, string[]>,
  }
}

/** Rows of every table a campaign write touches. */
export async function rowCounts(t: TestPlatform) {
  const count = async (
    table:
      | typeof campaigns
      | typeof adGroups
      | typeof adGroupProducts
      | typeof keywordTargets
      | typeof campaignPincodes
      | typeof auditLog,
  ) => {
    const [row] = await t.db.select({ n: sql<string>`count(*)` }).from(table)
    return Number(row!.n)
  }
  return {
    campaigns: await count(campaigns),
    adGroups: await count(adGroups),
    products: await count(adGroupProducts),
    keywords: await count(keywordTargets),
    pincodes: await count(campaignPincodes),
    audit: await count(auditLog),
  }
}

/** The audit rows of a campaign, oldest first. */
export const auditOf = (t: TestPlatform, campaignId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'campaign'), eq(auditLog.entityId, String(campaignId))))
    .orderBy(asc(auditLog.id))
