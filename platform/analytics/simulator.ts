// The delivery simulator (issue 12, docs/decisions/039): plays searches and product-page views hour by
// hour against the running campaigns, picks winners by bid, charges clicks within the daily budget (paced),
// the total budget and the advertiser's available credit, and writes what it delivered as hourly facts
// through ingestFacts (source SIMULATOR), the same path as the ad server's rows. Deterministic for a seed
// and a database state. Used by `npm run simulate` and the demo-mode job (platform/jobs/delivery-simulation.ts).
//
// The model, in short:
// - Searches: every keyword of a running keyword target is a query; its volume per day is drawn once per
//   query (40–600), spread over the IST hours by a day curve, ±30 % noise per hour, +20 % at weekends.
//   A target matches a query by its match type (exact: the same words; phrase: the keyword's words in a
//   row inside the query; broad: all the keyword's words anywhere in it). Each search shows up to four
//   ads, one per campaign, highest bid first; a click is charged the bid (first price).
// - Product-page views: every product of a running product or category target has 30–300 views a day;
//   each view shows up to two ads (the targets on that product), highest bid (the campaign's CPC) first.
// - Click-through 0.6–3.2 % (lower in lower slots), conversion 2–10 %, 1–2 units an order at the
//   product's effective price: the seed simulator's ranges (platform/db/seed/simulator.ts), so simulated
//   days look like the seeded history.
// - Privilege campaigns pay their cost per day (cpd), spread evenly over the hours they were shown in.
// - Limits: a campaign is served while min(daily left, paced share left, total left, advertiser credit
//   left) is above zero; the click that crosses a limit is charged only what is left. asap and
//   frontloaded spend as demand comes; evenly and manual may spend by the end of IST hour h at most
//   (h + 1)/24 of the daily budget.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
  adGroupProducts,
  adGroups,
  campaignSpend,
  campaigns,
  keywordTargets,
  performanceDaily,
  products,
} from '../db/schema'
import { Random } from '../db/seed/random'
import { applyCampaignStates } from '../jobs/campaign-states'
import { availableCreditsOf } from '../payments/credits'
import { CampaignState, CampaignStatus, MatchType } from '../rules/campaigns'
import { addDays, IST_OFFSET_MS, istDate, istStartOfDay } from '../rules/time'
import { type FactInput, FactsRefused, ingestFacts, paiseToRupees } from './facts'

export const SIMULATOR_SEED = 20_261_123
const HOUR_MS = 3_600_000
const SEARCH_SLOTS = 4
const PRODUCT_PAGE_SLOTS = 2
const SLOT_CTR = [1, 0.7, 0.5, 0.4]
/** Relative search and browsing volume by IST hour (mean 1). */
const HOUR_CURVE = (() => {
  const raw = [
    0.3, 0.2, 0.15, 0.1, 0.1, 0.2, 0.4, 0.7, 0.9, 1.1, 1.2, 1.3, 1.3, 1.2, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.7,
    1.5, 1, 0.6,
  ]
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length
  return raw.map((v) => v / mean)
})()

type SimCampaign = {
  id: number
  sellerId: number
  privilege: boolean
  startTime: number
  expireTime: number | null
  daily: number
  total: number | null
  evenPacing: boolean
  cpc: number
  cpd: number
  /** Spend of the current IST day and lifetime, paise (grow as the simulation charges). */
  todaySpend: number
  lifetime: number
  /** The current hour's pacing allowance (Infinity without a daily budget or for asap). */
  hourCap: number
  hourSpent: number
}

type SimTarget = {
  campaign: SimCampaign
  adGroupId: number
  keyword: string
  productId: number
  matchType: number
  bid: number
  ctr: number
  conversion: number
  prices: number[]
  order: number
}

type Cell = {
  impressions: number
  clicks: number
  spend: number
  orders: number
  units: number
  sales: number
}

export type SimulationSummary = {
  hours: number
  /** Fact rows written (hourly rows, and the seeded figures carried as whole-day rows). */
  rows: number
  searches: number
  productViews: number
  impressions: number
  clicks: number
  /** Paise. */
  spend: number
  /** State changes the campaign state engine made before and after each day played. */
  transitions: number
}

