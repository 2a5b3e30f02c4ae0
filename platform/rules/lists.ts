// List constants both halves apply (spec accounts §9, campaigns §2 and §9): date presets, page sizes.
// Pure: the console's list state and the platform's query schemas read the same values.

/** Date filter presets, in the order the campaign list offers them; TODAY is the campaign list's own. */
export const DATE_FILTERS = [
  { value: 'CUSTOM', label: 'Custom' },
  { value: 'TODAY', label: 'Today' },
  { value: 'LAST_1D', label: 'Last 1 day' },
  { value: 'LAST_7D', label: 'Last 1 week' },
  { value: 'LAST_30D', label: 'Last 1 month' },
  { value: 'CURRENT_MONTH', label: 'Current month' },
] as const
export type DateFilterType = (typeof DATE_FILTERS)[number]['value']
export const DATE_FILTER_TYPES = DATE_FILTERS.map((f) => f.value) as [DateFilterType, ...DateFilterType[]]
/** spec accounts §9: the default date filter is LAST_1D ('Last 1 day'). */
export const DEFAULT_DATE_FILTER: DateFilterType = 'LAST_1D'

/** Rows per page of the user list, campaigns and analytics (spec accounts §9). */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 10
/** The agency's linking history (spec accounts §9). */
export const LINK_HISTORY_PAGE_SIZES = [5, 10, 15] as const
export const LINK_HISTORY_DEFAULT_PAGE_SIZE = 5

/** A numeric id as the specs accept it ('ID is invalid'): digits only, at most 15 (a safe integer). */
export const ID_PATTERN = /^\d{1,15}$/
export const ID_INVALID = 'ID is invalid'
