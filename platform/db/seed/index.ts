// Demo data for an empty, migrated database: users of every role, the marketplace directory, a
// product catalogue, the pincode directory, campaigns with simulated delivery, billing and reports.
// Everything is derived from a fixed seed and from `now`, so two runs with the same `now` write
// the same rows (password hashes aside: argon2 salts are random).
import { sql } from 'drizzle-orm'
import { hashPassword } from '../../auth/password'
import { type Database, type DatabaseHandle, migrateDatabase } from '../client'
import * as schema from '../schema'
import { buildBilling, NO_CREDIT_SELLER_ID } from './billing'
import { buildCampaigns } from './campaigns'
import { buildCatalog } from './catalog'
import {
  buildAccounts,
  buildAgencyDocuments,
  buildLinks,
  buildReports,
  buildSettings,
  buildUsers,
} from './directory'
import { insertBatches } from '../batch'
import { loadPincodeDirectory } from './pincodes'
import { Random } from './random'
import { DEMO_PASSWORD, demoUser, demoUsers } from './users'

export { CampaignState, HISTORY_DAYS, MatchType } from './campaigns'
export { DEMO_PASSWORD, DEMO_TNC_VERSION, type DemoUser, demoTotpSecret, demoUser, demoUsers } from './users'
export { NO_CREDIT_SELLER_ID }

/** The fixed seed of every random choice in the demo data. */
export const DEMO_SEED = 20_260_101

export interface SeedSummary {
  /** The moment the data is relative to (ISO). */
  now: string
  durationMs: number
  /** Rows per table after seeding. */
  counts: Record<string, number>
}

/** True when no user exists yet (a fresh database). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.users.id }).from(schema.users).limit(1)
  return rows.length === 0
}

/**
 * Drops everything (schemas public, pgboss and drizzle's migration journal) and migrates again.
 * Destroys all data: for development and tests only.
 */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.executeSql(
    [
      'drop schema if exists pgboss cascade',
      'drop schema if exists drizzle cascade',
      'drop schema if exists public cascade',
      'create schema public',
    ].join(';\n'),
  )
  await migrateDatabase(handle)
}

/** Tables with a serial id that the seed fills with explicit ids: their sequences move past them. */
const serialTables = [
  'link_requests',
  'delink_requests',
  'campaigns',
  'ad_groups',
  'keyword_targets',
  'billing_uploads',
  'credit_limits',
  'payments',
  'promo_credits',
]