export type SimulateOptions = {
  /** Play the IST hours that start at or after this instant (rounded down to the hour)… */
  from: Date
  /** …and end at or before this one. */
  to: Date
  seed?: number
  /** Run the campaign state engine before and after each day (default true). */
  applyStates?: boolean
}

/** The first instant of the IST hour that contains `at`. */
export function istHourStart(at: Date): Date {
  const local = at.getTime() + IST_OFFSET_MS
  return new Date(local - (((local % HOUR_MS) + HOUR_MS) % HOUR_MS) - IST_OFFSET_MS)
}

const istHour = (at: Date) =>
  Math.floor(((((at.getTime() + IST_OFFSET_MS) % 86_400_000) + 86_400_000) % 86_400_000) / HOUR_MS)

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean)

/** Does a keyword target with this match type show for this query? */
export function keywordMatches(keyword: string, matchType: number, query: string): boolean {
  const k = words(keyword)
  const q = words(query)
  if (k.length === 0) return false
  if (matchType === MatchType.Exact) return k.join(' ') === q.join(' ')
  if (matchType === MatchType.Phrase) return ` ${q.join(' ')} `.includes(` ${k.join(' ')} `)
  return k.every((w) => q.includes(w))
}

/** Plays the hours in [from, to) day by day; returns what it delivered. */
export async function simulateDelivery(db: Database, options: SimulateOptions): Promise<SimulationSummary> {
  const seed = options.seed ?? SIMULATOR_SEED
  const summary: SimulationSummary = {
    hours: 0,
    rows: 0,
    searches: 0,
    productViews: 0,
    impressions: 0,
    clicks: 0,
    spend: 0,
    transitions: 0,
  }
  let hour = istHourStart(options.from)
  if (hour.getTime() < options.from.getTime()) hour = new Date(hour.getTime() + HOUR_MS)
  while (hour.getTime() + HOUR_MS <= options.to.getTime()) {
    const day = istDate(hour)
    const dayEnd = istStartOfDay(addDays(day, 1)).getTime()
    const hours: Date[] = []
    for (let at = hour.getTime(); at + HOUR_MS <= Math.min(dayEnd, options.to.getTime()); at += HOUR_MS) {
      hours.push(new Date(at))
    }
    await playDay(db, day, hours, seed, options.applyStates ?? true, summary)
    hour = new Date(hours.at(-1)!.getTime() + HOUR_MS)
  }
  return summary
}

