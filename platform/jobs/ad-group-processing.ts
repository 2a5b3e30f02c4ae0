// Ad-group processing (spec campaigns §3 processing_status, §4; issue 10; docs/decisions/028): a submitted
// ad group waits Pending (0) until this job checks its products against the catalog for the campaign's
// advertiser and its keywords against the editor's keyword rule, then marks it Completed (2) or Failed
// (3, `last_error` holding a reason a user can read). Every minute by cron, and at once when kicked
// (`boss.send(AD_GROUP_PROCESSING_JOB, {})`).
//
// Two steps, each its own transaction, so a crash never leaves a half-written result:
// 1. claim: a batch of pending groups (FOR UPDATE SKIP LOCKED, so concurrent runs take different rows)
//    becomes Processing (1) with updated_at = the claim's instant;
// 2. per group: lock it again, go on only if it is still Processing *with our claim's instant* (else
//    someone re-claimed or changed it), check it, write Completed or Failed.
// A crash between the two leaves the group Processing; one left there longer than STALE_PROCESSING_MS
// is claimed again like a pending one (a retry). Each transition is audited with the system as actor.
import { and, asc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm'
import { audit } from '../audit'
import type { Database, Tx } from '../db/client'
import {
  accounts,
  adGroupProducts,
  adGroups,
  campaigns,
  keywordTargets,
  products,
  productSellers,
} from '../db/schema'
import type { PlatformDeps } from '../deps'
import { log } from '../log'
import {
  AD_GROUP_DELETED,
  AdGroupProcessing,
  categoryLevelProblem,
  keywordTextProblem,
  MESSAGES,
  type TargetingType,
} from '../rules/campaign-editor'
import {
  type Advertiser,
  ProductVerification,
  type ProductVerificationCode,
  verifyProduct,
} from '../rules/products'
import type { JobDefinition } from '.'
import { RETRY_EVERY_MINUTE } from './boss'

export const AD_GROUP_PROCESSING_JOB = 'ad-group-processing'
/** A group Processing for longer than this is taken to be abandoned by a crashed run and retried. */
export const STALE_PROCESSING_MS = 10 * 60 * 1000
/** Groups claimed per claim transaction. */
export const CLAIM_BATCH = 10
/** Groups one cron run or kick processes at most (the next minute takes the rest). */
export const DEFAULT_RUN_LIMIT = 500
/** Reasons written to last_error before "and N more". */
const REASONS_SHOWN = 3

/** The audit entries' actor: the job, not a person (history shows it as the system). */
export const SYSTEM_ACTOR = { userId: null, role: 'system' } as const
/** Audited on the campaign (like the writes' ADGROUP_CREATED/MODIFIED), so its history shows the group's progress. */
export const AUDIT_ACTION = 'ADGROUP_PROCESSING'

// ---------------------------------------------------------------------------------------------
// The check (pure)
// ---------------------------------------------------------------------------------------------
/** A product of the group as the catalog knows it now; null when the catalog no longer has it. */
export type CatalogProduct = {
  sellerIds: readonly number[]
  brandId: number | null
  availableAt3pSeller: boolean
  categoryLevel: {
    level0: string | null
    level1: string | null
    level2: string | null
    level3: string | null
    level4: string | null
  }
}

const productReasons: Record<Exclude<ProductVerificationCode, 0>, (id: number) => string> = {
  [ProductVerification.NotOwned]: (id) => `Product ${id} is no longer available to this seller or brand`,
  [ProductVerification.OwnershipMissing]: (id) =>
    `Product ${id} is no longer available: the catalog has no seller or brand for it`,
  [ProductVerification.InvalidId]: (id) => `Product ${id} is no longer available in the catalog`,
}
export const productReason = (code: Exclude<ProductVerificationCode, 0>, productId: number) =>
  productReasons[code](productId)
export const keywordReason = (keyword: string, problem: string) =>
  `Keyword "${keyword}" is not allowed: ${problem}`
export const advertiserMissingReason = (id: number) => `Advertiser account ${id} no longer exists`

/**
 * Why a group cannot be served, in the order a user would fix them (products in id order, then
 * keywords); empty when it can. Products: the catalog's ownership rule (verifyProduct) for the
 * campaign's advertiser and the category levels its targeting needs; none at all is 'No valid products
 * found'. Keywords: the editor's keyword text rule.
 */
export function adGroupProblems(group: {
  advertiser: Advertiser | null
  sellerId: number
  targetingType: TargetingType
  products: readonly { productId: number; catalog: CatalogProduct | null }[]
  keywords: readonly string[]
}): string[] {
  if (!group.advertiser) return [advertiserMissingReason(group.sellerId)]
  const reasons: string[] = []
  if (group.products.length === 0) reasons.push(MESSAGES.noValidProducts)
  for (const { productId, catalog } of group.products) {
    const code = verifyProduct(catalog, group.advertiser)
    if (code !== ProductVerification.Valid) {
      reasons.push(productReason(code, productId))
      continue
    }
    const level = categoryLevelProblem(
      { productId, categoryLevel: catalog?.categoryLevel },
      group.targetingType,
    )
    if (level) reasons.push(level)
  }
  for (const keyword of group.keywords) {
    const problem = keywordTextProblem(keyword)
    if (problem) reasons.push(keywordReason(keyword, problem))
  }
  return reasons
}

/** What last_error holds: the first few reasons, then how many more. */
export function failureText(reasons: readonly string[]): string {
  const shown = reasons.slice(0, REASONS_SHOWN).join('; ')
  const more = reasons.length - REASONS_SHOWN
  return more > 0 ? `${shown}; and ${more} more` : shown
}

// ---------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------
export type ProcessingResult = {
  completed: number[]
  failed: number[]
  /** Claimed here but changed by someone else before the check (left as they found it). */
  skipped: number[]
  /** Claimed but the check threw: left Processing, retried once stale. */
  errors: number[]
}

type Claimed = { id: number; campaignId: number; from: number }

/** Pending groups of live campaigns, and groups Processing since before `staleBefore`. */
async function claimBatch(db: Database, now: Date, size: number): Promise<Claimed[]> {
  const staleBefore = new Date(now.getTime() - STALE_PROCESSING_MS)
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: adGroups.id, campaignId: adGroups.campaignId, from: adGroups.processingStatus })
      .from(adGroups)
      .innerJoin(campaigns, eq(campaigns.id, adGroups.campaignId))
      .where(
        and(
          ne(adGroups.state, AD_GROUP_DELETED),
          isNull(campaigns.deletedAt),
          or(
            eq(adGroups.processingStatus, AdGroupProcessing.Pending),
            and(
              eq(adGroups.processingStatus, AdGroupProcessing.Processing),
              lt(adGroups.updatedAt, staleBefore),
            ),
          ),
        ),
      )
      .orderBy(asc(adGroups.updatedAt), asc(adGroups.id))
      .limit(size)
      .for('update', { of: adGroups, skipLocked: true })
    if (rows.length === 0) return []
    await tx
      .update(adGroups)
      .set({ processingStatus: AdGroupProcessing.Processing, updatedAt: now })
      .where(
        inArray(
          adGroups.id,
          rows.map((r) => r.id),
        ),
      )
    for (const row of rows) {
      await audit(tx, {
        action: AUDIT_ACTION,
        entityType: 'campaign',
        entityId: row.campaignId,
        before: { adGroupId: row.id, processing_status: row.from },
        after: {
          adGroupId: row.id,
          processing_status: AdGroupProcessing.Processing,
          // A group taken over from a run that did not finish within STALE_PROCESSING_MS.
          ...(row.from === AdGroupProcessing.Processing ? { retry: true } : {}),
        },
        actor: SYSTEM_ACTOR,
        at: now,
      })
    }
    return rows
  })
}