export async function seedDemo(
  db: Database,
  opts: { now?: Date; log?: (m: string) => void } = {},
): Promise<SeedSummary> {
  const started = performance.now()
  const now = opts.now ?? new Date()
  const log = opts.log ?? (() => {})
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('The database already has users: seed only an empty database (reset it first)')
  }

  const step = (label: string, since: number) => log(`${label} (${Math.round(performance.now() - since)} ms)`)
  let t = performance.now()
  const pincodeRows = loadPincodeDirectory()
  const pincodeList = pincodeRows.map((p) => p.pincode)
  step(`Read ${pincodeRows.length} pincodes`, t)

  t = performance.now()
  const catalog = buildCatalog(Random.derived(DEMO_SEED, 'catalog'), now)
  const plan = buildCampaigns({ seed: DEMO_SEED, now, catalog, pincodes: pincodeList })
  const billing = buildBilling({
    seed: DEMO_SEED,
    now,
    spendByAdvertiser: plan.spendByAdvertiser,
    uploadedBy: demoUser('superadmin@example.com').id,
  })
  for (const [advertiser, available] of billing.available) {
    if (advertiser === NO_CREDIT_SELLER_ID ? available > 0 : available < 0) {
      throw new Error(`Demo billing for ${advertiser} leaves ${available} paise available`)
    }
  }
  const directoryRng = Random.derived(DEMO_SEED, 'directory')
  const campaignIdsByAdvertiser = new Map<number, number[]>()
  for (const c of plan.campaignRows) {
    const list = campaignIdsByAdvertiser.get(c.sellerId) ?? []
    list.push(c.id!)
    campaignIdsByAdvertiser.set(c.sellerId, list)
  }
  const reports = buildReports(directoryRng, now, campaignIdsByAdvertiser)
  const links = buildLinks(now)
  step(`Planned ${plan.campaignRows.length} campaigns, ${plan.performanceRows.length} performance rows`, t)

  t = performance.now()
  const hashes = new Map<string, string>()
  await Promise.all(
    demoUsers.map(async (u) => {
      hashes.set(u.email, await hashPassword(DEMO_PASSWORD))
    }),
  )
  const userRows = buildUsers(directoryRng, now, hashes)
  const agencyDocumentRows = buildAgencyDocuments(directoryRng, now)
  step(`Hashed ${hashes.size} passwords`, t)

  t = performance.now()
  await db.transaction(async (tx) => {
    await insertBatches(tx, schema.accounts, buildAccounts(now))
    await insertBatches(tx, schema.users, userRows)
    await insertBatches(tx, schema.agencyDocuments, agencyDocumentRows)
    await insertBatches(tx, schema.linkRequests, links.linkRows)
    await insertBatches(tx, schema.delinkRequests, links.delinkRows)
    await insertBatches(tx, schema.products, catalog.productRows)
    await insertBatches(tx, schema.productSellers, catalog.productSellerRows)
    await insertBatches(tx, schema.productKeywords, catalog.productKeywordRows)
    await insertBatches(tx, schema.pincodes, pincodeRows)
    step('Inserted directory, catalogue and pincodes', t)
    await insertBatches(tx, schema.campaigns, plan.campaignRows)
    await insertBatches(tx, schema.campaignPincodes, plan.campaignPincodeRows)
    await insertBatches(tx, schema.adGroups, plan.adGroupRows)
    await insertBatches(tx, schema.adGroupProducts, plan.adGroupProductRows)
    await insertBatches(tx, schema.keywordTargets, plan.keywordTargetRows)
    await insertBatches(tx, schema.performanceDaily, plan.performanceRows)
    await insertBatches(tx, schema.billingUploads, billing.uploadRows)
    await insertBatches(tx, schema.creditLimits, billing.creditLimitRows)
    await insertBatches(tx, schema.payments, billing.paymentRows)
    await insertBatches(tx, schema.promoCredits, billing.promoCreditRows)
    await insertBatches(tx, schema.reportEntities, reports.entityRows)
    await insertBatches(tx, schema.reportSchedules, reports.scheduleRows)
    await insertBatches(tx, schema.settings, buildSettings(now))
    // Explicit ids were written; later inserts must continue after them.
    await tx.execute(sql`select setval('user_id_seq', (select max(id) from users where id >= 9000001))`)
    for (const table of serialTables) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      )
    }
  })
  step('Inserted everything', t)

  const tables = {
    accounts: schema.accounts,
    users: schema.users,
    agency_documents: schema.agencyDocuments,
    link_requests: schema.linkRequests,
    delink_requests: schema.delinkRequests,
    products: schema.products,
    product_sellers: schema.productSellers,
    product_keywords: schema.productKeywords,
    pincodes: schema.pincodes,
    campaigns: schema.campaigns,
    campaign_pincodes: schema.campaignPincodes,
    ad_groups: schema.adGroups,
    ad_group_products: schema.adGroupProducts,
    keyword_targets: schema.keywordTargets,
    performance_daily: schema.performanceDaily,
    billing_uploads: schema.billingUploads,
    credit_limits: schema.creditLimits,
    payments: schema.payments,
    promo_credits: schema.promoCredits,
    report_entities: schema.reportEntities,
    report_schedules: schema.reportSchedules,
    settings: schema.settings,
  }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) counts[name] = await db.$count(table)
  return { now: now.toISOString(), durationMs: Math.round(performance.now() - started), counts }
}
