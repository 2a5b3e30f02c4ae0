// The brand's Link Approval page with its Link and Reject confirmation dialog (spec accounts §2
// "Agency links": 'Are you sure you want to approve|reject {agency}?'; decision 036).
import { Link, Outlet } from '@remix-run/react'
import type { ApprovalStatus } from '../../../platform/rules/links'
import * as dialogStyles from '../dialog/dialog.css'
import { ListTable } from '../list/ListTable'
import { EmptyState } from '../list/States'
import * as list from '../list/list.css'
import { ErrorPanel } from './LinkParts'
import * as styles from './links.css'
import { ConfirmDialog } from '../dialog/RouteDialog'

export type LinkApprovalRow = {
  requestId: number
  agencyId: number
  agencyName: string
  agencyEmail: string
  requestedBy: string
  requested: string
}

const APPROVAL_COLUMNS = [
  { label: 'Agency Name' },
  { label: 'Requested by' },
  { label: 'Timestamp' },
  { label: 'Action' },
]

export function LinkApprovalPage({ data }: { data: { error: string | null; rows: LinkApprovalRow[] } }) {
  return (
    <section aria-labelledby="link-approval-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="link-approval-heading" className={styles.title}>
          Link Approval
        </h1>
        <a href="/requestApproval/linked-agencies" className={list.button} download>
          View Linked Agencies
        </a>
      </div>
      <ErrorPanel message={data.error} />
      {data.error ? null : data.rows.length === 0 ? (
        <EmptyState title="No link requests waiting">
          Agencies' requests to link to your brand appear here.
        </EmptyState>
      ) : (
        <ListTable
          caption="Pending link requests"
          columns={APPROVAL_COLUMNS}
          summary={`${data.rows.length} pending link ${data.rows.length === 1 ? 'request' : 'requests'}`}
        >
          {data.rows.map((row) => (
            <tr key={row.requestId}>
              <td className={styles.wrapCell}>
                {row.agencyName}
                <br />
                <span className={styles.muted}>{row.agencyEmail}</span>
              </td>
              <td className={styles.wrapCell}>{row.requestedBy}</td>
              <td className={list.cell}>{row.requested}</td>
              <td className={list.cell}>
                <span className={styles.actions}>
                  <Link
                    to={`/requestApproval/${row.requestId}/approve`}
                    className={list.button}
                    preventScrollReset
                    aria-label={`Link ${row.agencyName}`}
                  >
                    Link
                  </Link>
                  <Link
                    to={`/requestApproval/${row.requestId}/reject`}
                    className={list.button}
                    preventScrollReset
                    aria-label={`Reject ${row.agencyName}`}
                  >
                    Reject
                  </Link>
                </span>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <Outlet />
    </section>
  )
}

export type LinkDecisionData = {
  status: ApprovalStatus
  verb: 'approve' | 'reject'
  agencyName: string
  agencyEmail: string
  back: string
  self: string
  error: string | null
}

/** spec §2: 'Are you sure you want to approve|reject {agency}?' */
export function LinkDecisionDialog({ data }: { data: LinkDecisionData }) {
  const approve = data.status === 'APPROVED'
  return (
    <ConfirmDialog
      titleId="link-decision-title"
      title={approve ? 'Approve link request' : 'Reject link request'}
      back={data.back}
      action={data.self}
      confirm={approve ? 'Link' : 'Reject'}
      danger={!approve}
      error={<ErrorPanel message={data.error} />}
    >
      <p>
        Are you sure you want to {data.verb} {data.agencyName}?
      </p>
      <p className={dialogStyles.note}>{data.agencyEmail}</p>
    </ConfirmDialog>
  )
}
