// The bench's big advertiser: one SELLER with 10,000 campaigns (one ad group each) and 90 days of daily
// facts, one row per campaign per day (900,000 rows), written with a few INSERT … SELECT
// generate_series statements. The data is shaped so the state engine leaves it alone: a large credit
// limit, Running campaigns without a reachable limit, Paused ones paused by hand (status 0), limit
// states whose limit is reached today, Scheduled Paused ones starting later, Expired ones ended.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../platform/db/client'
import { DEMO_TNC_VERSION, seedDemo } from '../../platform/db/seed'
import { addDays, istDate } from '../../platform/rules/time'
import { adminUrl, dropDatabase, ensurePgliteTemplate } from '../../platform/testing/template'

export const BIG_SELLER = {
  id: 190_001,
  email: 'bench-big-seller@example.com',
  name: 'Bench Mega Store',
} as const
export const BIG_CAMPAIGNS = 10_000
export const BIG_DAYS = 90
/** Bump when the generated data changes: existing bench data dirs are rebuilt. */
const GENERATOR_VERSION = 5

/** Ten first words × ten second words: each "<first> <second>" pair names 1% of the campaigns. */
const FIRST = 'Festive Summer Monsoon Winter Clearance Weekend Flash Prime Mega Daily'.split(' ')
const SECOND = 'Shoes Kurtas Phones Snacks Toys Books Watches Sarees Laptops Spices'.split(' ')
/** A search that matches exactly 1% of the big advertiser's campaigns (case-insensitive). */
export const ONE_PERCENT_SEARCH = `${FIRST[3]} ${SECOND[7]}`.toLowerCase()

