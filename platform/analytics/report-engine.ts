// The one place a report is computed (issue 12, docs/decisions/038): the request checked for its caller
// (resolveReport), then SQL over the daily rollup performance_daily (never performance_facts), grouped
// by the chosen dimensions and joined to campaigns, ad groups, keyword targets, products and accounts as
// the type needs. The table page (reportTable), the CSV (reportCsvRows, streamed through a cursor) and
// the trend series are built from the same statement, so they always agree.
import { type SQL, sql } from 'drizzle-orm'
import type { AuthContext } from '../auth/authorize'
import { assertMayActFor } from '../auth/authorize'
import {
  DIMENSIONS,
  type Dimension,
  isDisabledMetric,
  METRICS,
  type Metric,
  REPORT_CATALOGUE,
  REPORT_FILTERS,
  type ReportDateFilter,
  type ReportFilter,
  ReportMessages,
  type ReportRequest,
  type ReportTable,
  type ReportType,
} from '../contracts/analytics'
import type { Database } from '../db/client'
import { DomainError, forbidden } from '../errors'
import { campaignStateLabel, MatchType, STATES_FOR_STATUS_FILTER } from '../rules/campaigns'
import { isAdminRole } from '../rules/roles'
import { addDays, daysBetween, istDate, isCalendarDate } from '../rules/time'

export type ReportScope = { sellerIds: number[] } | { all: true } // DAILY_OPS_REPORT: all (staff only)
export type ResolvedReport = {
  reportType: ReportType
  scope: ReportScope
  /** Inclusive IST days. */
  from: string
  to: string
  dimensions: Dimension[]
  metrics: Metric[]
  filters: Partial<Record<ReportFilter, string[]>>
  columns: ReportTable['columns']
}

// ---------------------------------------------------------------------------------------------
// Vocabularies of the filters (getFilters offers these; resolveReport accepts only these)
// ---------------------------------------------------------------------------------------------
/**
 * CAMPAIGN_STATUS values: the campaign list's status filters (Running, Paused = states 2, 8, 9,
 * Scheduled Paused, Expired) and the remaining state names, so every campaign state can be chosen.
 */
