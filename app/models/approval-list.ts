// The approval list's URL state (spec accounts §2 "Approval list", decision 035) on the list kit:
// user type and status filters (default all, PENDING first), the Timestamp sort, rows per page.
import { ACCOUNT_STATUSES } from '../../platform/rules/approvals'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../platform/rules/lists'
import { Roles } from '../../platform/rules/roles'
import { defineList, enumFilter, type ListState, parseListState, search } from './list-state'

/** The approval list: user type and status filters (default all: PENDING first), timestamp sort, paging. */
export const APPROVAL_LIST = defineList({
  filters: {
    userType: enumFilter(['ALL', ...Roles] as const, 'ALL'),
    status: enumFilter(['ALL', ...ACCOUNT_STATUSES] as const, 'ALL'),
  },
  sortFields: ['timestamp'] as const,
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
})
export type ApprovalListState = ListState<typeof APPROVAL_LIST>

export const parseApprovalList = (params: URLSearchParams) => parseListState(APPROVAL_LIST, params)
export const approvalSearch = (state: ApprovalListState, changes: Partial<ApprovalListState> = {}) =>
  search(APPROVAL_LIST, state, changes)
