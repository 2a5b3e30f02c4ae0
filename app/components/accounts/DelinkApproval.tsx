// The super admin's De-Link Approval list, one request's detail with De-link and Reject, and their
// confirmation dialogs (spec accounts §2 "Agency links"; decision 036).
import { Link, Outlet } from '@remix-run/react'
import { Fragment } from 'react'
import type { ApprovalStatus } from '../../../platform/rules/links'
import type { DelinkRowView } from '../../models/link-pages.server'
import * as formStyles from '../form.css'
import { ListTable } from '../list/ListTable'
import { EmptyState } from '../list/States'
import * as list from '../list/list.css'
import { ErrorPanel } from './LinkParts'
import { StatusPill } from './StatusPill'
import * as styles from './links.css'
import { ConfirmDialog } from '../dialog/RouteDialog'

const APPROVAL_COLUMNS = [
  { label: 'Brand Name' },
  { label: 'Agency Name' },
  { label: 'Requested by' },
  { label: 'Timestamp' },
  { label: 'Reason' },
  { label: 'Action' },
]

export function DelinkApprovalPage({ data }: { data: { error: string | null; rows: DelinkRowView[] } }) {
  return (
    <section aria-labelledby="delink-approval-heading" className={styles.page}>
      <h1 id="delink-approval-heading" className={styles.title}>
        De-Link Approval
      </h1>
      <ErrorPanel message={data.error} />
      {data.error ? null : data.rows.length === 0 ? (
        <EmptyState title="No de-link requests waiting">
          Agencies' and brands' de-link requests appear here.
        </EmptyState>
      ) : (
        <ListTable
          caption="Pending de-link requests"
          columns={APPROVAL_COLUMNS}
          summary={`${data.rows.length} pending de-link ${data.rows.length === 1 ? 'request' : 'requests'}`}
        >
          {data.rows.map((row) => (
            <tr key={row.requestId}>
              <td className={styles.wrapCell}>
                {row.brandName} <span className={styles.muted}>({row.brandId})</span>
              </td>
              <td className={styles.wrapCell}>
                {row.agencyName}
                <br />
                <span className={styles.muted}>{row.agencyEmail}</span>
              </td>
              <td className={styles.wrapCell}>{row.requestedBy}</td>
              <td className={list.cell}>{row.requested}</td>
              <td className={styles.wrapCell}>{row.reason}</td>
              <td className={list.cell}>
                <Link
                  to={row.detail}
                  className={list.button}
                  aria-label={`View the de-link request of ${row.agencyName} and ${row.brandName}`}
                >
                  View
                </Link>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  )
}

/** One de-link request: who, which brand, why; De-link and Reject while it is pending. */
export function DelinkDetail({ row }: { row: DelinkRowView }) {
  const facts: [string, string][] = [
    ['Brand', `${row.brandName} (${row.brandId})`],
    ['Agency', `${row.agencyName} (${row.agencyEmail})`],
    ['Requested by', row.requestedBy],
    ['Timestamp', row.requested],
    ['Delink Reason', row.reason],
  ]
  if (row.status !== 'PENDING') {
    facts.push(['Decided by', row.actionedBy ?? '—'], ['Decided at', row.actioned])
  }
  return (
    <section aria-labelledby="delink-detail-heading" className={styles.page}>
      <p>
        <Link to="/admin/requestApproval">Back to De-Link Approval</Link>
      </p>
      <h1 id="delink-detail-heading" className={styles.title}>
        De-link request
      </h1>
      <div className={formStyles.card}>
        <dl className={styles.details}>
          {facts.map(([term, value]) => (
            <Fragment key={term}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.definition}>{value}</dd>
            </Fragment>
          ))}
          <dt className={styles.term}>Status</dt>
          <dd className={styles.definition}>
            <StatusPill tone={row.tone} label={row.statusLabel} />
          </dd>
        </dl>
      </div>
      {row.status === 'PENDING' ? (
        <div className={styles.actions}>
          <Link to={`${row.detail}/delink`} className={styles.primaryLink} preventScrollReset>
            De-link
          </Link>
          <Link to={`${row.detail}/reject`} className={list.button} preventScrollReset>
            Reject
          </Link>
        </div>
      ) : null}
      <Outlet />
    </section>
  )
}

export type DelinkDecisionData = {
  status: ApprovalStatus
  agencyName: string
  brandName: string
  back: string
  self: string
  error: string | null
}

export function DelinkDecisionDialog({ data }: { data: DelinkDecisionData }) {
  const approve = data.status === 'APPROVED'
  return (
    <ConfirmDialog
      titleId="delink-decision-title"
      title={approve ? 'De-link' : 'Reject de-link request'}
      back={data.back}
      action={data.self}
      confirm={approve ? 'De-link' : 'Reject'}
      danger={approve}
      error={<ErrorPanel message={data.error} />}
    >
      <p>
        {approve
          ? `Are you sure you want to de-link ${data.agencyName} from ${data.brandName}? The agency loses access to the brand's campaigns at once.`
          : `Are you sure you want to reject this de-link request? ${data.agencyName} stays linked to ${data.brandName}.`}
      </p>
    </ConfirmDialog>
  )
}
