// An advertiser with thousands of campaigns, for the scale tests of the report forms (decision 060):
// campaigns added by SQL, getFilters' whole answer, and the size of a page's body.
import { sql } from 'drizzle-orm'
import {
  type FiltersResponse,
  REPORT_FILTER_LABELS,
  REPORT_FILTERS,
} from '../../platform/contracts/analytics'
import type { RouteHarness } from './route-harness'

/**
 * Adds `count` campaigns to the seller, copies of its first live one named 'Scale campaign 0001' …
 * (numbered from `from`). Raw SQL: console tests may not import the platform's schema
 * (tests/architecture.test.ts).
 */
export async function addCampaigns(h: RouteHarness, sellerId: number, count: number, from = 1) {
  const columns = await h.t.db.execute(
    sql`select column_name from information_schema.columns
         where table_name = 'campaigns' and table_schema = current_schema() and column_name <> 'id'
         order by ordinal_position`,
  )
  const names = (
    ((columns as { rows?: { column_name: string }[] }).rows ?? columns) as { column_name: string }[]
  ).map((c) => c.column_name)
  const value = (name: string) =>
    name === 'name'
      ? `'Scale campaign ' || lpad(g::text, 4, '0')`
      : name === 'jmcampaign_id'
        ? '(select max(jmcampaign_id) from campaigns) + g'
        : `c.${name}`
  await h.t.db.execute(
    sql.raw(`insert into campaigns (${names.join(', ')})
      select ${names.map(value).join(', ')}
        from campaigns c cross join generate_series(${from}, ${from + count - 1}) g
       where c.id = (select min(id) from campaigns where seller_id = ${sellerId} and deleted_at is null)`),
  )
}

/** getFilters' answer as it stands: every value of every filter of the seller's campaign reports. */
export async function everyFilterValue(
  h: RouteHarness,
  email: string,
  sellerId: number,
): Promise<FiltersResponse['filters']> {
  const token = await h.t.tokenFor(email)
  const response = await h.t.request(
    `/ads/adinventory/v1/analytics/getFilters?userId=${sellerId}&reportType=CAMPAIGN_PERFORMANCE_REPORT`,
    { token },
  )
  return ((await response.json()) as { data: FiltersResponse }).data.filters
}

/** The body a document carries: the page's markup and its loader data (serialized into the page). */
export const pageBodyBytes = (html: string, data: unknown) =>
  Buffer.byteLength(html) + Buffer.byteLength(JSON.stringify(data))

/** The Filters as the forms drew them before decision 060: every value of every filter a checkbox. */
export const uncappedFilterGroups = (every: FiltersResponse['filters']) =>
  REPORT_FILTERS.map((name) => ({ name, label: REPORT_FILTER_LABELS[name], options: every[name] }))
