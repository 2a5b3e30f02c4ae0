// Campaign writes of the editor (spec campaigns §3 "Campaign (full)", §4, §5, §6, §9; decision 027):
// POST /v1/campaign/create?action=save|submit&userId and /v1/campaign/modify?action=save|submit.
// The body is judged by platform/contracts/campaign-editor.ts (the editor's own rules); the campaign,
// its pincodes and the optional `adGroups` of the payload are written in ONE transaction, with jm ids
// from sequences, and audited with before and after. The answer is the campaign's view.
import { createHash } from 'node:crypto'
import { and, eq, inArray, max, ne } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod/v4'
import { audit } from '../audit'
import { assertMayActFor } from '../auth/authorize'
import { actorOf } from '../auth/request'
import {
  type CampaignSaveBody,
  campaignSaveBodySchema,
  campaignSaveQuerySchema,
} from '../contracts/campaign-editor'
import type { Database, Tx } from '../db/client'
import { adGroups, campaignPincodes, campaigns, keywordTargets, pincodes } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, DomainError, forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import { applyCampaignStates } from '../jobs/campaign-states'
import { AD_GROUP_PROCESSING_JOB } from '../jobs/ad-group-processing'
import { availableCredit } from '../payments/credits'
import {
  AD_GROUP_DELETED,
  campaignCpm,
  keywordBidProblem,
  MESSAGES,
  NewRevenueType,
  submitBlocked,
} from '../rules/campaign-editor'
import { mayCreateCampaign, mayEditCampaign } from '../rules/campaign-permissions'
import { type CampaignClass, CampaignState, CampaignStatus, creditsEnabled } from '../rules/campaigns'
import type { Role } from '../rules/roles'
import { campaignEndTime, campaignStartTime, istDate } from '../rules/time'
import {
  activeGroupsOf,
  adGroupContext,
  adGroupSnapshot,
  createAdGroup,
  deleteAdGroup,
  modifyAdGroup,
  parseAdGroupBody,
  type SaveAction,
  type WriteContext,
} from './adgroup-editor'
import { type CampaignRow, campaignForCaller } from './campaign-access'
import { nextJmIds } from './campaign-clone'
import { campaignView } from './campaign-view'

/** (ours) Refusals the spec gives no words for. */
export const CAMPAIGN_EDITOR_MESSAGES = {
  unknownPincode: (pincode: number) => `Pincode ${pincode} does not exist`,
  classLocked: 'The campaign class cannot change',
  cpdLocked: 'CPD can be changed only while the campaign is Scheduled Paused',
  targetingLocked:
    'Targeting type cannot change while the campaign has ad groups; send adGroups to replace them',
  sellerMismatch: "sellerid is not the campaign's advertiser",
  userIdMismatch: 'userId and sellerid name different advertisers',
  noCredits: 'Add credits to create a Sponsored campaign',
} as const

/** At most this many ad groups in one campaign payload (ours: bounds one request's work). */
export const MAX_PAYLOAD_AD_GROUPS = 50
/** The payload's optional ad groups: objects, each judged later by the ad-group contract. */
const payloadAdGroupsSchema = z.object({
  adGroups: z.array(z.record(z.string(), z.unknown())).max(MAX_PAYLOAD_AD_GROUPS).optional(),
})

/** The campaign checksum, as clone and the seed compute it. */
const campaignChecksum = (jmcampaignId: number, name: string) =>
  createHash('sha256').update(`${jmcampaignId}:${name}`).digest('hex').slice(0, 32)

const classOf = (body: CampaignSaveBody): CampaignClass =>
  body.new_revenue_type === NewRevenueType.Privilege ? 'Privilege' : 'Sponsored'

/** The pincodes the payload lists, once each, each checked against the directory (400 naming the first unknown). */
async function knownPincodes(tx: Tx, body: CampaignSaveBody): Promise<number[]> {
  if (body.pincodeFilter === 'ALL') return []
  const wanted = [...new Set(body.pincodes.map((p) => p.pincode))]
  if (wanted.length === 0) return []
  const found = new Set(
    (
      await tx.select({ pincode: pincodes.pincode }).from(pincodes).where(inArray(pincodes.pincode, wanted))
    ).map((row) => row.pincode),
  )
  const unknown = wanted.filter((p) => !found.has(p))
  if (unknown.length > 0) {
    const messages = unknown.map(CAMPAIGN_EDITOR_MESSAGES.unknownPincode)
    throw badRequest(messages[0]!, { pincodes: messages })
  }
  return wanted
}

async function writePincodes(tx: Tx, campaignId: number, list: number[]) {
  await tx.delete(campaignPincodes).where(eq(campaignPincodes.campaignId, campaignId))
  if (list.length > 0)
    await tx.insert(campaignPincodes).values(list.map((pincode) => ({ campaignId, pincode })))
}

