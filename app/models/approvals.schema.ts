// The approval screens' URL state and form rules (spec accounts §2 "Approval list", §5 'Comments are
// required'), shared by loaders, pages and tests. No zod at module level (the route budget).
import { ACCOUNT_STATUSES, ApprovalMessages, COMMENTS_MAX } from '../../platform/rules/approvals'
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../platform/rules/lists'
import { Roles } from '../../platform/rules/roles'
import { tooLongMessage } from '../../platform/rules/text'
import { formRules } from '../utils/form-rules'
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

export const USER_TYPE_LABELS: Record<(typeof Roles)[number], string> = {
  SUPERADMIN: 'Super Admin',
  OPS: 'Admin',
  AGENCY: 'Agency',
  BRAND: 'Brand',
  SELLER: 'Seller',
}
export const STATUS_LABELS: Record<(typeof ACCOUNT_STATUSES)[number], string> = {
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  PENDING: 'Pending',
  REVOKED: 'Revoked',
  REACTIVATED: 'Reactivated',
}

/** spec §5: rejecting requires comments ('Comments are required'); several lines allowed. */
export const rejectForm = formRules({
  comments: {
    kind: 'text',
    required: ApprovalMessages.commentsRequired,
    trim: true,
    safe: { multiline: true },
    // Spaces alone are no comment: trimmed, they are empty.
    minLength: { value: 1, message: ApprovalMessages.commentsRequired },
    maxLength: { value: COMMENTS_MAX, message: tooLongMessage(COMMENTS_MAX) },
  },
})

export const approvalPath = '/admin/approval'
export const approvalDetailPath = (userType: string, userId: number | string) =>
  `${approvalPath}/${userType}/${userId}`

/** spec §4 status colours (as the user list): the tone of each status. */
export const STATUS_TONE = {
  APPROVED: 'green',
  REACTIVATED: 'green',
  REJECTED: 'red',
  REVOKED: 'red',
  PENDING: 'amber',
} as const
