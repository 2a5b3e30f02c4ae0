// Campaign list and its CSV download, home stats, view, delete, pause and play of the inventory service
// (spec campaigns §2-§4, §7). Every call resolves the campaign's or the userId's advertiser and checks
// mayActFor first.
import { and, asc, between, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { z } from 'zod/v4'
import { audit } from '../audit'
import { type AuthContext, assertMayActFor, mayActFor } from '../auth/authorize'
import { actorOf } from '../auth/request'
import { type CsvCell, toCsv } from '../csv'
import type { Database, Tx } from '../db/client'
import {
  adGroups,
  campaignPincodes,
  campaigns,
  keywordTargets,
  adGroupProducts,
  performanceDaily,
  pincodes,
} from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError, forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import { applyCampaignStates } from '../jobs/campaign-states'
import { availableCredit } from '../payments/credits'
import {
  addDays,
  CampaignState,
  CAMPAIGN_STATUS_FILTERS,
  campaignStateLabel,
  iconStateTitle,
  istDate,
  privilegeReadOnly,
  ROW_ACTION_RESULT,
  rowAction,
  STATES_FOR_STATUS_FILTER,
} from '../rules/campaigns'
import { formatIstDateTime, formatRupees } from '../rules/format'
import { isAdminRole } from '../rules/roles'

export const encodeName = (name: string) => Buffer.from(name, 'utf8').toString('base64')

export const idParam = z
  .string()
  .regex(/^\d{1,15}$/, 'ID is invalid')
  .transform(Number)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a valid date')

export const DATE_FILTER_TYPES = [
  'TODAY',
  'LAST_1D',
  'LAST_7D',
  'LAST_30D',
  'CURRENT_MONTH',
  'CUSTOM',
] as const
export const CAMPAIGN_SORT_FIELDS = ['startDateTime', 'endDateTime', 'budget', 'spend'] as const
export const PAGE_SIZES = [10, 20, 50, 100] as const

/** The list's filters and order (spec §7 loadHomePage); the download takes the same without paging. */
export const campaignFilterQuery = z.object({
  userId: idParam,
  // spec accounts §9: the default date filter is LAST_1D ('Last 1 day').
  dateFilterType: z.enum(DATE_FILTER_TYPES).default('LAST_1D'),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  status: z.enum(CAMPAIGN_STATUS_FILTERS).default('ALL'),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(CAMPAIGN_SORT_FIELDS).optional(),
  direction: z.enum(['asc', 'desc']).default('desc'),
})
export type CampaignFilterQuery = z.infer<typeof campaignFilterQuery>

export const loadHomePageQuery = campaignFilterQuery.extend({
  /** 1-based (docs/decisions/010). */
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'size must be 10, 20, 50 or 100')
    .default(10),
})
export type LoadHomePageQuery = z.infer<typeof loadHomePageQuery>

/**
 * The IST day range of a date filter, inclusive. Presets end yesterday except TODAY and
 * CURRENT_MONTH, which include today (docs/decisions/010).
 */
export function dateRange(
  query: Pick<CampaignFilterQuery, 'dateFilterType' | 'fromDate' | 'toDate'>,
  now: Date,
): { from: string; to: string } {
  const today = istDate(now)
  switch (query.dateFilterType) {
    case 'TODAY':
      return { from: today, to: today }
    case 'LAST_1D':
      return { from: addDays(today, -1), to: addDays(today, -1) }
    case 'LAST_7D':
      return { from: addDays(today, -7), to: addDays(today, -1) }
    case 'LAST_30D':
      return { from: addDays(today, -30), to: addDays(today, -1) }
    case 'CURRENT_MONTH':
      return { from: `${today.slice(0, 8)}01`, to: today }
    case 'CUSTOM': {
      const { fromDate, toDate } = query
      if (!fromDate || !toDate) throw badDate('fromDate and toDate are required for CUSTOM')
      if (Number.isNaN(Date.parse(fromDate)) || Number.isNaN(Date.parse(toDate)))
        throw badDate('Enter a valid date')
      if (fromDate > toDate) throw badDate('fromDate must not be after toDate')
      if (toDate > today) throw badDate('Dates in the future are not allowed')
      return { from: fromDate, to: toDate }
    }
  }
}
const badDate = (message: string) => new DomainError(400, 'INVALID_DATE', message)