const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`

/** The SQL that writes the big advertiser; `today` is the IST day of the newest facts. */
function generationSql(today: string): string[] {
  const id = BIG_SELLER.id
  const oldest = addDays(today, -(BIG_DAYS - 1))
  return [
    `insert into accounts (id, kind, name, created_at) values (${id}, 'SELLER', '${BIG_SELLER.name}', now() - interval '400 days')`,
    `insert into users (id, name, email, role, account_id, account_status, two_factor_registered,
       tnc_acceptance, tnc_version, tnc_accepted_at, created_at, updated_at)
     values (${id}, '${BIG_SELLER.name}', '${BIG_SELLER.email}', 'SELLER', ${id}, 'APPROVED', true,
       true, '${DEMO_TNC_VERSION}', now() - interval '399 days', now() - interval '400 days', now() - interval '400 days')`,
    // ₹100 crore: some 20 times its 90 days of spend, so the advertiser never runs out of credit.
    `insert into credit_limits (seller_id, credit_limit, effective_from) values (${id}, 100000000000, now() - interval '400 days')`,
    // state = 1 + g % 9; Privilege every 20th; Lifetime (no end) every third unless Expired.
    `insert into campaigns (jmcampaign_id, name, seller_id, campaign_class, state, status, submission,
       start_time, expire_time, budget_total_limit, budget_daily_limit, created_by_user_id,
       campaign_created_by, created_at, updated_at)
     select 900000000 + g,
       (${sqlArray(FIRST)})[1 + g % 10] || ' ' || (${sqlArray(SECOND)})[1 + (g / 10) % 10] || ' #' || g,
       ${id}, case when g % 20 = 0 then 'Privilege' else 'Sponsored' end,
       st, case when st = 2 then 0 else 1 end, 'SUBMITTED',
       case when st = 6 then now() + make_interval(days => 1 + g % 30)
            else now() - make_interval(days => ${BIG_DAYS} + g % 200) end,
       case when st = 7 then now() - make_interval(days => 1 + g % 60)
            when g % 3 = 0 then null
            else now() + make_interval(days => 31 + g % 300) end,
       case when st in (5, 9) then 10000 when g % 4 = 0 then null else 100000000 + 1000 * g end,
       case when st in (4, 8) then 100 else -1 end,
       ${id}, '${BIG_SELLER.email}',
       now() - make_interval(mins => ${BIG_CAMPAIGNS} - g), now() - make_interval(mins => ${BIG_CAMPAIGNS} - g)
     from generate_series(1, ${BIG_CAMPAIGNS}) g, lateral (select 1 + g % 9 as st) s`,
    `insert into ad_groups (jm_adgroup_id, campaign_id, name, processing_status, state)
     select jmcampaign_id, id, 'Ad group 1', 2, 1 from campaigns where seller_id = ${id}`,
    // Facts arrive a day at a time, so rows lie in day order. Spend ≥ ₹1 a day (the limit states'
    // daily limit is reached today); each campaign has its own scale, so spend sorts differ.
    `insert into performance_daily (day, campaign_id, ad_group_id, impressions, clicks, spend, orders, sales)
     select day, campaign_id, ad_group_id, clicks * 40, clicks, spend, clicks / 10, spend * (1 + (campaign_id + n) % 5)
     from (
       select d.day, a.campaign_id, a.id as ad_group_id, d.n,
         100 + (1 + (a.campaign_id * 7919) % 100) * (50 + (a.campaign_id * 31 + d.n * 17) % 100) as spend,
         1 + (a.campaign_id * 13 + d.n) % 40 as clicks
       from (select n, '${oldest}'::date + n as day from generate_series(0, ${BIG_DAYS - 1}) n) d
       cross join ad_groups a join campaigns c on c.id = a.campaign_id and c.seller_id = ${id}
       order by d.n, a.campaign_id
     ) f`,
  ]
}

/**
 * Writes the big advertiser (facts up to `now`'s IST day) in one transaction, then VACUUMs and ANALYZEs the tables
 * unless told not to; returns the ms it took.
 */
export async function generateBigAdvertiser(
  handle: DatabaseHandle,
  now: Date,
  { analyze = true, replica = handle.kind === 'pglite' } = {},
): Promise<number> {
  const started = performance.now()
  // The rows are valid by construction: skip the 1.8 million foreign-key checks (28 s → 11 s). Replica
  // mode needs a superuser on PostgreSQL: there (replica false) the checks and triggers run.
  const write = replica
    ? [
        'begin',
        'set local session_replication_role = replica',
        ...generationSql(istDate(now)),
        // Replica mode skips triggers too: total the new campaigns' spend and the advertiser's days as the
        // triggers would.
        `insert into campaign_spend (campaign_id, seller_id, spend)
     select p.campaign_id, c.seller_id, sum(p.spend) from performance_daily p
     join campaigns c on c.id = p.campaign_id where c.seller_id = ${BIG_SELLER.id}
     group by p.campaign_id, c.seller_id`,
        `insert into seller_spend as s (seller_id, spend)
     select seller_id, sum(spend) from campaign_spend where seller_id = ${BIG_SELLER.id} group by 1
     on conflict (seller_id) do update set spend = s.spend + excluded.spend`,
        `insert into seller_daily (seller_id, day, spend, clicks, orders, sales)
     select c.seller_id, p.day, sum(p.spend), sum(p.clicks), sum(p.orders), sum(p.sales)
     from performance_daily p join campaigns c on c.id = p.campaign_id
     where c.seller_id = ${BIG_SELLER.id} and c.deleted_at is null group by c.seller_id, p.day`,
        `insert into seller_campaign_states (seller_id, state, live)
     select seller_id, coalesce(state, 0), count(*) from campaigns
     where seller_id = ${BIG_SELLER.id} and deleted_at is null group by 1, 2`,
        'commit',
      ]
    : ['begin', ...generationSql(istDate(now)), 'commit']
  await handle.executeSql(write.join(';\n'))
  // PGlite runs no autovacuum, so nothing else ever collects statistics. Without them the planner
  // nests the list's spend-sort aggregate inside a loop over the campaigns: measured 372 s instead of
  // ~0.25 s for LAST_30D on this data (and 484 s for the state engine's query).
  // VACUUM as well, as after any bulk load: it marks the pages all-visible, so index-only scans stay
  // index-only (on PostgreSQL autovacuum would do it later, during the measurements; decision 068).
  if (analyze)
    await handle.executeSql(
      'vacuum (analyze) accounts, users, campaigns, ad_groups, performance_daily, campaign_spend, seller_spend, seller_daily, seller_campaign_states',
    )
  return performance.now() - started
}

/**
 * The bench's database in dataDir: the seeded test template plus the big advertiser. Reused as it is
 * while its marker (template, IST day, generator version) matches; otherwise rebuilt, and then
 * `generationMs` says how long writing the big advertiser took.
 */
export async function openBenchData(
  dataDir: string,
  now: Date,
): Promise<{ handle: DatabaseHandle; generationMs: number | null; key: string }> {
  const template = await ensurePgliteTemplate()
  const key = `${path.basename(template)} ${istDate(now)} big-advertiser-v${GENERATOR_VERSION}`
  const markerFile = path.join(dataDir, 'bench-data-key')
  if (existsSync(markerFile) && readFileSync(markerFile, 'utf8') === key) {
    return { handle: await openDatabase({ dataDir }), generationMs: null, key }
  }
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const handle = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template)]) })
  const generationMs = await generateBigAdvertiser(handle, now)
  writeFileSync(markerFile, key)
  return { handle, generationMs, key }
}

export const PG_BENCH_DATABASE = 'adc_bench_console'

/**
 * The same data on PostgreSQL: a database of its own (adc_bench_console on the server of databaseUrl)
 * with the demo seed (the same seeded generator as the PGlite template) and the big advertiser, ANALYZEd.
 * Reused while its key (the PGlite data's key) matches, kept in a one-row table bench_data_key.
 */
export async function openPostgresBenchData(
  databaseUrl: string,
  now: Date,
): Promise<{ url: string; generationMs: number | null; key: string }> {
  const template = await ensurePgliteTemplate()
  const key = `${path.basename(template)} ${istDate(now)} big-advertiser-v${GENERATOR_VERSION}`
  const url = adminUrl(databaseUrl, PG_BENCH_DATABASE)
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
  await admin.connect()
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [PG_BENCH_DATABASE])
    if (exists.rowCount) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const found = await client.query('select key from bench_data_key').catch(() => ({ rows: [] }))
        if (found.rows[0]?.key === key) return { url, generationMs: null, key }
      } finally {
        await client.end()
      }
    }
    await dropDatabase(admin, PG_BENCH_DATABASE)
    await admin.query(`create database ${PG_BENCH_DATABASE}`)
  } finally {
    await admin.end()
  }
  const handle = await openDatabase({ databaseUrl: url })
  try {
    await seedDemo(handle.db)
    const generationMs = await generateBigAdvertiser(handle, now)
    await handle.executeSql('analyze')
    await handle.executeSql(`create table bench_data_key (key text not null)`)
    await handle.executeSql('insert into bench_data_key values ($1)', [key])
    return { url, generationMs, key }
  } finally {
    await handle.close()
  }
}
