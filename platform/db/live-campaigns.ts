// How many live campaigns an advertiser has, from the counts the triggers keep (seller_campaign_states,
// migration 0015, decision 079): a few rows, not every campaign. The campaign list's total and analytics'
// campaign filter read it; the home stats sum the same rows by state beside the credit parts.
import { and, eq, type Placeholder, sql } from 'drizzle-orm'
import { equalsAny } from './any'
import type { Database } from './client'
import { sellerCampaignStates } from './schema'

/** The advertiser's live campaigns in these states (every state without them), as `n`. */
export const liveCampaignCount = (db: Database, sellerId: number | Placeholder, states?: Placeholder) =>
  db
    .select({ n: sql<string>`coalesce(sum(${sellerCampaignStates.live}), 0)` })
    .from(sellerCampaignStates)
    .where(
      and(
        eq(sellerCampaignStates.sellerId, sellerId),
        states ? equalsAny(sellerCampaignStates.state, states, 'smallint') : undefined,
      ),
    )
