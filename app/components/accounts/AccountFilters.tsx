// The user-type and status filters of the account lists (user management, approvals): a GET form that
// applies on change with JavaScript and on Apply without (the list kit's FilterBar).
import type { ComponentProps } from 'react'
import { type AccountStatus, STATUS_LABELS, USER_TYPE_LABELS } from '../../../platform/rules/users'
import { Roles } from '../../../platform/rules/roles'
import { FilterBar, FilterSelect, useApplyOnChange } from '../list'

const TYPE_OPTIONS = [
  { value: 'ALL', label: 'All user types' },
  ...Roles.map((role) => ({ value: role, label: USER_TYPE_LABELS[role] })),
]

export function AccountFilters({
  idPrefix,
  label,
  userType,
  status,
  statuses,
  keep,
}: {
  /** Makes the fields' ids unique on the page. */
  idPrefix: string
  /** The search landmark's name. */
  label: string
  userType: string
  status: string
  /** The status options, in the order this list offers them. */
  statuses: readonly AccountStatus[]
  keep: ComponentProps<typeof FilterBar>['keep']
}) {
  const apply = useApplyOnChange()
  return (
    <FilterBar label={label} keep={keep}>
      <FilterSelect
        id={`${idPrefix}-type-filter`}
        name="userType"
        label="User type"
        value={userType}
        options={TYPE_OPTIONS}
        onChange={apply}
      />
      <FilterSelect
        id={`${idPrefix}-status-filter`}
        name="status"
        label="Status"
        value={status}
        options={[
          { value: 'ALL', label: 'All statuses' },
          ...statuses.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
        ]}
        onChange={apply}
      />
    </FilterBar>
  )
}
