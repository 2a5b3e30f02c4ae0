// What every per-campaign call of the inventory service shares: the campaign the caller may act for,
// the base64 name the API carries (spec campaigns §3), and the snapshot audit entries keep.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { type AuthContext, mayActFor } from '../auth/authorize'
import type { Database, Tx } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { campaigns } from '../db/schema'
import { forbidden, notFound } from '../errors'
import { isAdminRole } from '../rules/roles'

export type CampaignRow = typeof campaigns.$inferSelect

export const encodeName = (name: string) => Buffer.from(name, 'utf8').toString('base64')

/** `%` and `_` of a LIKE pattern taken literally. */
export { likeLiteral } from '../db/like'

export type Paging = { page: number; size: number }
/** Pages of `size` rows that `totalCount` rows fill; at least 1 (an empty list is one empty page). */
export const pageCount = (totalCount: number, size: number) => Math.max(1, Math.ceil(totalCount / size))

/**
 * A live campaign (with `includeDeleted`, also a deleted one) the caller may act for. For advertisers,
 * an unknown id and another advertiser's campaign both answer 403, so ids of other advertisers reveal
 * nothing; staff get 404 for unknown ids.
 */
/** A campaign's row by id (deleted ones too if asked), built once per database handle (preparedOnce). */
const campaignRead = (db: Tx, includeDeleted: boolean) =>
  preparedOnce(db, includeDeleted ? 'campaign read, deleted too' : 'campaign read', () =>
    db
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.id, sql.placeholder('campaignId')),
          includeDeleted ? undefined : isNull(campaigns.deletedAt),
        ),
      )
      .limit(1)
      .prepare(''),
  )

export async function campaignForCaller(
  db: Tx,
  auth: AuthContext,
  campaignId: number,
  options: { includeDeleted?: boolean } = {},
) {
  const [campaign] = await campaignRead(db, options.includeDeleted === true).execute({ campaignId })
  if (!campaign) {
    if (isAdminRole(auth.user.role)) throw notFound('Campaign')
    throw forbidden()
  }
  if (!(await mayActFor(db as Database, auth, campaign.sellerId))) throw forbidden()
  return campaign
}

/** A campaign's audit snapshot: what a state change or delete touches. */
export const campaignSnapshot = (c: CampaignRow) => ({
  state: c.state,
  status: c.status,
  deletedAt: c.deletedAt?.toISOString() ?? null,
})
