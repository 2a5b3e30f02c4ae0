// One schema for the whole domain of spec/campaigns.md and spec/accounts.md.
// Money is integer paise (bigint, mode number: exact up to 2^53 paise). Times are UTC timestamptz.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const money = (name: string) => bigint(name, { mode: 'number' })
const id = (name: string) => bigint(name, { mode: 'number' })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

// ---------------------------------------------------------------------------------------------
// Marketplace directory: sellers and brands exist in the marketplace whether or not they use the
// console. SELLER and BRAND users share their account's id (the spec: "sellerId is its user id").
// ---------------------------------------------------------------------------------------------
export const accounts = pgTable(
  'accounts',
  {
    id: id('id').primaryKey(),
    kind: text('kind', { enum: ['SELLER', 'BRAND'] }).notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('accounts_kind_ck', sql`${t.kind} in ('SELLER','BRAND')`)],
)

/** Ids for users who are not marketplace sellers or brands (staff, agencies). */
export const userIdSeq = pgSequence('user_id_seq', { startWith: 9_000_001 })

export const users = pgTable(
  'users',
  {
    id: id('id').primaryKey().default(sql`nextval('user_id_seq')`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER'] }).notNull(),
    /** For SELLER and BRAND: the marketplace account they are (same id). */
    accountId: id('account_id').references(() => accounts.id),
    accountStatus: text('account_status', {
      enum: ['APPROVED', 'REJECTED', 'PENDING', 'REVOKED', 'REACTIVATED'],
    })
      .notNull()
      .default('PENDING'),
    addedBy: text('added_by'),
    profileId: text('profile_id'),
    primaryContactNumber: text('primary_contact_number'),
    secondaryContactNumber: text('secondary_contact_number'),
    address: text('address'),
    pincode: integer('pincode'),
    comments: text('comments'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Base32 TOTP secret. Set at enrolment; twoFactorRegistered once a code has verified. */
    totpSecret: text('totp_secret'),
    twoFactorRegistered: boolean('two_factor_registered').notNull().default(false),
    /** Last accepted TOTP time step: a code is accepted once only. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    tncAcceptance: boolean('tnc_acceptance').notNull().default(false),
    tncVersion: text('tnc_version'),
    tncAcceptedAt: timestamp('tnc_accepted_at', { withTimezone: true }),
    tncIpAddress: text('tnc_ip_address'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_role_status_idx').on(t.role, t.accountStatus),
    // The user and approval lists: newest first, whole or by type and status (decision 034).
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_role_status_created_idx').on(t.role, t.accountStatus, t.createdAt.desc(), t.id.desc()),
    check('users_role_ck', sql`${t.role} in ('SUPERADMIN','OPS','AGENCY','BRAND','SELLER')`),
    check(
      'users_status_ck',
      sql`${t.accountStatus} in ('APPROVED','REJECTED','PENDING','REVOKED','REACTIVATED')`,
    ),
  ],
)

/** Server-side sessions. The bearer token is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** PASSWORD: password checked, second factor pending. FULL: signed in. */
    stage: text('stage', { enum: ['PASSWORD', 'FULL'] }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/** E-mailed one-time codes (password reset, report download). Stored hashed, single use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: id('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['PASSWORD_RESET', 'REPORT_DOWNLOAD', 'INVITATION'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_lookup_idx').on(t.email, t.purpose),
    index('one_time_codes_user_idx').on(t.userId, t.purpose, t.createdAt),
  ],
)

/** Fixed-window counters for rate limits (per account, per IP). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
})

/**
 * Nonces of signed external-login links (docs/decisions/008), kept so that each link works once.
 * A link is accepted only within 5 minutes of its timestamp, so rows older than that can be deleted.
 */
export const externalLoginNonces = pgTable(
  'external_login_nonces',
  {
    nonce: text('nonce').primaryKey(),
    sellerId: id('seller_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('external_login_nonces_used_idx').on(t.usedAt)],
)

export const agencyDocumentTypes = [
  'IO Doc',
  'Registration Doc',
  'GST Doc',
  'PAN Card',
  'Portfolio Details',
  'Professional Certificate',
  'Cancelled Cheque',
] as const

/** Agency documents are tracked offline: the console records which were received. */
export const agencyDocuments = pgTable(
  'agency_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: id('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    docType: text('doc_type', { enum: agencyDocumentTypes }).notNull(),
    fileName: text('file_name'),
    storagePath: text('storage_path'),
    received: boolean('received').notNull().default(false),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agency_documents_uq').on(t.agencyId, t.docType)],
)

/** Agency ↔ brand link requests; every request is a row, so the table is its own history. */
export const linkRequests = pgTable(
  'link_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agencyId: id('agency_id')
      .notNull()
      .references(() => users.id),
    brandId: id('brand_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED', 'DELINKED'] })
      .notNull()
      .default('PENDING'),
    requestedBy: id('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    actionedBy: id('actioned_by').references(() => users.id),
    actionedAt: timestamp('actioned_at', { withTimezone: true }),
  },
  (t) => [
    index('link_requests_agency_idx').on(t.agencyId, t.status),
    index('link_requests_brand_idx').on(t.brandId, t.status),
    // At most one live (pending or approved) link per agency and brand.
    uniqueIndex('link_requests_live_uq')
      .on(t.agencyId, t.brandId)
      .where(sql`${t.status} in ('PENDING','APPROVED')`),
  ],
)

/** De-link requests (agency or brand asks; the super admin approves). */
export const delinkRequests = pgTable(
  'delink_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkRequestId: bigint('link_request_id', { mode: 'number' }).references(() => linkRequests.id),
    agencyId: id('agency_id')
      .notNull()
      .references(() => users.id),
    brandId: id('brand_id')
      .notNull()
      .references(() => accounts.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    requestedBy: id('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    actionedBy: id('actioned_by').references(() => users.id),
    actionedAt: timestamp('actioned_at', { withTimezone: true }),
  },
  (t) => [index('delink_requests_status_idx').on(t.status)],
)

// ---------------------------------------------------------------------------------------------
// Catalog
// ---------------------------------------------------------------------------------------------
export const products = pgTable(
  'products',
  {
    productId: id('product_id').primaryKey(),
    name: text('name').notNull(),
    imagePath: text('image_path'),
    imageUrl: text('image_url'),
    inStock: boolean('in_stock').notNull().default(true),
    /** true: sold by third-party sellers (tag 3P); false: first party (1P). */
    availableAt3pSeller: boolean('available_at_3p_seller').notNull().default(true),
    brandId: id('brand_id').references(() => accounts.id),
    brand: text('brand'),
    categoryLevel0: text('category_level0'),
    categoryLevel1: text('category_level1'),
    categoryLevel2: text('category_level2'),
    categoryLevel3: text('category_level3'),
    categoryLevel4: text('category_level4'),
    markedPrice: money('marked_price').notNull(),
    effectivePrice: money('effective_price').notNull(),
    discount: money('discount').notNull().default(0),
    discountPct: numeric('discount_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    buyBox: boolean('buy_box').notNull().default(false),
    optionCode: text('option_code'),
    popularity: integer('popularity').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('products_brand_idx').on(t.brandId)],
)

/** Which sellers list a product (sellerIds / sellerNames of the spec). */
export const productSellers = pgTable(
  'product_sellers',
  {
    productId: id('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    sellerId: id('seller_id')
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.sellerId] }),
    index('product_sellers_seller_idx').on(t.sellerId),
  ],
)

/** Keyword metadata per product (bulk enrichment and suggestions). */
export const productKeywords = pgTable(
  'product_keywords',
  {
    productId: id('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    bidPriceSuggestion: money('bid_price_suggestion').notNull(),
    source: text('source', { enum: ['METADATA', 'SEED'] })
      .notNull()
      .default('METADATA'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.keyword] })],
)

/** The Indian pincode directory (one row per pincode). */
export const pincodes = pgTable('pincodes', {
  pincode: integer('pincode').primaryKey(),
  district: text('district').notNull(),
  state: text('state').notNull(),
})

// ---------------------------------------------------------------------------------------------
// Campaigns
// ---------------------------------------------------------------------------------------------
/**
 * jm ids of new campaigns and ad groups (decision 027). A statement trigger (migration 0003) keeps each
 * sequence at or above the largest id written explicitly (the seed, imports), so nextval never collides.
 */
export const jmCampaignIdSeq = pgSequence('jm_campaign_id_seq')
export const jmAdgroupIdSeq = pgSequence('jm_adgroup_id_seq')

export const campaigns = pgTable(
  'campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jmcampaignId: id('jmcampaign_id').notNull(),
    /** Stored as typed; the API carries it base64-encoded as the spec says. */
    name: text('name').notNull(),
    sellerId: id('seller_id')
      .notNull()
      .references(() => accounts.id),
    campaignClass: text('campaign_class', { enum: ['Sponsored', 'Privilege'] }).notNull(),
    /** 1..9 (CampaignState); null shows 'NULL'. */
    state: smallint('state'),
    /** 0 manual pause, 1 out of budget / active. */
    status: smallint('status').notNull().default(1),
    /** draft after 'save', submitted after 'submit'. */
    submission: text('submission', { enum: ['DRAFT', 'SUBMITTED'] })
      .notNull()
      .default('DRAFT'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** null = Lifetime. */
    expireTime: timestamp('expire_time', { withTimezone: true }),
    budgetTotalLimit: money('budget_total_limit'),
    /** -1 = no daily limit. */
    budgetDailyLimit: money('budget_daily_limit').notNull().default(-1),
    /** 1 asap, 2 frontloaded, 3 evenly, 4 manual. */
    budgetPacing: smallint('budget_pacing').notNull().default(1),
    /** 1 keyword, 2 category/product. */
    adFormatType: smallint('ad_format_type').notNull().default(1),
    targetingType: text('targeting_type', { enum: ['Keyword', 'Category', 'Product'] })
      .notNull()
      .default('Keyword'),
    isPdp: boolean('is_pdp').notNull().default(false),
    isPrivileged: boolean('is_privileged').notNull().default(false),
    channelId: integer('channel_id').notNull().default(4),
    objective: integer('objective').notNull().default(13),
    campaignType: integer('campaign_type').array().notNull().default(sql`'{3}'::integer[]`),
    dealType: text('deal_type', { enum: ['Directdeals', 'Roadblock'] }),
    appSiteId: text('app_site_id'),
    adspots: jsonb('adspots').$type<unknown[]>(),
    /** 2 sponsored, 4 privilege. */
    newRevenueType: smallint('new_revenue_type').notNull().default(2),
    cpm: money('cpm'),
    cpd: money('cpd'),
    tag: text('tag'),
    weight: integer('weight').notNull().default(12),
    checksum: text('checksum'),
    pincodeFilter: text('pincode_filter', { enum: ['ALL', 'CUSTOM', 'EXCEPT'] })
      .notNull()
      .default('ALL'),
    biddingStrategy: text('bidding_strategy').notNull().default('Fixed'),
    createdByUserId: id('created_by_user_id').references(() => users.id),
    campaignCreatedBy: text('campaign_created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaigns_jmcampaign_uq').on(t.jmcampaignId),
    index('campaigns_seller_idx').on(t.sellerId, t.startTime),
    // The list's default order (newest first) of an advertiser's live campaigns: a page is an index range.
    index('campaigns_seller_live_created_idx')
      .on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // The list's total and the home stats' counts by state of an advertiser's live campaigns: an index-only
    // scan, not a scan of the table (decision 065).
    index('campaigns_seller_live_state_idx').on(t.sellerId, t.state).where(sql`${t.deletedAt} is null`),
    // getFilters' shown mode (decision 066): an advertiser's first campaigns by name, and its creators,
    // read from an index (the first 50 and each distinct creator a probe) instead of sorting every row.
    index('campaigns_seller_live_name_idx').on(t.sellerId, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index('campaigns_seller_live_creator_idx')
      .on(t.sellerId, t.campaignCreatedBy)
      .where(sql`${t.deletedAt} is null`),
    index('campaigns_state_idx').on(t.state),
    check('campaigns_state_ck', sql`${t.state} is null or ${t.state} between 1 and 9`),
    check('campaigns_status_ck', sql`${t.status} in (0, 1)`),
  ],
)

export const campaignPincodes = pgTable(
  'campaign_pincodes',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    pincode: integer('pincode')
      .notNull()
      .references(() => pincodes.pincode),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.pincode] })],
)

export const adGroups = pgTable(
  'ad_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jmAdgroupId: id('jm_adgroup_id').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 0 Pending, 1 Processing, 2 Completed, 3 Failed. */
    processingStatus: smallint('processing_status').notNull().default(0),
    /** 1 active, 2 deleted. */
    state: smallint('state').notNull().default(1),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ad_groups_campaign_idx').on(t.campaignId),
    uniqueIndex('ad_groups_jm_uq').on(t.jmAdgroupId),
    // The processing job's claim (oldest first among Pending and Processing): the few busy groups, not all.
    index('ad_groups_busy_idx').on(t.updatedAt, t.id).where(sql`${t.processingStatus} in (0, 1)`),
  ],
)

