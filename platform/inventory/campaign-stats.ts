// Home stats of an advertiser (spec campaigns §3 "Home stats", §7 GET /campaign/homePageStats).
import { eq, inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { assertMayActFor } from '../auth/authorize'
import { type HomePageStats, userIdQuerySchema } from '../contracts/inventory'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { sellerCampaignStates } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { type Env, ok } from '../http'
import { creditPartColumns, creditPartsOf } from '../payments/credits'
import { availableCredits, STATES_FOR_STATUS_FILTER } from '../rules/campaigns'
import { istDate } from '../rules/time'

/** The home stats' one statement, built once per database handle (preparedOnce). */
const homePageStatsStatement = (db: Database) =>
  preparedOnce(db, 'home stats', () => {
    const live = sellerCampaignStates.live
    const sellerId = sql.placeholder('sellerId')
    return db
      .select({
        total: sql<string>`coalesce(sum(${live}), 0)`,
        running: sql<string>`coalesce(sum(${live}) filter (where ${inArray(sellerCampaignStates.state, [...STATES_FOR_STATUS_FILTER.Running])}), 0)`,
        paused: sql<string>`coalesce(sum(${live}) filter (where ${inArray(sellerCampaignStates.state, [...STATES_FOR_STATUS_FILTER.Paused])}), 0)`,
        ...creditPartColumns(db, sellerId, { now: sql.placeholder('now'), today: sql.placeholder('today') }),
      })
      .from(sellerCampaignStates)
      .where(eq(sellerCampaignStates.sellerId, sellerId))
      .prepare('')
  })

/**
 * Counts of the advertiser's live campaigns and its available credit. Running and paused count the
 * states the list's Running and Paused filters show (one rule, platform/rules/campaigns.ts).
 */
export async function homePageStats(db: Database, sellerId: number, now: Date): Promise<HomePageStats> {
  // One statement: the counts from the kept counts by state (seller_campaign_states, decision 079; a few
  // rows, not every campaign) and the credit parts as subqueries.
  const [counts] = await homePageStatsStatement(db).execute({
    sellerId,
    now: now.toISOString(),
    today: istDate(now),
  })
  return {
    totalCampaigns: Number(counts?.total ?? 0),
    runningCampaigns: Number(counts?.running ?? 0),
    pausedCampaigns: Number(counts?.paused ?? 0),
    totalAvailableCredit: availableCredits(creditPartsOf(counts)),
    sellerId,
  }
}

export function campaignStatsRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: GET /campaign/homePageStats?userId.
  app.get('/v1/campaign/homePageStats', async (c) => {
    const { userId } = userIdQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const auth = c.get('auth')
    await assertMayActFor(db, auth, userId)
    c.header('User_id_role', auth.user.role)
    return ok(c, await homePageStats(db, userId, deps.now()))
  })

  return app
}
