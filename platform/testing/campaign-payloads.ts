// Campaign and ad-group request bodies for tests (tests only): paise, IST dates relative to the
// platform's clock, the spec's fixed fields. Platform and console route tests build on them.
import { encodeBase64Text } from '../contracts/campaign-editor'
import { addDays, istDate } from '../rules/time'
import type { TestPlatform } from './platform'

export const SELLER = 100001
export const BRAND = 200001

/** An IST calendar day as the instant the console sends (00:00 IST that day). */
export const istInstant = (day: string) => new Date(`${day}T00:00:00+05:30`).toISOString()
export const days = (t: TestPlatform) => {
  const today = istDate(t.deps.now())
  return { today, tomorrow: addDays(today, 1), later: addDays(today, 10), yesterday: addDays(today, -1) }
}

export type Keyword = { keyword: string; match_type: 0 | 1 | 2; bid_price: number }
export const adGroupPayload = (
  name: string,
  productIds: number[],
  keywords: Keyword[] = [{ keyword: 'running shoes', match_type: 1, bid_price: 500 }],
) => ({
  channel_id: 4,
  jmflg: false,
  checksum: null,
  name,
  products: productIds.map((productId) => ({ productId })),
  keywords,
})

/** A Sponsored Keyword campaign of seller 100001 starting tomorrow for 10 days, ₹1,000 total. */
export function sponsoredPayload(t: TestPlatform, overrides: Record<string, unknown> = {}) {
  const { tomorrow, later } = days(t)
  return {
    name: encodeBase64Text('Winter sale दिवाली'),
    targetingType: 'Keyword',
    ad_format_type: 1,
    isPDP: false,
    isPrivileged: false,
    new_revenue_type: 2,
    channel_id: 4,
    objective: 13,
    weight: 12,
    campaign_type: [3],
    sellerid: SELLER,
    budget_total_limit: 100_000,
    budget_daily_limit: -1,
    budget_pacing: 1,
    cpm: null,
    cpd: null,
    tag: null,
    pincodeFilter: 'ALL',
    pincodes: [],
    start_time: istInstant(tomorrow),
    expire_time: istInstant(later),
    ...overrides,
  }
}

/** A Privilege Category campaign (staff only). */
export const privilegePayload = (t: TestPlatform, overrides: Record<string, unknown> = {}) =>
  sponsoredPayload(t, {
    targetingType: 'Category',
    ad_format_type: 2,
    isPrivileged: true,
    new_revenue_type: 4,
    budget_total_limit: null,
    cpm: 1200,
    cpd: 50_000,
    tag: 'Festive Picks',
    ...overrides,
  })
