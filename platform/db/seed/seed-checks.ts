// What the demo seed must satisfy, shared by the seed tests: every table loaded in a stable order,
// a checksum of the generated campaigns and facts, and the budget, delivery and credit rules.
import { createHash } from 'node:crypto'
import { asc } from 'drizzle-orm'
import type { Database } from '../client'
import * as schema from '../schema'
import { addDays, istDate } from '../../rules/time'
import { CampaignState, HISTORY_DAYS, NO_CREDIT_SELLER_ID } from '.'

export async function loadAll(db: Database) {
  return {
    accounts: await db.select().from(schema.accounts),
    users: await db.select().from(schema.users),
    products: await db.select().from(schema.products),
    productSellers: await db.select().from(schema.productSellers),
    productKeywords: await db.select().from(schema.productKeywords),
    campaigns: await db.select().from(schema.campaigns).orderBy(asc(schema.campaigns.id)),
    campaignPincodes: await db.select().from(schema.campaignPincodes),
    adGroups: await db.select().from(schema.adGroups),
    adGroupProducts: await db.select().from(schema.adGroupProducts),
    keywordTargets: await db.select().from(schema.keywordTargets),
    performance: await db
      .select()
      .from(schema.performanceDaily)
      .orderBy(
        asc(schema.performanceDaily.campaignId),
        asc(schema.performanceDaily.day),
        asc(schema.performanceDaily.adGroupId),
        asc(schema.performanceDaily.keyword),
        asc(schema.performanceDaily.productId),
      ),
    creditLimits: await db.select().from(schema.creditLimits),
    payments: await db.select().from(schema.payments),
    promoCredits: await db.select().from(schema.promoCredits),
  }
}
export type Data = Awaited<ReturnType<typeof loadAll>>

export function checksum(data: Data) {
  return createHash('sha256')
    .update(JSON.stringify(data.campaigns))
    .update(JSON.stringify(data.adGroups))
    .update(JSON.stringify(data.keywordTargets))
    .update(JSON.stringify(data.performance))
    .digest('hex')
}

