// `npm run bench -- --only=reports` (issue 12 "Done when"): a KEYWORD_PERFORMANCE_REPORT for 30 days of
// one big advertiser over a large performance_daily, beside the bare SQL aggregate of the same question
// on the same database; then the analytics table page on the demo data.
//
// - PostgreSQL (when DATABASE_URL is set): a separate database (adc_bench_reports, dropped afterwards)
//   with ≥ 10 million rollup rows written by INSERT … SELECT generate_series: the big advertiser
//   (200 campaigns × 250 keywords × 30 days = 1.5 million rows) and 2,000 other sellers (5 campaigns ×
//   30 keywords × 30 days each = 9 million rows).
// - PGlite: a data directory under .tmp/bench (removed afterwards) with as many of those rows as it
//   writes in two minutes (the big advertiser first), the count printed.
// The bench database drops performance_daily's foreign keys and its spend trigger and builds its
// indexes after the load (bulk load only; the report reads neither). Times: resolveReport + every CSV
// row through reportCsvRows written to a file, against the bare GROUP BY fetched whole; the median of
// three runs after one warm-up, with the peak RSS and heap of this process during the report runs.
import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { AuthContext } from '../../platform/auth/authorize'
import { reportRequestSchema } from '../../platform/contracts/analytics'
import { type DatabaseHandle, openDatabase } from '../../platform/db/client'
import { writeReportCsv } from '../../platform/analytics/report-files'
import { reportStatement, reportTable, resolveReport } from '../../platform/analytics/report-engine'
import { projectPath } from '../../platform/paths'
import { addDays, istDate } from '../../platform/rules/time'
import { adminUrl } from '../../platform/testing/template'
import { fmtMs, reportsTable } from './table'

const BIG_SELLER = 300_000
const BIG_CAMPAIGNS = 200
const BIG_KEYWORDS = 250
const OTHER_SELLERS = 2_000
const OTHER_CAMPAIGNS = 5
const OTHER_KEYWORDS = 30
const DAYS = 30
/** Other sellers written per statement (9 million rows in 10 statements). */
const SELLERS_PER_CHUNK = 200
const PGLITE_BUDGET_MS = 120_000
const PG_DATABASE = 'adc_bench_reports'
const RUNS = 3

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Figures from hashes of the keys: every row differs, every sum is reproducible. */
const FIGURES = `clk * 40 + k as impressions, clk as clicks, clk * (100 + (k * 31) % 900) as spend,
  clk / 10 as orders, clk / 10 + (k % 2) as units, clk * (100 + (k * 31) % 900) * (1 + (cid + k) % 5) as sales`

function setupSql(): string[] {
  const sellers = `generate_series(${BIG_SELLER}, ${BIG_SELLER + OTHER_SELLERS})`
  return [
    `alter table performance_daily drop constraint if exists performance_daily_campaign_id_campaigns_id_fk`,
    `alter table performance_daily drop constraint if exists performance_daily_ad_group_id_ad_groups_id_fk`,
    `alter table performance_daily disable trigger performance_daily_spend_insert`,
    `alter table performance_daily drop constraint performance_daily_campaign_id_day_ad_group_id_keyword_product_id_placement_pk`,
    `drop index performance_daily_day_idx`,
    `insert into accounts (id, kind, name) select s, 'SELLER', 'Bench seller ' || s from ${sellers} s`,
    // The big advertiser's campaigns first (ids 1..200 in a fresh database), then 5 per other seller.
    `insert into campaigns (jmcampaign_id, name, seller_id, campaign_class, state, status, submission,
       start_time, targeting_type, campaign_created_by)
     select 800000000 + g, 'Bench campaign ' || g,
       case when g <= ${BIG_CAMPAIGNS} then ${BIG_SELLER} else ${BIG_SELLER + 1} + (g - ${BIG_CAMPAIGNS + 1}) / ${OTHER_CAMPAIGNS} end,
       'Sponsored', 1, 1, 'SUBMITTED', now() - interval '60 days', 'Keyword', 'bench@example.com'
     from generate_series(1, ${BIG_CAMPAIGNS + OTHER_SELLERS * OTHER_CAMPAIGNS}) g`,
    `insert into ad_groups (jm_adgroup_id, campaign_id, name, processing_status, state)
     select jmcampaign_id, id, 'Ad group 1', 2, 1 from campaigns order by id`,
  ]
}

