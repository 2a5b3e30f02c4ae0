// The campaign list (spec campaigns §2, §4, §6, §9), shared by /campaigns and /admin/campaigns.
// Every control is a link or a native form: filters are a GET form, row actions POST forms, dialogs
// child routes. With JavaScript, selects apply themselves and Remix navigates without reloading.
import { Form, Link, Outlet, useNavigation, useSubmit } from '@remix-run/react'
import { type ChangeEvent, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { iconStateTitle } from '../../../platform/rules/campaigns'
import type { listLoader } from '../../models/campaign-page.server'
import {
  DATE_FILTERS,
  editorPath,
  type ListQuery,
  listSearch,
  PAGE_SIZES,
  SORT_FIELDS,
  STATUS_FILTER_LABELS,
  type SortField,
} from '../../models/campaign-list'
import { formatCount, formatCredits, formatInteger, formatMoney, formatRoas } from '../../utils/format'
import { Banner } from '../Banner'
import * as styles from './campaigns.css'

export type CampaignsData = Awaited<ReturnType<typeof listLoader>>
type Row = NonNullable<CampaignsData['page']>['rows'][number]

export const ZERO_CREDIT_BANNER =
  'All sponsored campaigns are currently paused. Please add credits to resume them.'
export const NO_CREDIT_NOTE = 'All campaigns are currently paused. Please add credits to resume them.'

export function CampaignsPage({ data }: { data: CampaignsData }) {
  const { query, base } = data
  const search = listSearch(query)
  return (
    <section aria-labelledby="campaigns-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="campaigns-heading" className={styles.title}>
          Campaigns
        </h1>
        <a href={`${base}/download${search}`} className={styles.secondaryLink} download>
          Download Table
        </a>
        {data.canCreate ? (
          <Link to={`${base}/class${search}`} className={styles.primaryLink} preventScrollReset>
            Create New Campaign
          </Link>
        ) : (
          <span title={NO_CREDIT_NOTE}>
            <button type="button" className={styles.primaryLink} disabled aria-describedby="no-credit-note">
              Create New Campaign
            </button>
          </span>
        )}
      </div>
      {data.availableCredit <= 0 ? <Banner kind="warning">{ZERO_CREDIT_BANNER}</Banner> : null}
      <Stats data={data} />
      <Filters query={query} today={data.today} dateError={data.dateError} />
      {data.backendError ? (
        <div role="alert" className={styles.backendError} data-testid="backend-error">
          <h2 className={styles.backendErrorTitle}>Backend Error</h2>
          <p>{data.backendError}</p>
        </div>
      ) : null}
      {data.page ? <CampaignTable data={data} page={data.page} /> : null}
      <Outlet />
    </section>
  )
}

function Stats({ data }: { data: CampaignsData }) {
  const stats = data.stats
  const items = [
    ['Total Campaigns', stats ? formatCount(stats.totalCampaigns) : '–'],
    ['Running Campaigns', stats ? formatCount(stats.runningCampaigns) : '–'],
    ['Paused Campaigns', stats ? formatCount(stats.pausedCampaigns) : '–'],
    ['Available Credits', formatCredits(data.availableCredit)],
  ] as const
  return (
    <div>
      <dl className={data.canCreate ? styles.stats : styles.statsDimmed} data-testid="stats">
        {items.map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
      {data.canCreate ? null : (
        <p id="no-credit-note" className={styles.dimmedNote}>
          {NO_CREDIT_NOTE}
        </p>
      )}
    </div>
  )
}

/** Hidden fields that carry the rest of the list state through a GET form. */
function Keep({ query, keys }: { query: ListQuery; keys: (keyof ListQuery)[] }) {
  const params = new URLSearchParams(listSearch(query))
  return (
    <>
      {keys.map((key) => {
        const value = params.get(key)
        return value === null ? null : <input key={key} type="hidden" name={key} value={value} />
      })}
    </>
  )
}

function FilterSelect(props: {
  id: string
  name: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        className={styles.control}
        onChange={props.onChange}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function Filters({ query, today, dateError }: { query: ListQuery; today: string; dateError: string | null }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const [dateFilter, setDateFilter] = useState(query.dateFilterType)
  // With JS the selects apply at once (Custom waits for its dates and Apply); without JS, Apply does.
  const applyNow = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.name === 'dateFilterType') {
      setDateFilter(event.currentTarget.value as ListQuery['dateFilterType'])
      if (event.currentTarget.value === 'CUSTOM') return
    }
    submit(event.currentTarget.form, { preventScrollReset: true })
  }
  return (
    <Form
      method="get"
      className={styles.filters}
      role="search"
      aria-label="Filter campaigns"
      preventScrollReset
    >
      <Keep query={query} keys={['sort', 'direction', 'size']} />
      <div className={styles.field}>
        <label htmlFor="campaign-search">Search by name</label>
        <input
          id="campaign-search"
          type="search"
          name="search"
          defaultValue={query.search}
          maxLength={200}
          className={styles.control}
          placeholder="Campaign name"
        />
      </div>
      <FilterSelect
        id="date-filter"
        name="dateFilterType"
        label="Date"
        value={query.dateFilterType}
        options={DATE_FILTERS}
        onChange={applyNow}
      />
      {/* Without JS the custom dates are always there (used only with Custom); with JS only for Custom. */}
      <fieldset className={styles.customDates} hidden={hydrated && dateFilter !== 'CUSTOM' && !dateError}>
        <legend className={styles.visuallyHidden}>Custom date range</legend>
        {(
          [
            ['from-date', 'fromDate', 'Start date'],
            ['to-date', 'toDate', 'End date'],
          ] as const
        ).map(([id, name, label]) => (
          <div key={name} className={styles.field}>
            <label htmlFor={id}>{label}</label>
            <input
              id={id}
              type="date"
              name={name}
              max={today}
              defaultValue={query[name]}
              className={styles.control}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? 'date-error' : undefined}
            />
          </div>
        ))}
        {dateError ? (
          <p id="date-error" role="alert" className={styles.fieldError}>
            {dateError}
          </p>
        ) : null}
      </fieldset>
      <FilterSelect
        id="status-filter"
        name="status"
        label="Status"
        value={query.status}
        options={Object.entries(STATUS_FILTER_LABELS).map(([value, label]) => ({ value, label }))}
        onChange={applyNow}
      />
      <button type="submit" className={styles.secondaryLink}>
        Apply
      </button>
    </Form>
  )
}

function SortHeader({
  base,
  query,
  field,
  label,
}: {
  base: string
  query: ListQuery
  field: SortField
  label: string
}) {
  const active = query.sort === field
  const next = active && query.direction === 'desc' ? 'asc' : 'desc'
  return (
    <th
      scope="col"
      className={field === 'budget' || field === 'spend' ? styles.headNumeric : styles.headCell}
      aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Link
        to={base + listSearch(query, { sort: field, direction: next, page: 1 })}
        className={styles.sortLink}
        preventScrollReset
        aria-label={`Sort by ${label} ${next === 'asc' ? 'ascending' : 'descending'}`}
      >
        {label}
        {active ? (query.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
      </Link>
    </th>
  )
}

/** The spec's columns, in order (campaigns §2); four of them sort. */
const COLUMNS: { label: string; sort?: SortField; head?: string }[] = [
  { label: 'Status' },
  { label: 'Name' },
  { label: 'Campaign ID' },
  { label: 'Campaign Class' },
  { label: 'Created by' },
  ...SORT_FIELDS.map((f) => ({ label: f.label, sort: f.value })),
  { label: 'Clicks', head: styles.headNumeric },
  { label: 'Orders', head: styles.headNumeric },
  { label: 'Sales', head: styles.headNumeric },
  { label: 'ROAS', head: styles.headNumeric },
  { label: 'Actions', head: styles.actionsHead },
]

function CampaignTable({ data, page }: { data: CampaignsData; page: NonNullable<CampaignsData['page']> }) {
  const { query } = data
  const search = listSearch(query)
  if (page.rows.length === 0) {
    const filtered = page.totalCount === 0 && (data.stats?.totalCampaigns ?? 0) > 0
    return (
      <div className={styles.empty} data-testid="empty-state">
        <img src="/images/empty-campaigns.svg" alt="" width={160} height={120} />
        <h2>{filtered ? 'No campaigns match these filters' : 'No campaigns yet'}</h2>
        <p className={styles.muted}>
          {filtered
            ? 'Try another name, date range or status.'
            : 'Campaigns you create appear here with their spend, clicks, orders and sales.'}
        </p>
      </div>
    )
  }
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>
            Campaigns, {page.fromDate} to {page.toDate}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((column) =>
                column.sort ? (
                  <SortHeader
                    key={column.label}
                    base={data.base}
                    query={query}
                    field={column.sort}
                    label={column.label}
                  />
                ) : (
                  <th key={column.label} scope="col" className={column.head ?? styles.headCell}>
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <CampaignRow key={row.id} row={row} data={data} search={search} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager base={data.base} query={query} page={page} />
    </>
  )
}

function StateCell({ row }: { row: Row }) {
  const title = iconStateTitle(row.state, row.status)
  const tone = row.state === 1 ? 'running' : row.state === 2 || title ? 'paused' : 'other'
  return (
    <td className={styles.cell}>
      {title ? (
        <span className={styles.stateIcon} title={title} role="img" aria-label={title}>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
            <circle cx="7" cy="7" r="6.5" fill="currentColor" />
            <rect x="4.2" y="3.5" width="1.8" height="7" fill="#fff" />
            <rect x="8" y="3.5" width="1.8" height="7" fill="#fff" />
          </svg>
        </span>
      ) : null}
      <span className={styles.stateBadge[tone]}>{row.stateLabel}</span>
    </td>
  )
}

function CampaignRow({ row, data, search }: { row: Row; data: CampaignsData; search: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('campaignId') === String(row.id)
  const rowForm = (intent: 'pause' | 'play' | 'clone', label: string, accessible: string) => (
    <Form method="post" action={data.base} className={styles.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="campaignId" value={row.id} />
      <input type="hidden" name="campaignName" value={row.name} />
      <input type="hidden" name="returnTo" value={search || '?'} />
      <button type="submit" className={styles.linkButton} disabled={busy} aria-label={accessible}>
        {label}
      </button>
    </Form>
  )
  return (
    <tr data-testid="campaign-row" data-campaign-id={row.id}>
      <StateCell row={row} />
      <td className={styles.wrapCell}>
        <Link to={editorPath(row.id)} className={styles.rowLink}>
          {row.name}
        </Link>
      </td>
      <td className={styles.cell}>{row.campaignId}</td>
      <td className={styles.cell}>{row.campaignClass}</td>
      <td className={styles.wrapCell}>{row.createdBy}</td>
      <td className={styles.dateCell}>{row.start}</td>
      <td className={styles.dateCell}>{row.end}</td>
      <td className={styles.numeric}>{formatMoney(row.budget)}</td>
      <td className={styles.numeric}>{formatMoney(row.spend)}</td>
      <td className={styles.numeric}>{formatInteger(row.clicks)}</td>
      <td className={styles.numeric}>{formatInteger(row.orders)}</td>
      <td className={styles.numeric}>{formatMoney(row.sales)}</td>
      <td className={styles.numeric}>{formatRoas(row.roas)}</td>
      <td className={styles.actionsCell}>
        <div className={styles.rowActions}>
          {row.action === 'PAUSE' ? rowForm('pause', 'Pause', `Pause ${row.name}`) : null}
          {row.action === 'PLAY' ? rowForm('play', 'Play', `Play ${row.name}`) : null}
          <Link to={editorPath(row.id)} className={styles.rowLink} aria-label={`Edit ${row.name}`}>
            {row.readOnly ? 'View' : 'Edit'}
          </Link>
          {/* A clone is a new campaign: it needs what Create needs (spec §6). */}
          {row.readOnly || !data.canCreate ? null : rowForm('clone', 'Clone', `Clone ${row.name}`)}
          {row.readOnly ? null : (
            <Link
              to={`${data.base}/${row.id}/delete${search}`}
              className={styles.rowLink}
              preventScrollReset
              aria-label={`Delete ${row.name}`}
            >
              Delete
            </Link>
          )}
          <Link
            to={`${data.base}/${row.id}/history`}
            className={styles.rowLink}
            aria-label={`History of ${row.name}`}
          >
            History
          </Link>
        </div>
      </td>
    </tr>
  )
}

function Pager({
  base,
  query,
  page,
}: {
  base: string
  query: ListQuery
  page: NonNullable<CampaignsData['page']>
}) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const hasPrevious = page.page > 1
  const hasNext = page.page < page.totalPages
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Form method="get" className={styles.actions} preventScrollReset>
        <Keep
          query={query}
          keys={['search', 'dateFilterType', 'fromDate', 'toDate', 'status', 'sort', 'direction']}
        />
        <label htmlFor="page-size">Rows per page</label>
        <select
          id="page-size"
          name="size"
          defaultValue={String(query.size)}
          className={styles.control}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className={styles.linkButton}>
            Show
          </button>
        )}
      </Form>
      <span data-testid="page-label">
        Page {page.page} of {page.totalPages}
      </span>
      <Link
        to={base + listSearch(query, { page: page.page - 1 })}
        className={hasPrevious ? styles.pagerLink : styles.pagerDisabled}
        aria-disabled={hasPrevious ? undefined : true}
        aria-label="Previous page"
        preventScrollReset
      >
        ←
      </Link>
      <Link
        to={base + listSearch(query, { page: page.page + 1 })}
        className={hasNext ? styles.pagerLink : styles.pagerDisabled}
        aria-disabled={hasNext ? undefined : true}
        aria-label="Next page"
        preventScrollReset
      >
        →
      </Link>
    </nav>
  )
}
