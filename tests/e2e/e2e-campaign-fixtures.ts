// The campaigns each e2e advertiser starts with. Plain data: the setup inserts it and the tests
// derive what the screen should show from it.
import { readFileSync } from 'node:fs'
import { daysBetween, istDate } from '../../platform/rules/time'
import { SEED_DAY_FILE } from './paths'

export type FixtureCampaign = {
  name: string
  campaignClass?: 'Sponsored' | 'Privilege'
  state: number | null
  status?: number
  /** Start, in days from today (IST); negative = past. */
  startOffsetDays: number
  /** End, in days from today; null = Lifetime. */
  endOffsetDays: number | null
  budgetRupees: number | null
  /** Default: none (-1). */
  dailyBudgetRupees?: number
  facts?: { daysAgo: number; spendRupees: number; clicks: number; orders: number; salesRupees: number }[]
}

const running = (name: string, n: number, extra: Partial<FixtureCampaign> = {}): FixtureCampaign => ({
  name,
  state: 1,
  status: 1,
  startOffsetDays: -20,
  endOffsetDays: n % 3 === 0 ? null : 30 + n,
  budgetRupees: 1000 + n * 250,
  facts: [
    {
      daysAgo: 1,
      spendRupees: 100 + ((n * 37) % 23) * 10,
      clicks: 10 + n,
      orders: n % 4,
      salesRupees: 300 + n * 45,
    },
    { daysAgo: 10, spendRupees: 50 + n, clicks: 5, orders: 1, salesRupees: 120 },
  ],
  ...extra,
})

/** 23 campaigns: 3 pages of 10; every state; names to search and to test CSV formula neutralising. */
const LIST: FixtureCampaign[] = [
  running('Diwali Dhamaka Phones', 1),
  running('Diwali Lights Decor', 2),
  running('Pre Diwali Kitchen', 3),
  running('Monsoon Umbrellas', 4),
  running('Winter Jackets', 5),
  running('Summer Coolers', 6),
  running('=1+2 Formula Test', 7),
  running('@Mention Sale', 8),
  running('Back To School', 9, { state: 2, status: 0 }),
  running('Festive Footwear', 10, { state: 2, status: 0 }),
  running('Home Office Chairs', 11, { state: 2, status: 0 }),
  running('Gym Gear Week', 12, { state: 2, status: 0 }),
  running('Republic Day Sale', 13, { state: 6, startOffsetDays: 5, facts: [] }),
  running('Holi Colours', 14, { state: 6, startOffsetDays: 9, facts: [] }),
  running('Valentine Gifts', 15, { state: 6, startOffsetDays: 12, facts: [] }),
  running('Old Clearance', 16, { state: 7, startOffsetDays: -40, endOffsetDays: -2 }),
  running('Last Year Sale', 17, { state: 7, startOffsetDays: -60, endOffsetDays: -5 }),
  running('Expired Gadgets', 18, { state: 7, startOffsetDays: -50, endOffsetDays: -3 }),
  running('Daily Capped Toys', 19, { state: 8, status: 0 }),
  // Limit states consistent with their spend, so the state engine (running in the server) keeps them.
  running('Budget Spent Books', 20, { state: 9, status: 1, budgetRupees: 200 }),
  running('Daily Limit Bags', 21, {
    state: 4,
    dailyBudgetRupees: 40,
    facts: [{ daysAgo: 0, spendRupees: 45, clicks: 4, orders: 0, salesRupees: 0 }],
  }),
  running('Privilege Showcase', 22, { campaignClass: 'Privilege', budgetRupees: null }),
  running('Unknown State Pens', 23, { state: null, budgetRupees: null }),
]

/** One campaign per row action, so parallel tests never touch each other's campaign. */
const ACTIONS: FixtureCampaign[] = [
  running('Pause Me', 1),
  running('Play Me', 2, { state: 2, status: 0 }),
  running('Clone Me', 3),
  running('Delete Me', 4),
  running('Keep Me', 5),
]

export const ADVERTISER_FIXTURES = {
  list: { creditLimitRupees: 500_000, campaigns: LIST },
  actions: { creditLimitRupees: 500_000, campaigns: ACTIONS },
  /** The keyboard journey's own (keyboard.spec.ts): 12 campaigns, 2 pages of 10, to pause, play and delete. */
  keyboard: {
    creditLimitRupees: 500_000,
    campaigns: [
      running('Key Pause', 1),
      running('Key Play', 2, { state: 2, status: 0 }),
      running('Key Delete', 3),
      ...Array.from({ length: 9 }, (_, i) => running(`Key Keep ${i + 1}`, i + 4)),
    ],
  },
  /** No credit limit and no payments: zero credits. */
  nocredit: {
    creditLimitRupees: 0,
    campaigns: [running('Out Of Credit Sale', 1, { state: 2, status: 1, facts: [] })],
  },
  /** A brand with a Privilege and a Sponsored campaign. */
  brand: {
    creditLimitRupees: 200_000,
    campaigns: [
      running('Brand Privilege Hero', 1, { campaignClass: 'Privilege', budgetRupees: null }),
      running('Brand Sponsored Push', 2),
    ],
  },
} satisfies Record<string, { creditLimitRupees: number; campaigns: FixtureCampaign[] }>

/** The IST day global-setup dated the fixtures from (its "today"). */
export function seedDay(): string {
  seeded ??= readFileSync(SEED_DAY_FILE, 'utf8').trim()
  return seeded
}
/** Read once per worker: global-setup writes the file before any spec runs. */
let seeded: string | undefined

/**
 * A fixture fact's age in days now: its `daysAgo` plus the days since seeding (one after the run crosses
 * IST midnight, when the server's "yesterday" is the seed day itself).
 */
export function ageNow(f: { daysAgo: number }): number {
  return f.daysAgo + daysSinceSeed()
}

/** Days from the seed day to today (IST): 0 unless the run crossed IST midnight. */
export function daysSinceSeed(): number {
  return daysBetween(seedDay(), istDate(new Date()))
}

/** The facts of a fixture campaign that are `daysAgo` days old now (ageNow). */
export function factsAged(c: FixtureCampaign, daysAgo: number) {
  return (c.facts ?? []).filter((f) => ageNow(f) === daysAgo)
}

/**
 * A fixture campaign's state as the server's state engine keeps it today: Daily Limit Reached (4) holds
 * only while today's spend is at its daily budget, so after IST midnight the campaign runs again (1).
 */
export function stateNow(c: FixtureCampaign): number | null {
  if (c.state !== 4 || c.dailyBudgetRupees === undefined) return c.state
  const today = factsAged(c, 0).reduce((sum, f) => sum + f.spendRupees, 0)
  return today >= c.dailyBudgetRupees ? 4 : 1
}

/** ROAS as the list shows it: sales ÷ spend to 2 decimals, 0.00 without spend. */
export function roasText(sales: number, spend: number): string {
  return (spend > 0 ? Math.round((sales / spend) * 100) / 100 : 0).toFixed(2)
}

/** Spend of a fixture campaign over the facts between `fromDaysAgo` and `toDaysAgo` now, inclusive. */
export function fixtureSpend(c: FixtureCampaign, fromDaysAgo: number, toDaysAgo: number): number {
  return (c.facts ?? [])
    .filter((f) => ageNow(f) <= fromDaysAgo && ageNow(f) >= toDaysAgo)
    .reduce((sum, f) => sum + f.spendRupees, 0)
}
