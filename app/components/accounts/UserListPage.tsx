// The user list (/admin/userManagement, spec accounts §2 "User management list", §4, §9) on the list
// kit: filters by user type and status (a GET form), Timestamp sort (newest or oldest first), rows per
// page 10/20/50/100, the All Advertisers file, an agency's brand count and brand-list file, the status
// in colour and words, and the edit icon by the spec's rule. Decision 034.
import { Link, Outlet } from '@remix-run/react'
import { USER_TYPE_LABELS } from '../../../platform/rules/users'
import { keptParams } from '../../models/list-state'
import {
  USER_LIST,
  type UserListState,
  userDetailPath,
  userListIsFiltered,
  userListSearch,
} from '../../models/users.schema'
import type { loadUserList } from '../../models/users.server'
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
import * as styles from './users.css'
import { AccountFilters } from './AccountFilters'

export type UserListData = Awaited<ReturnType<typeof loadUserList>>
type Row = NonNullable<UserListData['page']>['rows'][number]

const BASE = '/admin/userManagement'

const STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'REVOKED', 'REACTIVATED'] as const

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'User Type' },
  { label: 'Email' },
  { label: 'Added by' },
  { label: 'Timestamp', sort: 'timestamp' },
  { label: 'Brand list' },
  { label: 'Status' },
  { label: 'Action' },
]

function PencilIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  )
}

function EditLink({ row }: { row: Row }) {
  if (!row.edit) return null
  const to = row.edit === 'detail' ? userDetailPath(row.email) : `${userDetailPath(row.email)}/edit`
  return (
    <Link to={to} className={styles.iconLink} aria-label={`Edit ${row.name} (${row.email})`}>
      <PencilIcon />
    </Link>
  )
}

export function UserListPage({ data }: { data: UserListData }) {
  const { state } = data
  const pending = useListPending(BASE)
  return (
    <section aria-labelledby="users-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="users-heading" className={styles.title}>
          User Management
        </h1>
        <a href={`${BASE}/all-advertisers`} className={styles.headerLink} download>
          All Advertisers
        </a>
      </div>
      <AccountFilters
        idPrefix="user"
        label="Filter users"
        userType={state.userType}
        status={state.status}
        statuses={STATUSES}
        keep={keptParams(USER_LIST, state, ['sort', 'direction', 'size'])}
      />
      <LoadingStatus pending={pending} />
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {data.page ? <Results state={state} page={data.page} busy={pending} /> : null}
      <Outlet />
    </section>
  )
}

function Results({
  state,
  page,
  busy,
}: {
  state: UserListState
  page: NonNullable<UserListData['page']>
  busy: boolean
}) {
  if (page.rows.length === 0) {
    const last = Math.max(1, page.totalPages)
    if (page.totalCount > 0 && state.page > last) {
      return (
        <PastLastPage
          page={state.page}
          last={last}
          noun="users"
          lastPage={BASE + userListSearch(state, { page: last })}
        />
      )
    }
    return userListIsFiltered(state) ? (
      <EmptyState title="No users match these filters">Try another user type or status.</EmptyState>
    ) : (
      <EmptyState title="No users yet">Users you onboard appear here.</EmptyState>
    )
  }
  const summary = listSummary({
    page: page.page,
    totalPages: page.totalPages,
    sortLabel: 'Timestamp',
    direction: state.direction,
    count: page.totalCount,
    noun: ['user', 'users'],
  })
  return (
    <>
      <ListTable
        caption="Users"
        columns={COLUMNS}
        busy={busy}
        summary={summary}
        sorting={{
          sort: state.sort,
          direction: state.direction,
          link: (_field, direction) => BASE + userListSearch(state, { direction, page: 1 }),
        }}
      >
        {page.rows.map((row) => (
          <tr key={row.id}>
            <td className={styles.wrapCell}>{row.name}</td>
            <td className={list.cell}>{USER_TYPE_LABELS[row.role]}</td>
            <td className={styles.wrapCell}>{row.email}</td>
            <td className={styles.wrapCell}>{row.addedBy}</td>
            <td className={list.cell}>{row.timestamp}</td>
            <td className={list.cell}>
              {row.brandCount === null ? null : (
                <span className={styles.brandCell}>
                  <span>
                    {row.brandCount} {row.brandCount === 1 ? 'brand' : 'brands'}
                  </span>
                  {row.brandCount > 0 ? (
                    <a
                      href={`${userDetailPath(row.email)}/brands`}
                      className={styles.link}
                      download
                      aria-label={`Download brand list of ${row.name} (CSV)`}
                    >
                      CSV
                    </a>
                  ) : null}
                </span>
              )}
            </td>
            <td className={list.cell}>
              <AccountStatusLabel status={row.accountStatus} />
            </td>
            <td className={list.cell}>
              <EditLink row={row} />
            </td>
          </tr>
        ))}
      </ListTable>
      <Pager
        page={page.page}
        totalPages={page.totalPages}
        size={state.size}
        sizes={USER_LIST.pageSizes}
        pageLink={(n) => BASE + userListSearch(state, { page: n })}
        keep={keptParams(USER_LIST, state, ['userType', 'status', 'sort', 'direction'])}
      />
    </>
  )
}