/** The group's products with their catalog records, its keywords, its campaign's advertiser. */
async function readGroup(tx: Tx, groupId: number, campaignId: number) {
  const [campaign] = await tx
    .select({ sellerId: campaigns.sellerId, targetingType: campaigns.targetingType, kind: accounts.kind })
    .from(campaigns)
    .leftJoin(accounts, eq(accounts.id, campaigns.sellerId))
    .where(eq(campaigns.id, campaignId))
  const rows = await tx
    .select({ productId: adGroupProducts.productId, product: products })
    .from(adGroupProducts)
    .leftJoin(products, eq(products.productId, adGroupProducts.productId))
    .where(eq(adGroupProducts.adGroupId, groupId))
    .orderBy(asc(adGroupProducts.productId))
  const ids = rows.map((r) => r.productId)
  const sellers =
    ids.length === 0
      ? []
      : await tx
          .select({ productId: productSellers.productId, sellerId: productSellers.sellerId })
          .from(productSellers)
          .where(inArray(productSellers.productId, ids))
  const keywords = await tx
    .select({ keyword: keywordTargets.keyword })
    .from(keywordTargets)
    .where(eq(keywordTargets.adGroupId, groupId))
    .orderBy(asc(keywordTargets.id))
  return {
    advertiser: campaign?.kind ? { kind: campaign.kind, id: campaign.sellerId } : null,
    sellerId: campaign?.sellerId ?? 0,
    targetingType: campaign?.targetingType ?? 'Keyword',
    products: rows.map(({ productId, product: p }) => ({
      productId,
      catalog: p
        ? {
            sellerIds: sellers.filter((s) => s.productId === productId).map((s) => s.sellerId),
            brandId: p.brandId,
            availableAt3pSeller: p.availableAt3pSeller,
            categoryLevel: {
              level0: p.categoryLevel0,
              level1: p.categoryLevel1,
              level2: p.categoryLevel2,
              level3: p.categoryLevel3,
              level4: p.categoryLevel4,
            },
          }
        : null,
    })),
    keywords: keywords.map((k) => k.keyword),
  }
}