/** Rollup rows of sellers [first, last], `keywords` keywords per ad group, 30 days ending yesterday. */
function factsSql(first: number, last: number, keywords: number, today: string): string {
  return `insert into performance_daily (day, campaign_id, ad_group_id, keyword, product_id, placement,
      impressions, clicks, spend, orders, units, sales)
    select day, cid, agid, 'keyword ' || k, 0, 'SEARCH', ${FIGURES}
    from (
      select d.day, a.campaign_id as cid, a.id as agid, k, 1 + (a.campaign_id * 13 + k * 7 + d.n) % 40 as clk
      from (select n, '${today}'::date - ${DAYS} + n as day from generate_series(0, ${DAYS - 1}) n) d
      cross join ad_groups a join campaigns c on c.id = a.campaign_id and c.seller_id between ${first} and ${last}
      cross join generate_series(1, ${keywords}) k
      order by d.n, a.campaign_id, k
    ) f`
}

const INDEXES = [
  `alter table performance_daily add constraint performance_daily_campaign_id_day_ad_group_id_keyword_product_id_placement_pk
     primary key (campaign_id, day, ad_group_id, keyword, product_id, placement)`,
  `create index performance_daily_day_idx on performance_daily (day)`,
  // As autovacuum would after a load: hint bits and the visibility map set, statistics gathered (the
  // first reads after a bulk load otherwise write every page back).
  `vacuum analyze performance_daily`,
  `analyze accounts, campaigns, ad_groups`,
]

/** Loads the bench rows; with a budget, stops starting new chunks once it is spent. Returns the row count. */
async function load(handle: DatabaseHandle, today: string, budgetMs: number | null) {
  const started = performance.now()
  for (const statement of setupSql()) await handle.executeSql(statement)
  await handle.executeSql(factsSql(BIG_SELLER, BIG_SELLER, BIG_KEYWORDS, today))
  let sellers = 0
  for (let first = BIG_SELLER + 1; first <= BIG_SELLER + OTHER_SELLERS; first += SELLERS_PER_CHUNK) {
    if (budgetMs !== null && performance.now() - started > budgetMs) break
    const last = Math.min(first + SELLERS_PER_CHUNK - 1, BIG_SELLER + OTHER_SELLERS)
    await handle.executeSql(factsSql(first, last, OTHER_KEYWORDS, today))
    sellers = last - BIG_SELLER
  }
  const loadMs = performance.now() - started
  const indexStarted = performance.now()
  for (const statement of INDEXES) await handle.executeSql(statement)
  const indexMs = performance.now() - indexStarted
  const [row] = (await handle.executeSql('select count(*)::text as n from performance_daily')).rows
  return { rows: Number(row?.n ?? 0), sellers, loadMs, indexMs }
}

/** The bare aggregate: the same question in one GROUP BY, every row fetched. */
const BARE_SQL = `select c.id, c.name, pd.keyword, sum(pd.impressions) as impressions, sum(pd.clicks) as clicks,
    sum(pd.spend) as spend, sum(pd.orders) as orders, sum(pd.units) as units, sum(pd.sales) as sales
  from performance_daily pd join campaigns c on c.id = pd.campaign_id
  where c.seller_id = $1 and pd.day between $2 and $3 and pd.keyword <> ''
  group by c.id, c.name, pd.keyword`

const sellerAuth = (id: number) =>
  ({
    sessionId: 'bench',
    stage: 'FULL',
    ipAddress: null,
    expiresAt: new Date(Date.now() + 3_600_000),
    token: 'bench',
    user: {
      id,
      name: 'Bench seller',
      email: 'bench@example.com',
      role: 'SELLER',
      accountId: id,
      accountStatus: 'APPROVED',
      tncAcceptance: true,
      twoFactorRegistered: true,
    },
  }) satisfies AuthContext

