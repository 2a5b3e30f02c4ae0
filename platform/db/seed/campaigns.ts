// Builds the demo campaigns with their ad groups, products, keyword targets, pincode lists and the
// daily performance facts the delivery simulator produces for them.
import { createHash } from 'node:crypto'
import type {
  adGroupProducts,
  adGroups,
  campaignPincodes,
  campaigns,
  keywordTargets,
  performanceDaily,
} from '../schema'
import type { Catalog, CatalogProduct } from './catalog'
import { keywordText } from './catalog'
import { adGroupThemes, brandAccounts, campaignThemes, FIRST_PARTY_SELLER_ID } from './catalog-data'
import { Random } from './random'
import {
  applyBudgets,
  applyCostPerDay,
  daySpend,
  type SimRow,
  type SimTarget,
  simulateDemand,
} from './simulator'
import { addDays, istDate, istDayFraction, istEndOfDay, istStartOfDay } from '../../rules/time'
import { CampaignState, MatchType } from '../../rules/campaigns'
import { type DemoUser, demoUser, demoUsers } from './users'

/** Days of history the simulator writes (before today), plus today partially. */
export const HISTORY_DAYS = 90
/** Today's rows cover at least this share of a day, so a seed run just after midnight still has some. */
const MIN_TODAY_FRACTION = 0.25

// The state and match-type codes live with the campaign rules; the seed uses the same ones.
export { CampaignState, MatchType }

type Targeting = 'Keyword' | 'Category' | 'Product'
type CampaignClass = 'Sponsored' | 'Privilege'

interface Spec {
  ownerId: number
  state: number | null
  cls: CampaignClass
  targeting: Targeting
}

export interface CampaignPlan {
  campaignRows: (typeof campaigns.$inferInsert)[]
  adGroupRows: (typeof adGroups.$inferInsert)[]
  adGroupProductRows: (typeof adGroupProducts.$inferInsert)[]
  keywordTargetRows: (typeof keywordTargets.$inferInsert)[]
  campaignPincodeRows: (typeof campaignPincodes.$inferInsert)[]
  performanceRows: (typeof performanceDaily.$inferInsert)[]
  /** Lifetime spend per advertiser (seller or brand account), paise. */
  spendByAdvertiser: Map<number, number>
}

const rupees = (r: number) => r * 100
const floorTo = (value: number, step: number) => Math.floor(value / step) * step
const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step
const MIN_TOTAL = rupees(5_000)
const MAX_TOTAL = rupees(500_000)
const MIN_DAILY = rupees(400)

const S = CampaignState
const fixedSpecs: Spec[] = [
  // seller@example.com
  { ownerId: 100001, state: S.Running, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.Running, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 100001, state: S.Running, cls: 'Sponsored', targeting: 'Product' },
  { ownerId: 100001, state: S.Paused, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.DailyLimitReached, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.TotalLimitReached, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.ScheduledPaused, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.Expired, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 100001, state: S.DailyBudgetLimitReachedIcon, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.TotalBudgetLimitReachedIcon, cls: 'Sponsored', targeting: 'Product' },
  { ownerId: 100001, state: S.Archived, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100001, state: S.Running, cls: 'Privilege', targeting: 'Keyword' },
  // brand@example.com
  { ownerId: 200001, state: S.Running, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200001, state: S.Running, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 200001, state: S.Paused, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200001, state: S.DailyLimitReached, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 200001, state: S.TotalLimitReached, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200001, state: S.ScheduledPaused, cls: 'Sponsored', targeting: 'Product' },
  { ownerId: 200001, state: S.Expired, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200001, state: S.DailyBudgetLimitReachedIcon, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200001, state: S.TotalBudgetLimitReachedIcon, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 200001, state: S.Running, cls: 'Privilege', targeting: 'Category' },
  { ownerId: 200001, state: null, cls: 'Sponsored', targeting: 'Keyword' },
  // seller-nocredit@example.com: spent everything it had
  { ownerId: 100007, state: S.TotalBudgetLimitReachedIcon, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100007, state: S.Expired, cls: 'Sponsored', targeting: 'Keyword' },
  // seller2@ and brand2@
  { ownerId: 100002, state: S.Running, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100002, state: S.Paused, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 100002, state: S.Expired, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100002, state: S.ScheduledPaused, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 100002, state: S.DailyLimitReached, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200002, state: S.Running, cls: 'Sponsored', targeting: 'Category' },
  { ownerId: 200002, state: S.Running, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200002, state: S.Expired, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200002, state: S.TotalLimitReached, cls: 'Sponsored', targeting: 'Keyword' },
  { ownerId: 200002, state: S.ScheduledPaused, cls: 'Sponsored', targeting: 'Product' },
]

