// The analytics page (/analytics, /admin/analytics; spec accounts §2 "Analytics landing page"): a GET
// form (report type, date range, Filters, Fields, Generate), an Actions menu (Save and Schedule with
// the current choices, Saved reports, Advanced reports), the report as a table (list kit: 2-decimal
// figures, a totals row over all pages, pages of 10/20/50/100) and its trend chart by day. Works
// without JavaScript: every control is a native form control or a link. Docs/decisions/041.
import { Form, useSubmit } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { AnalyticsPageData } from '../../models/analytics.server'
import {
  DEFAULT_FORM_PAGE_SIZE,
  FORM_PAGE_SIZES,
  formatFigure,
  reportParams,
  reportSearch,
} from '../../models/report-form'
import {
  EmptyState,
  ErrorState,
  ListTable,
  LoadingStatus,
  listSummary,
  Pager,
  PastLastPage,
  useKeyboardSafeChange,
  useListPending,
} from '../list'
import { cellClass } from '../list'
import { TrendChart } from './TrendChart'
import { DateRangeFields, FieldsFieldset, FiltersFieldset, ReportTypeField } from './ReportFields'
import * as styles from './reports.css'

type Report = NonNullable<AnalyticsPageData['report']>

function ActionsMenu({ links }: { links: AnalyticsPageData['links'] }) {
  return (
    <details className={styles.menu} data-testid="analytics-actions">
      <summary className={styles.menuSummary}>Actions</summary>
      <ul className={styles.menuList}>
        <li>
          <a href={links.saveSchedule} className={styles.menuLink}>
            Save and Schedule
          </a>
        </li>
        <li>
          <a href={links.savedReports} className={styles.menuLink}>
            Saved reports
          </a>
        </li>
        <li>
          <a href={links.advancedReports} className={styles.menuLink}>
            Advanced reports
          </a>
        </li>
      </ul>
    </details>
  )
}

export function AnalyticsPage({ data }: { data: AnalyticsPageData }) {
  const { state, options, errors, links } = data
  const pending = useListPending(links.base)
  // A new set of choices (back/forward, a no-JS Select all) draws the form afresh; paging does not.
  const formKey = reportSearch({ ...state, page: 1, run: false })
  return (
    <section aria-labelledby="analytics-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="analytics-heading" className={styles.title}>
          Analytics
        </h1>
        <ActionsMenu links={links} />
      </div>
      <Form
        key={formKey}
        method="get"
        action={links.base}
        className={styles.form}
        aria-label="Report"
        noValidate
      >
        {/* The form's default button: Enter in a field generates (not the first Select all). */}
        <button
          type="submit"
          name="run"
          value="1"
          className={styles.visuallyHidden}
          tabIndex={-1}
          aria-hidden="true"
        >
          Generate
        </button>
        <input type="hidden" name="fieldsFor" value={state.reportType} />
        {state.size !== DEFAULT_FORM_PAGE_SIZE ? (
          <input type="hidden" name="size" value={state.size} />
        ) : null}
        <div className={styles.row}>
          <ReportTypeField value={state.reportType} options={options.reportTypes} />
          <DateRangeFields
            dateFilterType={state.dateFilterType}
            fromDate={state.fromDate}
            toDate={state.toDate}
            options={options.dateFilters}
            max={options.maxDate}
            errors={errors.dates}
          />
        </div>
        <FiltersFieldset filters={options.filters} chosen={state.filters} />
        <FieldsFieldset
          dimensions={options.dimensions}
          metrics={options.metrics}
          chosenDimensions={state.dimensions}
          chosenMetrics={state.metrics}
          error={errors.fields}
        />
        <div className={styles.actions}>
          <button type="submit" name="run" value="1" className={styles.generate}>
            Generate
          </button>
        </div>
      </Form>
      {!data.report && !data.error ? (
        <p className={styles.hint} data-testid="analytics-hint">
          Choose a report type, a date range, filters and fields, then press Generate.
        </p>
      ) : null}
      <LoadingStatus pending={pending} />
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {data.report ? <Results data={data} report={data.report} busy={pending} /> : null}
    </section>
  )
}

