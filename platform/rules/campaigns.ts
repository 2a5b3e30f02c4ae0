// Campaign rules of spec campaigns §3, §4 and §9. Pure: shared by the console and the platform.
import type { Role } from './roles'

/** Campaign state index (spec §4). */
export const CampaignState = {
  Running: 1,
  Paused: 2,
  Archived: 3,
  DailyLimitReached: 4,
  TotalLimitReached: 5,
  ScheduledPaused: 6,
  Expired: 7,
  DailyBudgetLimitReachedIcon: 8,
  TotalBudgetLimitReachedIcon: 9,
} as const
export type CampaignStateCode = (typeof CampaignState)[keyof typeof CampaignState]

/** Campaign status: 0 paused by hand, 1 active or paused for lack of budget. */
export const CampaignStatus = { ManualPause: 0, Active: 1 } as const

export const MatchType = { Phrase: 0, Exact: 1, Broad: 2 } as const

export const CAMPAIGN_STATE_LABELS: Record<CampaignStateCode, string> = {
  1: 'Running',
  2: 'Paused',
  3: 'Archived',
  4: 'Daily Limit Reached',
  5: 'Total Limit Reached',
  6: 'Scheduled Paused',
  7: 'Expired',
  8: 'Daily Budget Limit Reached',
  9: 'Total Budget Limit Reached',
}

/** The list's state label; a missing or unknown state shows 'NULL'. */
export function campaignStateLabel(state: number | null | undefined): string {
  if (state === null || state === undefined) return 'NULL'
  return CAMPAIGN_STATE_LABELS[state as CampaignStateCode] ?? 'NULL'
}

/** Hover title of the icon states 8 and 9; null for every other state. */
export function iconStateTitle(state: number | null | undefined, status: number): string | null {
  if (
    state !== CampaignState.DailyBudgetLimitReachedIcon &&
    state !== CampaignState.TotalBudgetLimitReachedIcon
  )
    return null
  return status === CampaignStatus.ManualPause ? 'Paused manually' : 'Paused due to out of budget'
}

export type CampaignClass = 'Sponsored' | 'Privilege'

/** The status-filter values of the list (spec §9) and the states each one means. */
export const CAMPAIGN_STATUS_FILTERS = ['ALL', 'Running', 'Paused', 'Scheduled Paused', 'Expired'] as const
export type CampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number]
/**
 * What "paused" means, for the list's Paused filter and the home stats' pausedCampaigns alike
 * (decision 021): Paused (2) and the two budget icon states (8, 9), whose hover titles read 'Paused
 * manually' / 'Paused due to out of budget'. Scheduled Paused (6) has a filter of its own.
 */
export const PAUSED_STATES: readonly number[] = [
  CampaignState.Paused,
  CampaignState.DailyBudgetLimitReachedIcon,
  CampaignState.TotalBudgetLimitReachedIcon,
]
export const RUNNING_STATES: readonly number[] = [CampaignState.Running]

export const STATES_FOR_STATUS_FILTER: Record<Exclude<CampaignStatusFilter, 'ALL'>, readonly number[]> = {
  Running: RUNNING_STATES,
  Paused: PAUSED_STATES,
  'Scheduled Paused': [CampaignState.ScheduledPaused],
  Expired: [CampaignState.Expired],
}

export type RowAction = 'PLAY' | 'PAUSE' | null

/** spec §4/§6: campaign data is read-only for BRAND and SELLER on Privilege campaigns. */
export const privilegeReadOnly = (role: Role, campaign: { campaignClass: CampaignClass }) =>
  (role === 'BRAND' || role === 'SELLER') && campaign.campaignClass === 'Privilege'

/**
 * The list's play/pause action (spec §4): Play when state 2 and status 0, Pause when state 1 and
 * status 1, none otherwise; BRAND and SELLER get none on Privilege campaigns.
 */
export function rowAction(
  role: Role,
  campaign: { state: number | null; status: number; campaignClass: CampaignClass },
): RowAction {
  if (privilegeReadOnly(role, campaign)) return null
  if (campaign.state === CampaignState.Paused && campaign.status === CampaignStatus.ManualPause) return 'PLAY'
  if (campaign.state === CampaignState.Running && campaign.status === CampaignStatus.Active) return 'PAUSE'
  return null
}

/** What a row action sets (spec §4). */
export const ROW_ACTION_RESULT = {
  PLAY: { state: CampaignState.Running, status: CampaignStatus.Active },
  PAUSE: { state: CampaignState.Paused, status: CampaignStatus.ManualPause },
} as const

// ---------------------------------------------------------------------------------------------
// Credits (docs/decisions/010)
// ---------------------------------------------------------------------------------------------
export type CreditParts = { creditLimit: number; promoCredits: number; payments: number; spend: number }

/** Available credit in integer paise: credit limit + promo credits + payments − spend. */
export function availableCredits({ creditLimit, promoCredits, payments, spend }: CreditParts): number {
  for (const value of [creditLimit, promoCredits, payments, spend]) {
    if (!Number.isSafeInteger(value)) throw new RangeError('credit amounts are integer paise')
  }
  return creditLimit + promoCredits + payments - spend
}

/** Sponsored campaigns may be created (and keep running) only with credit above zero. */
export const creditsEnabled = (available: number) => available > 0