/** Budget as the list shows it: 0 for Privilege campaigns and for a missing total budget. */
const listBudget = sql<string>`case when ${campaigns.campaignClass} = 'Privilege' then 0 else coalesce(${campaigns.budgetTotalLimit}, 0) end`

const roas = (sales: number, spend: number) => (spend > 0 ? Math.round((sales / spend) * 100) / 100 : 0)

/** `%` and `_` of a LIKE pattern taken literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&')

export type Paging = { page: number; size: number }
/** Pages of `size` rows that `totalCount` rows fill; at least 1 (an empty list is one empty page). */
export const pageCount = (totalCount: number, size: number) => Math.max(1, Math.ceil(totalCount / size))

/** A campaign list row: names plain, money in paise, metrics summed over the date range. */
export type CampaignListRow = {
  id: number
  jmcampaignId: number
  name: string
  state: number | null
  status: number
  campaignClass: 'Sponsored' | 'Privilege'
  campaignCreatedBy: string | null
  startTime: Date
  expireTime: Date | null
  budget: number
  spend: number
  clicks: number
  orders: number
  sales: number
  roas: number
}

/**
 * An advertiser's campaign list with metrics summed over the date range: one page of it, or without
 * `paging` every filtered campaign (the download), in the same order and in one statement either way.
 */
