// Clone of a campaign (spec campaigns §2 "Actions include ... clone"): a new draft with the source's
// settings, targeting, pincodes and live ad groups, written in one transaction (docs/decisions/011).
import { createHash } from 'node:crypto'
import { and, asc, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit'
import { actorOf } from '../auth/request'
import type { SessionUser } from '../auth/sessions'
import { insertBatches } from '../db/batch'
import type { Tx } from '../db/client'
import { adGroupProducts, adGroups, campaignPincodes, campaigns, keywordTargets } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { type CampaignCloneResponse, campaignIdPathSchema } from '../contracts/inventory'
import { DomainError, forbidden } from '../errors'
import { type Env, ok } from '../http'
import { availableCredit } from '../payments/credits'
import { mayCloneCampaign } from '../rules/campaign-permissions'
import { CampaignState, CampaignStatus, creditsEnabled } from '../rules/campaigns'
import { campaignStartTime, istDate } from '../rules/time'
import { type CampaignRow, campaignForCaller, encodeName, likeLiteral } from './campaign-access'

/** Ad group state 2 = deleted (spec §3). */
const AD_GROUP_DELETED = 2
/** Ad group processing status 2 = Completed (spec §3): editable, nothing pending. */
const PROCESSING_COMPLETED = 2
/** Budget pacing codes (spec §3) a Lifetime campaign may not keep (spec §4: Lifetime clears them). */
const PACING_ASAP = 1
const DATED_PACINGS: readonly number[] = [2, 3]

/** Transaction-level advisory lock serialising copy naming (jm ids come from sequences, decision 027). */
const COPY_NAME_LOCK = 0x6a6d6964

/** `<name> - copy`, or `- copy 2`, `- copy 3`… when taken (compared case-insensitively). */
export function copyName(name: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((n) => n.toLowerCase()))
  let candidate = `${name} - copy`
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${name} - copy ${n}`
  return candidate
}

/**
 * A copy's schedule: it starts no earlier than a campaign created now could (today starts now + 2
 * minutes, spec §9), keeps the source's later start, and keeps the source's end only when that is
 * still after the new start; otherwise it runs for its lifetime (null). A Lifetime copy drops
 * frontloaded/evenly pacing for asap, as the form does when Lifetime is chosen.
 */
export function cloneSchedule(
  source: Pick<CampaignRow, 'startTime' | 'expireTime' | 'budgetPacing'>,
  now: Date,
): Pick<CampaignRow, 'startTime' | 'expireTime' | 'budgetPacing'> {
  const earliest = campaignStartTime(istDate(now), now)
  const startTime = source.startTime > earliest ? source.startTime : earliest
  const expireTime = source.expireTime && source.expireTime > startTime ? source.expireTime : null
  const budgetPacing =
    expireTime === null && DATED_PACINGS.includes(source.budgetPacing) ? PACING_ASAP : source.budgetPacing
  return { startTime, expireTime, budgetPacing }
}

/** The campaign checksum, computed as the seed computes it (platform/db/seed/campaigns.ts). */
const campaignChecksum = (jmcampaignId: number, name: string) =>
  createHash('sha256').update(`${jmcampaignId}:${name}`).digest('hex').slice(0, 32)

/**
 * New jm ids from the sequences (decision 027): one campaign id and `adGroups` ad-group ids, ascending.
 * Unique under concurrent callers; a rolled-back transaction leaves a gap, which is harmless.
 */
export async function nextJmIds(tx: Tx, adGroups = 0) {
  const [jmcampaignId] = await nextFromSequence(tx, 'jm_campaign_id_seq', 1)
  return { jmcampaignId: jmcampaignId!, jmAdgroupIds: await nextJmAdgroupIds(tx, adGroups) }
}

/** `count` new ad-group jm ids from jm_adgroup_id_seq, ascending. */
export const nextJmAdgroupIds = (tx: Tx, count: number) => nextFromSequence(tx, 'jm_adgroup_id_seq', count)

async function nextFromSequence(tx: Tx, sequence: string, count: number): Promise<number[]> {
  if (count <= 0) return []
  const rows = await tx
    .select({ id: sql<string>`nextval(${sequence})` })
    .from(sql`generate_series(1, ${count})`)
  return rows.map((row) => Number(row.id)).sort((x, y) => x - y)
}

/**
 * Writes the copy of `source` as a new draft (state 6 Scheduled Paused, status 1, submission DRAFT,
 * which the state engine leaves alone) with copies of its pincodes and of its live ad groups with
 * their products and keywords. No performance facts. Call inside a transaction.
 */
export async function cloneCampaign(tx: Tx, source: CampaignRow, caller: SessionUser, now: Date) {
  const { jmcampaignId } = await nextJmIds(tx)
  await tx.execute(sql`select pg_advisory_xact_lock(${COPY_NAME_LOCK})`)
  const taken = await tx
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.sellerId, source.sellerId),
        isNull(campaigns.deletedAt),
        ilike(campaigns.name, `${likeLiteral(source.name)} - copy%`),
      ),
    )
  const name = copyName(
    source.name,
    taken.map((row) => row.name),
  )
  const { id: sourceId, ...settings } = source
  const [copy] = await tx
    .insert(campaigns)
    .values({
      ...settings,
      ...cloneSchedule(source, now),
      jmcampaignId,
      name,
      state: CampaignState.ScheduledPaused,
      status: CampaignStatus.Active,
      submission: 'DRAFT',
      checksum: campaignChecksum(jmcampaignId, name),
      createdByUserId: caller.id,
      campaignCreatedBy: caller.email,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    })
    .returning()
  if (!copy) throw new Error('campaign copy was not written')

  await tx.insert(campaignPincodes).select(
    tx
      .select({ campaignId: sql<number>`${copy.id}`.as('campaign_id'), pincode: campaignPincodes.pincode })
      .from(campaignPincodes)
      .where(eq(campaignPincodes.campaignId, sourceId)),
  )

  const groups = await tx
    .select({ id: adGroups.id, name: adGroups.name })
    .from(adGroups)
    .where(and(eq(adGroups.campaignId, sourceId), ne(adGroups.state, AD_GROUP_DELETED)))
    .orderBy(asc(adGroups.id))
  if (groups.length === 0) return copy
  // The copies' jm ids are ours, so they tell which source group each new id copies.
  const jmAdgroupIds = await nextJmAdgroupIds(tx, groups.length)
  const sourceOfJm = new Map(groups.map((group, index) => [jmAdgroupIds[index]!, group.id]))
  const copies = await tx
    .insert(adGroups)
    .values(
      groups.map((group, index) => ({
        jmAdgroupId: jmAdgroupIds[index]!,
        campaignId: copy.id,
        name: group.name,
        processingStatus: PROCESSING_COMPLETED,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: adGroups.id, jmAdgroupId: adGroups.jmAdgroupId })
  const copyOf = new Map(copies.map((group) => [sourceOfJm.get(group.jmAdgroupId)!, group.id]))
  const sourceGroupIds = groups.map((group) => group.id)
  const products = await tx
    .select()
    .from(adGroupProducts)
    .where(inArray(adGroupProducts.adGroupId, sourceGroupIds))
  await insertBatches(
    tx,
    adGroupProducts,
    products.map((p) => ({ adGroupId: copyOf.get(p.adGroupId)!, productId: p.productId })),
  )
  const keywords = await tx
    .select({
      adGroupId: keywordTargets.adGroupId,
      keyword: keywordTargets.keyword,
      matchType: keywordTargets.matchType,
      bidPrice: keywordTargets.bidPrice,
    })
    .from(keywordTargets)
    .where(inArray(keywordTargets.adGroupId, sourceGroupIds))
  await insertBatches(
    tx,
    keywordTargets,
    keywords.map((k) => ({ ...k, adGroupId: copyOf.get(k.adGroupId)! })),
  )
  return copy
}

export function campaignCloneRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §2 "Actions include ... clone"; path ours (docs/decisions/011): POST /v1/campaign/{id}/clone.
  app.post('/v1/campaign/:id/clone', async (c) => {
    const { id: campaignId } = campaignIdPathSchema.parse(c.req.param())
    const auth = c.get('auth')
    const role = auth.user.role
    const now = deps.now()
    const copy = await deps.database.db.transaction(async (tx) => {
      const source = await campaignForCaller(tx, auth, campaignId)
      // One rule with the console (docs/decisions/014): a clone is a new campaign of the source's
      // class. Refused whatever the credit (403): a read-only source, or a Privilege copy outside
      // staff. Refused for lack of credit (402, a message to show): a Sponsored copy without it.
      if (!mayCloneCampaign(role, source, false)) {
        if (!mayCloneCampaign(role, source, true)) throw forbidden()
        if (!creditsEnabled(await availableCredit(tx, source.sellerId, now))) {
          throw new DomainError(402, 'NO_CREDITS', 'Add credits to create a Sponsored campaign')
        }
      }
      const copy = await cloneCampaign(tx, source, auth.user, now)
      await audit(tx, {
        action: 'CAMPAIGN_CLONED',
        entityType: 'campaign',
        entityId: copy.id,
        after: {
          sourceCampaignId: source.id,
          name: copy.name,
          state: copy.state,
          status: copy.status,
          submission: copy.submission,
        },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return copy
    })
    const data: CampaignCloneResponse = {
      id: copy.id,
      jmcampaign_id: copy.jmcampaignId,
      name: encodeName(copy.name),
      campaignClass: copy.campaignClass,
      state: copy.state,
      status: copy.status,
    }
    return ok(c, data, 'Campaign cloned')
  })

  return app
}
