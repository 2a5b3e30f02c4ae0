// The ad-group calls of the campaign editor (spec campaigns §3 "Ad group", §4, §5, §7; decision 027):
// POST /v1/adgroup/create?action=save|submit and /v1/adgroup/modify?action=save|submit (state 2 deletes);
// list and view are ./adgroup-read.ts. Bodies are judged by platform/contracts/campaign-editor.ts
// (the editor's rules), products by platform/rules/products.ts through the catalog (decision 025).
// A group's products and keywords are replaced as a whole in one transaction, audited on its campaign.
import { and, asc, eq, ne } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod/v4'
import { audit } from '../audit'
import type { AuthContext } from '../auth/authorize'
import { actorOf } from '../auth/request'
import {
  type AdGroupSaveBody,
  type AdGroupSaveResponse,
  adGroupBodySchema,
  adGroupSaveBodySchema,
  adGroupSaveQuerySchema,
} from '../contracts/campaign-editor'
import type { Database, Tx } from '../db/client'
import { accounts, adGroupProducts, adGroups, keywordTargets } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { AD_GROUP_PROCESSING_JOB } from '../jobs/ad-group-processing'
import { badRequest, DomainError, forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import {
  AD_GROUP_DELETED,
  AdGroupProcessing,
  adGroupBusyMessage,
  adGroupReadOnly,
  checkProducts,
  MESSAGES,
  privilegeReadOnly,
} from '../rules/campaign-editor'
import type { Role } from '../rules/roles'
import { type CampaignRow, campaignForCaller } from './campaign-access'
import { nextJmAdgroupIds } from './campaign-clone'
import { productGet } from './catalog'

export type SaveAction = 'save' | 'submit'
type AdGroupRow = typeof adGroups.$inferSelect
type Actor = ReturnType<typeof actorOf>
/** Who writes, when, and under which request: what every write and its audit entry need. */
export type WriteContext = { auth: AuthContext; actor: Actor; requestId: string | null; now: Date }

/** (ours) Refusals the spec gives no words for. */
export const ADGROUP_MESSAGES = {
  lastActiveGroup: 'The only active ad group of a campaign cannot be deleted',
  wrongCampaign: 'The ad group does not belong to this campaign',
  sellerMismatch: "sellerid is not the campaign's advertiser",
  jmCampaignMismatch: "jmcampaign_id is not the campaign's",
} as const

/** The ad-group body's `state` (modify): 1 keeps the group, 2 deletes it (spec §4 "Deleting sets state 2"). */
const adGroupStateSchema = z.object({ state: z.literal([1, AD_GROUP_DELETED]).optional() })
/** A delete needs only the group and its campaign. */
const adGroupDeleteBodySchema = z.object({
  id: z.number().int().positive(),
  campaign_id: z.number().int().positive(),
  state: z.literal(AD_GROUP_DELETED),
})

/** The context the editor's ad-group rules judge a body in: its campaign and the caller's role. */
export const adGroupContext = (campaign: CampaignRow, role: Role) => ({
  campaignClass: campaign.campaignClass,
  targetingType: campaign.targetingType,
  budgets: { total: campaign.budgetTotalLimit, daily: campaign.budgetDailyLimit },
  role,
})

/** The error, with a ZodError's issue paths moved under `prefix` (a nested ad group of a campaign payload). */
export function prefixIssues(error: unknown, prefix: PropertyKey[]): unknown {
  // Rethrow the same error (a ZodError built by hand is not an Error, which the service's handler needs).
  if (error instanceof z.ZodError)
    for (const issue of error.issues) (issue as { path: PropertyKey[] }).path = [...prefix, ...issue.path]
  return error
}

/**
 * The body of an ad group of `campaign`, judged with the campaign's context (bids against its budgets,
 * match types the role may pick, keywords required for Keyword targeting). Refused: 400 at the field.
 */
export function parseAdGroupBody(raw: unknown, campaign: CampaignRow, role: Role, path: PropertyKey[] = []) {
  try {
    return adGroupSaveBodySchema(adGroupContext(campaign, role)).parse(raw)
  } catch (error) {
    throw prefixIssues(error, path)
  }
}

/**
 * Checks the products against the campaign's advertiser with the catalog's ownership rule and the
 * category levels the targeting needs. Any refused product refuses the group (400): 'No valid products
 * found' when none is valid, else the first product's message; every product's message at `products`.
 */
export async function assertProducts(
  tx: Tx,
  campaign: CampaignRow,
  role: Role,
  productIds: readonly number[],
  path: PropertyKey[] = [],
) {
  const [account] = await tx
    .select({ kind: accounts.kind })
    .from(accounts)
    .where(eq(accounts.id, campaign.sellerId))
    .limit(1)
  if (!account) throw forbidden()
  const records = await productGet(tx as Database, { kind: account.kind, id: campaign.sellerId }, productIds)
  const checked = checkProducts(
    productIds,
    records.filter((r) => r.verificationCode !== 3),
    { role, sellerId: campaign.sellerId, accountKind: account.kind, targetingType: campaign.targetingType },
  )
  if (checked.problems.length === 0) return
  const key = [...path, 'products'].join('.')
  throw badRequest(checked.error ?? checked.problems[0]!.message, {
    [key]: checked.error
      ? [checked.error, ...checked.problems.map((p) => p.message)]
      : checked.problems.map((p) => p.message),
  })
}

/** What an ad group is, for the audit log: name, state, processing, products and keywords with bids. */
export async function adGroupSnapshot(tx: Tx, group: AdGroupRow) {
  const products = await tx
    .select({ productId: adGroupProducts.productId })
    .from(adGroupProducts)
    .where(eq(adGroupProducts.adGroupId, group.id))
    .orderBy(asc(adGroupProducts.productId))
  const keywords = await tx
    .select({
      keyword: keywordTargets.keyword,
      match_type: keywordTargets.matchType,
      bid_price: keywordTargets.bidPrice,
    })
    .from(keywordTargets)
    .where(eq(keywordTargets.adGroupId, group.id))
    .orderBy(asc(keywordTargets.id))
  return {
    adGroupId: group.id,
    jm_adgroup_id: group.jmAdgroupId,
    name: group.name,
    state: group.state,
    processing_status: group.processingStatus,
    products: products.map((p) => p.productId),
    keywords,
  }
}

async function replaceTargets(tx: Tx, groupId: number, body: AdGroupSaveBody) {
  await tx.delete(adGroupProducts).where(eq(adGroupProducts.adGroupId, groupId))
  await tx.delete(keywordTargets).where(eq(keywordTargets.adGroupId, groupId))
  if (body.products.length > 0)
    await tx
      .insert(adGroupProducts)
      .values(body.products.map((p) => ({ adGroupId: groupId, productId: p.productId })))
  if (body.keywords.length > 0)
    await tx.insert(keywordTargets).values(
      body.keywords.map((k) => ({
        adGroupId: groupId,
        keyword: k.keyword,
        matchType: k.match_type,
        bidPrice: k.bid_price,
      })),
    )
}

/** 'submit' queues the group for processing (0 Pending); 'save' queues nothing. */
const processingAfter = (action: SaveAction, current: number) =>
  action === 'submit' ? AdGroupProcessing.Pending : current

/**
 * Creates an ad group of `campaign` from a judged body (products checked here), with a jm id from the
 * sequence: 'submit' leaves it Pending for the processing job, 'save' writes it with nothing pending
 * (Completed, as a clone's groups). Audited as ADGROUP_CREATED on the campaign.
 */
export async function createAdGroup(
  tx: Tx,
  campaign: CampaignRow,
  body: AdGroupSaveBody,
  action: SaveAction,
  ctx: WriteContext,
  path: PropertyKey[] = [],
) {
  await assertProducts(
    tx,
    campaign,
    ctx.auth.user.role,
    body.products.map((p) => p.productId),
    path,
  )
  const [jmAdgroupId] = await nextJmAdgroupIds(tx, 1)
  const [group] = await tx
    .insert(adGroups)
    .values({
      jmAdgroupId: jmAdgroupId!,
      campaignId: campaign.id,
      name: body.name,
      processingStatus: processingAfter(action, AdGroupProcessing.Completed),
      state: 1,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
  await replaceTargets(tx, group!.id, body)
  await audit(tx, {
    action: 'ADGROUP_CREATED',
    entityType: 'campaign',
    entityId: campaign.id,
    after: { ...(await adGroupSnapshot(tx, group!)), action },
    actor: ctx.actor,
    requestId: ctx.requestId,
    at: ctx.now,
  })
  return group!
}

/** The live ad group `id` of `campaign`, locked for the transaction; 404 when there is none. */
async function liveGroup(tx: Tx, campaign: CampaignRow, id: number) {
  const [group] = await tx
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.id, id), ne(adGroups.state, AD_GROUP_DELETED)))
    .for('update')
  if (!group) throw notFound('Ad group')
  if (group.campaignId !== campaign.id)
    throw badRequest(ADGROUP_MESSAGES.wrongCampaign, { id: [ADGROUP_MESSAGES.wrongCampaign] })
  return group
}