export async function listCampaigns(
  db: Database,
  sellerId: number,
  query: CampaignFilterQuery,
  now: Date,
  paging?: Paging,
): Promise<{ range: { fromDate: string; toDate: string }; totalCount: number; rows: CampaignListRow[] }> {
  const { from, to } = dateRange(query, now)
  const filters: SQL[] = [eq(campaigns.sellerId, sellerId), isNull(campaigns.deletedAt)]
  if (query.status !== 'ALL') filters.push(inArray(campaigns.state, STATES_FOR_STATUS_FILTER[query.status]))
  if (query.search) filters.push(ilike(campaigns.name, `%${likeLiteral(query.search)}%`))

  const dir = query.direction === 'asc' ? 'asc' : 'desc'
  const sortColumn = {
    startDateTime: sql`${campaigns.startTime}`,
    // Lifetime (no end) sorts as the latest end.
    endDateTime: sql`coalesce(${campaigns.expireTime}, 'infinity'::timestamptz)`,
    budget: listBudget,
  }
  const columns = {
    id: campaigns.id,
    jmcampaignId: campaigns.jmcampaignId,
    name: campaigns.name,
    state: campaigns.state,
    status: campaigns.status,
    campaignClass: campaigns.campaignClass,
    campaignCreatedBy: campaigns.campaignCreatedBy,
    startTime: campaigns.startTime,
    expireTime: campaigns.expireTime,
    budget: listBudget,
  }
  const sums = {
    spend: sql<string>`sum(${performanceDaily.spend})`.as('m_spend'),
    clicks: sql<string>`sum(${performanceDaily.clicks})`.as('m_clicks'),
    orders: sql<string>`sum(${performanceDaily.orders})`.as('m_orders'),
    sales: sql<string>`sum(${performanceDaily.sales})`.as('m_sales'),
  }
  const paged = <T extends PgSelect>(select: T) =>
    paging ? select.limit(paging.size).offset((paging.page - 1) * paging.size) : select

  // One statement either way; performance_daily's key starts (campaign_id, day), so each campaign's
  // facts in the range are one index range. Sorting by spend needs every filtered campaign's sum;
  // any other order picks the page first and sums the facts of its campaigns only.
  let rows: (Omit<CampaignListRow, 'budget' | 'spend' | 'clicks' | 'orders' | 'sales' | 'roas'> & {
    budget: string
    spend: string
    clicks: string
    orders: string
    sales: string
    total: string
  })[]
  if (query.sort === 'spend') {
    const metrics = db.$with('metrics').as(
      db
        .select({ campaignId: performanceDaily.campaignId, ...sums })
        .from(performanceDaily)
        .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
        .where(and(...filters, between(performanceDaily.day, from, to)))
        .groupBy(performanceDaily.campaignId),
    )
    const spend = sql<string>`coalesce(${metrics.spend}, 0)`
    const order = dir === 'asc' ? asc : desc
    rows = await paged(
      db
        .with(metrics)
        .select({
          ...columns,
          spend,
          clicks: sql<string>`coalesce(${metrics.clicks}, 0)`,
          orders: sql<string>`coalesce(${metrics.orders}, 0)`,
          sales: sql<string>`coalesce(${metrics.sales}, 0)`,
          total: sql<string>`count(*) over ()`,
        })
        .from(campaigns)
        .leftJoin(metrics, eq(metrics.campaignId, campaigns.id))
        .where(and(...filters))
        .orderBy(order(spend), order(campaigns.id))
        .$dynamic(),
    )
  } else {
    const orderSql = query.sort
      ? sql`${sortColumn[query.sort]} ${sql.raw(dir)}, ${campaigns.id} ${sql.raw(dir)}`
      : sql`${campaigns.createdAt} desc, ${campaigns.id} desc`
    const page = db.$with('page').as(
      paged(
        db
          .select({
            pageId: sql<number>`${campaigns.id}`.as('page_id'),
            rowNumber: sql<number>`row_number() over (order by ${orderSql})`.as('row_number'),
            total: sql<string>`count(*) over ()`.as('total'),
          })
          .from(campaigns)
          .where(and(...filters))
          .orderBy(orderSql)
          .$dynamic(),
      ),
    )
    const metrics = db.$with('metrics').as(
      db
        .select({ campaignId: performanceDaily.campaignId, ...sums })
        .from(performanceDaily)
        .innerJoin(page, eq(page.pageId, performanceDaily.campaignId))
        .where(between(performanceDaily.day, from, to))
        .groupBy(performanceDaily.campaignId),
    )
    rows = await db
      .with(page, metrics)
      .select({
        ...columns,
        spend: sql<string>`coalesce(${metrics.spend}, 0)`,
        clicks: sql<string>`coalesce(${metrics.clicks}, 0)`,
        orders: sql<string>`coalesce(${metrics.orders}, 0)`,
        sales: sql<string>`coalesce(${metrics.sales}, 0)`,
        total: page.total,
      })
      .from(page)
      .innerJoin(campaigns, eq(campaigns.id, page.pageId))
      .leftJoin(metrics, eq(metrics.campaignId, campaigns.id))
      .orderBy(asc(page.rowNumber))
  }

  let totalCount = Number(rows[0]?.total ?? 0)
  if (rows.length === 0 && paging && paging.page > 1) {
    const [counted] = await db
      .select({ n: sql<string>`count(*)` })
      .from(campaigns)
      .where(and(...filters))
    totalCount = Number(counted?.n ?? 0)
  }
  return {
    range: { fromDate: from, toDate: to },
    totalCount,
    rows: rows.map(({ total: _total, ...row }) => {
      const spend = Number(row.spend)
      const sales = Number(row.sales)
      return {
        ...row,
        budget: Number(row.budget),
        spend,
        clicks: Number(row.clicks),
        orders: Number(row.orders),
        sales,
        roas: roas(sales, spend),
      }
    }),
  }
}