/** Checks one claimed group and writes its result, if it is still ours. */
async function finishGroup(
  db: Database,
  claimed: Claimed,
  claimedAt: Date,
  now: () => Date,
): Promise<'completed' | 'failed' | 'skipped'> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ processingStatus: adGroups.processingStatus, updatedAt: adGroups.updatedAt })
      .from(adGroups)
      .where(eq(adGroups.id, claimed.id))
      .for('update')
    if (
      !group ||
      group.processingStatus !== AdGroupProcessing.Processing ||
      group.updatedAt.getTime() !== claimedAt.getTime()
    )
      return 'skipped'
    const reasons = adGroupProblems(await readGroup(tx, claimed.id, claimed.campaignId))
    const status = reasons.length === 0 ? AdGroupProcessing.Completed : AdGroupProcessing.Failed
    const lastError = reasons.length === 0 ? null : failureText(reasons)
    const at = now()
    await tx
      .update(adGroups)
      .set({ processingStatus: status, lastError, updatedAt: at })
      .where(eq(adGroups.id, claimed.id))
    await audit(tx, {
      action: AUDIT_ACTION,
      entityType: 'campaign',
      entityId: claimed.campaignId,
      before: { adGroupId: claimed.id, processing_status: AdGroupProcessing.Processing },
      after: {
        adGroupId: claimed.id,
        processing_status: status,
        ...(lastError === null ? {} : { last_error: lastError }),
      },
      actor: SYSTEM_ACTOR,
      at,
    })
    return reasons.length === 0 ? 'completed' : 'failed'
  })
}

/**
 * Processes up to `limit` pending (or stale Processing) ad groups, oldest first; returns what became of
 * each. Safe to run concurrently with itself (in this process or another instance).
 */
export async function processPendingAdGroups(
  deps: Pick<PlatformDeps, 'database' | 'now'>,
  { limit = DEFAULT_RUN_LIMIT }: { limit?: number } = {},
): Promise<ProcessingResult> {
  const db = deps.database.db
  const result: ProcessingResult = { completed: [], failed: [], skipped: [], errors: [] }
  let remaining = limit
  while (remaining > 0) {
    const claimedAt = deps.now()
    const batch = await claimBatch(db, claimedAt, Math.min(CLAIM_BATCH, remaining))
    remaining -= batch.length
    for (const claimed of batch) {
      try {
        const outcome = await finishGroup(db, claimed, claimedAt, deps.now)
        result[outcome].push(claimed.id)
      } catch (error) {
        // Left Processing: retried once stale. One bad group does not stop the others.
        result.errors.push(claimed.id)
        log.error('ad group processing failed', {
          adGroupId: claimed.id,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    if (batch.length < CLAIM_BATCH) break
  }
  return result
}

export const adGroupProcessing: JobDefinition = {
  name: AD_GROUP_PROCESSING_JOB,
  cron: '* * * * *',
  retry: RETRY_EVERY_MINUTE,
  async run(deps) {
    const result = await processPendingAdGroups(deps)
    return {
      completed: result.completed.length,
      failed: result.failed.length,
      skipped: result.skipped.length,
      errors: result.errors.length,
    }
  },
}