export const REPORT_STATUS_STATES: Record<string, readonly number[]> = {
  Running: STATES_FOR_STATUS_FILTER.Running,
  Paused: STATES_FOR_STATUS_FILTER.Paused,
  'Scheduled Paused': STATES_FOR_STATUS_FILTER['Scheduled Paused'],
  Expired: STATES_FOR_STATUS_FILTER.Expired,
  Archived: [3],
  'Daily Limit Reached': [4],
  'Total Limit Reached': [5],
}
export const REPORT_PLACEMENTS: Record<string, string> = { SEARCH: 'Search', PRODUCT_PAGE: 'Product page' }
export const REPORT_TARGETING_TYPES = ['Keyword', 'Category', 'Product'] as const
const MATCH_TYPE_LABELS: Record<number, string> = {
  [MatchType.Exact]: 'Exact',
  [MatchType.Phrase]: 'Phrase',
  [MatchType.Broad]: 'Broad',
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------
const dateError = (field: 'fromDate' | 'toDate', message: string) =>
  new DomainError(400, 'INVALID_DATE', message, { [`dateFilter.${field}`]: [message] })

/**
 * The inclusive IST days of a report date filter (contract: dateFilterSchema). Presets as the campaign
 * list (LAST_1D yesterday, LAST_7D and LAST_30D the 7 / 30 days before today) except CURRENT_MONTH,
 * which ends yesterday (the 1st of a month: the 1st only). CUSTOM: toDate is the day after the last
 * day; the last day may be yesterday at the latest and not before fromDate (spec §5).
 */
export function resolveDates(filter: ReportDateFilter, now: Date): { from: string; to: string } {
  const today = istDate(now)
  const yesterday = addDays(today, -1)
  switch (filter.dateFilterType) {
    case 'LAST_1D':
      return { from: yesterday, to: yesterday }
    case 'LAST_7D':
      return { from: addDays(today, -7), to: yesterday }
    case 'LAST_30D':
      return { from: addDays(today, -30), to: yesterday }
    case 'CURRENT_MONTH': {
      const first = `${today.slice(0, 8)}01`
      return first === today ? { from: first, to: first } : { from: first, to: yesterday }
    }
    case 'CUSTOM': {
      const { fromDate, toDate } = filter
      if (!fromDate) throw dateError('fromDate', ReportMessages.required)
      if (!toDate) throw dateError('toDate', ReportMessages.required)
      if (!isCalendarDate(fromDate)) throw dateError('fromDate', 'Enter a valid date')
      if (!isCalendarDate(toDate)) throw dateError('toDate', 'Enter a valid date')
      const last = addDays(toDate, -1)
      if (fromDate > yesterday) throw dateError('fromDate', ReportMessages.maxDateYesterday)
      if (last > yesterday) throw dateError('toDate', ReportMessages.maxDateYesterday)
      if (last < fromDate) throw dateError('toDate', ReportMessages.endBeforeStart)
      return { from: fromDate, to: last }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Resolving a request for its caller
// ---------------------------------------------------------------------------------------------
const chosen = (fields: Record<string, boolean>) =>
  Object.entries(fields)
    .filter(([, on]) => on)
    .map(([name]) => name)

/** Types whose extra columns belong to a fixed grain: their dimensions cannot be changed. */
const FIXED_GRAIN = (type: ReportType) => REPORT_CATALOGUE[type].extraColumns.length > 0

export function reportColumns(
  type: ReportType,
  dimensions: readonly Dimension[],
  metrics: readonly Metric[],
): ReportTable['columns'] {
  return [
    ...dimensions.map((key) => ({ key, label: DIMENSIONS[key].label, kind: 'text' as const })),
    ...metrics.map((key) => ({ key, label: METRICS[key].label, kind: METRICS[key].kind })),
    ...REPORT_CATALOGUE[type].extraColumns.map((c) => ({ key: c.key, label: c.label, kind: c.kind })),
  ]
}

/**
 * Checks the request for the caller: the advertiser (assertMayActFor), staffOnly types (403),
 * filter values (CAMPAIGN_ID values must be campaigns of the advertiser: else 403
 * ReportMessages.foreignCampaign), dates (§5: max yesterday, end ≥ start; 400), chosen fields
 * (unknown or disabled metric → 400; none chosen → the type's defaults).
 */
export async function resolveReport(
  db: Database,
  auth: AuthContext,
  userId: number,
  request: ReportRequest,
  now: Date,
): Promise<ResolvedReport> {
  await assertMayActFor(db, auth, userId)
  const type = request.reportType
  const entry = REPORT_CATALOGUE[type]
  if (entry.staffOnly && !isAdminRole(auth.user.role)) throw forbidden()
  const { from, to } = resolveDates(request.dateFilter, now)

  // Fields: only the type's; none chosen means its defaults (all its enabled metrics).
  const wantedDims = chosen(request.dimensionFields)
  for (const name of wantedDims) {
    if (!(entry.dimensions as readonly string[]).includes(name))
      throw new DomainError(400, 'INVALID_FIELD', `Unknown dimension: ${name.slice(0, 40)}`, {
        dimensionFields: [`Unknown dimension: ${name.slice(0, 40)}`],
      })
  }
  const dimensions =
    wantedDims.length === 0 || FIXED_GRAIN(type)
      ? [...entry.defaultDimensions]
      : entry.dimensions.filter((d) => wantedDims.includes(d))
  const wantedMetrics = chosen(request.metricFields)
  for (const name of wantedMetrics) {
    if (isDisabledMetric(name))
      throw new DomainError(400, 'INVALID_FIELD', `${METRICS[name as Metric].label} cannot be chosen`, {
        metricFields: [`${METRICS[name as Metric].label} cannot be chosen`],
      })
    if (!(entry.metrics as readonly string[]).includes(name))
      throw new DomainError(400, 'INVALID_FIELD', `Unknown metric: ${name.slice(0, 40)}`, {
        metricFields: [`Unknown metric: ${name.slice(0, 40)}`],
      })
  }
  const enabled = entry.metrics.filter((m) => !isDisabledMetric(m))
  const metrics = wantedMetrics.length === 0 ? enabled : enabled.filter((m) => wantedMetrics.includes(m))

  // Filters: empty lists are no filter; every value must be one of the filter's vocabulary.
  const filters: Partial<Record<ReportFilter, string[]>> = {}
  for (const name of REPORT_FILTERS) {
    const values = request.filters?.[name]
    if (values && values.length > 0) filters[name] = [...new Set(values)]
  }
  if (request.advancedReport && !filters.CAMPAIGN_ID)
    throw new DomainError(400, 'VALIDATION_FAILED', ReportMessages.selectCampaign, {
      'filters.CAMPAIGN_ID': [ReportMessages.selectCampaign],
    })
  const badFilter = (filter: ReportFilter, value: string) =>
    new DomainError(400, 'INVALID_FILTER', `Unknown ${filter} value: ${value.slice(0, 40)}`, {
      [`filters.${filter}`]: [`Unknown ${filter} value: ${value.slice(0, 40)}`],
    })
  for (const value of filters.CAMPAIGN_STATUS ?? [])
    if (!(value in REPORT_STATUS_STATES)) throw badFilter('CAMPAIGN_STATUS', value)
  for (const value of filters.PLACEMENT_CATEGORY ?? [])
    if (!(value in REPORT_PLACEMENTS)) throw badFilter('PLACEMENT_CATEGORY', value)
  for (const value of filters.TARGETING_TYPE ?? [])
    if (!(REPORT_TARGETING_TYPES as readonly string[]).includes(value))
      throw badFilter('TARGETING_TYPE', value)

  const scope: ReportScope = entry.staffOnly ? { all: true } : { sellerIds: [userId] }
  if (filters.CAMPAIGN_ID) {
    const ids = filters.CAMPAIGN_ID.map((v) => (/^\d{1,15}$/.test(v) ? Number(v) : Number.NaN))
    if (ids.some((id) => !Number.isSafeInteger(id))) throw forbidden(ReportMessages.foreignCampaign)
    const seller = 'all' in scope ? sql`true` : sql`seller_id in ${inList(scope.sellerIds)}`
    const found = await db.execute<{ n: string }>(
      sql`select count(*) as n from campaigns where id in ${inList(ids)} and ${seller}`,
    )
    if (Number(rowsOf<{ n: string }>(found)[0]?.n ?? 0) !== new Set(ids).size)
      throw forbidden(ReportMessages.foreignCampaign)
    filters.CAMPAIGN_ID = [...new Set(ids)].map(String)
  }

  return {
    reportType: type,
    scope,
    from,
    to,
    dimensions,
    metrics,
    filters,
    columns: reportColumns(type, dimensions, metrics),
  }
}

// ---------------------------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------------------------
/** (a, b, c) of bound values, for `in`. */
export function inList(values: readonly (string | number)[]): SQL {
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`
}

/** Rows of a db.execute result on either driver (PGlite and node-postgres both answer { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[]
}

/** The rollup columns a dimension needs in the inner aggregate. */
const RAW_KEYS: Record<
  Dimension,
  readonly ('day' | 'campaign_id' | 'ad_group_id' | 'keyword' | 'product_id' | 'placement')[]
> = {
  date: ['day'],
  seller_id: ['campaign_id'],
  seller_name: ['campaign_id'],
  campaign_id: ['campaign_id'],
  campaign_name: ['campaign_id'],
  campaign_status: ['campaign_id'],
  targeting_type: ['campaign_id'],
  placement: ['placement'],
  ad_group_id: ['ad_group_id'],
  ad_group_name: ['ad_group_id'],
  keyword: ['keyword'],
  match_type: ['ad_group_id', 'keyword'],
  product_id: ['product_id'],
  product_name: ['product_id'],
}

/** The outer expression of a dimension (grouped and ordered by), and the table it needs joined. */
const DIMENSION_SQL: Record<
  Dimension,
  { expr: string; join?: 'accounts' | 'ad_groups' | 'keyword_targets' | 'products' }
> = {
  date: { expr: 'f.day::text' },
  seller_id: { expr: 'c.seller_id' },
  seller_name: { expr: 'a.name', join: 'accounts' },
  campaign_id: { expr: 'c.id' },
  campaign_name: { expr: 'c.name' },
  campaign_status: { expr: 'c.state' },
  targeting_type: { expr: 'c.targeting_type' },
  placement: { expr: 'f.placement' },
  ad_group_id: { expr: 'f.ad_group_id' },
  ad_group_name: { expr: 'ag.name', join: 'ad_groups' },
  keyword: { expr: 'f.keyword' },
  match_type: { expr: 'kt.match_type', join: 'keyword_targets' },
  product_id: { expr: 'f.product_id' },
  product_name: { expr: 'p.name', join: 'products' },
}

const JOINS = {
  accounts: 'join accounts a on a.id = c.seller_id',
  ad_groups: 'left join ad_groups ag on ag.id = f.ad_group_id',
  keyword_targets:
    'left join keyword_targets kt on kt.ad_group_id = f.ad_group_id and lower(kt.keyword) = lower(f.keyword)',
  products: 'left join products p on p.product_id = f.product_id',
} as const

/** Which rollup rows a type reads: keyword rows, product rows, or all. */
function rowKind(type: ReportType): SQL {
  switch (type) {
    case 'KEYWORD_PERFORMANCE_REPORT':
    case 'OPTIMISATION_REPORT':
      return sql`pd.keyword <> ''`
    case 'PRODUCT_PERFORMANCE_REPORT':
    case 'SKU_PERF_REPORT':
      return sql`pd.product_id <> 0`
    default:
      return sql`true`
  }
}

/** The filtered rollup rows of the report: scope, days, row kind and filters. */
function whereClause(report: ResolvedReport): SQL {
  const parts: SQL[] = [sql`pd.day between ${report.from} and ${report.to}`, rowKind(report.reportType)]
  if (!('all' in report.scope)) parts.push(sql`c.seller_id in ${inList(report.scope.sellerIds)}`)
  const f = report.filters
  if (f.CAMPAIGN_ID) parts.push(sql`c.id in ${inList(f.CAMPAIGN_ID.map(Number))}`)
  if (f.CAMPAIGN_STATUS)
    parts.push(
      sql`c.state in ${inList([...new Set(f.CAMPAIGN_STATUS.flatMap((s) => REPORT_STATUS_STATES[s] ?? []))])}`,
    )
  if (f.PLACEMENT_CATEGORY) parts.push(sql`pd.placement in ${inList(f.PLACEMENT_CATEGORY)}`)
  if (f.TARGETING_TYPE) parts.push(sql`c.targeting_type in ${inList(f.TARGETING_TYPE)}`)
  if (f.CREATED_BY) parts.push(sql`c.campaign_created_by in ${inList(f.CREATED_BY)}`)
  return sql.join(parts, sql` and `)
}

const SUMS = sql.raw(
  'sum(pd.impressions) as impressions, sum(pd.clicks) as clicks, sum(pd.spend) as spend, sum(pd.orders) as orders, sum(pd.units) as units, sum(pd.sales) as sales',
)

/**
 * The grouped report: the rollup summed per raw key first (index ranges of performance_daily, whose
 * key starts campaign_id, day), then joined to names and grouped by the chosen dimensions.
 */
function groupedQuery(report: ResolvedReport, withCount = false): SQL {
  const keys = [...new Set(report.dimensions.flatMap((d) => RAW_KEYS[d]))]
  if (!keys.includes('campaign_id')) keys.push('campaign_id') // every outer row joins its campaign
  const inner = sql.raw(keys.map((k) => `pd.${k}`).join(', '))
  const joins = [
    ...new Set(report.dimensions.map((d) => DIMENSION_SQL[d].join).filter(Boolean)),
  ] as (keyof typeof JOINS)[]
  if (report.reportType === 'OPTIMISATION_REPORT' && !joins.includes('keyword_targets'))
    joins.push('keyword_targets')
  const joinSql: string[] = joins.map((j) => JOINS[j])
  if (report.reportType === 'BUDGET_UTIL_REPORT')
    joinSql.push('left join campaign_spend cs on cs.campaign_id = c.id')
  const groupBy = report.dimensions.map((d) => DIMENSION_SQL[d].expr)
  const selectDims = report.dimensions.map((d, i) => `${DIMENSION_SQL[d].expr} as d${i}`)
  const extras: string[] = []
  if (report.reportType === 'BUDGET_UTIL_REPORT') {
    extras.push(
      'max(c.budget_daily_limit) as x_daily',
      'max(c.budget_total_limit) as x_total',
      'max(c.campaign_class) as x_class',
      'coalesce(max(cs.spend), 0) as x_lifetime',
    )
  }
  if (report.reportType === 'OPTIMISATION_REPORT') extras.push('max(kt.bid_price) as x_bid')
  return sql`with f as (
    select ${inner}, ${SUMS}
    from performance_daily pd join campaigns c on c.id = pd.campaign_id
    where ${whereClause(report)}
    group by ${inner}
  )
  select ${sql.raw([...selectDims, ...extras].join(', '))},
    sum(f.impressions) as impressions, sum(f.clicks) as clicks, sum(f.spend) as spend,
    sum(f.orders) as orders, sum(f.units) as units, sum(f.sales) as sales${sql.raw(withCount ? ', count(*) over () as total_rows' : '')}
  from f join campaigns c on c.id = f.campaign_id ${sql.raw(joinSql.join(' '))}
  group by ${sql.raw(groupBy.join(', '))}
  order by ${sql.raw(groupBy.map((g) => `${g} asc nulls last`).join(', '))}`
}

/** Every row of the report in one statement, values inline: what the CSV cursor reads (the bench explains it). */
export const reportStatement = (report: ResolvedReport): SQL => groupedQuery(report).inlineParams()

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------
type Sums = {
  impressions: number
  clicks: number
  spend: number
  orders: number
  units: number
  sales: number
}
type RawRow = Record<string, unknown>

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b)
const rupees = (paise: number) => round2(paise / 100)

function sumsOf(row: RawRow): Sums {
  return {
    impressions: Number(row.impressions ?? 0),
    clicks: Number(row.clicks ?? 0),
    spend: Number(row.spend ?? 0),
    orders: Number(row.orders ?? 0),
    units: Number(row.units ?? 0),
    sales: Number(row.sales ?? 0),
  }
}

/** A metric from summed figures: ctr = clicks/impressions×100, cpc = spend/clicks, roas = sales/spend, conversion = orders/clicks×100. */
export function metricValue(metric: Metric, s: Sums): number {
  switch (metric) {
    case 'impressions':
      return s.impressions
    case 'clicks':
      return s.clicks
    case 'orders':
      return s.orders
    case 'units':
      return s.units
    case 'ad_spend':
      return rupees(s.spend)
    case 'sales':
      return rupees(s.sales)
    case 'ctr':
      return round2(ratio(s.clicks, s.impressions) * 100)
    case 'cpc':
      return round2(ratio(s.spend, s.clicks) / 100)
    case 'roas':
      return round2(ratio(s.sales, s.spend))
    case 'conversion_rate':
      return round2(ratio(s.orders, s.clicks) * 100)
    default:
      return 0
  }
}

/** OPTIMISATION_REPORT's suggestion for a keyword (docs/decisions/038). */
export function optimisationSuggestion(s: Sums): string {
  if (s.spend > 0 && s.orders === 0 && s.clicks >= 10) return 'Spend without orders: lower the bid or pause'
  if (s.impressions >= 1000 && ratio(s.clicks, s.impressions) < 0.002)
    return 'Low click-through: review relevance'
  if (s.orders >= 2 && ratio(s.sales, s.spend) >= 4) return 'Room to scale: raise the bid'
  return 'No change'
}

function dimensionValue(dim: Dimension, value: unknown): string | null {
  if (value === null || value === undefined) return dim === 'campaign_status' ? 'NULL' : null
  if (dim === 'campaign_status') return campaignStateLabel(Number(value))
  if (dim === 'match_type') return MATCH_TYPE_LABELS[Number(value)] ?? null
  return String(value)
}

function extraValues(type: ReportType, row: RawRow, s: Sums): Record<string, string | number | null> {
  if (type === 'BUDGET_UTIL_REPORT') {
    const daily = Number(row.x_daily)
    const privilege = row.x_class === 'Privilege'
    const total = row.x_total === null || row.x_total === undefined || privilege ? null : Number(row.x_total)
    const lifetime = Number(row.x_lifetime ?? 0)
    return {
      daily_budget: daily < 0 || privilege ? null : rupees(daily),
      total_budget: total === null ? null : rupees(total),
      lifetime_spend: rupees(lifetime),
      budget_utilisation: total ? round2((lifetime / total) * 100) : null,
    }
  }
  if (type === 'OPTIMISATION_REPORT') {
    return {
      bid: row.x_bid === null || row.x_bid === undefined ? null : rupees(Number(row.x_bid)),
      suggestion: optimisationSuggestion(s),
    }
  }
  return {}
}

function tableRow(report: ResolvedReport, row: RawRow): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {}
  report.dimensions.forEach((d, i) => {
    out[d] = dimensionValue(d, row[`d${i}`])
  })
  const s = sumsOf(row)
  for (const m of report.metrics) out[m] = metricValue(m, s)
  Object.assign(out, extraValues(report.reportType, row, s))
  return out
}

// ---------------------------------------------------------------------------------------------
// Table page, CSV rows
// ---------------------------------------------------------------------------------------------
export async function reportTable(
  db: Database,
  report: ResolvedReport,
  paging: { page: number; size: number },
): Promise<ReportTable> {
  const page = await db.execute(
    sql`${groupedQuery(report, true)} limit ${paging.size} offset ${(paging.page - 1) * paging.size}`,
  )
  const pageRows = rowsOf<RawRow>(page)
  // Totals and the series from one statement: the filtered rollup summed by day.
  const days = rowsOf<RawRow>(
    await db.execute(sql`select pd.day::text as day, ${SUMS}
      from performance_daily pd join campaigns c on c.id = pd.campaign_id
      where ${whereClause(report)} group by pd.day`),
  )
  let totalNumOfRows = Number(pageRows[0]?.total_rows ?? 0)
  if (pageRows.length === 0 && paging.page > 1 && days.length > 0) {
    const counted = rowsOf<{ n: string }>(
      await db.execute(sql`select count(*) as n from (${groupedQuery(report)}) g`),
    )
    totalNumOfRows = Number(counted[0]?.n ?? 0)
  }
  const byDay = new Map(days.map((d) => [String(d.day), sumsOf(d)]))
  const total: Sums = { impressions: 0, clicks: 0, spend: 0, orders: 0, units: 0, sales: 0 }
  for (const s of byDay.values()) for (const k of Object.keys(total) as (keyof Sums)[]) total[k] += s[k]
  const empty: Sums = { impressions: 0, clicks: 0, spend: 0, orders: 0, units: 0, sales: 0 }
  const series: ReportTable['series'] = []
  for (let day = report.from, n = 0; day <= report.to && n <= 3660; day = addDays(day, 1), n++) {
    const s = byDay.get(day) ?? empty
    series.push({ date: day, values: Object.fromEntries(report.metrics.map((m) => [m, metricValue(m, s)])) })
  }
  const totals: ReportTable['totals'] = {}
  for (const c of report.columns) totals[c.key] = null
  for (const m of report.metrics) totals[m] = metricValue(m, total)
  if (report.reportType === 'BUDGET_UTIL_REPORT') totals.lifetime_spend = null
  return {
    columns: report.columns,
    rows: pageRows.map((row) => tableRow(report, row)),
    totals,
    series,
    totalNumOfRows,
    page: paging.page,
    size: paging.size,
    totalPages: Math.max(1, Math.ceil(totalNumOfRows / paging.size)),
    fromDate: report.from,
    toDate: report.to,
  }
}

/** The days a report spans (for callers that cap long ranges). */
export const reportDays = (report: Pick<ResolvedReport, 'from' | 'to'>) =>
  daysBetween(report.from, report.to) + 1

const CSV_BATCH = 5_000

/** A cell as the CSV writes it: counts as integers, money, percent and ratio with 2 decimals. */
function csvCell(
  kind: ReportTable['columns'][number]['kind'],
  value: string | number | null,
): string | number | null {
  if (value === null || kind === 'text' || kind === 'count' || typeof value === 'string') return value
  return value.toFixed(2)
}

/** A rollup row as CSV cells, in column order (no per-row objects: a report may have a million rows). */
function csvFormatter(report: ResolvedReport): (row: RawRow) => (string | number | null)[] {
  const dimensionKeys = report.dimensions.map((_, i) => `d${i}`)
  const metricKinds = report.metrics.map((m) => METRICS[m].kind)
  const extras = REPORT_CATALOGUE[report.reportType].extraColumns
  return (row) => {
    const s = sumsOf(row)
    const cells: (string | number | null)[] = []
    for (let i = 0; i < dimensionKeys.length; i++)
      cells.push(dimensionValue(report.dimensions[i]!, row[dimensionKeys[i]!]))
    for (let i = 0; i < report.metrics.length; i++)
      cells.push(csvCell(metricKinds[i]!, metricValue(report.metrics[i]!, s)))
    if (extras.length > 0) {
      const values = extraValues(report.reportType, row, s)
      for (const c of extras) cells.push(csvCell(c.kind, values[c.key] ?? null))
    }
    return cells
  }
}

/**
 * Holds one transaction open outside its callback (a cursor lives in a transaction) until commit or
 * rollback is called.
 */
async function heldTransaction(db: Database) {
  let release!: () => void
  let abort!: (error: unknown) => void
  const finished = new Promise<void>((resolve, reject) => {
    release = resolve
    abort = reject
  })
  let handed!: (tx: Database) => void
  const ready = new Promise<Database>((resolve) => {
    handed = resolve
  })
  const done = db.transaction(async (tx) => {
    handed(tx as unknown as Database)
    await finished
  })
  const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('transaction ended')))])
  return {
    tx,
    commit: async () => {
      release()
      await done
    },
    rollback: async (error: unknown) => {
      abort(error)
      await done.catch(() => {})
    },
  }
}

/** Every row for a CSV, header first ([label…]), streamed in batches (keyset or cursor), values formatted for CSV (2 decimals). */
export async function* reportCsvRows(
  db: Database,
  report: ResolvedReport,
  options: {
    /**
     * Called after each fetched batch's rows were taken (every CSV_BATCH rows), with the cursor's open
     * transaction: the writer's progress point (its heartbeat, decision 059). On a one-session database
     * (PGlite) every other query waits for this transaction, so what must be written meanwhile goes
     * through it.
     */
    onBatch?: (tx: Database) => Promise<void>
  } = {},
): AsyncGenerator<(string | number | null)[]> {
  yield report.columns.map((c) => c.label)
  const format = csvFormatter(report)
  const held = await heldTransaction(db)
  let failed: unknown = null
  try {
    // Every row is read: plan for all of them, not the first tenth (the cursor default).
    await held.tx.execute(sql`set local cursor_tuple_fraction = 1`)
    // One aggregate over an index range: compiling it (PostgreSQL's JIT) costs more than it saves.
    await held.tx.execute(sql`set local jit = off`)
    // Group by hashing, in memory: a report sums ~30 rollup rows per output row (one per day), and the
    // planner, which cannot tell one big advertiser's campaigns from the average, sorted all ~1.5
    // million rows of a 30-day keyword report to group them (2.45 s against 1.30 s hashed on the bench's
    // PostgreSQL; only the report's own rows are sorted at the end). For this transaction only.
    await held.tx.execute(sql`set local work_mem = '64MB'`)
    await held.tx.execute(sql`set local enable_sort = off`)
    await held.tx.execute(sql`set local enable_incremental_sort = off`)
    // Values inline (drizzle quotes them; they are checked ids, days, enum values and plain text): a
    // cursor declared with bound parameters is planned without their values, and on 10 million rows
    // that plan scanned the whole rollup instead of the advertiser's index ranges.
    await held.tx.execute(sql`declare report_rows no scroll cursor for ${reportStatement(report)}`)
    for (;;) {
      const batch = rowsOf<RawRow>(await held.tx.execute(sql.raw(`fetch ${CSV_BATCH} from report_rows`)))
      for (const row of batch) yield format(row)
      if (batch.length < CSV_BATCH) break
      await options.onBatch?.(held.tx)
    }
  } catch (error) {
    failed = error
    throw error
  } finally {
    if (failed === null) await held.commit().catch(() => {})
    else await held.rollback(failed)
  }
}
