// Every minute: move campaigns to the state the clock, their spend and their advertiser's credit
// call for (platform/rules/campaign-states.ts), one audit row per transition (docs/decisions/010).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { AuditEntry } from '../audit'
import { audit } from '../audit'
import type { Database } from '../db/client'
import { campaignSpend, campaigns, performanceDaily } from '../db/schema'
import { availableCreditsOf } from '../payments/credits'
import { ENGINE_STATES, nextCampaignState, type StateOutcome } from '../rules/campaign-states'
import { CampaignStatus, creditsEnabled } from '../rules/campaigns'
import { istDate } from '../rules/time'
import type { JobDefinition } from '.'
import { RETRY_EVERY_MINUTE } from './boss'

export type Transition = { campaignId: number; from: { state: number | null; status: number } } & StateOutcome

/**
 * Applies the state rule to submitted, live, engine-managed campaigns (all, or only `campaignIds`)
 * and returns the transitions it wrote.
 */
export async function applyCampaignStates(
  db: Database,
  now: Date,
  options: { campaignIds?: number[]; actor?: AuditEntry['actor']; requestId?: string | null } = {},
): Promise<Transition[]> {
  const today = istDate(now)
  const filters = [
    isNull(campaigns.deletedAt),
    eq(campaigns.submission, 'SUBMITTED'),
    eq(campaigns.status, CampaignStatus.Active),
    inArray(campaigns.state, ENGINE_STATES),
  ]
  if (options.campaignIds) {
    if (options.campaignIds.length === 0) return []
    filters.push(inArray(campaigns.id, options.campaignIds))
  }
  // Lifetime spend from the per-campaign totals (decision 013); today's from the current IST day's facts.
  const todaySpend = db.$with('today_spend').as(
    db
      .select({
        campaignId: performanceDaily.campaignId,
        spend: sql<string>`sum(${performanceDaily.spend})`.as('today_spend'),
      })
      .from(performanceDaily)
      .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
      .where(and(eq(performanceDaily.day, today), ...filters))
      .groupBy(performanceDaily.campaignId),
  )
  const candidates = await db
    .with(todaySpend)
    .select({
      // What the state rule reads, not the whole row: this runs every minute over every engine-managed
      // campaign (10,000 of one advertiser on the bench data).
      campaign: {
        id: campaigns.id,
        sellerId: campaigns.sellerId,
        state: campaigns.state,
        status: campaigns.status,
        campaignClass: campaigns.campaignClass,
        startTime: campaigns.startTime,
        expireTime: campaigns.expireTime,
        budgetDailyLimit: campaigns.budgetDailyLimit,
        budgetTotalLimit: campaigns.budgetTotalLimit,
      },
      lifetime: sql<string>`coalesce(${campaignSpend.spend}, 0)`,
      today: sql<string>`coalesce(${todaySpend.spend}, 0)`,
    })
    .from(campaigns)
    .leftJoin(campaignSpend, eq(campaignSpend.campaignId, campaigns.id))
    .leftJoin(todaySpend, eq(todaySpend.campaignId, campaigns.id))
    .where(and(...filters))

  // Every advertiser's credit in one statement: one at a time, each waited its turn behind the requests'
  // on a busy embedded database (up to 24 s a run under the bench's 200 connections).
  const available = await availableCreditsOf(
    db,
    candidates.map((c) => c.campaign.sellerId),
    now,
  )
  const credit = new Map([...available].map(([sellerId, paise]) => [sellerId, creditsEnabled(paise)]))

  const transitions: Transition[] = []
  for (const { campaign, lifetime, today: todaySpend } of candidates) {
    const next = nextCampaignState(
      {
        state: campaign.state,
        status: campaign.status,
        campaignClass: campaign.campaignClass,
        startTime: campaign.startTime,
        expireTime: campaign.expireTime,
        budgetDailyLimit: campaign.budgetDailyLimit,
        budgetTotalLimit: campaign.budgetTotalLimit,
        todaySpend: Number(todaySpend),
        lifetimeSpend: Number(lifetime),
        creditsAvailable: credit.get(campaign.sellerId) ?? false,
      },
      now,
    )
    if (!next) continue
    const from = { state: campaign.state, status: campaign.status }
    await db.transaction(async (tx) => {
      // Only if nobody changed it meanwhile (a pause between our read and this write wins).
      const [updated] = await tx
        .update(campaigns)
        .set({ state: next.state, status: next.status, updatedAt: now })
        .where(
          and(
            eq(campaigns.id, campaign.id),
            eq(campaigns.status, campaign.status),
            campaign.state === null ? isNull(campaigns.state) : eq(campaigns.state, campaign.state),
          ),
        )
        .returning({ id: campaigns.id })
      if (!updated) return
      await audit(tx, {
        action: 'CAMPAIGN_STATE_CHANGED',
        entityType: 'campaign',
        entityId: campaign.id,
        before: from,
        after: { state: next.state, status: next.status, reason: next.reason },
        actor: options.actor ?? null,
        requestId: options.requestId ?? null,
        at: now,
      })
      transitions.push({ campaignId: campaign.id, from, ...next })
    })
  }
  return transitions
}

export const campaignStates: JobDefinition = {
  name: 'campaign-states',
  cron: '* * * * *',
  retry: RETRY_EVERY_MINUTE,
  async run(deps) {
    const transitions = await applyCampaignStates(deps.database.db, deps.now())
    return { transitions: transitions.length }
  },
}