/** A list row as loadHomePage answers it (spec §3 "Campaign (list row)"): name base64, times ISO. */
export const homePageRow = (row: CampaignListRow) => ({
  id: row.id,
  jmcampaign_id: row.jmcampaignId,
  name: encodeName(row.name),
  state: row.state,
  status: row.status,
  campaignClass: row.campaignClass,
  campaignCreatedBy: row.campaignCreatedBy,
  start_time: row.startTime.toISOString(),
  expire_time: row.expireTime?.toISOString() ?? null,
  budget: row.budget,
  homePageMetrics: [
    { spend: row.spend, clicks: row.clicks, orders: row.orders, sales: row.sales, roas: row.roas },
  ],
})

/** The download's columns: the list's, without Actions (spec §2 "Columns"). */
export const CAMPAIGN_CSV_HEADER = [
  'Status',
  'Name',
  'Campaign ID',
  'Campaign Class',
  'Created by',
  'Start Date',
  'End Date',
  'Budget',
  'Spend',
  'Clicks',
  'Orders',
  'Sales',
  'ROAS',
] as const

/** The status cell: the state label, and for the icon states 8/9 their hover title in brackets. */
export function statusText(state: number | null, status: number): string {
  const title = iconStateTitle(state, status)
  return title ? `${campaignStateLabel(state)} (${title})` : campaignStateLabel(state)
}

/** A list row as the download writes it: plain name, IST date-times, rupees with two decimals. */
export const campaignCsvRow = (row: CampaignListRow): CsvCell[] => [
  statusText(row.state, row.status),
  row.name,
  row.jmcampaignId,
  row.campaignClass,
  row.campaignCreatedBy ?? '',
  formatIstDateTime(row.startTime),
  row.expireTime ? formatIstDateTime(row.expireTime) : 'Lifetime',
  formatRupees(row.budget),
  formatRupees(row.spend),
  row.clicks,
  row.orders,
  formatRupees(row.sales),
  row.roas.toFixed(2),
]

/** Home stats of an advertiser (spec §3 "Home stats"). Paused counts states 2, 8 and 9. */
export async function homePageStats(db: Database, sellerId: number, now: Date) {
  const [counts] = await db
    .select({
      total: sql<string>`count(*)`,
      running: sql<string>`count(*) filter (where ${campaigns.state} = ${CampaignState.Running})`,
      paused: sql<string>`count(*) filter (where ${campaigns.state} in (${CampaignState.Paused}, ${CampaignState.DailyBudgetLimitReachedIcon}, ${CampaignState.TotalBudgetLimitReachedIcon}))`,
    })
    .from(campaigns)
    .where(and(eq(campaigns.sellerId, sellerId), isNull(campaigns.deletedAt)))
  return {
    totalCampaigns: Number(counts?.total ?? 0),
    runningCampaigns: Number(counts?.running ?? 0),
    pausedCampaigns: Number(counts?.paused ?? 0),
    totalAvailableCredit: await availableCredit(db, sellerId, now),
    sellerId,
  }
}

/**
 * A live campaign (with `includeDeleted`, also a deleted one) the caller may act for. For advertisers,
 * an unknown id and another advertiser's campaign both answer 403, so ids of other advertisers reveal
 * nothing; staff get 404 for unknown ids.
 */
export async function campaignForCaller(
  db: Tx,
  auth: AuthContext,
  campaignId: number,
  options: { includeDeleted?: boolean } = {},
) {
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(
      and(eq(campaigns.id, campaignId), options.includeDeleted ? undefined : isNull(campaigns.deletedAt)),
    )
    .limit(1)
  if (!campaign) {
    if (isAdminRole(auth.user.role)) throw notFound('Campaign')
    throw forbidden()
  }
  if (!(await mayActFor(db as Database, auth, campaign.sellerId))) throw forbidden()
  return campaign
}

type CampaignRow = typeof campaigns.$inferSelect