export const adGroupProducts = pgTable(
  'ad_group_products',
  {
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    productId: id('product_id')
      .notNull()
      .references(() => products.productId),
  },
  (t) => [primaryKey({ columns: [t.adGroupId, t.productId] })],
)

export const keywordTargets = pgTable(
  'keyword_targets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    /** 1 Exact, 0 Phrase, 2 Broad. */
    matchType: smallint('match_type').notNull(),
    bidPrice: money('bid_price').notNull(),
  },
  (t) => [
    uniqueIndex('keyword_targets_uq').on(t.adGroupId, sql`lower(${t.keyword})`),
    check('keyword_targets_match_ck', sql`${t.matchType} in (0, 1, 2)`),
  ],
)

/** Where an ad was shown: a search results page or a product page (spec: PLACEMENT_CATEGORY filter). */
export const PLACEMENTS = ['SEARCH', 'PRODUCT_PAGE'] as const
export type Placement = (typeof PLACEMENTS)[number]

/**
 * Daily delivery facts, the daily rollup every figure reads: date × campaign × ad group ×
 * keyword/product × placement. keyword is '' for product/category rows; productId is 0 for keyword
 * rows. Rows arriving through ingest (performance_facts) replace the day's row for their keys
 * (docs/decisions/038); the demo seed writes this table directly.
 */