async function pincodesOf(tx: Tx, campaignId: number) {
  const rows = await tx
    .select({ pincode: campaignPincodes.pincode })
    .from(campaignPincodes)
    .where(eq(campaignPincodes.campaignId, campaignId))
  return rows.map((r) => r.pincode).sort((a, b) => a - b)
}

/** What the campaign's history shows of a campaign: the fields the editor changes (money in paise). */
const campaignFields = (c: CampaignRow, pincodeList: number[]) => ({
  name: c.name,
  state: c.state,
  status: c.status,
  submission: c.submission,
  campaignClass: c.campaignClass,
  targetingType: c.targetingType,
  start_time: c.startTime.toISOString(),
  expire_time: c.expireTime?.toISOString() ?? null,
  budget_total_limit: c.budgetTotalLimit,
  budget_daily_limit: c.budgetDailyLimit,
  budget_pacing: c.budgetPacing,
  cpm: c.cpm,
  cpd: c.cpd,
  tag: c.tag,
  pincodeFilter: c.pincodeFilter,
  pincodes: pincodeList,
})
type CampaignFields = ReturnType<typeof campaignFields>

/** Only the fields that differ, as { before, after }. */
function changes(before: CampaignFields, after: CampaignFields) {
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of Object.keys(after) as (keyof CampaignFields)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key]
      a[key] = after[key]
    }
  }
  return { before: b, after: a }
}

/** The settings a body gives a campaign (not ids, times, state or who). */
const settingsOf = (body: CampaignSaveBody) => ({
  name: body.decodedName,
  campaignClass: classOf(body),
  targetingType: body.targetingType,
  adFormatType: body.ad_format_type,
  isPdp: body.isPDP,
  isPrivileged: body.isPrivileged,
  newRevenueType: body.new_revenue_type,
  channelId: body.channel_id,
  objective: body.objective,
  weight: body.weight,
  campaignType: [...body.campaign_type],
  dealType: body.deal_type,
  appSiteId: body.app_site_id,
  adspots: body.adspots,
  budgetTotalLimit: body.budget_total_limit,
  budgetDailyLimit: body.budget_daily_limit,
  budgetPacing: body.budget_pacing,
  cpm: campaignCpm(body.targetingType, body.cpm, 'paise'),
  cpd: body.cpd,
  tag: body.tag,
  biddingStrategy: body.biddingStrategy,
  pincodeFilter: body.pincodeFilter,
})

/** spec §9: a start on today (IST) is now + 2 minutes, else 00:00:00 IST; the end 23:59:59 IST. */
const startOf = (instant: string, now: Date) => campaignStartTime(istDate(new Date(instant)), now)
const endOf = (instant: string | null) =>
  campaignEndTime(instant === null ? null : istDate(new Date(instant)))

/**
 * Writes the payload's ad groups (each judged with the saved campaign's context; paths under
 * `adGroups.i`): an item with `id` modifies that group, one without creates a group. With `reset`
 * (a targeting-type change), every live group is deleted first and every item creates a new group.
 */
async function writePayloadAdGroups(
  tx: Tx,
  campaign: CampaignRow,
  items: Record<string, unknown>[],
  action: SaveAction,
  ctx: WriteContext,
  reset: boolean,
) {
  if (reset) {
    for (const group of await activeGroupsOf(tx, campaign.id))
      await deleteAdGroup(tx, campaign, group.id, ctx, { allowLast: true })
  }
  const role = ctx.auth.user.role
  for (const [index, item] of items.entries()) {
    const path = ['adGroups', index]
    const raw = {
      ...item,
      ...(reset ? { id: undefined } : {}),
      campaign_id: campaign.id,
      jmcampaign_id: campaign.jmcampaignId,
      sellerid: campaign.sellerId,
    }
    const body = parseAdGroupBody(raw, campaign, role, path)
    if (body.id === undefined) await createAdGroup(tx, campaign, body, action, ctx, path)
    else await modifyAdGroup(tx, campaign, body.id, body, action, ctx, path)
  }
}

/** spec §4: Submit is refused for BRAND/SELLER when an active group's first keyword is Broad. */
/**
 * A budget lowered under a keyword's bid (spec §5: a bid may not exceed the daily or the total budget) is
 * refused at the budget field with the spec's message, as adding that bid would have been: the rule holds
 * for what is stored, not only for what is added. Sponsored keyword campaigns only (Privilege keywords
 * have no bid of their own; a cpm is checked with the campaign body).
 */
