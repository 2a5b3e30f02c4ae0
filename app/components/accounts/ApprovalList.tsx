// The approval list (/admin/approval, spec accounts §2 "Approval list (SUPERADMIN)", §4, §8) on the list
// kit: filters by user type and status (a GET form; default all, PENDING first), Timestamp sort, rows per
// page; only PENDING rows are clickable (their name links to the detail); the status in colour and words.
// A failed call shows a panel headed Error with the server's message, else 'Something went wrong'.
import { Link } from '@remix-run/react'
import { istDateTime } from '../../../platform/rules/time'
import { APPROVAL_LIST, type ApprovalListState, approvalSearch } from '../../models/approval-list'
import { approvalDetailPath, approvalPath, USER_TYPE_LABELS } from '../../models/approvals.schema'
import type { approvalListLoader } from '../../models/approvals.server'
import { isFiltered, keptParams } from '../../models/list-state'
import {
  type Column,
  EmptyState,
  ErrorState,
  ListTable,
  LoadingStatus,
  listSummary,
  Pager,
  PastLastPage,
  useListPending,
} from '../list'
import * as list from '../list/list.css'
import { AccountStatusLabel } from './StatusPill'
import * as styles from './approvals.css'
import { AccountFilters } from './AccountFilters'

export type ApprovalListData = Awaited<ReturnType<typeof approvalListLoader>>
type Page = NonNullable<ApprovalListData['page']>

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'REVOKED', 'REACTIVATED'] as const

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
  return (
    <section aria-labelledby="approval-heading" className={styles.page}>
      <h1 id="approval-heading" className={styles.title}>
        Approval
      </h1>
      <AccountFilters
        idPrefix="approval"
        label="Filter registrations"
        userType={state.userType}
        status={state.status}
        statuses={STATUSES}
        keep={keptParams(APPROVAL_LIST, state, ['sort', 'direction', 'size'])}
      />
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
        <PastLastPage
          page={state.page}
          last={last}
          noun="registrations"
          lastPage={approvalPath + approvalSearch(state, { page: last })}
        />
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