export const performanceDaily = pgTable(
  'performance_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull().default(''),
    productId: id('product_id').notNull().default(0),
    placement: text('placement', { enum: PLACEMENTS }).notNull().default('SEARCH'),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spend: money('spend').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: money('sales').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day, t.adGroupId, t.keyword, t.productId, t.placement] }),
    index('performance_daily_day_idx').on(t.day),
    // The editor's keyword bids read clicks and spend per keyword over 30 days (catalog.ts keywordFacts):
    // an index range per keyword, not every advertiser's facts of the window (decision 064).
    index('performance_daily_keyword_day_idx').on(sql`lower(${t.keyword})`, t.day),
    check('performance_daily_placement_ck', sql`${t.placement} in ('SEARCH', 'PRODUCT_PAGE')`),
  ],
)

/**
 * Performance rows as the ad server sent them (ingest endpoint, CLI, simulator): one row per
 * (day, hour, keys); hour -1 is a whole-day row. Re-sending a row replaces it (idempotent), and the
 * day's performance_daily row for its keys is recomputed from these in the same transaction.
 */
export const performanceFacts = pgTable(
  'performance_facts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** 0..23, or -1 for a whole-day row. */
    hour: smallint('hour').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    adGroupId: bigint('ad_group_id', { mode: 'number' })
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull().default(''),
    productId: id('product_id').notNull().default(0),
    placement: text('placement', { enum: PLACEMENTS }).notNull().default('SEARCH'),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    spend: money('spend').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    units: integer('units').notNull().default(0),
    sales: money('sales').notNull().default(0),
    /** INGEST (endpoint), CLI (npm run facts:import), SIMULATOR. */
    source: text('source', { enum: ['INGEST', 'CLI', 'SIMULATOR'] }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      columns: [t.campaignId, t.day, t.adGroupId, t.keyword, t.productId, t.placement, t.hour],
    }),
    check('performance_facts_hour_ck', sql`${t.hour} between -1 and 23`),
    check('performance_facts_placement_ck', sql`${t.placement} in ('SEARCH', 'PRODUCT_PAGE')`),
  ],
)