/** spec §4: a group in processing status 0 or 1 is read-only ('This AdGroup is currently in {state} state'). */
function assertNotBusy(group: AdGroupRow) {
  if (adGroupReadOnly(group.processingStatus))
    throw new DomainError(409, 'ADGROUP_BUSY', adGroupBusyMessage(group.processingStatus))
}

/** Modifies a live group of `campaign`: name, products and keywords replaced as a whole. */
export async function modifyAdGroup(
  tx: Tx,
  campaign: CampaignRow,
  id: number,
  body: AdGroupSaveBody,
  action: SaveAction,
  ctx: WriteContext,
  path: PropertyKey[] = [],
) {
  const group = await liveGroup(tx, campaign, id)
  assertNotBusy(group)
  await assertProducts(
    tx,
    campaign,
    ctx.auth.user.role,
    body.products.map((p) => p.productId),
    path,
  )
  const before = await adGroupSnapshot(tx, group)
  const [updated] = await tx
    .update(adGroups)
    .set({
      name: body.name,
      processingStatus: processingAfter(action, group.processingStatus),
      lastError: action === 'submit' ? null : group.lastError,
      updatedAt: ctx.now,
    })
    .where(eq(adGroups.id, group.id))
    .returning()
  await replaceTargets(tx, group.id, body)
  await audit(tx, {
    action: 'ADGROUP_MODIFIED',
    entityType: 'campaign',
    entityId: campaign.id,
    before,
    after: { ...(await adGroupSnapshot(tx, updated!)), action },
    actor: ctx.actor,
    requestId: ctx.requestId,
    at: ctx.now,
  })
  return updated!
}