function Results({ data, report, busy }: { data: AnalyticsPageData; report: Report; busy: boolean }) {
  const { state, links } = data
  const label = data.options.reportTypes.find((o) => o.value === state.reportType)?.label ?? 'Report'
  const range = report.fromDate === report.toDate ? report.fromDate : `${report.fromDate} to ${report.toDate}`
  const metrics = report.columns.filter(
    (c) => c.kind !== 'text' && report.series.some((p) => c.key in p.values),
  )
  const page = (n: number) => links.base + reportSearch(state, { page: n })
  const last = Math.max(1, report.totalPages)
  let table: React.ReactNode
  if (report.rows.length === 0 && report.totalNumOfRows > 0 && state.page > last) {
    table = <PastLastPage page={state.page} last={last} noun="rows" lastPage={page(last)} />
  } else if (report.rows.length === 0) {
    table = (
      <EmptyState title="No data for these choices">Try a longer date range or fewer filters.</EmptyState>
    )
  } else {
    table = <ReportTable report={report} caption={`${label}, ${range}`} busy={busy} />
  }
  return (
    <>
      <h2 className={styles.chartTitle} data-testid="report-heading">
        {`${label}, ${range}`}
      </h2>
      {table}
      {report.rows.length > 0 ? (
        <div className={styles.pagerRow}>
          <PageSize data={data} />
          <Pager page={report.page} totalPages={report.totalPages} pageLink={page} label="Report pages" />
        </div>
      ) : null}
      <TrendChart metrics={metrics} series={report.series} title={`Trend by day: ${label}`} />
    </>
  )
}

function ReportTable({ report, caption, busy }: { report: Report; caption: string; busy: boolean }) {
  const columns = report.columns.map((c) => ({ label: c.label, numeric: c.kind !== 'text' }))
  const firstText = report.columns.findIndex((c) => c.kind === 'text')
  const summary = listSummary({
    page: report.page,
    totalPages: report.totalPages,
    count: report.totalNumOfRows,
    noun: ['row', 'rows'],
  })
  return (
    <ListTable caption={caption} columns={columns} busy={busy} summary={summary}>
      {report.rows.map((row, i) => (
        // Rows have no id of their own: their place on the page is their key.
        // biome-ignore lint/suspicious/noArrayIndexKey: a report row is identified by its position
        <tr key={i} data-testid="report-row">
          {report.columns.map((c) => (
            <td
              key={c.key}
              className={c.kind === 'text' ? cellClass.text : cellClass.numeric}
              data-key={c.key}
            >
              {formatFigure(row[c.key], c.kind)}
            </td>
          ))}
        </tr>
      ))}
      <tr className={styles.totalRow} data-testid="report-totals">
        {report.columns.map((c, index) =>
          index === firstText ? (
            <th key={c.key} scope="row" className={cellClass.text} data-key={c.key}>
              Total, all pages
            </th>
          ) : (
            <td
              key={c.key}
              className={c.kind === 'text' ? cellClass.text : cellClass.numeric}
              data-key={c.key}
            >
              {c.kind === 'text' ? '' : formatFigure(report.totals[c.key], c.kind)}
            </td>
          ),
        )}
      </tr>
    </ListTable>
  )
}

/**
 * Rows per page: a small GET form carrying the rest of the report's URL (repeated d, m and filter
 * values, so not the list kit's KeepParams, which keys inputs by name). Applies on change with JS
 * (arrow-key steps on Enter), on Show without.
 */
function PageSize({ data }: { data: AnalyticsPageData }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const handlers = useKeyboardSafeChange((event) =>
    submit(event.currentTarget.form, { preventScrollReset: true }),
  )
  const keep = reportParams({ ...data.state, page: 1 }, { paging: false })
  return (
    <Form method="get" action={data.links.base} className={styles.sizeForm} preventScrollReset>
      {keep.map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: repeated names (d, m, filters) keep their order
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="report-page-size">Rows per page</label>
      <select
        id="report-page-size"
        name="size"
        defaultValue={String(data.state.size)}
        className={styles.control}
        {...handlers}
      >
        {FORM_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={styles.toolButton}>
          Show
        </button>
      )}
    </Form>
  )
}
