// The Saved Reports table (spec accounts §2, §4 "Reports"; /saved-reports and /admin/saved-reports):
// the account's saved and scheduled reports with their frequency, schedule, date range, creation and
// last run, and View, Edit, Delete and Download. An agency's report is view-only for anyone else: no
// Edit, and 'View only' instead of Delete. Download posts (it e-mails the code) and opens the OTP dialog.
// Decision 043.
import { Form, Link, Outlet } from '@remix-run/react'
import { keptParams } from '../../models/list-state'
import { SAVED_REPORTS_LIST, savedReportsSearch } from '../../models/saved-reports'
import type { SavedReportsData } from '../../models/saved-reports.server'
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
import * as styles from './saved-reports.css'

type Row = NonNullable<SavedReportsData['page']>['rows'][number]

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'Type' },
  { label: 'Frequency' },
  { label: 'Schedule' },
  { label: 'Date range' },
  { label: 'Created' },
  { label: 'Last run' },
  { label: 'Actions' },
]

export function RunStatus({ run }: { run: Row['lastRun'] }) {
  if (!run) return <span className={styles.muted}>Not run yet</span>
  const className =
    run.status === 'DONE' ? styles.runDone : run.status === 'FAILED' ? styles.runFailed : styles.runPending
  return (
    <>
      <span className={className}>{run.label}</span> <span>{run.at}</span>
      {run.status === 'FAILED' && run.error ? <p className={styles.runError}>{run.error}</p> : null}
    </>
  )
}

/** Download: a post that e-mails the code, then the dialog asks for it. */
export function DownloadButton({
  action,
  name,
  className,
}: {
  action: string
  name: string
  className?: string
}) {
  return (
    <Form method="post" action={action} className={styles.inlineForm} preventScrollReset>
      <button type="submit" name="intent" value="send" className={className ?? styles.actionButton}>
        Download<span className={list.visuallyHidden}> {name}</span>
      </button>
    </Form>
  )
}

function RowActions({ row }: { row: Row }) {
  return (
    <div className={styles.rowActions}>
      <Link to={row.viewPath} className={styles.actionLink}>
        View<span className={list.visuallyHidden}> {row.name}</span>
      </Link>
      {row.editPath ? (
        <Link to={row.editPath} className={styles.actionLink}>
          Edit<span className={list.visuallyHidden}> {row.name}</span>
        </Link>
      ) : null}
      {row.deletePath ? (
        <Link to={row.deletePath} className={styles.actionLink} preventScrollReset>
          Delete<span className={list.visuallyHidden}> {row.name}</span>
        </Link>
      ) : (
        <span className={styles.viewOnly} title="Created by an agency: it can be viewed, not changed">
          View only
        </span>
      )}
      <DownloadButton action={row.downloadPath} name={row.name} />
    </div>
  )
}

export function SavedReportsPage({ data }: { data: SavedReportsData }) {
  const pending = useListPending(data.base)
  return (
    <section aria-labelledby="saved-reports-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="saved-reports-heading" className={styles.title}>
          Saved Reports
        </h1>
        <Link to={data.createPath} className={styles.headerLink}>
          New report
        </Link>
      </div>
      <LoadingStatus pending={pending} />
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {data.page ? <Results data={data} page={data.page} busy={pending} /> : null}
      <Outlet />
    </section>
  )
}

function Results({
  data,
  page,
  busy,
}: {
  data: SavedReportsData
  page: NonNullable<SavedReportsData['page']>
  busy: boolean
}) {
  const { state, base } = data
  if (page.rows.length === 0) {
    const last = Math.max(1, page.totalPages)
    if (page.totalCount > 0 && state.page > last) {
      return (
        <PastLastPage
          page={state.page}
          last={last}
          noun="reports"
          lastPage={base + savedReportsSearch(state, { page: last })}
        />
      )
    }
    return (
      <EmptyState
        title="No saved reports yet"
        action={{ to: data.createPath, label: 'Save and schedule a report' }}
      >
        Reports you save or schedule appear here.
      </EmptyState>
    )
  }
  const summary = listSummary({
    page: page.page,
    totalPages: page.totalPages,
    count: page.totalCount,
    noun: ['report', 'reports'],
  })
  return (
    <>
      <ListTable caption="Saved reports" columns={COLUMNS} busy={busy} summary={summary}>
        {page.rows.map((row) => (
          <tr key={row.id} data-report-id={row.id}>
            <td className={styles.wrapCell}>{row.name}</td>
            <td className={list.cell}>{row.type}</td>
            <td className={list.cell}>{row.frequency}</td>
            <td className={list.cell}>{row.schedule}</td>
            <td className={list.cell}>{row.dateRange}</td>
            <td className={list.cell}>{row.created}</td>
            <td className={styles.wrapCell}>
              <RunStatus run={row.lastRun} />
            </td>
            <td className={list.cell}>
              <RowActions row={row} />
            </td>
          </tr>
        ))}
      </ListTable>
      <Pager
        page={page.page}
        totalPages={page.totalPages}
        size={state.size}
        sizes={SAVED_REPORTS_LIST.pageSizes}
        pageLink={(n) => base + savedReportsSearch(state, { page: n })}
        keep={keptParams(SAVED_REPORTS_LIST, state, [])}
      />
    </>
  )
}