/** Peak RSS and heap of this process while `work` runs (sampled every 5 ms and at the end). */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  let rss = 0
  let heap = 0
  const sample = () => {
    const m = process.memoryUsage()
    rss = Math.max(rss, m.rss)
    heap = Math.max(heap, m.heapUsed)
  }
  const timer = setInterval(sample, 5)
  try {
    const result = await work()
    sample()
    return { result, rss, heap }
  } finally {
    clearInterval(timer)
  }
}

const keywordRequest = () =>
  reportRequestSchema.parse({
    reportType: 'KEYWORD_PERFORMANCE_REPORT',
    dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
  })

/** The report as a download makes it: resolved for the caller, its CSV file written by the job's own writer. */
async function keywordReportToFile(handle: DatabaseHandle, dir: string, now: Date): Promise<number> {
  const report = await resolveReport(handle.db, sellerAuth(BIG_SELLER), BIG_SELLER, keywordRequest(), now)
  const { rows } = await writeReportCsv({ dataDir: dir }, handle.db, report, {
    entityId: randomUUID(),
    runId: 1,
  })
  return rows
}

async function timeReport(handle: DatabaseHandle, label: string, dir: string) {
  const now = new Date()
  const today = istDate(now)
  const from = addDays(today, -DAYS)
  const to = addDays(today, -1)
  const bare = async () => (await handle.executeSql(BARE_SQL, [BIG_SELLER, from, to])).rows.length
  const report = () => keywordReportToFile(handle, dir, now)
  const bareFirst = performance.now()
  const bareRows = await bare()
  const bareFirstMs = performance.now() - bareFirst
  const reportFirst = performance.now()
  const reportRows = await report()
  const reportFirstMs = performance.now() - reportFirst
  const bareTimes: number[] = []
  const reportTimes: number[] = []
  let rss = 0
  let heap = 0
  for (let i = 0; i < RUNS; i++) {
    let started = performance.now()
    await bare()
    bareTimes.push(performance.now() - started)
    started = performance.now()
    const measured = await withPeakMemory(report)
    reportTimes.push(performance.now() - started)
    rss = Math.max(rss, measured.rss)
    heap = Math.max(heap, measured.heap)
  }
  // The database's own time for each statement (EXPLAIN ANALYZE), apart from this process's share.
  const resolved = await resolveReport(handle.db, sellerAuth(BIG_SELLER), BIG_SELLER, keywordRequest(), now)
  const explain = async (text: string, values?: unknown[]) => {
    const [row] = (await handle.executeSql(`explain (analyze, format json) ${text}`, values)).rows
    const plan = row?.['QUERY PLAN']
    return Number((typeof plan === 'string' ? JSON.parse(plan) : plan)?.[0]?.['Execution Time'] ?? Number.NaN)
  }
  const reportDbMs = await explain(new PgDialect().sqlToQuery(reportStatement(resolved)).sql)
  const bareDbMs = await explain(BARE_SQL, [BIG_SELLER, from, to])
  const bareMs = median(bareTimes)
  const reportMs = median(reportTimes)
  const ratio = reportMs / bareMs
  console.log(`${label}: KEYWORD_PERFORMANCE_REPORT, LAST_30D (${from} … ${to}) of seller ${BIG_SELLER}`)
  console.log(
    `  rows out: report ${reportRows.toLocaleString('en')} (CSV file), bare aggregate ${bareRows.toLocaleString('en')}`,
  )
  console.log(`  first run: report ${seconds(reportFirstMs)}, bare ${seconds(bareFirstMs)}`)
  console.log(
    `  median of ${RUNS}: report ${seconds(reportMs)} (resolve + cursor + CSV file), bare aggregate ${seconds(bareMs)}, ratio ${ratio.toFixed(2)}×`,
  )
  console.log(
    `  database execution time (EXPLAIN ANALYZE): report statement ${seconds(reportDbMs)}, bare aggregate ${seconds(bareDbMs)}`,
  )
  console.log(`  peak memory of this process during the report runs: RSS ${mib(rss)}, heap ${mib(heap)}`)
  return { reportMs, bareMs, ratio }
}