export function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const row of rows) {
    const list = map.get(key(row)) ?? []
    list.push(row)
    map.set(key(row), list)
  }
  return map
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** Every budget, delivery and credit rule; returns the broken ones (empty when all hold). */
export function budgetViolations(data: Data, now: Date): string[] {
  const problems: string[] = []
  const today = istDate(now)
  const windowStart = addDays(today, -HISTORY_DAYS)
  const perfByCampaign = groupBy(data.performance, (r) => r.campaignId)
  const groupsById = new Map(data.adGroups.map((g) => [g.id, g]))
  const targetsByGroup = groupBy(data.keywordTargets, (t) => t.adGroupId)
  const productsByGroup = groupBy(data.adGroupProducts, (p) => p.adGroupId)
  const spendByAdvertiser = new Map<number, number>()

  for (const c of data.campaigns) {
    const rows = perfByCampaign.get(c.id) ?? []
    const lifetime = sum(rows.map((r) => r.spend))
    spendByAdvertiser.set(c.sellerId, (spendByAdvertiser.get(c.sellerId) ?? 0) + lifetime)
    const byDay = groupBy(rows, (r) => r.day)
    const startDay = istDate(c.startTime)
    const endDay = c.expireTime ? istDate(c.expireTime) : null
    if (c.state === null || c.state === CampaignState.ScheduledPaused || c.submission === 'DRAFT') {
      if (rows.length > 0) problems.push(`campaign ${c.id} in state ${c.state} has delivery`)
    }
    for (const r of rows) {
      if (r.day < windowStart || r.day > today)
        problems.push(`campaign ${c.id} row outside the window ${r.day}`)
      if (r.day < startDay || (endDay && r.day > endDay))
        problems.push(`campaign ${c.id} delivered outside its dates`)
      if (r.clicks > r.impressions || r.orders > r.clicks)
        problems.push(`campaign ${c.id} funnel broken on ${r.day}`)
      if (r.spend < 0 || r.sales < 0) problems.push(`campaign ${c.id} negative money`)
      const group = groupsById.get(r.adGroupId)
      if (!group || group.campaignId !== c.id) problems.push(`campaign ${c.id} row for a foreign ad group`)
      if (c.targetingType === 'Keyword') {
        const target = targetsByGroup.get(r.adGroupId)?.find((t) => t.keyword === r.keyword)
        if (r.productId !== 0 || !target)
          problems.push(`campaign ${c.id} keyword row not a target: ${r.keyword}`)
        else if (!c.isPrivileged && r.spend > r.clicks * target.bidPrice)
          problems.push(`campaign ${c.id} overcharged`)
      } else {
        const listed = productsByGroup.get(r.adGroupId)?.some((p) => p.productId === r.productId)
        if (r.keyword !== '' || !listed) problems.push(`campaign ${c.id} product row not in its ad group`)
        if (!c.isPrivileged && r.spend > r.clicks * (c.cpm ?? 0))
          problems.push(`campaign ${c.id} overcharged`)
      }
    }
    if (c.campaignClass === 'Sponsored') {
      if (c.budgetTotalLimit === null) problems.push(`sponsored campaign ${c.id} without total budget`)
      else if (lifetime > c.budgetTotalLimit) problems.push(`campaign ${c.id} overspent its total budget`)
      if (c.budgetDailyLimit > 0) {
        for (const [day, dayRows] of byDay) {
          if (sum(dayRows.map((r) => r.spend)) > c.budgetDailyLimit)
            problems.push(`campaign ${c.id} overspent on ${day}`)
        }
      }
      if (
        (c.state === CampaignState.TotalLimitReached ||
          c.state === CampaignState.TotalBudgetLimitReachedIcon) &&
        lifetime !== c.budgetTotalLimit
      ) {
        problems.push(`campaign ${c.id} in state ${c.state} spent ${lifetime} of ${c.budgetTotalLimit}`)
      }
      if (
        c.state === CampaignState.DailyLimitReached ||
        c.state === CampaignState.DailyBudgetLimitReachedIcon
      ) {
        const todaySpend = sum((byDay.get(today) ?? []).map((r) => r.spend))
        if (c.budgetDailyLimit <= 0 || todaySpend !== c.budgetDailyLimit) {
          problems.push(
            `campaign ${c.id} in state ${c.state} spent ${todaySpend} today of ${c.budgetDailyLimit}`,
          )
        }
        if (c.budgetTotalLimit !== null && lifetime >= c.budgetTotalLimit)
          problems.push(`campaign ${c.id} also hit total`)
      }
      if (c.state === CampaignState.Running) {
        const todaySpend = sum((byDay.get(today) ?? []).map((r) => r.spend))
        if (c.budgetDailyLimit > 0 && todaySpend >= c.budgetDailyLimit)
          problems.push(`running campaign ${c.id} at daily limit`)
        if (c.budgetTotalLimit !== null && lifetime >= c.budgetTotalLimit)
          problems.push(`running campaign ${c.id} at total`)
      }
    }
    if (c.state === CampaignState.Paused) {
      const pausedDay = istDate(c.updatedAt!)
      if (rows.some((r) => r.day > pausedDay))
        problems.push(`paused campaign ${c.id} delivered after its pause`)
    }
    if (rows.length > 0) {
      const ctr = sum(rows.map((r) => r.clicks)) / sum(rows.map((r) => r.impressions))
      if (ctr < 0.004 || ctr > 0.045) problems.push(`campaign ${c.id} CTR ${ctr}`)
    }
  }

  // Available credit = newest credit limit + promo credits + payments − spend.
  const limits = groupBy(data.creditLimits, (l) => l.sellerId)
  for (const account of data.accounts) {
    const newest = [...(limits.get(account.id) ?? [])].sort(
      (a, b) => b.effectiveFrom!.getTime() - a.effectiveFrom!.getTime(),
    )[0]
    const available =
      (newest?.creditLimit ?? 0) +
      sum(data.promoCredits.filter((p) => p.sellerId === account.id).map((p) => p.amount)) +
      sum(data.payments.filter((p) => p.sellerId === account.id).map((p) => p.amount)) -
      (spendByAdvertiser.get(account.id) ?? 0)
    if (account.id === NO_CREDIT_SELLER_ID) {
      if (available !== 0) problems.push(`no-credit seller has ${available} available`)
      if ((spendByAdvertiser.get(account.id) ?? 0) === 0) problems.push('no-credit seller never spent')
    } else if (available < 0) {
      problems.push(`advertiser ${account.id} has ${available} available`)
    }
  }
  return problems
}
