// The campaign state engine's rule (docs/decisions/010): where a campaign should be, given the
// clock, its spend and its advertiser's credit. Pure: the job and pause/play apply it.
import { type CampaignClass, CampaignState, CampaignStatus } from './campaigns'

export type StateInput = {
  state: number | null
  status: number
  campaignClass: CampaignClass
  startTime: Date
  /** null = Lifetime. */
  expireTime: Date | null
  /** Paise; -1 = no daily limit. */
  budgetDailyLimit: number
  /** Paise; null = no total limit. */
  budgetTotalLimit: number | null
  /** Spend of the current IST day, paise. */
  todaySpend: number
  lifetimeSpend: number
  /** Does the advertiser have credit above zero? */
  creditsAvailable: boolean
}

export type StateOutcome = { state: number; status: number; reason: string }

/** States the engine moves; Archived, Expired, a missing state and manual pauses it leaves alone. */
export const ENGINE_STATES: number[] = [
  CampaignState.Running,
  CampaignState.Paused,
  CampaignState.DailyLimitReached,
  CampaignState.TotalLimitReached,
  CampaignState.ScheduledPaused,
  CampaignState.DailyBudgetLimitReachedIcon,
  CampaignState.TotalBudgetLimitReachedIcon,
]

/**
 * The state a campaign should have at `now`, or null when it stays as it is.
 * Order: end passed → Expired (7); not started → Scheduled Paused (6); lifetime spend at the total
 * budget → 5 (9 while out of credit); today's spend at the daily budget → 4 (8 while out of credit);
 * a Sponsored campaign of an advertiser without credit → Paused with status 1; else Running.
 */
export function nextCampaignState(c: StateInput, now: Date): StateOutcome | null {
  if (c.status === CampaignStatus.ManualPause) return null
  if (c.state === null || !ENGINE_STATES.includes(c.state)) return null

  const target = ((): StateOutcome => {
    if (c.expireTime && now.getTime() > c.expireTime.getTime()) {
      return { state: CampaignState.Expired, status: c.status, reason: 'END_PASSED' }
    }
    if (now.getTime() < c.startTime.getTime()) {
      return { state: CampaignState.ScheduledPaused, status: c.status, reason: 'NOT_STARTED' }
    }
    const outOfCredit = c.campaignClass === 'Sponsored' && !c.creditsAvailable
    const status = CampaignStatus.Active
    if (c.budgetTotalLimit !== null && c.lifetimeSpend >= c.budgetTotalLimit) {
      return outOfCredit
        ? { state: CampaignState.TotalBudgetLimitReachedIcon, status, reason: 'TOTAL_LIMIT_NO_CREDIT' }
        : { state: CampaignState.TotalLimitReached, status, reason: 'TOTAL_LIMIT' }
    }
    if (c.budgetDailyLimit >= 0 && c.todaySpend >= c.budgetDailyLimit) {
      return outOfCredit
        ? { state: CampaignState.DailyBudgetLimitReachedIcon, status, reason: 'DAILY_LIMIT_NO_CREDIT' }
        : { state: CampaignState.DailyLimitReached, status, reason: 'DAILY_LIMIT' }
    }
    if (outOfCredit) return { state: CampaignState.Paused, status, reason: 'NO_CREDIT' }
    return { state: CampaignState.Running, status, reason: 'RUNNING' }
  })()

  if (target.status !== c.status) return target
  if (target.state === c.state || sameLimit(target.state, c.state)) return null
  return target
}

// A limit reached shows as 4/5 or as the icon states 8/9; the engine does not flip between the two
// spellings of the same limit (the seed and the upstream data use both), only into or out of a limit.
const DAILY_LIMIT_STATES: number[] = [
  CampaignState.DailyLimitReached,
  CampaignState.DailyBudgetLimitReachedIcon,
]
const TOTAL_LIMIT_STATES: number[] = [
  CampaignState.TotalLimitReached,
  CampaignState.TotalBudgetLimitReachedIcon,
]
const sameLimit = (a: number, b: number | null) =>
  b !== null &&
  ((DAILY_LIMIT_STATES.includes(a) && DAILY_LIMIT_STATES.includes(b)) ||
    (TOTAL_LIMIT_STATES.includes(a) && TOTAL_LIMIT_STATES.includes(b)))
