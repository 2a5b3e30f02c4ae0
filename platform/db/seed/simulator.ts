// A small ad-delivery simulator. For each day a campaign could run it draws impressions, clicks,
// orders and sales per target (keyword or product), charges clicks at the bid, and stops delivery
// as soon as the day's budget or the remaining lifetime budget is used up. The last click of a
// capped day is charged only what is left, so a limit is reached exactly and never exceeded.
import { Random } from './random'

export interface SimTarget {
  adGroupId: number
  /** Keyword targets: the keyword, productId 0. Product/category targets: '' and the product. */
  keyword: string
  productId: number
  /** Cost of one click, paise. */
  bid: number
  baseImpressions: number
  ctr: number
  conversion: number
  /** Effective prices (paise) of the ad group's products: an order is worth one of them. */
  prices: number[]
  /** Last day this target delivered (ad group deleted after it), or null. */
  lastDay: string | null
}

export interface SimRow {
  day: string
  target: number
  impressions: number
  clicks: number
  spend: number
  orders: number
  sales: number
}

export interface DemandOptions {
  seed: number
  label: string
  targets: SimTarget[]
  days: string[]
  today: string
  /** Share of today already delivered (today's rows are partial). */
  todayFraction: number
  intensity: number
}

function weekdayFactor(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday === 0 || weekday === 6 ? 1.2 : 1
}

/**
 * Uncapped demand: what the targets would buy if budgets were unlimited. The number of random
 * draws does not depend on `intensity`, so scaling demand keeps the same shape.
 */
export function simulateDemand(o: DemandOptions): SimRow[][] {
  const rng = Random.derived(o.seed, `demand:${o.label}`)
  return o.days.map((day) => {
    const dayFactor = weekdayFactor(day) * (day === o.today ? o.todayFraction : 1)
    const rows: SimRow[] = []
    o.targets.forEach((t, target) => {
      const noise = rng.float(0.7, 1.3)
      const ctrNoise = rng.float(0.8, 1.2)
      const orderNoise = rng.float(0.5, 1.5)
      const roundNoise = rng.next()
      const price = rng.pick(t.prices)
      if (t.lastDay !== null && day > t.lastDay) return
      const impressions = Math.round(t.baseImpressions * o.intensity * dayFactor * noise)
      if (impressions <= 0) return
      const clicks = Math.min(impressions, Math.round(impressions * t.ctr * ctrNoise))
      const orders = Math.min(
        clicks,
        Math.max(0, Math.floor(clicks * t.conversion * orderNoise + roundNoise)),
      )
      rows.push({ day, target, impressions, clicks, spend: clicks * t.bid, orders, sales: orders * price })
    })
    return rows
  })
}

export const daySpend = (rows: SimRow[]) => rows.reduce((sum, r) => sum + r.spend, 0)

/** Shrinks a row to `clicks` clicks charged `spend`, keeping impressions and orders in proportion. */
function shrink(row: SimRow, clicks: number, spend: number): SimRow {
  const ratio = row.clicks === 0 ? 0 : clicks / row.clicks
  const orders = Math.min(clicks, Math.floor(row.orders * ratio))
  return {
    ...row,
    clicks,
    spend,
    impressions: Math.max(clicks, Math.round(row.impressions * ratio)),
    orders,
    sales: row.orders === 0 ? 0 : Math.round((row.sales / row.orders) * orders),
  }
}

/**
 * Applies the daily limit (-1: none) and the lifetime limit (null: none) day by day. Within a day
 * that hits a limit, targets are served in a random order until the money runs out.
 */
export function applyBudgets(
  demand: SimRow[][],
  targets: SimTarget[],
  budget: { daily: number; total: number | null },
  rng: Random,
): SimRow[][] {
  let spent = 0
  return demand.map((rows) => {
    let cap = Number.POSITIVE_INFINITY
    if (budget.daily > 0) cap = budget.daily
    if (budget.total !== null) cap = Math.min(cap, budget.total - spent)
    if (cap <= 0) return []
    const want = daySpend(rows)
    if (want <= cap) {
      spent += want
      return rows
    }
    let remaining = cap
    const out: SimRow[] = []
    for (const row of rng.shuffle(rows)) {
      if (remaining <= 0) break
      if (row.spend <= remaining) {
        out.push(row)
        remaining -= row.spend
        continue
      }
      const bid = targets[row.target]!.bid
      const fullClicks = Math.floor(remaining / bid)
      const clicks = fullClicks + (remaining - fullClicks * bid > 0 ? 1 : 0)
      out.push(shrink(row, clicks, remaining))
      remaining = 0
    }
    spent += cap - remaining
    out.sort((a, b) => a.target - b.target)
    return out
  })
}

/** Privilege campaigns pay a fixed cost per day (cpd), shared across the day's rows by impressions. */
export function applyCostPerDay(
  demand: SimRow[][],
  cpd: number,
  today: string,
  todayFraction: number,
): SimRow[][] {
  return demand.map((rows) => {
    if (rows.length === 0) return rows
    const dayCost = Math.round(cpd * (rows[0]!.day === today ? todayFraction : 1))
    const impressions = rows.reduce((sum, r) => sum + r.impressions, 0)
    let given = 0
    const out = rows.map((r) => {
      const share = Math.floor((dayCost * r.impressions) / impressions)
      given += share
      return { ...r, spend: share }
    })
    const largest = out.reduce((best, r, i) => (r.impressions > out[best]!.impressions ? i : best), 0)
    out[largest]!.spend += dayCost - given
    return out
  })
}