async function playDay(
  db: Database,
  day: string,
  hours: Date[],
  seed: number,
  applyStates: boolean,
  summary: SimulationSummary,
) {
  const start = hours[0]!
  const end = new Date(hours.at(-1)!.getTime() + HOUR_MS)
  if (applyStates) summary.transitions += (await applyCampaignStates(db, start)).length

  const running = await db
    .select({
      id: campaigns.id,
      sellerId: campaigns.sellerId,
      campaignClass: campaigns.campaignClass,
      startTime: campaigns.startTime,
      expireTime: campaigns.expireTime,
      daily: campaigns.budgetDailyLimit,
      total: campaigns.budgetTotalLimit,
      pacing: campaigns.budgetPacing,
      cpm: campaigns.cpm,
      cpd: campaigns.cpd,
      lifetime: sql<string>`coalesce(${campaignSpend.spend}, 0)`,
      today: sql<string>`coalesce((select sum(${performanceDaily.spend}) from ${performanceDaily}
        where ${performanceDaily.campaignId} = ${campaigns.id} and ${performanceDaily.day} = ${day}), 0)`,
    })
    .from(campaigns)
    .leftJoin(campaignSpend, eq(campaignSpend.campaignId, campaigns.id))
    .where(
      and(
        isNull(campaigns.deletedAt),
        eq(campaigns.submission, 'SUBMITTED'),
        eq(campaigns.state, CampaignState.Running),
        eq(campaigns.status, CampaignStatus.Active),
        sql`${campaigns.startTime} < ${end}`,
        sql`(${campaigns.expireTime} is null or ${campaigns.expireTime} >= ${start})`,
      ),
    )
    .orderBy(campaigns.id)
  summary.hours += hours.length
  if (running.length === 0) {
    if (applyStates)
      summary.transitions += (await applyCampaignStates(db, new Date(end.getTime() - 1))).length
    return
  }

  const simCampaigns = new Map<number, SimCampaign>()
  for (const c of running) {
    simCampaigns.set(c.id, {
      id: c.id,
      sellerId: c.sellerId,
      privilege: c.campaignClass === 'Privilege',
      startTime: c.startTime.getTime(),
      expireTime: c.expireTime?.getTime() ?? null,
      daily: c.daily,
      total: c.total,
      evenPacing: c.pacing === 3 || c.pacing === 4,
      cpc: c.cpm ?? 0,
      cpd: c.cpd ?? 0,
      todaySpend: Number(c.today),
      lifetime: Number(c.lifetime),
      hourCap: Number.POSITIVE_INFINITY,
      hourSpent: 0,
    })
  }
  const credit = await availableCreditsOf(
    db,
    running.map((c) => c.sellerId),
    start,
  )

  // Targets of live, processed ad groups.
  const ids = [...simCampaigns.keys()]
  const groups = await db
    .select({ id: adGroups.id, campaignId: adGroups.campaignId })
    .from(adGroups)
    .where(and(inArray(adGroups.campaignId, ids), eq(adGroups.state, 1), eq(adGroups.processingStatus, 2)))
  const groupIds = groups.map((g) => g.id)
  const groupCampaign = new Map(groups.map((g) => [g.id, simCampaigns.get(g.campaignId)!]))
  const keywordRows = groupIds.length
    ? await db
        .select({
          id: keywordTargets.id,
          adGroupId: keywordTargets.adGroupId,
          keyword: keywordTargets.keyword,
          matchType: keywordTargets.matchType,
          bid: keywordTargets.bidPrice,
        })
        .from(keywordTargets)
        .where(inArray(keywordTargets.adGroupId, groupIds))
        .orderBy(keywordTargets.id)
    : []
  const productRows = groupIds.length
    ? await db
        .select({
          adGroupId: adGroupProducts.adGroupId,
          productId: adGroupProducts.productId,
          price: products.effectivePrice,
          inStock: products.inStock,
        })
        .from(adGroupProducts)
        .innerJoin(products, eq(products.productId, adGroupProducts.productId))
        .where(inArray(adGroupProducts.adGroupId, groupIds))
        .orderBy(adGroupProducts.adGroupId, adGroupProducts.productId)
    : []
  const groupPrices = new Map<number, number[]>()
  for (const p of productRows)
    groupPrices.set(p.adGroupId, [...(groupPrices.get(p.adGroupId) ?? []), p.price])

  const targetRng = (label: string) => Random.derived(seed, `target:${label}`)
  const targets: SimTarget[] = []
  const keywordCampaigns = new Set<number>()
  for (const k of keywordRows) {
    const campaign = groupCampaign.get(k.adGroupId)!
    keywordCampaigns.add(campaign.id)
    const rng = targetRng(`k${k.id}`)
    targets.push({
      campaign,
      adGroupId: k.adGroupId,
      keyword: k.keyword,
      productId: 0,
      matchType: k.matchType,
      bid: campaign.privilege ? campaign.cpc : k.bid,
      ctr: rng.float(0.006, 0.032),
      conversion: rng.float(0.02, 0.1),
      prices: groupPrices.get(k.adGroupId) ?? [],
      order: targets.length,
    })
  }
  for (const p of productRows) {
    const campaign = groupCampaign.get(p.adGroupId)!
    // Keyword campaigns advertise their products on searches, not on product pages.
    if (keywordCampaigns.has(campaign.id) || !p.inStock) continue
    const rng = targetRng(`p${p.adGroupId}:${p.productId}`)
    targets.push({
      campaign,
      adGroupId: p.adGroupId,
      keyword: '',
      productId: p.productId,
      matchType: -1,
      bid: campaign.cpc,
      ctr: rng.float(0.006, 0.032),
      conversion: rng.float(0.02, 0.1),
      prices: [p.price],
      order: targets.length,
    })
  }
  const byBid = (a: SimTarget, b: SimTarget) => b.bid - a.bid || a.order - b.order

  // Queries and the targets each one can show (highest bid first); product pages likewise.
  const keywordTargetsList = targets.filter((t) => t.keyword)
  const queries = [...new Set(keywordTargetsList.map((t) => words(t.keyword).join(' ')))].sort()
  const queryPlan = queries.map((query) => ({
    query,
    daily: Random.derived(seed, `query:${query}`).int(40, 600),
    candidates: keywordTargetsList.filter((t) => keywordMatches(t.keyword, t.matchType, query)).sort(byBid),
  }))
  const pagePlan = [...new Set(targets.filter((t) => !t.keyword).map((t) => t.productId))]
    .sort((a, b) => a - b)
    .map((productId) => ({
      productId,
      daily: Random.derived(seed, `page:${productId}`).int(30, 300),
      candidates: targets.filter((t) => !t.keyword && t.productId === productId).sort(byBid),
    }))

  const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 1.2 : 1
  const cells = new Map<string, Cell>()
  const cellOf = (t: SimTarget, placement: 'SEARCH' | 'PRODUCT_PAGE', h: number) => {
    const key = `${h}|${t.campaign.id}|${t.adGroupId}|${t.keyword}|${t.productId}|${placement}`
    let cell = cells.get(key)
    if (!cell) {
      cell = { impressions: 0, clicks: 0, spend: 0, orders: 0, units: 0, sales: 0 }
      cells.set(key, cell)
    }
    return cell
  }

  /** What the campaign may still be charged this hour, paise. */
  const left = (c: SimCampaign) => {
    let room = c.hourCap - c.hourSpent
    if (c.daily >= 0) room = Math.min(room, c.daily - c.todaySpend)
    if (c.total !== null) room = Math.min(room, c.total - c.lifetime)
    return Math.min(room, credit.get(c.sellerId) ?? 0)
  }
  const charge = (c: SimCampaign, amount: number) => {
    const charged = Math.max(0, Math.min(amount, left(c)))
    c.hourSpent += charged
    c.todaySpend += charged
    c.lifetime += charged
    credit.set(c.sellerId, (credit.get(c.sellerId) ?? 0) - charged)
    summary.spend += charged
    return charged
  }

  for (const hourStart of hours) {
    const h = istHour(hourStart)
    const hourEnd = hourStart.getTime() + HOUR_MS
    const rng = Random.derived(seed, `hour:${day}:${h}`)
    const live = (c: SimCampaign) =>
      c.startTime < hourEnd && (c.expireTime === null || c.expireTime >= hourStart.getTime())
    for (const c of simCampaigns.values()) {
      c.hourSpent = 0
      c.hourCap =
        c.evenPacing && c.daily > 0
          ? Math.floor((c.daily * (h + 1)) / 24) - c.todaySpend
          : Number.POSITIVE_INFINITY
    }
    const shownPrivilege = new Map<SimCampaign, SimTarget>()
    const serve = (candidates: SimTarget[], slots: number, placement: 'SEARCH' | 'PRODUCT_PAGE') => {
      const shown: SimCampaign[] = []
      for (const t of candidates) {
        if (shown.length === slots) break
        const c = t.campaign
        if (shown.includes(c) || !live(c) || left(c) <= 0) continue
        const slot = shown.length
        shown.push(c)
        const cell = cellOf(t, placement, h)
        cell.impressions += 1
        summary.impressions += 1
        if (c.privilege && !shownPrivilege.has(c)) shownPrivilege.set(c, t)
        if (rng.next() >= t.ctr * SLOT_CTR[slot]!) continue
        // Privilege campaigns pay per day, not per click.
        if (!c.privilege) {
          const charged = charge(c, t.bid)
          if (charged === 0) {
            cell.impressions -= 1
            summary.impressions -= 1
            continue
          }
          cell.spend += charged
        }
        cell.clicks += 1
        summary.clicks += 1
        if (t.prices.length > 0 && rng.next() < t.conversion) {
          const units = rng.chance(0.2) ? 2 : 1
          cell.orders += 1
          cell.units += units
          cell.sales += rng.pick(t.prices) * units
        }
      }
    }
    for (const plan of queryPlan) {
      const searches = Math.round((plan.daily / 24) * HOUR_CURVE[h]! * weekend * rng.float(0.7, 1.3))
      summary.searches += searches
      for (let i = 0; i < searches; i++) serve(plan.candidates, SEARCH_SLOTS, 'SEARCH')
    }
    for (const plan of pagePlan) {
      const views = Math.round((plan.daily / 24) * HOUR_CURVE[h]! * weekend * rng.float(0.7, 1.3))
      summary.productViews += views
      for (let i = 0; i < views; i++) serve(plan.candidates, PRODUCT_PAGE_SLOTS, 'PRODUCT_PAGE')
    }
    // Privilege: this hour's share of the day's cost, on the row where the campaign was first shown.
    for (const [c, t] of shownPrivilege) {
      const share = Math.floor((c.cpd * (h + 1)) / 24) - Math.floor((c.cpd * h) / 24)
      const charged = charge(c, share)
      const placement = t.keyword ? 'SEARCH' : 'PRODUCT_PAGE'
      cellOf(t, placement, h).spend += charged
    }
  }

  const rows: FactInput[] = []
  for (const [key, cell] of cells) {
    if (cell.impressions === 0) continue
    const [h, campaignId, adGroupId, keyword, productId, placement] = key.split('|')
    rows.push(
      factRow(
        day,
        Number(h),
        Number(campaignId),
        Number(adGroupId),
        keyword!,
        Number(productId),
        placement!,
        cell,
      ),
    )
  }
  if (rows.length > 0) {
    // The day's figures loaded before the simulator played it (the demo seed writes the rollup, not
    // facts): kept as whole-day facts, else the recompute from facts would drop them.
    const delivered = [...new Set(rows.map((r) => Number(r.campaign_id)))]
    const seeded = await db.execute(sql`
      select d.campaign_id, d.ad_group_id, d.keyword, d.product_id, d.placement,
        d.impressions, d.clicks, d.spend, d.orders, d.units, d.sales
      from performance_daily d
      where d.day = ${day} and d.campaign_id in (${sql.join(
        delivered.map((id) => sql`${id}`),
        sql`, `,
      )})
        and not exists (select 1 from performance_facts f
          where f.campaign_id = d.campaign_id and f.day = d.day and f.ad_group_id = d.ad_group_id
            and f.keyword = d.keyword and f.product_id = d.product_id and f.placement = d.placement)`)
    const carried = rows.length
    for (const r of (seeded as unknown as { rows: Record<string, string | number>[] }).rows ?? []) {
      rows.push(
        factRow(
          day,
          -1,
          Number(r.campaign_id),
          Number(r.ad_group_id),
          String(r.keyword),
          Number(r.product_id),
          String(r.placement),
          {
            impressions: Number(r.impressions),
            clicks: Number(r.clicks),
            spend: Number(r.spend),
            orders: Number(r.orders),
            units: Number(r.units),
            sales: Number(r.sales),
          },
        ),
      )
    }
    summary.rows += await ingestWithoutStaleCarry(db, rows, carried, end)
  }
  // Just before the hour after: a campaign that reached its daily limit shows it until the day ends.
  if (applyStates) summary.transitions += (await applyCampaignStates(db, new Date(end.getTime() - 1))).length
}

