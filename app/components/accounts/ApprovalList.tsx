// The approval list (/admin/approval, spec accounts §2 "Approval list (SUPERADMIN)", §4, §8) on the list
// kit: filters by user type and status (a GET form; default all, PENDING first), Timestamp sort, rows per
// page; only PENDING rows are clickable (their name links to the detail); the status in colour and words.
// A failed call shows a panel headed Error with the server's message, else 'Something went wrong'.
import { Link } from '@remix-run/react'
import { istDateTime } from '../../../platform/rules/time'
import { APPROVAL_LIST, type ApprovalListState, approvalSearch } from '../../models/approval-list'
import {
  approvalDetailPath,
  approvalPath,
  STATUS_LABELS,
  USER_TYPE_LABELS,
} from '../../models/approvals.schema'
import type { approvalListLoader } from '../../models/approvals.server'
import { isFiltered, keptParams } from '../../models/list-state'
import {
  type Column,
  EmptyState,
  ErrorState,
  FilterBar,
  FilterSelect,
  ListTable,
  LoadingStatus,
  listSummary,
  Pager,
  useApplyOnChange,
  useListPending,
} from '../list'
import * as list from '../list/list.css'
import { AccountStatusLabel } from './StatusPill'
import * as styles from './approvals.css'

export type ApprovalListData = Awaited<ReturnType<typeof approvalListLoader>>
type Page = NonNullable<ApprovalListData['page']>

const TYPE_OPTIONS = [
  { value: 'ALL', label: 'All user types' },
  ...(['SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER'] as const).map((role) => ({
    value: role,
    label: USER_TYPE_LABELS[role],
  })),
]
const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  ...(['PENDING', 'APPROVED', 'REJECTED', 'REVOKED', 'REACTIVATED'] as const).map((status) => ({
    value: status,
    label: STATUS_LABELS[status],
  })),
]

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'User Type' },
  { label: 'Added by' },
  { label: 'Timestamp', sort: 'timestamp' },
  { label: 'Status' },
]

export function ApprovalList({ data }: { data: ApprovalListData }) {
  const { state } = data
  const pending = useListPending(approvalPath)
  const apply = useApplyOnChange()
  return (
    <section aria-labelledby="approval-heading" className={styles.page}>
      <h1 id="approval-heading" className={styles.title}>
        Approval
      </h1>
      <FilterBar
        label="Filter registrations"
        keep={keptParams(APPROVAL_LIST, state, ['sort', 'direction', 'size'])}
      >
        <FilterSelect
          id="approval-type-filter"
          name="userType"
          label="User type"
          value={state.userType}
          options={TYPE_OPTIONS}
          onChange={apply}
        />
        <FilterSelect
          id="approval-status-filter"
          name="status"
          label="Status"
          value={state.status}
          options={STATUS_OPTIONS}
          onChange={apply}
        />
      </FilterBar>
      <LoadingStatus pending={pending} />
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {data.page ? <Results state={state} page={data.page} busy={pending} /> : null}
    </section>
  )
}

function Results({ state, page, busy }: { state: ApprovalListState; page: Page; busy: boolean }) {
  if (page.items.length === 0) {
    const last = Math.max(1, page.totalPages)
    if (page.totalCount > 0 && state.page > last) {
      return (
        <EmptyState
          title={`There is no page ${state.page}`}
          action={{ to: approvalPath + approvalSearch(state, { page: last }), label: `Go to page ${last}` }}
        >
          {`These registrations fill ${last} ${last === 1 ? 'page' : 'pages'}.`}
        </EmptyState>
      )
    }
    return isFiltered(APPROVAL_LIST, state) ? (
      <EmptyState title="No registrations match these filters">Try another user type or status.</EmptyState>
    ) : (
      <EmptyState title="No registrations yet">Users who are onboarded appear here.</EmptyState>
    )
  }
  const summary = listSummary({
    page: page.page,
    totalPages: page.totalPages,
    sortLabel: state.sort ? 'Timestamp' : undefined,
    direction: state.direction,
    count: page.totalCount,
    noun: ['registration', 'registrations'],
  })
  return (
    <>
      <ListTable
        caption="Registrations"
        columns={COLUMNS}
        busy={busy}
        summary={summary}
        sorting={{
          sort: state.sort,
          direction: state.direction,
          link: (field, direction) =>
            approvalPath + approvalSearch(state, { sort: field as 'timestamp', direction, page: 1 }),
        }}
      >
        {page.items.map((item) => (
          <tr key={item.user_id} data-status={item.status}>
            <td className={styles.wrapCell}>
              {item.status === 'PENDING' ? (
                <Link to={approvalDetailPath(item.user_type, item.user_id)} className={styles.nameLink}>
                  {item.name}
                </Link>
              ) : (
                item.name
              )}
            </td>
            <td className={list.cell}>{USER_TYPE_LABELS[item.user_type]}</td>
            <td className={styles.wrapCell}>{item.added_by ?? '–'}</td>
            <td className={list.cell}>{istDateTime(new Date(item.timestamp))}</td>
            <td className={list.cell}>
              <AccountStatusLabel status={item.status} />
            </td>
          </tr>
        ))}
      </ListTable>
      <Pager
        page={page.page}
        totalPages={page.totalPages}
        size={state.size}
        sizes={APPROVAL_LIST.pageSizes}
        pageLink={(n) => approvalPath + approvalSearch(state, { page: n })}
        keep={keptParams(APPROVAL_LIST, state, ['userType', 'status', 'sort', 'direction'])}
      />
    </>
  )
}
