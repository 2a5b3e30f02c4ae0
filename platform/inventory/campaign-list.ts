// The campaign list of the inventory service (spec campaigns §2, §3, §7): the filtered, ordered and
// paged listing in one SQL statement, shared with the download, and GET /v1/campaign/loadHomePage.
import { and, asc, between, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { Hono } from 'hono'
import { assertMayActFor } from '../auth/authorize'
import {
  type CampaignFilterQuery,
  type CampaignListRow,
  loadHomePageQuerySchema,
  type LoadHomePageResponse,
} from '../contracts/inventory'
import type { Database } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { equalsAny } from '../db/any'
import { liveCampaignCount } from '../db/live-campaigns'
import { campaigns, campaignWindows, campaignWindowsDay, performanceDaily, sellerDaily } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { rowAction, STATES_FOR_STATUS_FILTER } from '../rules/campaigns'
import { addDays, isCalendarDate, istDate } from '../rules/time'
import { encodeName, likeLiteral, type Paging, pageCount } from './campaign-access'

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
      // A day the calendar does not have (2026-02-30) is refused here, not by the database (a 500).
      if (!isCalendarDate(fromDate) || !isCalendarDate(toDate)) throw badDate('Enter a valid date')
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

/** A campaign list row: names plain, money in paise, metrics summed over the date range. */
export type ListedCampaign = {
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
 * The values a list statement takes (sql.placeholder): its statements are built once per database handle
 * and shape (preparedOnce, decision 079) and run with each request's values.
 */
const p = {
  sellerId: sql.placeholder('sellerId'),
  states: sql.placeholder('states'),
  pattern: sql.placeholder('pattern'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  preset: sql.placeholder('preset'),
  today: sql.placeholder('today'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
}

/** The states a status filter shows, or none for ALL. */
const statesOf = (query: CampaignFilterQuery) =>
  query.status === 'ALL' ? undefined : [...STATES_FOR_STATUS_FILTER[query.status]]

/** The values of a list statement for this query. */
const listValues = (sellerId: number, query: CampaignFilterQuery, range: { from: string; to: string }) => ({
  sellerId,
  states: statesOf(query),
  pattern: query.search ? `%${likeLiteral(query.search)}%` : undefined,
  from: range.from,
  to: range.to,
})

/** The list's filters: the advertiser's campaigns not deleted, by status and name. */
function listFilters(query: CampaignFilterQuery): SQL[] {
  const filters: SQL[] = [eq(campaigns.sellerId, p.sellerId), isNull(campaigns.deletedAt)]
  if (query.status !== 'ALL') filters.push(equalsAny(campaigns.state, p.states, 'smallint'))
  if (query.search) filters.push(ilike(campaigns.name, p.pattern))
  return filters
}

/** The filtered campaigns' number: kept counts by state unless a search narrows the list. */
const countStatement = (db: Database, query: CampaignFilterQuery) =>
  query.search
    ? db
        .select({ n: sql<string>`count(*)` })
        .from(campaigns)
        .where(and(...listFilters(query)))
    : liveCampaignCount(db, p.sellerId, query.status === 'ALL' ? undefined : p.states)

/** No status filter and no search: every campaign of the advertiser that is not deleted. */
const wholeList = (query: CampaignFilterQuery) => query.status === 'ALL' && !query.search

/** The four metrics of these rows summed (0 when there are none). */
const metricSums = (t: typeof sellerDaily | typeof performanceDaily) => ({
  spend: sql<string>`coalesce(sum(${t.spend}), 0)`,
  clicks: sql<string>`coalesce(sum(${t.clicks}), 0)`,
  orders: sql<string>`coalesce(sum(${t.orders}), 0)`,
  sales: sql<string>`coalesce(sum(${t.sales}), 0)`,
})

export type ListTotals = { spend: number; clicks: number; orders: number; sales: number; roas: number }

/**
 * The metrics of every filtered campaign (all pages) summed over the date range in one SQL statement,
 * and the ROAS of those sums (not an average of the rows' ROAS): the list's totals row.
 */
export async function listTotals(
  db: Database,
  sellerId: number,
  query: CampaignFilterQuery,
  now: Date,
): Promise<ListTotals> {
  const range = dateRange(query, now)
  const whole = wholeList(query)
  const statement = preparedOnce(db, `list totals ${whole ? 'whole' : shapeOf(query)}`, () =>
    // The whole list (every live campaign): the advertiser's daily rollup, one row a day (migration 0009).
    whole
      ? db
          .select(metricSums(sellerDaily))
          .from(sellerDaily)
          .where(and(eq(sellerDaily.sellerId, p.sellerId), between(sellerDaily.day, p.from, p.to)))
          .prepare('')
      : db
          .select(metricSums(performanceDaily))
          .from(performanceDaily)
          .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
          .where(and(...listFilters(query), between(performanceDaily.day, p.from, p.to)))
          .prepare(''),
  )
  const [sum] = await statement.execute(listValues(sellerId, query, range))
  const spend = Number(sum?.spend ?? 0)
  const sales = Number(sum?.sales ?? 0)
  return {
    spend,
    clicks: Number(sum?.clicks ?? 0),
    orders: Number(sum?.orders ?? 0),
    sales,
    roas: roas(sales, spend),
  }
}

/** What makes one list statement differ from another: the filters present, never their values. */
const shapeOf = (query: CampaignFilterQuery) =>
  `${query.status === 'ALL' ? 'all' : 'states'} ${query.search ? 'search' : ''}`

type PageRow = Omit<ListedCampaign, 'budget' | 'spend' | 'clicks' | 'orders' | 'sales' | 'roas'> & {
  budget: string
  spend: string
  clicks: string
  orders: string
  sales: string
  counted: string | null
  /** Sorted by spend: the IST day the kept sums were for, as the statement saw them (its snapshot). */
  windowsDay?: string | null
}

/**
 * The IST day of the kept sums as each database last showed a list statement: which statement to try
 * first (the kept sums, or the facts), never what is answered (listCampaigns).
 */
const summedDaySeen = new WeakMap<Database, string>()

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
): Promise<{ range: { fromDate: string; toDate: string }; totalCount: number; rows: ListedCampaign[] }> {
  const range = dateRange(query, now)
  const dir = query.direction === 'asc' ? 'asc' : 'desc'
  // A preset range sorted by spend reads the campaigns' kept sums when they are for today
  // (campaign-windows.ts); a custom range, or sums not yet rebuilt for a new day, sums the facts. Which
  // statement runs first is a guess from the day the sums last showed (none yet: the sums). The
  // statement itself reads the day row beside the sums, in the same snapshot: when the sums it read
  // are not for today (the day turned, or the sums were rebuilt for the next day between this request's
  // clock and its statement), the answer is thrown away and the facts are summed instead.
  const today = istDate(now)
  const preset = query.sort === 'spend' && query.dateFilterType !== 'CUSTOM' ? query.dateFilterType : null
  const run = async (summed: boolean) => {
    const key = `list ${query.sort ?? 'default'} ${dir} ${shapeOf(query)} ${summed ? 'windows' : 'facts'} ${paging ? 'page' : 'all'}`
    const statement = preparedOnce(db, key, () => listStatement(db, query, dir, summed, paging !== undefined))
    return (await statement.execute({
      ...listValues(sellerId, query, range),
      preset: summed ? preset : undefined,
      today: summed ? today : undefined,
      limit: paging?.size,
      offset: paging ? (paging.page - 1) * paging.size : undefined,
    })) as PageRow[]
  }
  const summed = preset !== null && (summedDaySeen.get(db) ?? today) === today
  let pageRows = await run(summed)
  if (preset !== null && pageRows.length > 0) {
    const day = pageRows[0]?.windowsDay ?? ''
    summedDaySeen.set(db, day)
    if (summed && day !== today) pageRows = await run(false)
  }
  // Without paging (the download) every row is there: their number is the total.
  let totalCount = pageRows.length === 0 ? 0 : Number(pageRows[0]?.counted ?? pageRows.length)
  if (pageRows.length === 0 && paging && paging.page > 1) {
    const count = preparedOnce(db, `list count ${shapeOf(query)}`, () =>
      countStatement(db, query).prepare(''),
    )
    const [counted] = await count.execute(listValues(sellerId, query, range))
    totalCount = Number(counted?.n ?? 0)
  }
  return {
    range: { fromDate: range.from, toDate: range.to },
    totalCount,
    rows: pageRows.map(({ counted: _counted, windowsDay: _windowsDay, ...row }) => {
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

/** The list's statement of one shape, with placeholders for every value (listValues, preset, paging). */
function listStatement(
  db: Database,
  query: CampaignFilterQuery,
  dir: 'asc' | 'desc',
  summed: boolean,
  paging: boolean,
) {
  const filters = listFilters(query)
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
  const paged = <T extends PgSelect>(select: T) => (paging ? select.limit(p.limit).offset(p.offset) : select)

  // One statement either way; performance_daily's key starts (campaign_id, day), so each campaign's
  // facts in the range are one index range. Sorting by spend needs every filtered campaign's sum;
  // any other order picks the page first and sums the facts of its campaigns only.
  // Either way the page statement also counts every filtered campaign, worked out once (an uncorrelated
  // subquery): the kept counts by state, or with a search an index count. A window count would read every
  // row first, and a statement of its own is one more round trip for the web server (decision 067). The
  // download (no paging) needs none.
  const counted = paging ? sql<string>`(${countStatement(db, query)})` : sql<string>`null`
  if (query.sort === 'spend') {
    const metrics = db.$with('metrics').as(
      summed
        ? db
            .select({
              campaignId: sql<number>`${campaignWindows.campaignId}`.as('m_campaign_id'),
              spend: sql<string>`${campaignWindows.spend}`.as('m_spend'),
              clicks: sql<string>`${campaignWindows.clicks}`.as('m_clicks'),
              orders: sql<string>`${campaignWindows.orders}`.as('m_orders'),
              sales: sql<string>`${campaignWindows.sales}`.as('m_sales'),
            })
            .from(campaignWindows)
            .where(and(eq(campaignWindows.dateFilter, p.preset), eq(campaignWindows.day, p.today)))
        : db
            .select({
              campaignId: sql<number>`${performanceDaily.campaignId}`.as('m_campaign_id'),
              ...sums,
            })
            .from(performanceDaily)
            .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
            .where(and(...filters, between(performanceDaily.day, p.from, p.to)))
            .groupBy(performanceDaily.campaignId),
    )
    // The page is ranked on narrow rows (id and sums; a top-N sort) and only its rows read the campaign's
    // other columns. A window count over the wide join read and kept every row: 19.6 → 10.7 ms on the
    // bench's 10,000 campaigns (PostgreSQL).
    const spend = sql<string>`coalesce(${metrics.spend}, 0)`
    const order = dir === 'asc' ? asc : desc
    const page = db.$with('page').as(
      paged(
        db
          .select({
            pageId: sql<number>`${campaigns.id}`.as('page_id'),
            spend: sql<string>`${spend}`.as('p_spend'),
            clicks: sql<string>`coalesce(${metrics.clicks}, 0)`.as('p_clicks'),
            orders: sql<string>`coalesce(${metrics.orders}, 0)`.as('p_orders'),
            sales: sql<string>`coalesce(${metrics.sales}, 0)`.as('p_sales'),
          })
          .from(campaigns)
          .leftJoin(metrics, eq(metrics.campaignId, campaigns.id))
          .where(and(...filters))
          .orderBy(order(spend), order(campaigns.id))
          .$dynamic(),
      ),
    )
    return db
      .with(metrics, page)
      .select({
        ...columns,
        spend: sql<string>`${page.spend}`,
        clicks: sql<string>`${page.clicks}`,
        orders: sql<string>`${page.orders}`,
        sales: sql<string>`${page.sales}`,
        counted,
        // Which day the kept sums were for, read in this statement's snapshot (listCampaigns).
        windowsDay: sql<
          string | null
        >`(select ${campaignWindowsDay.day}::text from ${campaignWindowsDay} where ${campaignWindowsDay.id} = 1)`,
      })
      .from(page)
      .innerJoin(campaigns, eq(campaigns.id, page.pageId))
      .orderBy(order(page.spend), order(page.pageId))
      .prepare('')
  }
  const orderSql = query.sort
    ? sql`${sortColumn[query.sort]} ${sql.raw(dir)}, ${campaigns.id} ${sql.raw(dir)}`
    : sql`${campaigns.createdAt} desc, ${campaigns.id} desc`
  const page = db.$with('page').as(
    paged(
      db
        .select({
          pageId: sql<number>`${campaigns.id}`.as('page_id'),
          rowNumber: sql<number>`row_number() over (order by ${orderSql})`.as('row_number'),
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
      .where(between(performanceDaily.day, p.from, p.to))
      .groupBy(performanceDaily.campaignId),
  )
  // The page is an index range (campaigns_seller_live_created_idx for the default order).
  return db
    .with(page, metrics)
    .select({
      ...columns,
      spend: sql<string>`coalesce(${metrics.spend}, 0)`,
      clicks: sql<string>`coalesce(${metrics.clicks}, 0)`,
      orders: sql<string>`coalesce(${metrics.orders}, 0)`,
      sales: sql<string>`coalesce(${metrics.sales}, 0)`,
      counted,
    })
    .from(page)
    .innerJoin(campaigns, eq(campaigns.id, page.pageId))
    .leftJoin(metrics, eq(metrics.campaignId, campaigns.id))
    .orderBy(asc(page.rowNumber))
    .prepare('')
}

export const homePageRow = (row: ListedCampaign): Omit<CampaignListRow, 'action'> => ({
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

export function campaignListRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = () => deps.database.db

  // spec §7: GET /campaign/loadHomePage (userId = the advertiser's account id; header User_id_role).
  app.get('/v1/campaign/loadHomePage', async (c) => {
    const query = loadHomePageQuerySchema.parse(c.req.query())
    const auth = c.get('auth')
    await assertMayActFor(db(), auth, query.userId)
    const now = deps.now()
    const [result, totals] = await Promise.all([
      listCampaigns(db(), query.userId, query, now, query),
      listTotals(db(), query.userId, query, now),
    ])
    c.header('User_id_role', auth.user.role)
    const data: LoadHomePageResponse = {
      campaigns: result.rows.map((row) => ({ ...homePageRow(row), action: rowAction(auth.user.role, row) })),
      totalCount: result.totalCount,
      page: query.page,
      size: query.size,
      totalPages: pageCount(result.totalCount, query.size),
      fromDate: result.range.fromDate,
      toDate: result.range.toDate,
      totals,
    }
    return ok(c, data)
  })

  return app
}