/**
 * Ingests the day's rows. A carried-over rollup row whose target is gone (a keyword removed from its ad
 * group since) is refused by the ingest's checks: it is left out (its rollup row then stays as it is,
 * no new facts having its keys) and the rest is sent again. Returns the rows written.
 */
async function ingestWithoutStaleCarry(db: Database, rows: FactInput[], firstCarried: number, now: Date) {
  try {
    await ingestFacts(db, rows, { now, source: 'SIMULATOR' })
    return rows.length
  } catch (error) {
    if (!(error instanceof FactsRefused) || error.errorCount > error.rowErrors.length) throw error
    const refused = new Set(error.rowErrors.map((e) => e.row - 1))
    if ([...refused].some((index) => index < firstCarried)) throw error
    const kept = rows.filter((_, index) => !refused.has(index))
    await ingestFacts(db, kept, { now, source: 'SIMULATOR' })
    return kept.length
  }
}

function factRow(
  day: string,
  hour: number,
  campaignId: number,
  adGroupId: number,
  keyword: string,
  productId: number,
  placement: string,
  cell: Cell,
): FactInput {
  return {
    date: day,
    hour: hour < 0 ? '' : hour,
    campaign_id: campaignId,
    ad_group_id: adGroupId,
    keyword,
    product_id: keyword ? '' : productId,
    placement,
    impressions: cell.impressions,
    clicks: cell.clicks,
    spend: paiseToRupees(cell.spend),
    orders: cell.orders,
    units: cell.units,
    sales: paiseToRupees(cell.sales),
  }
}
