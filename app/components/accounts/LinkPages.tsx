// The agency's Link Request page and the brand's Link Approval page with its confirmation dialog
// (spec accounts §2 "Agency links", §4 colours, §5 messages, §9 page sizes; decision 036).
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, Outlet, useNavigation } from '@remix-run/react'
import type { ApprovalStatus, StatusTone } from '../../../platform/rules/links'
import { LINK_HISTORY_LIST, linkHistoryListSearch } from '../../models/link-history-list'
import { linkRequestForm } from '../../models/links.schema'
import type { linkPageLoader } from '../../models/link-pages.server'
import { useZodForm } from '../../utils/use-zod-form'
import { DialogCancel, initialFocus, RouteDialog } from '../dialog/RouteDialog'
import * as dialogStyles from '../dialog/dialog.css'
import * as formStyles from '../form.css'
import { FormErrors, NativeChecksWhileLoading, TextField } from '../FormParts'
import { EmptyState, ErrorState, ListTable, listSummary, Pager } from '../list'
import * as list from '../list/list.css'
import * as styles from './links.css'

/** A status in words with its colour (never colour alone). */
export function StatusLabel({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={styles.tone[tone]}>{label}</span>
}

/** spec §8: a failed call shows a panel headed Error with the server's message. */
export function ErrorPanel({ message }: { message: string | null | undefined }) {
  return message ? <ErrorState title="Error" message={message} /> : null
}

export type LinkRequestData = Awaited<ReturnType<typeof linkPageLoader>>

const HISTORY_COLUMNS = [
  { label: 'Brand Name' },
  { label: 'Request Timestamp' },
  { label: 'Status' },
  { label: 'Action Timestamp' },
]

export function LinkRequestPage({
  data,
  lastResult,
  actionError,
}: {
  data: LinkRequestData
  lastResult?: SubmissionResult<string[]>
  actionError?: string | null
}) {
  const [form, fields] = useZodForm(linkRequestForm, lastResult)
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const { history } = data
  return (
    <section aria-labelledby="link-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="link-heading" className={styles.title}>
          Link Request
        </h1>
        <a href="/link/linked-brands" className={list.button} download>
          View Linked Brands
        </a>
      </div>
      <div className={formStyles.card}>
        <Form method="post" {...form.props} className={formStyles.form}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField field={fields.brandId} label="Brand Id" inputMode="numeric" autoComplete="off" />
          <button type="submit" className={formStyles.primary} disabled={sending}>
            Create request
          </button>
        </Form>
        <NativeChecksWhileLoading />
      </div>
      <ErrorPanel message={actionError} />
      <section aria-labelledby="history-heading" className={styles.section}>
        <h2 id="history-heading" className={styles.subtitle}>
          Linking History
        </h2>
        <ErrorPanel message={data.error} />
        {history ? (
          history.rows.length === 0 ? (
            history.totalCount === 0 ? (
              <EmptyState title="No link requests yet">Requests you create appear here.</EmptyState>
            ) : (
              <EmptyState
                title={`There is no page ${data.state.page}`}
                action={{
                  to: linkHistoryListSearch(data.state, { page: history.totalPages }),
                  label: 'Last page',
                }}
              />
            )
          ) : (
            <>
              <ListTable
                caption="Linking History"
                columns={HISTORY_COLUMNS}
                summary={listSummary({
                  page: history.page,
                  totalPages: history.totalPages,
                  count: history.totalCount,
                  noun: ['link request', 'link requests'],
                })}
              >
                {history.rows.map((row) => (
                  <tr key={row.requestId}>
                    <td className={styles.wrapCell}>
                      {row.brandName} <span className={styles.muted}>({row.brandId})</span>
                    </td>
                    <td className={list.cell}>{row.requested}</td>
                    <td className={list.cell}>
                      <StatusLabel tone={row.tone} label={row.statusLabel} />
                    </td>
                    <td className={list.cell}>{row.actioned}</td>
                  </tr>
                ))}
              </ListTable>
              <Pager
                label="Linking History pages"
                page={history.page}
                totalPages={history.totalPages}
                size={history.size}
                sizes={LINK_HISTORY_LIST.pageSizes}
                pageLink={(page) => linkHistoryListSearch(data.state, { page })}
              />
            </>
          )
        ) : null}
      </section>
    </section>
  )
}

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
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const approve = data.status === 'APPROVED'
  return (
    <RouteDialog
      titleId="link-decision-title"
      title={approve ? 'Approve link request' : 'Reject link request'}
      back={data.back}
    >
      <p>
        Are you sure you want to {data.verb} {data.agencyName}?
      </p>
      <p className={dialogStyles.note}>{data.agencyEmail}</p>
      <ErrorPanel message={data.error} />
      <Form method="post" action={data.self} className={dialogStyles.actions} preventScrollReset>
        <button
          type="submit"
          className={approve ? dialogStyles.confirm : dialogStyles.danger}
          disabled={busy}
          {...initialFocus()}
        >
          {approve ? 'Link' : 'Reject'}
        </button>
        <DialogCancel to={data.back} />
      </Form>
    </RouteDialog>
  )
}