/** Advertisers whose accounts are in good standing (no campaigns for pending, rejected or new ones). */
const otherOwners = [
  1, 100003, 100008, 100009, 100010, 100011, 100012, 100013, 100014, 100015, 100016, 100017, 100018, 100019,
  100020, 100021, 100022, 100023, 100024, 200004, 200005, 200006, 200007, 200008, 200009, 200010, 200011,
  200012, 200013, 200014,
]
const OTHER_CAMPAIGNS = 44

const stateWeights = [
  [S.Running, 34],
  [S.Paused, 10],
  [S.Archived, 5],
  [S.DailyLimitReached, 6],
  [S.TotalLimitReached, 5],
  [S.ScheduledPaused, 10],
  [S.Expired, 18],
  [S.DailyBudgetLimitReachedIcon, 5],
  [S.TotalBudgetLimitReachedIcon, 5],
] as const

const privilegeTags = ['Bestseller', 'FestivePicks', 'TopRated', 'NewLaunch', 'DealOfTheDay', 'EditorsChoice']

function randomSpecs(rng: Random): Spec[] {
  const specs: Spec[] = []
  for (let i = 0; i < OTHER_CAMPAIGNS; i++) {
    const ownerId = otherOwners[i % otherOwners.length]!
    // A revoked brand keeps only finished campaigns.
    let state: number | null =
      ownerId === 200004 ? rng.pick([S.Expired, S.Archived]) : rng.weighted(stateWeights)
    if (i === OTHER_CAMPAIGNS - 1) state = null
    const privilegeOk =
      state === S.Running || state === S.Paused || state === S.ScheduledPaused || state === S.Expired
    const cls: CampaignClass = privilegeOk && rng.chance(0.15) ? 'Privilege' : 'Sponsored'
    const targeting: Targeting =
      cls === 'Privilege'
        ? rng.pick(['Keyword', 'Category'] as const)
        : rng.weighted([
            ['Keyword', 6],
            ['Category', 3],
            ['Product', 2],
          ] as const)
    specs.push({ ownerId, state, cls, targeting })
  }
  return specs
}

/** Who created a campaign: the advertiser itself, its agency, or staff. */
function creatorFor(rng: Random, spec: Spec): DemoUser {
  const staff = [demoUser('ops@example.com'), demoUser('ops@example.com'), demoUser('superadmin@example.com')]
  if (spec.cls === 'Privilege') return rng.pick(staff)
  const own = demoUsers.find(
    (u) =>
      u.accountId === spec.ownerId && (u.accountStatus === 'APPROVED' || u.accountStatus === 'REACTIVATED'),
  )
  const linkedToAgency = [200001, 200002, 200005].includes(spec.ownerId)
  if (linkedToAgency && rng.chance(0.3)) return demoUser('agency@example.com')
  if (own && rng.chance(0.75)) return own
  return rng.pick(staff)
}

interface Timing {
  startDay: string
  endDay: string | null
  /** Last day the campaign delivered (before a pause); null: up to its end or today. */
  stopDay: string | null
  createdAt: Date
  updatedAt: Date
}