/** The campaign's active (not deleted) ad groups. */
export const activeGroupsOf = (tx: Tx, campaignId: number) =>
  tx
    .select()
    .from(adGroups)
    .where(and(eq(adGroups.campaignId, campaignId), ne(adGroups.state, AD_GROUP_DELETED)))
    .orderBy(asc(adGroups.id))

/**
 * Deletes (state 2) a live group. Refused for a group being processed, and for the campaign's only
 * active group unless `allowLast` (a targeting-type change that resets every group).
 */
export async function deleteAdGroup(
  tx: Tx,
  campaign: CampaignRow,
  id: number,
  ctx: WriteContext,
  options: { allowLast?: boolean } = {},
) {
  const group = await liveGroup(tx, campaign, id)
  assertNotBusy(group)
  if (!options.allowLast) {
    const active = await activeGroupsOf(tx, campaign.id)
    if (active.length <= 1) throw new DomainError(409, 'LAST_ADGROUP', ADGROUP_MESSAGES.lastActiveGroup)
  }
  const before = await adGroupSnapshot(tx, group)
  const [deleted] = await tx
    .update(adGroups)
    .set({ state: AD_GROUP_DELETED, updatedAt: ctx.now })
    .where(eq(adGroups.id, group.id))
    .returning()
  await audit(tx, {
    action: 'ADGROUP_DELETED',
    entityType: 'campaign',
    entityId: campaign.id,
    before,
    after: { adGroupId: group.id, jm_adgroup_id: group.jmAdgroupId, name: group.name, state: deleted!.state },
    actor: ctx.actor,
    requestId: ctx.requestId,
    at: ctx.now,
  })
  return deleted!
}