/**
 * Lifetime spend per campaign, kept by statement triggers on performance_daily (migration 0002):
 * available credit and the state engine read one row per campaign instead of every fact
 * (docs/decisions/013). Deleted campaigns keep their row: their money was spent.
 */
export const campaignSpend = pgTable(
  'campaign_spend',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    sellerId: id('seller_id').notNull(),
    spend: money('spend').notNull().default(0),
  },
  (t) => [index('campaign_spend_seller_idx').on(t.sellerId)],
)

/**
 * Each advertiser's lifetime spend: the sum of its campaign_spend rows, kept by statement triggers on
 * campaign_spend (migration 0016). Available credit reads one row instead of one per campaign (10,000 for
 * the largest advertiser, on every list page; decision 080).
 */
export const sellerSpend = pgTable('seller_spend', {
  sellerId: id('seller_id').primaryKey(),
  spend: money('spend').notNull().default(0),
})

/**
 * Each advertiser's daily metrics over its campaigns that are not deleted, kept by statement triggers on
 * performance_daily and campaigns (migration 0009): the campaign list's totals row for the whole list
 * (status All, no search) sums one row a day instead of every campaign's facts (issue 14, decision 061).
 */
export const sellerDaily = pgTable(
  'seller_daily',
  {
    sellerId: id('seller_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    spend: money('spend').notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    sales: money('sales').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] })],
)

/** The date filters whose ranges campaign_windows keeps summed (every preset but CUSTOM). */
export const SUMMED_WINDOWS = ['TODAY', 'LAST_1D', 'LAST_7D', 'LAST_30D', 'CURRENT_MONTH'] as const

/**
 * Each campaign's metrics over each preset date range, relative to the IST day of the row (migration
 * 0010, decision 061): the list sorted by spend reads one row per campaign, of the day in
 * campaign_windows_day. Kept by statement triggers on performance_daily; rebuilt for a new day by the
 * campaign-windows job and at start-up, a few campaigns a transaction beside the current day's rows
 * (migration 0018, decision 082).
 */
export const campaignWindows = pgTable(
  'campaign_windows',
  {
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    dateFilter: text('date_filter', { enum: SUMMED_WINDOWS }).notNull(),
    /** The IST day the ranges are relative to. */
    day: date('day', { mode: 'string' }).notNull(),
    spend: money('spend').notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    sales: money('sales').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.dateFilter, t.day] })],
)

