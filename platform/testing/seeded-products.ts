// Seeded catalog queries shared by the editor's platform tests and the editor bench.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { products, productSellers } from '../db/schema'

/** Ids of products `sellerId` lists that have category levels 0–3 (valid for every targeting type). */
export async function fullyCategorisedProductsOf(db: Database, sellerId: number, limit: number) {
  const rows = await db
    .select({ productId: products.productId })
    .from(products)
    .innerJoin(productSellers, eq(productSellers.productId, products.productId))
    .where(
      and(
        eq(productSellers.sellerId, sellerId),
        sql`${products.categoryLevel0} is not null and ${products.categoryLevel1} is not null and ${products.categoryLevel2} is not null and ${products.categoryLevel3} is not null`,
      ),
    )
    .orderBy(asc(products.productId))
    .limit(limit)
  return rows.map((r) => r.productId)
}