function timingFor(rng: Random, state: number | null, today: string, now: Date): Timing {
  const future = (from: number, to: number) => addDays(today, rng.int(from, to))
  const past = (from: number, to: number) => addDays(today, -rng.int(from, to))
  let startDay: string
  let endDay: string | null = null
  let stopDay: string | null = null
  switch (state) {
    case S.Running:
    case S.DailyLimitReached:
    case S.DailyBudgetLimitReachedIcon:
      startDay = past(5, 120)
      endDay = rng.chance(0.35) ? null : future(5, 75)
      break
    case S.TotalLimitReached:
    case S.TotalBudgetLimitReachedIcon:
      startDay = past(30, 85)
      endDay = rng.chance(0.35) ? null : future(5, 60)
      break
    case S.Paused:
      startDay = past(25, 110)
      endDay = rng.chance(0.3) ? null : future(5, 60)
      stopDay = past(1, 15)
      break
    case S.Archived:
      startDay = past(70, 160)
      endDay = past(20, 60)
      break
    case S.Expired:
      startDay = past(45, 170)
      endDay = past(1, 35)
      break
    default:
      // Scheduled Paused and drafts: not started yet.
      startDay = future(2, 25)
      endDay = rng.chance(0.25) ? null : addDays(startDay, rng.int(14, 75))
  }
  if (endDay !== null && endDay < addDays(startDay, 7)) endDay = addDays(startDay, 7)
  const startAt = istStartOfDay(startDay)
  const createdAt = new Date(
    Math.min(startAt.getTime(), now.getTime()) - rng.int(1, 9) * 86_400_000 - rng.int(0, 86_399) * 1000,
  )
  const updatedAt =
    state === S.Paused && stopDay
      ? new Date(istStartOfDay(stopDay).getTime() + rng.int(9, 20) * 3_600_000)
      : new Date(createdAt.getTime() + rng.int(60, 7200) * 1000)
  return { startDay, endDay, stopDay, createdAt, updatedAt }
}