async function assertBidsWithinBudgets(tx: Tx, campaign: CampaignRow, role: Role) {
  if (campaign.campaignClass !== 'Sponsored' || campaign.targetingType !== 'Keyword') return
  const [top] = await tx
    .select({ bid: max(keywordTargets.bidPrice) })
    .from(keywordTargets)
    .innerJoin(adGroups, eq(adGroups.id, keywordTargets.adGroupId))
    .where(and(eq(adGroups.campaignId, campaign.id), ne(adGroups.state, AD_GROUP_DELETED)))
  if (top?.bid === null || top?.bid === undefined) return
  // The same judgement (paise against paise) an ad group's body gets when it is written.
  const problem = keywordBidProblem(Number(top.bid), adGroupContext(campaign, role))
  if (problem === MESSAGES.keywordBidOverDaily) throw badRequest(problem, { budget_daily_limit: [problem] })
  if (problem === MESSAGES.keywordBidOverTotal) throw badRequest(problem, { budget_total_limit: [problem] })
}

async function assertSubmittable(tx: Tx, campaign: CampaignRow, ctx: WriteContext) {
  const groups = await activeGroupsOf(tx, campaign.id)
  const snapshots = await Promise.all(groups.map((g) => adGroupSnapshot(tx, g)))
  if (submitBlocked(ctx.auth.user.role, campaign.campaignClass, snapshots)) throw forbidden()
}