/** Drops the bench database once its last connection (ours, an autovacuum worker) has gone. */
async function dropDatabase(admin: pg.Client) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${PG_DATABASE}`)
      return
    } catch (error) {
      if (attempt >= 30) throw error
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}

async function postgresBench(databaseUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
  await admin.connect()
  await dropDatabase(admin)
  await admin.query(`create database ${PG_DATABASE}`)
  const dir = projectPath('.tmp/bench/reports-pg')
  mkdirSync(dir, { recursive: true })
  let handle: DatabaseHandle | null = null
  try {
    handle = await openDatabase({ databaseUrl: adminUrl(databaseUrl, PG_DATABASE) })
    await handle.executeSql('alter table performance_daily set unlogged')
    const loaded = await load(handle, istDate(new Date()), null)
    console.log(
      `\nPostgreSQL (${PG_DATABASE}): ${loaded.rows.toLocaleString('en')} performance_daily rows (${loaded.sellers + 1} sellers) loaded in ${seconds(loaded.loadMs)}, indexed and analysed in ${seconds(loaded.indexMs)}`,
    )
    const { reportMs, ratio } = await timeReport(handle, 'PostgreSQL', dir)
    const pass = loaded.rows >= 10_000_000 && ratio <= 1.5 && reportMs < 2000
    addKeywordReport('PostgreSQL', loaded.rows, reportMs, ratio)
    console.log(
      `  ${pass ? 'PASS' : 'FAIL'}: target ≥ 10,000,000 rows, report ≤ 1.5× the bare aggregate and < 2 s (${loaded.rows.toLocaleString('en')} rows, ${ratio.toFixed(2)}×, ${seconds(reportMs)})`,
    )
  } finally {
    await handle?.close()
    // BENCH_REPORTS_KEEP=1 leaves the database for a look at its plans (drop it by hand afterwards).
    if (process.env.BENCH_REPORTS_KEEP) console.log(`  kept the database ${PG_DATABASE}`)
    else await dropDatabase(admin)
    await admin.end()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function pgliteBench() {
  const dir = projectPath('.tmp/bench/reports-pglite')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const handle = await openDatabase({ dataDir: dir })
  try {
    const loaded = await load(handle, istDate(new Date()), PGLITE_BUDGET_MS)
    console.log(
      `\nPGlite (${dir}): ${loaded.rows.toLocaleString('en')} performance_daily rows (${loaded.sellers + 1} sellers) written in ${seconds(loaded.loadMs)} (budget ${seconds(PGLITE_BUDGET_MS)}), indexed and analysed in ${seconds(loaded.indexMs)}`,
    )
    const { reportMs, ratio } = await timeReport(handle, 'PGlite', dir)
    addKeywordReport('PGlite', loaded.rows, reportMs, ratio)
    console.log(
      `  ${ratio <= 1.5 ? 'PASS' : 'FAIL'}: report ≤ 1.5× the bare aggregate (${ratio.toFixed(2)}×, ${seconds(reportMs)}; no 2 s target on PGlite)`,
    )
  } finally {
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The analytics page's call on the demo data: generateReport, page 1 of 10, LAST_30D, with the series. */
async function demoBench() {
  // The seeded PGlite test database, whatever DATABASE_URL says.
  const databaseUrl = process.env.DATABASE_URL
  delete process.env.DATABASE_URL
  const { createTestPlatform } = await import('../../platform/testing/platform')
  const t = await createTestPlatform()
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl
  try {
    const token = await t.tokenFor('seller@example.com')
    const body = {
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
    }
    const path = '/ads/adinventory/v1/analytics/generateReport?userId=100001&page=1&size=10'
    const call = async () => {
      const started = performance.now()
      const response = await t.post(path, body, { token })
      const data = (await response.json()).data
      if (response.status !== 200) throw new Error(`generateReport answered ${response.status}`)
      return { ms: performance.now() - started, data }
    }
    const first = await call()
    const times: number[] = []
    for (let i = 0; i < 20; i++) times.push((await call()).ms)
    // And the engine alone, keyword report (more groups), for comparison.
    const auth = sellerAuth(100001)
    const keyword = await resolveReport(
      t.db,
      auth,
      100001,
      reportRequestSchema.parse({ ...body, reportType: 'KEYWORD_PERFORMANCE_REPORT' }),
      new Date(),
    )
    const kwStarted = performance.now()
    const kw = await reportTable(t.db, keyword, { page: 1, size: 10 })
    const kwMs = performance.now() - kwStarted
    const p50 = median(times)
    const worst = Math.max(...times)
    console.log(
      `\nDemo data (seeded PGlite, seller@example.com): generateReport CAMPAIGN_PERFORMANCE_REPORT, LAST_30D, page 1 size 10, with a ${first.data.series.length}-day series, ${first.data.totalNumOfRows} rows`,
    )
    console.log(
      `  first ${first.ms.toFixed(0)} ms, then median ${p50.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms of 20 (in-process platform call)`,
    )
    console.log(`  keyword report page (engine only, ${kw.totalNumOfRows} rows): ${kwMs.toFixed(0)} ms`)
    console.log(`  ${p50 <= 200 ? 'PASS' : 'FAIL'}: target ≤ 200 ms`)
    reportsTable.set(
      "Analytics (issue 12): the analytics page's call on the demo data",
      'generateReport, LAST_30D, page of 10, median of 20',
      '≤ 200 ms',
      'PGlite',
      { text: fmtMs(p50), over: p50 > 200 },
    )
  } finally {
    await t.close()
  }
}

const KEYWORD_SECTION = 'Reports (issue 12): KEYWORD_PERFORMANCE_REPORT, 30 days of one advertiser'

/** The keyword report's headline figures in the reports and imports table. */
function addKeywordReport(column: string, rows: number, reportMs: number, ratio: number) {
  const pg = column === 'PostgreSQL'
  reportsTable.set(KEYWORD_SECTION, 'rollup rows in the database', '≥ 10,000,000 (PostgreSQL)', column, {
    text: rows.toLocaleString('en'),
    over: pg && rows < 10_000_000,
  })
  reportsTable.set(
    KEYWORD_SECTION,
    'report (resolve + cursor + CSV), median of 3',
    '< 2 s (PostgreSQL)',
    column,
    {
      text: seconds(reportMs),
      over: pg && reportMs >= 2000,
    },
  )
  reportsTable.set(KEYWORD_SECTION, 'report ÷ the bare aggregate', '≤ 1.5×', column, {
    text: `${ratio.toFixed(2)}×`,
    over: ratio > 1.5,
  })
}

/**
 * The reports bench. `long`: the keyword report over ≥ 10 million rows on PostgreSQL (DATABASE_URL) and as
 * many as PGlite writes in two minutes; without it only the analytics call on the demo data.
 */
export async function reportsBench({ long = true } = {}) {
  console.log('\nReports (issue 12): keyword performance report over the daily rollup')
  const databaseUrl = process.env.DATABASE_URL
  if (long) {
    if (databaseUrl) await postgresBench(databaseUrl)
    else console.log('PostgreSQL: skipped (set DATABASE_URL to run the 10-million-row bench)')
    await pgliteBench()
  } else {
    console.log('The 10-million-row keyword report: not run (npm run bench -- --long, or --only=reports)')
    for (const column of databaseUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite']) {
      reportsTable.set(KEYWORD_SECTION, 'report ÷ the bare aggregate', '≤ 1.5×', column, {
        text: 'not run (--long)',
      })
    }
  }
  await demoBench()
}
