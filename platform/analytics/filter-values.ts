// getFilters' shown mode (decision 066): the values a report form shows of each filter, found in SQL,
// not every campaign of the advertiser. An advertiser with 10,000 campaigns made the analytics page
// fetch, send, parse and check all 10,000 to draw 50 (33 ms of the server's CPU a page).
import { sql } from 'drizzle-orm'
import {
  type FilterValue,
  filterValueMatches,
  type FiltersResponse,
  REPORT_FILTERS,
  type ReportFilter,
  shownFilterValues,
} from '../contracts/analytics'
import type { Database } from '../db/client'
import { liveCampaignCount } from '../db/live-campaigns'
import { campaigns } from '../db/schema'
import { ID_PATTERN } from '../rules/lists'
import { inList, rowsOf } from './report-engine'

export type FilterSearch = Record<ReportFilter, { find: string; chosen: ReadonlySet<string> }>
type Lists = FiltersResponse['filters']
type Counts = NonNullable<FiltersResponse['counts']>

/**
 * Each filter's shown values (shownFilterValues: the chosen, then the first `limit` that match) and how
 * many it has and match. `fixed` are the lists that do not depend on the advertiser (status, placement,
 * targeting): they are narrowed here as they are. Campaigns are found in SQL in getFilters' order (name,
 * then id), matching as filterValueMatches does (lower-cased name or id contains the search; PostgreSQL's
 * lower() in the database's locale, where JavaScript's lower-cases every script); creators are few per
 * advertiser and read whole.
 */
export async function shownFilterLists(
  db: Database,
  sellerId: number,
  limit: number,
  search: FilterSearch,
  fixed: Omit<Lists, 'CAMPAIGN_ID' | 'CREATED_BY'>,
): Promise<{ filters: Lists; counts: Counts }> {
  const live = sql`${campaigns.sellerId} = ${sellerId} and ${campaigns.deletedAt} is null`
  const { find, chosen } = search.CAMPAIGN_ID
  const query = find.toLowerCase()
  const match = query
    ? sql`(strpos(lower(${campaigns.name}), ${query}) > 0 or strpos(${campaigns.id}::text, ${query}) > 0)`
    : sql`true`
  // A chosen value that is not an id names no campaign.
  const ids = [...chosen].filter((v) => ID_PATTERN.test(v)).map(Number)
  const isChosen = ids.length ? sql`${campaigns.id} in ${inList(ids)}` : sql`false`
  const creator = campaigns.campaignCreatedBy
  const [shownResult, count, creatorResult] = await Promise.all([
    db.execute(sql`
      select id::text as value, name as label from (
        (select ${campaigns.id} as id, ${campaigns.name} as name from ${campaigns}
          where ${live} and ${match} and not ${isChosen}
          order by ${campaigns.name}, ${campaigns.id} limit ${limit})
        union all
        (select ${campaigns.id}, ${campaigns.name} from ${campaigns} where ${live} and ${isChosen})
      ) shown order by name, id`),
    // Without a search every live campaign matches: the kept counts (seller_campaign_states, decision 079)
    // say how many, instead of counting every campaign.
    query
      ? db
          .execute(
            sql`select count(*)::int as total, count(*) filter (where ${match})::int as matched from ${campaigns} where ${live}`,
          )
          .then((result) => rowsOf<{ total: number; matched: number }>(result)[0])
      : liveCampaignCount(db, sellerId).then(([row]) => ({
          total: Number(row?.n ?? 0),
          matched: Number(row?.n ?? 0),
        })),
    // Each distinct creator, the next one an index probe (campaigns_seller_live_creator_idx), not a sort.
    db.execute(sql`
      with recursive next(creator) as (
        (select ${creator} from ${campaigns} where ${live} and ${creator} > '' order by ${creator} limit 1)
        union all
        select (select ${creator} from ${campaigns} where ${live} and ${creator} > next.creator
                 order by ${creator} limit 1)
          from next where next.creator is not null
      ) select creator from next where creator is not null`),
  ])
  const shown = rowsOf<FilterValue>(shownResult)
  const creators = rowsOf<{ creator: string }>(creatorResult)
    .map((r) => r.creator)
    .sort()
    .map((value) => ({ value, label: value }))

  const filters = {} as Lists
  const counts = {} as Counts
  for (const name of REPORT_FILTERS) {
    if (name === 'CAMPAIGN_ID') {
      // SQL already narrowed the list to the chosen and the first matches: keep what it found.
      filters[name] = shownFilterValues(shown, { limit, find, chosen }, () => true)
      counts[name] = { total: Number(count?.total ?? 0), matched: Number(count?.matched ?? 0) }
      continue
    }
    const values = name === 'CREATED_BY' ? creators : fixed[name]
    const lowered = search[name].find.toLowerCase()
    filters[name] = shownFilterValues(values, { limit, ...search[name] })
    counts[name] = {
      total: values.length,
      matched: values.filter((o) => filterValueMatches(o, lowered)).length,
    }
  }
  return { filters, counts }
}
