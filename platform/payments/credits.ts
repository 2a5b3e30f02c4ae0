// Available credit of an advertiser (docs/decisions/010): the credit limit in force + promo credits
// + payments − everything its campaigns have spent. Integer paise throughout.
import { and, desc, eq, gte, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { assertMayActFor } from '../auth/authorize'
import { type CreditCheck, sellerIdQuerySchema } from '../contracts/payments'
import type { Tx } from '../db/client'
import { creditLimits, payments, promoCredits, sellerSpend } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { type Env, ok } from '../http'
import { availableCredits, type CreditParts, creditsEnabled } from '../rules/campaigns'
import { istDate } from '../rules/time'

const sumOf = (value: unknown) => Number(value ?? 0)

/**
 * The parts of the credit formula for one advertiser at `now`, each a scalar subquery, to select in one
 * statement: one round trip to the database instead of four. homePageStats selects them beside its
 * counts (the list page asks for both on every load); creditParts on their own.
 */
export function creditPartColumns(
  db: Tx,
  sellerId: number | SQL | Placeholder,
  at: Date | { now: Placeholder; today: Placeholder },
) {
  // A statement built once (preparedOnce) takes the time as values: `now` as an ISO string, `today` IST.
  const { now, today } = at instanceof Date ? { now: at, today: istDate(at) } : at
  const limitInForce = db
    .select({ creditLimit: creditLimits.creditLimit })
    .from(creditLimits)
    .where(and(eq(creditLimits.sellerId, sellerId), lte(creditLimits.effectiveFrom, now)))
    .orderBy(desc(creditLimits.effectiveFrom), desc(creditLimits.id))
    .limit(1)
  // Promo credits count while valid (valid_to inclusive, open-ended when null).
  const promo = db
    .select({ total: sql<string>`coalesce(sum(${promoCredits.amount}), 0)` })
    .from(promoCredits)
    .where(
      and(
        eq(promoCredits.sellerId, sellerId),
        lte(promoCredits.validFrom, today),
        or(isNull(promoCredits.validTo), gte(promoCredits.validTo, today)),
      ),
    )
  const paid = db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.sellerId, sellerId), lte(payments.paidAt, now)))
  // Spend of deleted campaigns still counts: the money was spent. seller_spend is the sum of the
  // advertiser's campaign_spend rows (the facts' sum per campaign, decision 013), both kept by triggers:
  // one row to read, not one per campaign (decision 080). No row yet means nothing spent.
  const spent = db
    .select({ total: sellerSpend.spend })
    .from(sellerSpend)
    .where(eq(sellerSpend.sellerId, sellerId))
  return {
    creditLimit: sql<string | null>`(${limitInForce})`,
    promoCredits: sql<string>`(${promo})`,
    payments: sql<string>`(${paid})`,
    spend: sql<string>`coalesce((${spent}), 0)`,
  }
}

/** The credit parts of a row that selected creditPartColumns. */
export const creditPartsOf = (row: Partial<Record<keyof CreditParts, unknown>> | undefined): CreditParts => ({
  creditLimit: sumOf(row?.creditLimit),
  promoCredits: sumOf(row?.promoCredits),
  payments: sumOf(row?.payments),
  spend: sumOf(row?.spend),
})

/** The parts of the credit formula for one advertiser at `now`, in one statement. */
export async function creditParts(db: Tx, sellerId: number, now: Date): Promise<CreditParts> {
  const [row] = await db.select(creditPartColumns(db, sellerId, now)).from(sql`(select 1) as one`)
  return creditPartsOf(row)
}

/** Available credit of an advertiser, paise (may be negative after overspend). */
export async function availableCredit(db: Tx, sellerId: number, now = new Date()): Promise<number> {
  return availableCredits(await creditParts(db, sellerId, now))
}

/**
 * Available credit of several advertisers, paise, in one statement: the same formula as availableCredit,
 * its parts correlated with each id (the per-minute state job needs every engine-managed advertiser's).
 */
export async function availableCreditsOf(
  db: Tx,
  sellerIds: readonly number[],
  now = new Date(),
): Promise<Map<number, number>> {
  const ids = [...new Set(sellerIds)]
  if (ids.length === 0) return new Map()
  const sellerId = sql`ids.seller_id`
  const rows = await db
    .select({ sellerId: sql<string>`${sellerId}`, ...creditPartColumns(db, sellerId, now) })
    .from(
      sql`(values ${sql.join(
        ids.map((id) => sql`(${id}::bigint)`),
        sql`, `,
      )}) as ids(seller_id)`,
    )
  return new Map(rows.map((row) => [Number(row.sellerId), availableCredits(creditPartsOf(row))]))
}

export function creditRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7 "check-available-credit on the payment service" (path partly not shown; ours:
  // GET /payment/post-paid/check-available-credit?sellerId). creditsEnabled is the spec's flag.
  app.get('/payment/post-paid/check-available-credit', async (c) => {
    const { sellerId } = sellerIdQuerySchema.parse(c.req.query())
    const db = deps.database.db
    await assertMayActFor(db, c.get('auth'), sellerId)
    const totalAvailableCredit = await availableCredit(db, sellerId, deps.now())
    const data: CreditCheck = {
      sellerId,
      totalAvailableCredit,
      creditsEnabled: creditsEnabled(totalAvailableCredit),
    }
    return ok(c, data)
  })

  // spec §7 "Credits enabled flag by seller id (boolean)" (path not shown; ours:
  // GET /payment/post-paid/credits-enabled?sellerId → data: true | false).
  app.get('/payment/post-paid/credits-enabled', async (c) => {
    const { sellerId } = sellerIdQuerySchema.parse(c.req.query())
    const db = deps.database.db
    await assertMayActFor(db, c.get('auth'), sellerId)
    return ok(c, creditsEnabled(await availableCredit(db, sellerId, deps.now())))
  })

  return app
}
