// The campaign table (spec campaigns §2, §4): the spec's columns in order, four of them sortable, a
// state icon with its reason, and the row actions each campaign allows (platform/rules).
import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { iconStateTitle } from '../../../platform/rules/campaigns'
import type { listLoader } from '../../models/campaign-page.server'
import { editorPath, type ListQuery, listSearch, SORT_FIELDS } from '../../models/campaign-list'
import { formatInteger, formatMoney, formatRoas } from '../../utils/format'
import { type Column, ListTable, listSummary } from '../list'
import * as styles from './campaigns.css'

/** Money cells: ₹ and Indian digit grouping (₹1,23,456.78). */
const rupees = (paise: number) => `₹${formatMoney(paise)}`

type Page = NonNullable<Awaited<ReturnType<typeof listLoader>>['page']>
type Row = Page['rows'][number]

/** The spec's columns, in order (campaigns §2); Start Date, End Date, Budget and Spend sort. */
export const CAMPAIGN_COLUMNS: Column[] = [
  { label: 'Status', className: styles.head },
  { label: 'Name', className: styles.nameHead },
  { label: 'Campaign ID', className: styles.head },
  { label: 'Campaign Class', className: styles.head },
  { label: 'Created by', className: styles.head },
  ...SORT_FIELDS.map((f) => {
    const numeric = f.value === 'budget' || f.value === 'spend'
    return { label: f.label, sort: f.value, numeric, className: numeric ? styles.headNum : styles.head }
  }),
  { label: 'Clicks', numeric: true, className: styles.headNum },
  { label: 'Orders', numeric: true, className: styles.headNum },
  { label: 'Sales', numeric: true, className: styles.headNum },
  { label: 'ROAS', numeric: true, className: styles.headNum },
  { label: 'Actions', className: styles.head },
]

export function CampaignTable({
  base,
  query,
  page,
  busy,
}: {
  base: string
  query: ListQuery
  page: Page
  busy: boolean
}) {
  const search = listSearch(query)
  useRowActionFocus()
  return (
    <ListTable
      caption={`Campaigns, ${page.fromDate} to ${page.toDate}`}
      columns={CAMPAIGN_COLUMNS}
      busy={busy}
      summary={listSummary({
        page: page.page,
        totalPages: page.totalPages,
        sortLabel: SORT_FIELDS.find((f) => f.value === query.sort)?.label,
        direction: query.direction,
        count: page.totalCount,
        noun: ['campaign', 'campaigns'],
      })}
      sorting={{
        sort: query.sort,
        direction: query.direction,
        link: (field, direction) =>
          base + listSearch(query, { sort: field as ListQuery['sort'], direction, page: 1 }),
      }}
    >
      {page.rows.map((row) => (
        <CampaignRow key={row.id} row={row} base={base} search={search} />
      ))}
      <TotalsRow totals={page.totals} />
    </ListTable>
  )
}

/**
 * Pause and Play are POSTs that redirect back to the list, where the row's button is now the other one.
 * With JS: when that navigation ends, focus goes to the row's new Play/Pause button (its name link if
 * it has none). Without JS: the form's action carries `#campaign-{id}`, the redirect keeps the
 * fragment, and the browser focuses the button with that id (docs/decisions/023).
 */
function useRowActionFocus() {
  const navigation = useNavigation()
  const pendingRow = useRef<string | null>(null)
  const intent = navigation.formData?.get('intent')
  const campaignId = navigation.formData?.get('campaignId')
  useEffect(() => {
    if (navigation.state === 'submitting' && (intent === 'pause' || intent === 'play')) {
      pendingRow.current = String(campaignId)
    }
  }, [navigation.state, intent, campaignId])
  useEffect(() => {
    if (navigation.state !== 'idle' || pendingRow.current === null) return
    const row = document.querySelector(`tr[data-campaign-id="${CSS.escape(pendingRow.current)}"]`)
    pendingRow.current = null
    const target =
      row?.querySelector<HTMLElement>('[data-row-toggle]') ?? row?.querySelector<HTMLElement>('a[href]')
    target?.focus()
  }, [navigation.state])
}

