// Reading ad groups (spec campaigns §3 "Ad group", §7): POST /v1/adgroup/list {channel_id, campaign_id}
// lists a campaign's ad groups, POST /v1/adgroup/view {channel_id, id} shows one with its products (the
// fields the selected-products list shows) and keywords. Ownership is the campaign's: the caller must
// be allowed to act for its seller (campaignForCaller). Deleted groups (state 2) are left out, as in
// campaign/view. docs/decisions/028.
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm'
import { Hono } from 'hono'
import { type AdGroupViewResponse, productTag } from '../contracts/adgroup-read'
import {
  type AdGroupListResponse,
  adGroupListBodySchema,
  adGroupViewBodySchema,
} from '../contracts/campaign-editor'
import type { Database } from '../db/client'
import { adGroupProducts, adGroups, keywordTargets, products } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import { AD_GROUP_DELETED } from '../rules/campaign-editor'
import { isAdminRole } from '../rules/roles'
import { type CampaignRow, campaignForCaller } from './campaign-access'
import type { AuthContext } from '../auth/authorize'

const MatchTypes = [0, 1, 2] as const
const matchTypeOf = (value: number) => {
  const found = MatchTypes.find((m) => m === value)
  if (found === undefined) throw new Error(`keyword_targets.match_type ${value} is not 0, 1 or 2`)
  return found
}

/** Rows per ad group of a table with an ad_group_id column, for these groups. */
async function countsByGroup(
  db: Database,
  table: typeof adGroupProducts | typeof keywordTargets,
  groupIds: number[],
): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map()
  const rows = await db
    .select({ adGroupId: table.adGroupId, n: count() })
    .from(table)
    .where(inArray(table.adGroupId, groupIds))
    .groupBy(table.adGroupId)
  return new Map(rows.map((r) => [r.adGroupId, r.n]))
}

/** The campaign's live ad groups, oldest first, with their product and keyword counts. */
export async function adGroupList(db: Database, campaignId: number): Promise<AdGroupListResponse> {
  const rows = await db
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.campaignId, campaignId), ne(adGroups.state, AD_GROUP_DELETED)))
    .orderBy(asc(adGroups.id))
  const ids = rows.map((g) => g.id)
  // Counted apart: a correlated count(*) subquery written with Drizzle columns renders them without
  // their table, and keyword_targets' own "id" would then stand for the ad group's.
  const productCounts = await countsByGroup(db, adGroupProducts, ids)
  const keywordCounts = await countsByGroup(db, keywordTargets, ids)
  return rows.map((g) => ({
    id: g.id,
    jm_adgroup_id: g.jmAdgroupId,
    adGroupName: g.name,
    processing_status: g.processingStatus,
    state: g.state,
    products_count: productCounts.get(g.id) ?? 0,
    keywords_count: keywordCounts.get(g.id) ?? 0,
  }))
}

/**
 * The ad group `id` and its campaign, if the caller may act for the campaign's seller. Like
 * campaignForCaller: for advertisers an unknown id and another advertiser's group are both 403, so ids
 * reveal nothing; staff get 404. A deleted group is a 404 to whoever may see its campaign.
 */
async function adGroupForCaller(db: Database, auth: AuthContext, id: number) {
  const [group] = await db.select().from(adGroups).where(eq(adGroups.id, id)).limit(1)
  if (!group) {
    if (isAdminRole(auth.user.role)) throw notFound('Ad group')
    throw forbidden()
  }
  const campaign = await campaignForCaller(db, auth, group.campaignId)
  if (group.state === AD_GROUP_DELETED) throw notFound('Ad group')
  return { group, campaign }
}

/** One ad group in full: its products as the product list shows them, its keywords, the last failure. */
export async function adGroupView(
  db: Database,
  group: typeof adGroups.$inferSelect,
  campaign: CampaignRow,
): Promise<AdGroupViewResponse> {
  const productRows = await db
    .select({
      productId: products.productId,
      name: products.name,
      imageUrl: products.imageUrl,
      inStock: products.inStock,
      availableAt3pSeller: products.availableAt3pSeller,
      effectivePrice: products.effectivePrice,
    })
    .from(adGroupProducts)
    .innerJoin(products, eq(products.productId, adGroupProducts.productId))
    .where(eq(adGroupProducts.adGroupId, group.id))
    .orderBy(asc(adGroupProducts.productId))
  const keywordRows = await db
    .select()
    .from(keywordTargets)
    .where(eq(keywordTargets.adGroupId, group.id))
    .orderBy(asc(keywordTargets.id))
  return {
    id: group.id,
    jm_adgroup_id: group.jmAdgroupId,
    adGroupName: group.name,
    processing_status: group.processingStatus,
    state: group.state,
    products_count: productRows.length,
    keywords_count: keywordRows.length,
    campaign_id: campaign.id,
    jmcampaign_id: campaign.jmcampaignId,
    products: productRows.map((p) => ({ ...p, tag: productTag(p.availableAt3pSeller) })),
    keywords: keywordRows.map((k) => ({
      id: k.id,
      keyword: k.keyword,
      match_type: matchTypeOf(k.matchType),
      bid_price: k.bidPrice,
    })),
    // Only a failed group has a reason worth showing (a later submit leaves an old one behind).
    failureReason: group.processingStatus === 3 ? group.lastError : null,
  }
}

export function adGroupReadRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: POST /adgroup/list {channel_id, campaign_id}.
  app.post('/v1/adgroup/list', async (c) => {
    const body = adGroupListBodySchema.parse(await c.req.json())
    const db = deps.database.db
    const campaign = await campaignForCaller(db, c.get('auth'), body.campaign_id)
    if (body.channel_id !== campaign.channelId) throw notFound('Campaign')
    return ok(c, await adGroupList(db, campaign.id))
  })

  // spec §7: POST /adgroup/view {channel_id, id}.
  app.post('/v1/adgroup/view', async (c) => {
    const body = adGroupViewBodySchema.parse(await c.req.json())
    const db = deps.database.db
    const { group, campaign } = await adGroupForCaller(db, c.get('auth'), body.id)
    if (body.channel_id !== campaign.channelId) throw notFound('Ad group')
    return ok(c, await adGroupView(db, group, campaign))
  })

  return app
}
