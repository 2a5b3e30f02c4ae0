// The campaign list's state as the page's query string (spec campaigns §2, §9), on the list kit
// (list-state.ts): a filtered page is a URL that works without JavaScript and survives reload.
// Shared by the loader, the page and the tests.
import {
  CAMPAIGN_SORT_FIELDS,
  CAMPAIGN_SORT_VALUES,
  type CampaignSortField,
} from '../../platform/rules/campaign-list'
import { CAMPAIGN_STATUS_FILTERS, type CampaignStatusFilter } from '../../platform/rules/campaigns'
import {
  DATE_FILTER_TYPES,
  DEFAULT_DATE_FILTER,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
} from '../../platform/rules/lists'
import { isCalendarDate } from '../../platform/rules/time'
import {
  defineList,
  enumFilter,
  isFiltered,
  type ListState,
  parseListState,
  search,
  textFilter,
} from './list-state'

export const STATUS_FILTER_LABELS: Record<CampaignStatusFilter, string> = {
  ALL: 'All Status',
  Running: 'Running',
  Paused: 'Paused',
  'Scheduled Paused': 'Scheduled Paused',
  Expired: 'Expired',
}

/** The four sortable columns (spec §2), in the order of the table: the platform's own list. */
export const SORT_FIELDS = CAMPAIGN_SORT_FIELDS
export type SortField = CampaignSortField

/** The campaign editor (the create/edit screen, spec §2): a new one, or campaign `id`. */
export const EDITOR_PATH = '/create-campaign'
export const editorPath = (id: number) => `${EDITOR_PATH}?id=${id}`

/** The campaign list's URL state: no sort means the platform's order, newest first. */
export const CAMPAIGN_LIST = defineList({
  filters: {
    // Not cut here: the platform refuses a search over 200 characters and the page shows its message.
    search: textFilter(),
    dateFilterType: enumFilter(DATE_FILTER_TYPES, DEFAULT_DATE_FILTER),
    fromDate: textFilter({ onlyWhen: { key: 'dateFilterType', is: 'CUSTOM' } }),
    toDate: textFilter({ onlyWhen: { key: 'dateFilterType', is: 'CUSTOM' } }),
    status: enumFilter(CAMPAIGN_STATUS_FILTERS, 'ALL'),
  },
  sortFields: CAMPAIGN_SORT_VALUES,
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
})

export type ListQuery = ListState<typeof CAMPAIGN_LIST>

/** Reads the list's state from a URL's query; anything unknown falls back to the default. */
export const parseListQuery = (params: URLSearchParams): ListQuery => parseListState(CAMPAIGN_LIST, params)

/** The query string of a list state, leaving defaults out; `changes` override `query`. */
export const listSearch = (query: ListQuery, changes: Partial<ListQuery> = {}) =>
  search(CAMPAIGN_LIST, query, changes)

export const listIsFiltered = (query: ListQuery) => isFiltered(CAMPAIGN_LIST, query)

/** Custom dates (spec §2: start and end, no future dates); the message is the spec's date message. */
export function customDateError(query: ListQuery, today: string): string | null {
  if (query.dateFilterType !== 'CUSTOM') return null
  if (!isCalendarDate(query.fromDate) || !isCalendarDate(query.toDate)) return 'Enter a valid date'
  if (query.fromDate > query.toDate) return 'Start date must not be after end date'
  if (query.toDate > today) return 'Future dates are not allowed'
  return null
}

/** The platform's query for a list state (page and size left out for the download). */
export function platformListQuery(sellerId: number, query: ListQuery) {
  return {
    userId: sellerId,
    dateFilterType: query.dateFilterType,
    fromDate: query.dateFilterType === 'CUSTOM' ? query.fromDate : undefined,
    toDate: query.dateFilterType === 'CUSTOM' ? query.toDate : undefined,
    status: query.status,
    search: query.search || undefined,
    sort: query.sort || undefined,
    direction: query.sort ? query.direction : undefined,
  }
}