/** BRAND and SELLER cannot add, edit or delete ad groups of a Privilege campaign (spec §6): 403. */
export function assertMayEditAdGroups(role: Role, campaign: CampaignRow) {
  if (privilegeReadOnly(role, campaign)) throw forbidden()
}

const saveResponse = (group: AdGroupRow): AdGroupSaveResponse => ({
  id: group.id,
  jm_adgroup_id: group.jmAdgroupId,
  adGroupName: group.name,
  processing_status: group.processingStatus,
  state: group.state,
})

export function adGroupEditorRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = () => deps.database.db

  /** The campaign a body names, for a caller who may act for it; ids and seller must agree. */
  async function campaignOfBody(
    tx: Tx,
    auth: AuthContext,
    body: { campaign_id: number; jmcampaign_id?: number; sellerid?: number },
    userId?: number,
  ) {
    const campaign = await campaignForCaller(tx, auth, body.campaign_id)
    if (body.jmcampaign_id !== undefined && body.jmcampaign_id !== campaign.jmcampaignId)
      throw badRequest(ADGROUP_MESSAGES.jmCampaignMismatch, {
        jmcampaign_id: [ADGROUP_MESSAGES.jmCampaignMismatch],
      })
    for (const [field, value] of [
      ['sellerid', body.sellerid],
      ['userId', userId],
    ] as const) {
      if (value !== undefined && value !== campaign.sellerId)
        throw badRequest(ADGROUP_MESSAGES.sellerMismatch, { [field]: [ADGROUP_MESSAGES.sellerMismatch] })
    }
    assertMayEditAdGroups(auth.user.role, campaign)
    return campaign
  }

  for (const operation of ['create', 'modify'] as const) {
    // spec §7: POST /adgroup/create?action and /adgroup/modify?action.
    app.post(`/v1/adgroup/${operation}`, async (c) => {
      const { action, userId } = adGroupSaveQuerySchema.parse(c.req.query())
      const raw: unknown = await c.req.json()
      const auth = c.get('auth')
      const ctx: WriteContext = {
        auth,
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId') ?? null,
        now: deps.now(),
      }
      const { state } = operation === 'modify' ? adGroupStateSchema.parse(raw) : { state: undefined }
      if (state === AD_GROUP_DELETED) {
        const body = adGroupDeleteBodySchema.parse(raw)
        const group = await db().transaction(async (tx) => {
          const campaign = await campaignOfBody(tx, auth, body, userId)
          return deleteAdGroup(tx, campaign, body.id, ctx)
        })
        return ok(c, saveResponse(group), 'Ad group deleted')
      }
      // Context-free rules first (what any client may be told before the campaign is read).
      const plain = adGroupBodySchema.parse(raw)
      if (operation === 'modify' && plain.id === undefined)
        throw badRequest(MESSAGES.requiredField, { id: [MESSAGES.requiredField] })
      const group = await db().transaction(async (tx) => {
        const campaign = await campaignOfBody(tx, auth, plain, userId)
        const body = parseAdGroupBody(raw, campaign, auth.user.role)
        return operation === 'create'
          ? createAdGroup(tx, campaign, body, action, ctx)
          : modifyAdGroup(tx, campaign, body.id!, body, action, ctx)
      })
      if (action === 'submit') deps.wake?.(AD_GROUP_PROCESSING_JOB)
      return ok(c, saveResponse(group), action === 'submit' ? 'Ad group submitted' : 'Ad group saved')
    })
  }

  return app
}