function ownerProducts(catalog: Catalog, ownerId: number): CatalogProduct[] {
  const isBrand = brandAccounts.some((b) => b.id === ownerId)
  return catalog.products.filter((p) =>
    isBrand
      ? p.brandId === ownerId
      : ownerId === FIRST_PARTY_SELLER_ID
        ? p.sellerIds[0] === 1
        : p.sellerIds.includes(ownerId),
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function campaignName(rng: Random, leafLabel: string, startDay: string, used: Set<string>): string {
  // A fixed list rather than Intl: month abbreviations differ between ICU versions.
  const month = MONTHS[Number(startDay.slice(5, 7)) - 1]
  const base = `${rng.pick(campaignThemes)} ${leafLabel} ${month} ${startDay.slice(0, 4)}`
  let name = base
  for (let n = 2; used.has(name); n++) name = `${base} ${n}`
  used.add(name)
  return name
}

export interface BuildCampaignsInput {
  seed: number
  now: Date
  catalog: Catalog
  /** The pincode directory, sorted. */
  pincodes: number[]
}

export function buildCampaigns({ seed, now, catalog, pincodes }: BuildCampaignsInput): CampaignPlan {
  const rng = Random.derived(seed, 'campaigns')
  const today = istDate(now)
  const todayFraction = Math.max(MIN_TODAY_FRACTION, istDayFraction(now))
  const windowStart = addDays(today, -HISTORY_DAYS)
  const specs = [...fixedSpecs, ...randomSpecs(rng)]
  const plan: CampaignPlan = {
    campaignRows: [],
    adGroupRows: [],
    adGroupProductRows: [],
    keywordTargetRows: [],
    campaignPincodeRows: [],
    performanceRows: [],
    spendByAdvertiser: new Map(),
  }
  const productsByOwner = new Map<number, CatalogProduct[]>()
  const usedNames = new Set<string>()
  const metroPincodes = [
    110001, 400001, 560001, 600001, 700001, 500001, 411001, 380001, 302001, 226001, 122001, 682001,
  ]
  let jmCampaignId = 3_104_000
  let adGroupId = 0
  let jmAdgroupId = 41_250_000
  let keywordTargetId = 0
  // The few ad groups in unusual processing states, placed on the demo users' campaigns.
  const specialGroups = { deleted: false, failed: false, pending: false }

  specs.forEach((spec, index) => {
    const campaignId = index + 1
    const crng = Random.derived(seed, `campaign:${campaignId}`)
    let owned = productsByOwner.get(spec.ownerId)
    if (!owned) {
      owned = ownerProducts(catalog, spec.ownerId)
      productsByOwner.set(spec.ownerId, owned)
    }
    // Product targeting needs all four category levels; out-of-stock products are not advertised.
    const eligible = owned.filter((p) => p.inStock && (spec.targeting !== 'Product' || p.leaf.path[4] !== ''))
    if (eligible.length === 0)
      throw new Error(`Advertiser ${spec.ownerId} has no products for ${spec.targeting}`)
    // A campaign is about one category where possible.
    const leaf = crng.pick(eligible).leaf
    const sameLeaf = eligible.filter((p) => p.leaf === leaf)
    const pool = sameLeaf.length >= 4 ? sameLeaf : eligible

    const creator = creatorFor(crng, spec)
    const staffCreated = creator.role === 'SUPERADMIN' || creator.role === 'OPS'
    const timing = timingFor(crng, spec.state, today, now)
    const submission =
      spec.state === null || (spec.state === S.ScheduledPaused && crng.chance(0.3)) ? 'DRAFT' : 'SUBMITTED'
    const privilege = spec.cls === 'Privilege'
    const keywordTargeting = spec.targeting === 'Keyword'
    const cpm = keywordTargeting ? 1058 : floorTo(crng.int(rupees(3), rupees(20)), 10)
    const cpd = privilege ? floorTo(crng.int(rupees(200), rupees(1500)), rupees(50)) : null

    // Pincode targeting.
    const pincodeFilter = crng.weighted([
      ['ALL', 75],
      ['CUSTOM', 15],
      ['EXCEPT', 10],
    ] as const)
    if (pincodeFilter !== 'ALL') {
      const count = pincodeFilter === 'CUSTOM' ? crng.int(5, 40) : crng.int(3, 15)
      const chosen = new Set<number>(
        pincodeFilter === 'CUSTOM' ? crng.sample(metroPincodes, crng.int(2, 6)) : [],
      )
      while (chosen.size < count) chosen.add(crng.pick(pincodes))
      for (const pincode of [...chosen].sort((a, b) => a - b))
        plan.campaignPincodeRows.push({ campaignId, pincode })
    }

    // Ad groups, their products and keywords; simulator targets.
    // seller@example.com's first running keyword campaign shows a deleted ad group beside live ones.
    const showsDeletedGroup =
      spec.ownerId === 100001 && spec.state === S.Running && keywordTargeting && !specialGroups.deleted
    const groupCount = Math.max(
      showsDeletedGroup ? 2 : 1,
      crng.weighted([
        [1, 50],
        [2, 35],
        [3, 15],
      ] as const),
    )
    const targets: SimTarget[] = []
    const groupThemes = crng.sample(adGroupThemes, 3)
    let maxBid = keywordTargeting ? 0 : cpm
    for (let g = 0; g < groupCount; g++) {
      adGroupId += 1
      jmAdgroupId += crng.int(3, 60)
      const groupId = adGroupId
      const productCount = Math.min(
        pool.length,
        crng.weighted([
          [1, 1],
          [2, 2],
          [3, 3],
          [4, 3],
          [5, 3],
          [6, 2],
          [7, 1],
          [8, 1],
          [10, 1],
        ] as const),
      )
      const groupProducts = crng.sample(pool, productCount).sort((a, b) => a.productId - b.productId)
      let processingStatus = 2
      let groupState = 1
      let lastError: string | null = null
      let lastDay: string | null = null
      if (showsDeletedGroup && g === 1) {
        specialGroups.deleted = true
        groupState = 2
        lastDay = addDays(today, -crng.int(5, 20))
      } else if (
        spec.ownerId === 100001 &&
        spec.targeting === 'Category' &&
        spec.state === S.Running &&
        !specialGroups.failed
      ) {
        specialGroups.failed = true
        processingStatus = 3
        lastError = 'Keyword service did not answer in time; modify the ad group again'
      } else if (
        spec.ownerId === 200001 &&
        spec.state === S.Running &&
        keywordTargeting &&
        !specialGroups.pending
      ) {
        specialGroups.pending = true
        processingStatus = 0
      }
      const createdAt = new Date(timing.createdAt.getTime() + (g + 1) * 600_000)
      const updatedAt = lastDay ? istStartOfDay(addDays(lastDay, 1)) : createdAt
      plan.adGroupRows.push({
        id: groupId,
        jmAdgroupId,
        campaignId,
        name: `${groupThemes[g]} ${leaf.path[3]}`,
        processingStatus,
        state: groupState,
        lastError,
        createdAt,
        updatedAt,
      })
      for (const p of groupProducts)
        plan.adGroupProductRows.push({ adGroupId: groupId, productId: p.productId })
      const prices = groupProducts.map((p) => p.effectivePrice)

      if (keywordTargeting) {
        const matchType: number =
          privilege || staffCreated
            ? crng.weighted([
                [MatchType.Exact, 5],
                [MatchType.Phrase, 3],
                [MatchType.Broad, 2],
              ] as const)
            : crng.weighted([
                [MatchType.Exact, 7],
                [MatchType.Phrase, 3],
              ] as const)
        const suggestions = new Map<string, number>()
        for (const p of groupProducts) for (const k of p.keywords) suggestions.set(k.keyword, k.bid)
        for (const k of leaf.keywords) {
          const text = keywordText(k)
          if (!suggestions.has(text)) suggestions.set(text, floorTo(crng.int(rupees(3), rupees(15)), 10))
        }
        const chosen = crng.sample([...suggestions.keys()].sort(), crng.int(3, 15))
        let firstBid = 0
        chosen.forEach((keyword, k) => {
          let bid: number
          if (privilege) bid = 100
          else if (matchType === MatchType.Exact || k === 0) {
            bid = Math.min(
              rupees(25),
              Math.max(rupees(2), floorTo(suggestions.get(keyword)! * crng.float(0.9, 1.3), 10)),
            )
          } else bid = firstBid
          if (k === 0) firstBid = bid
          maxBid = Math.max(maxBid, bid)
          keywordTargetId += 1
          plan.keywordTargetRows.push({
            id: keywordTargetId,
            adGroupId: groupId,
            keyword,
            matchType,
            bidPrice: bid,
          })
          const reach =
            matchType === MatchType.Exact
              ? [40, 400]
              : matchType === MatchType.Phrase
                ? [80, 700]
                : [150, 1200]
          targets.push({
            adGroupId: groupId,
            keyword,
            productId: 0,
            bid: privilege ? cpm : bid,
            baseImpressions: crng.int(reach[0]!, reach[1]!),
            ctr: crng.float(0.006, 0.032),
            conversion: crng.float(0.02, 0.1),
            prices,
            lastDay,
          })
        })
      } else {
        for (const p of groupProducts) {
          targets.push({
            adGroupId: groupId,
            keyword: '',
            productId: p.productId,
            bid: cpm,
            baseImpressions: crng.int(60, 600),
            ctr: crng.float(0.006, 0.032),
            conversion: crng.float(0.02, 0.1),
            prices: [p.effectivePrice],
            lastDay,
          })
        }
      }
    }

    // Delivery days.
    const delivering = spec.state !== null && spec.state !== S.ScheduledPaused && submission === 'SUBMITTED'
    const days: string[] = []
    if (delivering) {
      let day = timing.startDay
      if (day < windowStart) day = windowStart
      let last = today
      if (timing.endDay && timing.endDay < last) last = timing.endDay
      if (timing.stopDay && timing.stopDay < last) last = timing.stopDay
      for (; day <= last; day = addDays(day, 1)) days.push(day)
    }
    const demandFor = (intensity: number) =>
      simulateDemand({ seed, label: String(campaignId), targets, days, today, todayFraction, intensity })

    // Budgets (Sponsored) sized from the demand so the state's story holds.
    const dailyLimitState = spec.state === S.DailyLimitReached || spec.state === S.DailyBudgetLimitReachedIcon
    const totalLimitState = spec.state === S.TotalLimitReached || spec.state === S.TotalBudgetLimitReachedIcon
    let demand = demandFor(1)
    if (days.length > 0) {
      const total = (d: SimRow[][]) => d.reduce((sum, rows) => sum + daySpend(rows), 0)
      const todaySpend = (d: SimRow[][]) => (d.at(-1)?.[0]?.day === today ? daySpend(d.at(-1)!) : 0)
      const wantMin = privilege ? 0 : totalLimitState ? rupees(12_000) : rupees(6_000)
      const wantMax = rupees(250_000)
      let intensity = 1
      const lifetime = total(demand)
      if (lifetime > 0 && lifetime < wantMin) intensity = wantMin / lifetime
      if (lifetime > wantMax) intensity = wantMax / lifetime
      // A campaign at its daily limit today needs today's demand well above a plausible daily budget.
      const short = () =>
        total(demand) < wantMin ||
        (dailyLimitState && todaySpend(demand) * 0.5 < Math.max(maxBid * 3, MIN_DAILY))
      for (let attempt = 0; attempt < 40; attempt++) {
        demand = demandFor(intensity)
        if (!short()) break
        intensity *= 1.5
      }
      if (short()) throw new Error(`Demo campaign ${campaignId} cannot reach its budget story`)
    }

    let pacing = 1
    let daily = -1
    let totalBudget: number | null = null
    let delivered: SimRow[][] = demand
    if (privilege) {
      delivered = applyCostPerDay(demand, cpd!, today, todayFraction)
    } else {
      const maxDay = Math.max(0, ...demand.map(daySpend))
      if (dailyLimitState) {
        pacing = 4
        daily = Math.max(maxBid, floorTo(daySpend(demand.at(-1)!) * crng.float(0.5, 0.75), 100))
      } else if (crng.chance(0.4)) {
        pacing = 4
        daily = Math.max(rupees(500), maxBid, ceilTo(maxDay * crng.float(1.15, 1.8), rupees(100)))
      }
      const afterDaily = applyBudgets(
        demand,
        targets,
        { daily, total: null },
        Random.derived(seed, `cap:${campaignId}`),
      )
      const spendAfterDaily = afterDaily.reduce((sum, rows) => sum + daySpend(rows), 0)
      if (totalLimitState) {
        totalBudget = Math.max(MIN_TOTAL, floorTo(spendAfterDaily * crng.float(0.55, 0.85), rupees(100)))
      } else if (days.length > 0) {
        totalBudget = Math.min(
          MAX_TOTAL,
          Math.max(MIN_TOTAL, ceilTo(spendAfterDaily * crng.float(1.25, 3), rupees(1000))),
        )
      } else {
        totalBudget = ceilTo(crng.int(MIN_TOTAL, rupees(200_000)), rupees(1000))
      }
      if (daily > 0 && daily > totalBudget) daily = totalBudget
      if (daily > 0 && days.length === 0)
        daily = Math.min(totalBudget, ceilTo(crng.int(rupees(500), rupees(5000)), rupees(100)))
      delivered = applyBudgets(
        demand,
        targets,
        { daily, total: totalBudget },
        Random.derived(seed, `cap:${campaignId}`),
      )
    }

    let lifetimeSpend = 0
    for (const rows of delivered) {
      for (const r of rows) {
        const t = targets[r.target]!
        lifetimeSpend += r.spend
        plan.performanceRows.push({
          day: r.day,
          campaignId,
          adGroupId: t.adGroupId,
          keyword: t.keyword,
          productId: t.productId,
          impressions: r.impressions,
          clicks: r.clicks,
          spend: r.spend,
          orders: r.orders,
          sales: r.sales,
        })
      }
    }
    plan.spendByAdvertiser.set(spec.ownerId, (plan.spendByAdvertiser.get(spec.ownerId) ?? 0) + lifetimeSpend)

    jmCampaignId += crng.int(3, 97)
    const name = campaignName(crng, leaf.path[2], timing.startDay, usedNames)
    plan.campaignRows.push({
      id: campaignId,
      jmcampaignId: jmCampaignId,
      name,
      sellerId: spec.ownerId,
      campaignClass: spec.cls,
      state: spec.state,
      status: spec.state === S.Paused ? 0 : 1,
      submission,
      startTime: istStartOfDay(timing.startDay),
      expireTime: timing.endDay ? istEndOfDay(timing.endDay) : null,
      budgetTotalLimit: totalBudget,
      budgetDailyLimit: daily,
      budgetPacing: pacing,
      adFormatType: keywordTargeting ? 1 : 2,
      targetingType: spec.targeting,
      isPdp: spec.targeting === 'Product',
      isPrivileged: privilege,
      dealType: privilege ? crng.pick(['Directdeals', 'Roadblock'] as const) : null,
      newRevenueType: privilege ? 4 : 2,
      cpm,
      cpd,
      tag: privilege ? crng.pick(privilegeTags) : null,
      checksum: createHash('sha256').update(`${jmCampaignId}:${name}`).digest('hex').slice(0, 32),
      pincodeFilter,
      createdByUserId: creator.id,
      campaignCreatedBy: creator.email,
      createdAt: timing.createdAt,
      updatedAt: timing.updatedAt,
    })
  })

  if (!specialGroups.deleted || !specialGroups.failed || !specialGroups.pending) {
    throw new Error('Demo ad groups in deleted, failed and pending states were not all placed')
  }
  return plan
}
