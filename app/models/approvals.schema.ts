// The approval screens' URL state and form rules (spec accounts §2 "Approval list", §5 'Comments are
// required'), shared by loaders, pages and tests. No zod, no list kit: the detail and dialogs load it
// (the route budget); the list's URL state is approval-list.ts.
import { type ACCOUNT_STATUSES, ApprovalMessages, COMMENTS_MAX } from '../../platform/rules/approvals'
import type { Roles } from '../../platform/rules/roles'
import { tooLongMessage } from '../../platform/rules/text'
import { formRules } from '../utils/form-rules'

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
