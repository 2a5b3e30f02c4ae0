// A campaign with its pincodes and ad groups with their products and keywords (spec campaigns §3 "Campaign (full)", §7 POST /campaign/view).
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { type CampaignFull, campaignViewBodySchema } from '../contracts/inventory'
import { equalsAny } from '../db/any'
import type { Tx } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { adGroupProducts, adGroups, campaignPincodes, keywordTargets, pincodes } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { notFound } from '../errors'
import { type Env, ok } from '../http'
import { type CampaignRow, campaignForCaller, encodeName } from './campaign-access'

const campaignId = sql.placeholder('campaignId')
const groupIds = sql.placeholder('groupIds')

/** The statements of a campaign's view, built once per database handle (preparedOnce, decision 079). */
const viewStatements = (db: Tx) =>
  preparedOnce(db, 'campaign view', () => ({
    pincodes: db
      .select({ pincode: pincodes.pincode, district: pincodes.district, state: pincodes.state })
      .from(campaignPincodes)
      .innerJoin(pincodes, eq(pincodes.pincode, campaignPincodes.pincode))
      .where(eq(campaignPincodes.campaignId, campaignId))
      .orderBy(asc(pincodes.pincode))
      .prepare(''),
    groups: db
      .select({
        id: adGroups.id,
        jmAdgroupId: adGroups.jmAdgroupId,
        name: adGroups.name,
        processingStatus: adGroups.processingStatus,
        state: adGroups.state,
      })
      .from(adGroups)
      .where(and(eq(adGroups.campaignId, campaignId), ne(adGroups.state, 2)))
      .orderBy(asc(adGroups.id))
      .prepare(''),
    products: db
      .select()
      .from(adGroupProducts)
      .where(equalsAny(adGroupProducts.adGroupId, groupIds, 'bigint'))
      .orderBy(asc(adGroupProducts.adGroupId), asc(adGroupProducts.productId))
      .prepare(''),
    keywords: db
      .select()
      .from(keywordTargets)
      .where(equalsAny(keywordTargets.adGroupId, groupIds, 'bigint'))
      .orderBy(asc(keywordTargets.adGroupId), asc(keywordTargets.id))
      .prepare(''),
  }))

/** The full campaign of spec §3 "Campaign (full)". */
export async function campaignView(db: Tx, campaign: CampaignRow): Promise<CampaignFull> {
  const statements = viewStatements(db)
  // Two round trips, not four: the pincodes beside the groups, then the groups' products beside their keywords.
  const [pincodeRows, groups] = await Promise.all([
    statements.pincodes.execute({ campaignId: campaign.id }),
    statements.groups.execute({ campaignId: campaign.id }),
  ])
  const ids = groups.map((g) => g.id)
  const [productRows, keywordRows] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          statements.products.execute({ groupIds: ids }),
          statements.keywords.execute({ groupIds: ids }),
        ])
  return {
    id: campaign.id,
    jmcampaign_id: campaign.jmcampaignId,
    name: encodeName(campaign.name),
    state: campaign.state,
    status: campaign.status,
    submission: campaign.submission,
    campaignClass: campaign.campaignClass,
    campaignCreatedBy: campaign.campaignCreatedBy,
    start_time: campaign.startTime.toISOString(),
    expire_time: campaign.expireTime?.toISOString() ?? null,
    budget_total_limit: campaign.budgetTotalLimit,
    budget_daily_limit: campaign.budgetDailyLimit,
    budget_pacing: campaign.budgetPacing,
    ad_format_type: campaign.adFormatType,
    targetingType: campaign.targetingType,
    isPDP: campaign.isPdp,
    isPrivileged: campaign.isPrivileged,
    channel_id: campaign.channelId,
    objective: campaign.objective,
    campaign_type: campaign.campaignType,
    deal_type: campaign.dealType,
    app_site_id: campaign.appSiteId,
    adspots: campaign.adspots,
    sellerid: campaign.sellerId,
    new_revenue_type: campaign.newRevenueType,
    cpm: campaign.cpm,
    cpd: campaign.cpd,
    tag: campaign.tag,
    weight: campaign.weight,
    checksum: campaign.checksum,
    biddingStrategy: campaign.biddingStrategy,
    pincodeFilter: campaign.pincodeFilter,
    pincodes: pincodeRows,
    adGroups: groups.map((g) => {
      const products = productRows.filter((p) => p.adGroupId === g.id)
      const keywords = keywordRows.filter((k) => k.adGroupId === g.id)
      return {
        id: g.id,
        jm_adgroup_id: g.jmAdgroupId,
        adGroupName: g.name,
        processing_status: g.processingStatus,
        state: g.state,
        products_count: products.length,
        keywords_count: keywords.length,
        products: products.map((p) => ({ productId: p.productId })),
        keywords: keywords.map((k) => ({
          id: k.id,
          keyword: k.keyword,
          match_type: k.matchType as 0 | 1 | 2,
          bid_price: k.bidPrice,
        })),
      }
    }),
  }
}

export function campaignViewRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: POST /campaign/view body {channel_id, jmcampaign_id, id}.
  app.post('/v1/campaign/view', async (c) => {
    const body = campaignViewBodySchema.parse(await c.req.json())
    const db = deps.database.db
    const campaign = await campaignForCaller(db, c.get('auth'), body.id)
    if (body.jmcampaign_id !== undefined && body.jmcampaign_id !== campaign.jmcampaignId) {
      throw notFound('Campaign')
    }
    return ok(c, await campaignView(db, campaign))
  })

  return app
}
