// The approval screens' URL state and form rules (spec accounts §2 "Approval list", §5 'Comments are
// required'), shared by loaders, pages and tests. No zod, no list kit: the detail and dialogs load it
// (the route budget); the list's URL state is approval-list.ts.
import { ApprovalMessages, COMMENTS_MAX } from '../../platform/rules/approvals'
import { tooLongMessage } from '../../platform/rules/text'
import { formRules } from '../utils/form-rules'

// Labels of roles and statuses: the user list's (one set for every accounts screen).
export { STATUS_LABELS, USER_TYPE_LABELS } from '../../platform/rules/users'

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
