// One saved report (/saved-reports/:reportId, /admin/saved-reports/:reportId): its definition and the
// report computed now from the daily rollup (getReport), as a table with a totals row and pages of
// 10/20/50/100 rows. Figures are formatted by the loader (2 decimals, spec §9). Decision 043.
import { Link } from '@remix-run/react'
import { keptParams } from '../../models/list-state'
import { SAVED_REPORTS_LIST, savedReportsSearch } from '../../models/saved-reports'
import type { ReportViewData } from '../../models/saved-reports.server'
import { type Column, EmptyState, ErrorState, ListTable, LoadingStatus, Pager, useListPending } from '../list'
import * as list from '../list/list.css'
import { DownloadButton, RunStatus } from './SavedReportsPage'
import * as styles from './saved-reports.css'

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{children}</dd>
    </>
  )
}

export function SavedReportView({ data }: { data: ReportViewData }) {
  const { report, table, state } = data
  const pending = useListPending(data.self)
  return (
    <section aria-labelledby="report-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="report-heading" className={styles.title}>
          Report: {report.name}
        </h1>
        <Link to={data.base} className={styles.headerLink}>
          Back to saved reports
        </Link>
      </div>
      <section aria-labelledby="definition-heading" className={styles.card}>
        <h2 id="definition-heading" className={styles.sectionTitle}>
          Definition
        </h2>
        <dl className={styles.facts}>
          <Fact term="Type">{report.type}</Fact>
          <Fact term="Date range">{report.dateRange}</Fact>
          <Fact term="Frequency">{report.frequency}</Fact>
          <Fact term="Schedule">{report.schedule}</Fact>
          <Fact term="Recipients">{report.recipients.length ? report.recipients.join(', ') : 'None'}</Fact>
          <Fact term="Dimensions">{report.dimensions.join(', ') || 'None'}</Fact>
          <Fact term="Metrics">{report.metrics.join(', ') || 'None'}</Fact>
          <Fact term="Filters">
            {report.filters.length
              ? report.filters.map((f) => `${f.name}: ${f.values}`).join('; ')
              : 'None (all campaigns)'}
          </Fact>
          <Fact term="Created">
            {report.created} by {report.createdBy}
          </Fact>
          <Fact term="Last run">
            <RunStatus run={report.lastRun} />
          </Fact>
        </dl>
        <div className={styles.actions}>
          {report.editPath ? (
            <Link to={report.editPath} className={styles.primaryLink}>
              Edit
            </Link>
          ) : (
            <p className={styles.muted}>View only: this report was created by an agency.</p>
          )}
          <DownloadButton
            action={report.downloadPath}
            name={report.name}
            className={styles.secondaryButton}
          />
          {report.deletePath ? (
            <Link to={report.deletePath} className={styles.dangerLink}>
              Delete
            </Link>
          ) : null}
        </div>
      </section>
      <LoadingStatus pending={pending} />
      {data.tableError ? <ErrorState title="Error" message={data.tableError} /> : null}
      {table ? (
        table.rows.length === 0 ? (
          <EmptyState title="No data for this period">
            {`Nothing was delivered from ${table.fromDate} to ${table.toDate}.`}
          </EmptyState>
        ) : (
          <>
            <p className={styles.muted}>
              {table.fromDate} to {table.toDate}: {table.totalNumOfRows}{' '}
              {table.totalNumOfRows === 1 ? 'row' : 'rows'}
            </p>
            <ListTable
              caption={`Report ${report.name}`}
              columns={table.columns.map((c): Column => ({ label: c.label, numeric: c.numeric }))}
              busy={pending}
              summary={`Page ${table.page} of ${table.totalPages}, ${table.totalNumOfRows} rows`}
            >
              {table.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a computed report have no id of their own
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td
                      key={table.columns[c]!.key}
                      className={table.columns[c]!.numeric ? list.numeric : list.cell}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className={styles.totalRow}>
                {table.totals.map((cell, c) =>
                  c === 0 ? (
                    <th key={table.columns[c]!.key} scope="row" className={list.cell}>
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={table.columns[c]!.key}
                      className={table.columns[c]!.numeric ? list.numeric : list.cell}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            </ListTable>
            <Pager
              page={table.page}
              totalPages={table.totalPages}
              size={state.size}
              sizes={SAVED_REPORTS_LIST.pageSizes}
              pageLink={(n) => data.self + savedReportsSearch(state, { page: n })}
              keep={keptParams(SAVED_REPORTS_LIST, state, [])}
            />
          </>
        )
      ) : null}
    </section>
  )
}
