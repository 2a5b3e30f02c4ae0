// Home stats of an advertiser (spec campaigns §3 "Home stats", §7 GET /campaign/homePageStats).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { assertMayActFor } from '../auth/authorize'
import { type HomePageStats, userIdQuerySchema } from '../contracts/inventory'
import type { Database } from '../db/client'
import { campaigns } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { type Env, ok } from '../http'
import { creditPartColumns, creditPartsOf } from '../payments/credits'
import { availableCredits, STATES_FOR_STATUS_FILTER } from '../rules/campaigns'

/**
 * Counts of the advertiser's live campaigns and its available credit. Running and paused count the
 * states the list's Running and Paused filters show (one rule, platform/rules/campaigns.ts).
 */
export async function homePageStats(db: Database, sellerId: number, now: Date): Promise<HomePageStats> {
  // One statement: the counts (an index-only scan, migration 0013) and the credit parts as subqueries.
  const [counts] = await db
    .select({
      total: sql<string>`count(*)`,
      running: sql<string>`count(*) filter (where ${inArray(campaigns.state, [...STATES_FOR_STATUS_FILTER.Running])})`,
      paused: sql<string>`count(*) filter (where ${inArray(campaigns.state, [...STATES_FOR_STATUS_FILTER.Paused])})`,
      ...creditPartColumns(db, sellerId, now),
    })
    .from(campaigns)
    .where(and(eq(campaigns.sellerId, sellerId), isNull(campaigns.deletedAt)))
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