/** The full campaign of spec §3 "Campaign (full)". */
export async function campaignView(db: Database, campaign: CampaignRow) {
  const pincodeRows = await db
    .select({ pincode: pincodes.pincode, district: pincodes.district, state: pincodes.state })
    .from(campaignPincodes)
    .innerJoin(pincodes, eq(pincodes.pincode, campaignPincodes.pincode))
    .where(eq(campaignPincodes.campaignId, campaign.id))
    .orderBy(asc(pincodes.pincode))
  const groups = await db
    .select({
      id: adGroups.id,
      jmAdgroupId: adGroups.jmAdgroupId,
      name: adGroups.name,
      processingStatus: adGroups.processingStatus,
      state: adGroups.state,
      productsCount: sql<string>`(select count(*) from ${adGroupProducts} where ${adGroupProducts.adGroupId} = ${adGroups.id})`,
      keywordsCount: sql<string>`(select count(*) from ${keywordTargets} where ${keywordTargets.adGroupId} = ${adGroups.id})`,
    })
    .from(adGroups)
    .where(and(eq(adGroups.campaignId, campaign.id), ne(adGroups.state, 2)))
    .orderBy(asc(adGroups.id))
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
    adGroups: groups.map((g) => ({
      id: g.id,
      jm_adgroup_id: g.jmAdgroupId,
      adGroupName: g.name,
      processing_status: g.processingStatus,
      state: g.state,
      products_count: Number(g.productsCount),
      keywords_count: Number(g.keywordsCount),
    })),
  }
}

const viewBody = z.object({
  channel_id: z.coerce.number().int().optional(),
  jmcampaign_id: z.coerce.number().int().optional(),
  id: z.coerce.number().int().positive(),
})
const deleteQuery = z.object({ campaignId: idParam })
const userQuery = z.object({ userId: idParam })

/** A campaign's audit snapshot: what a state change or delete touches. */
export const campaignSnapshot = (c: CampaignRow) => ({
  state: c.state,
  status: c.status,
  deletedAt: c.deletedAt?.toISOString() ?? null,
})

