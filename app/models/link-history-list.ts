// The agency's Linking History as a list (decision 016): no filters, newest first, 5 rows a page with
// 5, 10 and 15 offered (spec accounts §9). Shared by the loader and the page (no zod reaches the page).
import { LINK_HISTORY_DEFAULT_PAGE_SIZE, LINK_HISTORY_PAGE_SIZES } from '../../platform/rules/lists'
import { defineList, type ListState, search } from './list-state'

export const LINK_HISTORY_LIST = defineList({
  filters: {},
  sortFields: [],
  pageSizes: LINK_HISTORY_PAGE_SIZES,
  defaultPageSize: LINK_HISTORY_DEFAULT_PAGE_SIZE,
})

export type LinkHistoryState = ListState<typeof LINK_HISTORY_LIST>

/** The /link URL of a history state (the defaults left out). */
export const linkHistoryListSearch = (state: LinkHistoryState, changes: Partial<LinkHistoryState> = {}) =>
  `/link${search(LINK_HISTORY_LIST, state, changes)}`
