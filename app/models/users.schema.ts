// The user list's URL state and the user detail's dialog form (spec accounts §2 "User management",
// §5 "Other forms"), shared by loaders, pages and tests. No zod here (browser bundle, decision 017).
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../platform/rules/lists'
import { REASON_EMPTY, REASON_MAX, USER_STATUS_FILTERS, USER_TYPE_FILTERS } from '../../platform/rules/users'
import { formRules } from '../utils/form-rules'
import { defineList, enumFilter, isFiltered, type ListState, search } from './list-state'

/** The list sorts by Timestamp only (spec §9: newest first, or oldest first). */
export const USER_LIST = defineList({
  filters: {
    userType: enumFilter(USER_TYPE_FILTERS, 'ALL'),
    status: enumFilter(USER_STATUS_FILTERS, 'ALL'),
  },
  sortFields: ['timestamp'],
  defaultSort: 'timestamp',
  defaultDirection: 'desc',
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
})

export type UserListState = ListState<typeof USER_LIST>

export const userListSearch = (state: UserListState, changes: Partial<UserListState> = {}) =>
  search(USER_LIST, state, changes)

export const userListIsFiltered = (state: UserListState) => isFiltered(USER_LIST, state)

/** The access, revoke and reactivate dialogs: one required reason (spec §5 'Reason cannot be empty'). */
export const reasonForm = formRules({
  reason: {
    kind: 'text',
    required: REASON_EMPTY,
    trim: true,
    minLength: { value: 1, message: REASON_EMPTY },
    maxLength: { value: REASON_MAX, message: `Must be at most ${REASON_MAX} characters` },
  },
})

export const USER_MANAGEMENT_PATH = '/admin/userManagement'
export const userDetailPath = (email: string) => `${USER_MANAGEMENT_PATH}/${encodeURIComponent(email)}`