/**
 * How many live (not deleted) campaigns each advertiser has in each state, kept by statement triggers on
 * campaigns (migration 0015, decision 079): the home stats' counts and the campaign list's total (no
 * search) read a few rows instead of counting every campaign. A campaign without a state counts as 0.
 */
export const sellerCampaignStates = pgTable(
  'seller_campaign_states',
  {
    sellerId: id('seller_id').notNull(),
    state: smallint('state').notNull(),
    live: integer('live').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.state] })],
)

/**
 * The IST day whose campaign_windows rows the list reads (one row, id 1), and the rebuild under way
 * (migration 0018, decision 082): the day being summed and the last campaign id summed for it.
 */
export const campaignWindowsDay = pgTable(
  'campaign_windows_day',
  {
    id: integer('id').primaryKey(),
    /** Null before the first rebuild has finished. */
    day: date('day', { mode: 'string' }),
    building: date('building', { mode: 'string' }),
    /** -1 before the first piece; 9223372036854775807 once every campaign is summed. */
    builtThrough: bigint('built_through', { mode: 'bigint' }),
  },
  (t) => [check('campaign_windows_day_one_row_ck', sql`${t.id} = 1`)],
)

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------
export const billingUploads = pgTable('billing_uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['CREDIT_LIMIT', 'PAYMENT', 'PROMO_CREDIT', 'KEYWORD_METADATA'] }).notNull(),
  fileName: text('file_name').notNull(),
  uploadedBy: id('uploaded_by').references(() => users.id),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  rowCount: integer('row_count').notNull().default(0),
  status: text('status', { enum: ['SUCCESS', 'FAILED', 'PARTIAL'] }).notNull(),
  errors: jsonb('errors').$type<unknown>(),
  /** Sums of the import (amounts in paise, counts), as in its audit row (issue 13). */
  totals: jsonb('totals').$type<Record<string, number>>(),
})