export function campaignRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = () => deps.database.db
  const setRoleHeader = (c: Context<Env>) => c.header('User_id_role', c.get('auth').user.role)

  // spec §7: GET /campaign/loadHomePage (userId = the advertiser's account id; header User_id_role).
  app.get('/v1/campaign/loadHomePage', async (c) => {
    const query = loadHomePageQuery.parse(c.req.query())
    const auth = c.get('auth')
    await assertMayActFor(db(), auth, query.userId)
    const result = await listCampaigns(db(), query.userId, query, deps.now(), query)
    setRoleHeader(c)
    return ok(c, {
      campaigns: result.rows.map((row) => ({ ...homePageRow(row), action: rowAction(auth.user.role, row) })),
      totalCount: result.totalCount,
      page: query.page,
      size: query.size,
      totalPages: pageCount(result.totalCount, query.size),
      fromDate: result.range.fromDate,
      toDate: result.range.toDate,
    })
  })

  // spec §7: GET /campaign/download?params (CSV, includes status): the list's filters and order, every
  // row (no paging), one statement however many campaigns.
  app.get('/v1/campaign/download', async (c) => {
    const query = campaignFilterQuery.parse(c.req.query())
    await assertMayActFor(db(), c.get('auth'), query.userId)
    const { range, rows } = await listCampaigns(db(), query.userId, query, deps.now())
    setRoleHeader(c)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header(
      'Content-Disposition',
      `attachment; filename="campaigns-${query.userId}-${range.fromDate}-to-${range.toDate}.csv"`,
    )
    return c.body(toCsv(CAMPAIGN_CSV_HEADER, rows.map(campaignCsvRow)))
  })

  // spec §7: GET /campaign/homePageStats.
  app.get('/v1/campaign/homePageStats', async (c) => {
    const { userId } = userQuery.parse(c.req.query())
    await assertMayActFor(db(), c.get('auth'), userId)
    setRoleHeader(c)
    return ok(c, await homePageStats(db(), userId, deps.now()))
  })

  // spec §7: POST /campaign/view body {channel_id, jmcampaign_id, id}.
  app.post('/v1/campaign/view', async (c) => {
    const body = viewBody.parse(await c.req.json())
    const campaign = await campaignForCaller(db(), c.get('auth'), body.id)
    if (body.jmcampaign_id !== undefined && body.jmcampaign_id !== campaign.jmcampaignId) {
      throw notFound('Campaign')
    }
    return ok(c, await campaignView(db(), campaign))
  })

  // spec §7: DELETE /campaigns/delete?campaignId → campaignStatus DELETED. A soft delete: the
  // campaign leaves every list, its facts and its audit history stay.
  app.delete('/v1/campaigns/delete', async (c) => {
    const { campaignId } = deleteQuery.parse(c.req.query())
    const auth = c.get('auth')
    const now = deps.now()
    await db().transaction(async (tx) => {
      const campaign = await campaignForCaller(tx, auth, campaignId)
      // spec §4/§6: campaign data is read-only for BRAND and SELLER on Privilege campaigns.
      if (privilegeReadOnly(auth.user.role, campaign)) throw forbidden()
      const [deleted] = await tx
        .update(campaigns)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), isNull(campaigns.deletedAt)))
        .returning()
      if (!deleted) throw notFound('Campaign')
      await audit(tx, {
        action: 'CAMPAIGN_DELETED',
        entityType: 'campaign',
        entityId: campaign.id,
        before: campaignSnapshot(campaign),
        after: campaignSnapshot(deleted),
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
    })
    return ok(c, { campaignId, campaignStatus: 'DELETED' })
  })

  // Pause and play (spec §4 row actions; paths not shown in the spec, ours in docs/decisions/010):
  // POST /v1/campaign/{id}/pause and /v1/campaign/{id}/play. The state engine is applied at once
  // after a play, so a campaign without credit or over its budget lands where the job would put it.
  for (const action of ['pause', 'play'] as const) {
    app.post(`/v1/campaign/:id/${action}`, async (c) => {
      const campaignId = idParam.parse(c.req.param('id'))
      const auth = c.get('auth')
      const now = deps.now()
      const actor = actorOf(c, auth.user)
      const requestId = c.get('requestId')
      const wanted = action === 'pause' ? 'PAUSE' : 'PLAY'
      await db().transaction(async (tx) => {
        const campaign = await campaignForCaller(tx, auth, campaignId)
        const offered = rowAction(auth.user.role, campaign)
        if (offered !== wanted) {
          if (privilegeReadOnly(auth.user.role, campaign)) throw forbidden()
          throw new DomainError(
            409,
            'INVALID_STATE',
            action === 'pause'
              ? 'Only a running campaign can be paused'
              : 'Only a manually paused campaign can be played',
          )
        }
        const target = ROW_ACTION_RESULT[wanted]
        const [updated] = await tx
          .update(campaigns)
          .set({ state: target.state, status: target.status, updatedAt: now })
          .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaign.status)))
          .returning()
        if (!updated)
          throw new DomainError(409, 'INVALID_STATE', 'The campaign changed meanwhile, please retry')
        await audit(tx, {
          action: action === 'pause' ? 'CAMPAIGN_PAUSED' : 'CAMPAIGN_PLAYED',
          entityType: 'campaign',
          entityId: campaign.id,
          before: campaignSnapshot(campaign),
          after: campaignSnapshot(updated),
          actor,
          requestId,
          at: now,
        })
      })
      if (action === 'play') {
        await applyCampaignStates(db(), now, { campaignIds: [campaignId], actor, requestId })
      }
      const [current] = await db()
        .select({ state: campaigns.state, status: campaigns.status })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
      return ok(c, { campaignId, state: current!.state, status: current!.status })
    })
  }

  return app
}