export function campaignEditorRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = () => deps.database.db

  const writeContext = (c: Context<Env>): WriteContext => {
    const auth = c.get('auth')
    return { auth, actor: actorOf(c, auth.user), requestId: c.get('requestId') ?? null, now: deps.now() }
  }

  /** After the write: the state engine places a submitted campaign (as play does), then its view. */
  async function answer(campaignId: number, submitted: boolean, ctx: WriteContext) {
    if (submitted)
      await applyCampaignStates(db(), ctx.now, {
        campaignIds: [campaignId],
        actor: ctx.actor,
        requestId: ctx.requestId,
      })
    const [saved] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId))
    return campaignView(db() as Database, saved!)
  }

  // spec §7: POST /v1/campaign/create?action, body the campaign payload (+ optional adGroups).
  app.post('/v1/campaign/create', async (c) => {
    const { action, userId } = campaignSaveQuerySchema.parse(c.req.query())
    const raw: unknown = await c.req.json()
    const ctx = writeContext(c)
    const body = campaignSaveBodySchema({ mode: 'create', now: deps.now }).parse(raw)
    const { adGroups: items } = payloadAdGroupsSchema.parse(raw)
    if (userId !== undefined && userId !== body.sellerid)
      throw badRequest(CAMPAIGN_EDITOR_MESSAGES.userIdMismatch, {
        userId: [CAMPAIGN_EDITOR_MESSAGES.userIdMismatch],
      })
    const role = ctx.auth.user.role
    const campaignClass = classOf(body)
    // Only staff choose Privilege (spec §2, §6): refused whatever the credit.
    if (!mayCreateCampaign(role, campaignClass, true)) throw forbidden()

    const id = await db().transaction(async (tx) => {
      await assertMayActFor(tx as Database, ctx.auth, body.sellerid)
      if (!mayCreateCampaign(role, campaignClass, false)) {
        if (!creditsEnabled(await availableCredit(tx, body.sellerid, ctx.now)))
          throw new DomainError(402, 'NO_CREDITS', CAMPAIGN_EDITOR_MESSAGES.noCredits)
      }
      const pincodeList = await knownPincodes(tx, body)
      const { jmcampaignId } = await nextJmIds(tx)
      const settings = settingsOf(body)
      const [campaign] = await tx
        .insert(campaigns)
        .values({
          ...settings,
          jmcampaignId,
          sellerId: body.sellerid,
          state: CampaignState.ScheduledPaused,
          status: CampaignStatus.Active,
          submission: action === 'submit' ? 'SUBMITTED' : 'DRAFT',
          startTime: startOf(body.start_time!, ctx.now),
          expireTime: endOf(body.expire_time ?? null),
          checksum: campaignChecksum(jmcampaignId, settings.name),
          createdByUserId: ctx.auth.user.id,
          campaignCreatedBy: ctx.auth.user.email,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning()
      await writePincodes(tx, campaign!.id, pincodeList)
      await audit(tx, {
        action: 'CAMPAIGN_CREATED',
        entityType: 'campaign',
        entityId: campaign!.id,
        after: { ...campaignFields(campaign!, pincodeList), action },
        actor: ctx.actor,
        requestId: ctx.requestId,
        at: ctx.now,
      })
      if (items) await writePayloadAdGroups(tx, campaign!, items, action, ctx, false)
      if (action === 'submit') await assertSubmittable(tx, campaign!, ctx)
      return campaign!.id
    })
    if (action === 'submit' && items?.length) deps.wake?.(AD_GROUP_PROCESSING_JOB)
    const data = await answer(id, action === 'submit', ctx)
    return ok(c, data, action === 'submit' ? 'Campaign submitted' : 'Campaign saved')
  })

  // spec §7: POST /v1/campaign/modify?action, body the campaign payload with its id (+ optional adGroups).
  app.post('/v1/campaign/modify', async (c) => {
    const { action, userId } = campaignSaveQuerySchema.parse(c.req.query())
    const raw: unknown = await c.req.json()
    const ctx = writeContext(c)
    // Judged first without the stored state (dates as a Scheduled Paused campaign, which sends none),
    // so a malformed body is a 400 before anything is read; judged again below with the real state.
    campaignSaveBodySchema({ mode: 'edit', state: CampaignState.ScheduledPaused, now: deps.now }).parse(raw)
    const { adGroups: items } = payloadAdGroupsSchema.parse(raw)
    const role = ctx.auth.user.role

    const result = await db().transaction(async (tx) => {
      const id = (raw as { id: number }).id
      const stored = await campaignForCaller(tx, ctx.auth, id)
      const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, stored.id)).for('update')
      const current = locked ?? stored
      const body = campaignSaveBodySchema({ mode: 'edit', state: current.state, now: deps.now }).parse(raw)
      if (body.jmcampaign_id !== undefined && body.jmcampaign_id !== current.jmcampaignId)
        throw notFound('Campaign')
      for (const [field, value] of [
        ['sellerid', body.sellerid],
        ['userId', userId],
      ] as const) {
        if (value !== undefined && value !== current.sellerId)
          throw badRequest(CAMPAIGN_EDITOR_MESSAGES.sellerMismatch, {
            [field]: [CAMPAIGN_EDITOR_MESSAGES.sellerMismatch],
          })
      }
      // spec §4/§6: campaign data is read-only for BRAND and SELLER on Privilege campaigns.
      if (!mayEditCampaign(role, current)) throw forbidden()
      const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] })
      if (classOf(body) !== current.campaignClass)
        throw fieldError('new_revenue_type', CAMPAIGN_EDITOR_MESSAGES.classLocked)
      const scheduledPaused = current.state === CampaignState.ScheduledPaused
      // spec §4: cpd is editable on edit only in state 6.
      if (!scheduledPaused && body.cpd !== current.cpd)
        throw fieldError('cpd', CAMPAIGN_EDITOR_MESSAGES.cpdLocked)
      const active = await activeGroupsOf(tx, current.id)
      const reset = body.targetingType !== current.targetingType && active.length > 0
      if (reset && !items) throw fieldError('targetingType', CAMPAIGN_EDITOR_MESSAGES.targetingLocked)

      const pincodeList = await knownPincodes(tx, body)
      const beforeFields = campaignFields(current, await pincodesOf(tx, current.id))
      const settings = settingsOf(body)
      // spec §4: the start is locked on an existing campaign; a Scheduled Paused campaign does not
      // resend its times (any sent are ignored); otherwise expire_time is the end (null = Lifetime).
      const expireTime = scheduledPaused ? current.expireTime : endOf(body.expire_time ?? null)
      const submission = action === 'submit' ? 'SUBMITTED' : current.submission
      const [updated] = await tx
        .update(campaigns)
        .set({
          ...settings,
          expireTime,
          submission,
          checksum: campaignChecksum(current.jmcampaignId, settings.name),
          updatedAt: ctx.now,
        })
        .where(eq(campaigns.id, current.id))
        .returning()
      await writePincodes(tx, current.id, pincodeList)
      const diff = changes(beforeFields, campaignFields(updated!, pincodeList))
      await audit(tx, {
        action: 'CAMPAIGN_MODIFIED',
        entityType: 'campaign',
        entityId: current.id,
        before: diff.before,
        after: { ...diff.after, action },
        actor: ctx.actor,
        requestId: ctx.requestId,
        at: ctx.now,
      })
      if (items) await writePayloadAdGroups(tx, updated!, items, action, ctx, reset)
      await assertBidsWithinBudgets(tx, updated!, role)
      if (action === 'submit') await assertSubmittable(tx, updated!, ctx)
      return { id: current.id, submitted: submission === 'SUBMITTED' }
    })
    if (action === 'submit' && items?.length) deps.wake?.(AD_GROUP_PROCESSING_JOB)
    const data = await answer(result.id, result.submitted, ctx)
    return ok(c, data, action === 'submit' ? 'Campaign submitted' : 'Campaign saved')
  })

  return app
}