/** Credit limit history per advertiser; the newest row is in force. */
export const creditLimits = pgTable(
  'credit_limits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: id('seller_id')
      .notNull()
      .references(() => accounts.id),
    creditLimit: money('credit_limit').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => billingUploads.id),
  },
  (t) => [index('credit_limits_seller_idx').on(t.sellerId, t.effectiveFrom)],
)

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: id('seller_id')
      .notNull()
      .references(() => accounts.id),
    transactionId: text('transaction_id').notNull(),
    amount: money('amount').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    note: text('note'),
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => billingUploads.id),
  },
  (t) => [
    uniqueIndex('payments_transaction_uq').on(t.transactionId),
    index('payments_seller_idx').on(t.sellerId),
  ],
)

export const promoCredits = pgTable(
  'promo_credits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: id('seller_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    reason: text('reason'),
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => billingUploads.id),
  },
  (t) => [index('promo_credits_seller_idx').on(t.sellerId)],
)

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------
export type DateFilter = { fromDate: string | null; toDate: string | null; dateFilterType: string }

export const reportEntities = pgTable(
  'report_entities',
  {
    reportEntityId: uuid('report_entity_id').primaryKey().defaultRandom(),
    reportType: text('report_type').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ownerUserId: id('owner_user_id')
      .notNull()
      .references(() => users.id),
    ownerRole: text('owner_role').notNull(),
    sellerId: id('seller_id').references(() => accounts.id),
    reportName: text('report_name'),
    gcpReportNamePrefix: text('gcp_report_name_prefix'),
    isSaved: boolean('is_saved').notNull().default(false),
    dateFilter: jsonb('date_filter').$type<DateFilter>().notNull(),
    dimensionFields: jsonb('dimension_fields').$type<Record<string, boolean>>().notNull().default({}),
    metricFields: jsonb('metric_fields').$type<Record<string, boolean>>().notNull().default({}),
    filters: jsonb('filters').$type<Record<string, string[] | null>>(),
    totalNumOfRows: integer('total_num_of_rows'),
    filePath: text('file_path'),
    urlExpiryTs: timestamp('url_expiry_ts', { withTimezone: true }),
    lastGeneratedAt: timestamp('last_generated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('report_entities_owner_idx').on(t.ownerUserId, t.sellerId),
    index('report_entities_seller_idx').on(t.sellerId, t.createdAt),
  ],
)

export const reportSchedules = pgTable(
  'report_schedules',
  {
    reportEntityId: uuid('report_entity_id')
      .primaryKey()
      .references(() => reportEntities.reportEntityId, { onDelete: 'cascade' }),
    frequency: text('frequency', { enum: ['ONCE', 'DAILY', 'WEEKLY', 'MONTHLY'] }).notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    emailIds: text('email_ids').array().notNull().default(sql`'{}'::text[]`),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  },
  (t) => [index('report_schedules_next_idx').on(t.nextRunAt)],
)

/**
 * One generation of a report's CSV: saved (isRegenerate), scheduled, downloaded on demand or an ops
 * (default) report. A failed run keeps its error and attempts; nothing is dropped silently.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reportEntityId: uuid('report_entity_id')
      .notNull()
      .references(() => reportEntities.reportEntityId, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['SAVE', 'SCHEDULE', 'DOWNLOAD', 'OPS'] }).notNull(),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    /** The period the run covers (the date filter resolved on the run's day). */
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** Relative to dataDir. */
    filePath: text('file_path'),
    totalRows: integer('total_rows'),
    error: text('error'),
    /** Scheduled runs: when the recipients were e-mailed. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * A RUNNING try's last sign of life (decision 059): set when it is claimed, refreshed by its writer
     * while it generates. Null for runs written before migration 0011 (started_at stands in).
     */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_runs_entity_idx').on(t.reportEntityId, t.createdAt)],
)

// ---------------------------------------------------------------------------------------------
// Settings and audit
// ---------------------------------------------------------------------------------------------
/** Feature flags and tunables (phrase match flag, PDP flag, terms version). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
})

/** Every change: who, when, which entity, before and after. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: id('actor_user_id'),
    actorRole: text('actor_role'),
    actorIp: text('actor_ip'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
  ],
)