/** Every filtered campaign's metrics over the range, all pages (the platform sums them). */
function TotalsRow({ totals }: { totals: Page['totals'] }) {
  return (
    <tr className={styles.totalsRow} data-testid="campaign-totals">
      <td className={styles.cell} />
      <th scope="row" className={styles.totalsCell}>
        Total, all pages
      </th>
      <td className={styles.cell} colSpan={6} />
      <td className={styles.numeric}>{rupees(totals.spend)}</td>
      <td className={styles.numeric}>{formatInteger(totals.clicks)}</td>
      <td className={styles.numeric}>{formatInteger(totals.orders)}</td>
      <td className={styles.numeric}>{rupees(totals.sales)}</td>
      <td className={styles.numeric}>{formatRoas(totals.roas)}</td>
      <td className={styles.cell} />
    </tr>
  )
}

function StateCell({ row }: { row: Row }) {
  const title = iconStateTitle(row.state, row.status)
  const tone = row.state === 1 ? 'running' : row.state === 2 || title ? 'paused' : 'other'
  return (
    <td className={styles.wrapCell}>
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

function CampaignRow({ row, base, search }: { row: Row; base: string; search: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('campaignId') === String(row.id)
  const hydrated = useHydrated()
  const rowForm = (intent: 'pause' | 'play' | 'clone', label: string) => (
    <Form
      method="post"
      action={intent !== 'clone' && !hydrated ? `${base}#campaign-${row.id}` : base}
      className={styles.inlineForm}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="campaignId" value={row.id} />
      <input type="hidden" name="campaignName" value={row.name} />
      <input type="hidden" name="returnTo" value={search || '?'} />
      <button
        type="submit"
        className={styles.linkButton}
        disabled={busy}
        aria-label={`${label} ${row.name}`}
        {...(intent === 'clone' ? {} : { id: `campaign-${row.id}`, 'data-row-toggle': '' })}
      >
        {label}
      </button>
    </Form>
  )
  return (
    <tr data-testid="campaign-row" data-campaign-id={row.id} className={styles.row}>
      <StateCell row={row} />
      <td className={styles.nameCell}>
        <Link to={editorPath(row.id)} className={styles.rowLink}>
          {row.name}
        </Link>
      </td>
      <td className={styles.cell}>{row.campaignId}</td>
      <td className={styles.cell}>{row.campaignClass}</td>
      <td className={styles.wrapCell}>{row.createdBy}</td>
      <td className={styles.dateCell}>{row.start}</td>
      <td className={styles.dateCell}>{row.end}</td>
      <td className={styles.numeric}>{rupees(row.budget)}</td>
      <td className={styles.numeric}>{rupees(row.spend)}</td>
      <td className={styles.numeric}>{formatInteger(row.clicks)}</td>
      <td className={styles.numeric}>{formatInteger(row.orders)}</td>
      <td className={styles.numeric}>{rupees(row.sales)}</td>
      <td className={styles.numeric}>{formatRoas(row.roas)}</td>
      <td className={styles.actionsCell}>
        <div className={styles.rowActions}>
          {row.action === 'PAUSE' ? rowForm('pause', 'Pause') : null}
          {row.action === 'PLAY' ? rowForm('play', 'Play') : null}
          <Link
            to={editorPath(row.id)}
            className={styles.rowLink}
            aria-label={`${row.canEdit ? 'Edit' : 'View'} ${row.name}`}
          >
            {row.canEdit ? 'Edit' : 'View'}
          </Link>
          {row.canClone ? rowForm('clone', 'Clone') : null}
          {row.canDelete ? (
            <Link
              to={`${base}/${row.id}/delete${search}`}
              className={styles.rowLink}
              preventScrollReset
              aria-label={`Delete ${row.name}`}
            >
              Delete
            </Link>
          ) : null}
          <Link
            to={`${base}/${row.id}/history`}
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
