// Generic list table markup: a captioned table whose sortable headers are links (a sorted page is a
// URL), with `aria-sort` on the sorted column; the wrapper is `aria-busy` while the next page loads.
// After a list navigation (another page, sort or filter) focus moves to the caption and a polite live
// region says the new state (docs/decisions/023).
import { Link, useLocation } from '@remix-run/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { SortDirection } from '../../models/list-state'
import * as styles from './list.css'

export type Column = {
  /** Unique within the table; the header text. */
  label: string
  /** The list state's sort field, when the column sorts. */
  sort?: string
  /** Right-aligned (money, counts). */
  numeric?: boolean
  /** A header class of the page's own (e.g. a sticky Actions column). */
  className?: string
}

export type SortProps = {
  sort: string
  direction: SortDirection
  /** The URL of the list sorted by `field` in `direction`, from page 1. */
  link: (field: string, direction: SortDirection) => string
}

export function SortHeader({ column, sorting }: { column: Column & { sort: string }; sorting: SortProps }) {
  const active = sorting.sort === column.sort
  // First click sorts descending (largest, latest first), the next click flips it.
  const next: SortDirection = active && sorting.direction === 'desc' ? 'asc' : 'desc'
  return (
    <th
      scope="col"
      className={column.className ?? (column.numeric ? styles.headNumeric : styles.headCell)}
      aria-sort={active ? (sorting.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Link
        to={sorting.link(column.sort, next)}
        className={styles.sortLink}
        preventScrollReset
        aria-label={`Sort by ${column.label} ${next === 'asc' ? 'ascending' : 'descending'}`}
      >
        {column.label}
        {active ? (sorting.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
      </Link>
    </th>
  )
}

/** What the live region says after a list navigation: 'Page 2 of 5, sorted by Spend descending, 23 campaigns'. */
export function listSummary({
  page,
  totalPages,
  sortLabel,
  direction,
  count,
  noun,
}: {
  page: number
  totalPages: number
  /** The sorted column's label; absent when the list has no sort. */
  sortLabel?: string
  direction?: SortDirection
  /** How many rows the list's state matches (all pages). */
  count: number
  /** Singular and plural, e.g. ['campaign', 'campaigns']. */
  noun: readonly [string, string]
}): string {
  const parts = [`Page ${page} of ${Math.max(1, totalPages)}`]
  if (sortLabel) parts.push(`sorted by ${sortLabel} ${direction === 'asc' ? 'ascending' : 'descending'}`)
  parts.push(`${count} ${count === 1 ? noun[0] : noun[1]}`)
  return parts.join(', ')
}

/**
 * Focus after a navigation that stays on this list: a new query (page, sort, filter, rows per page)
 * moves focus to the caption and announces `summary`; any other navigation that left focus on the
 * body (a dialog closed, a row went away) also brings it to the caption. A page's own, more precise
 * focus (a row's action after Pause) runs after this, in the page's effect.
 */
function useListNavigationFocus(summary: string | undefined) {
  const location = useLocation()
  const caption = useRef<HTMLTableCaptionElement>(null)
  const seen = useRef({ key: location.key, pathname: location.pathname, search: location.search })
  const [said, setSaid] = useState('')
  useEffect(() => {
    const before = seen.current
    if (before.key === location.key) return
    seen.current = { key: location.key, pathname: location.pathname, search: location.search }
    const newState = before.pathname === location.pathname && before.search !== location.search
    const active = document.activeElement
    const lost = !active || active === document.body || !active.isConnected
    if (newState || lost) caption.current?.focus()
    if (newState && summary) setSaid(summary)
  }, [location.key, location.pathname, location.search, summary])
  return { caption, said }
}

export function ListTable({
  caption,
  columns,
  sorting,
  busy = false,
  summary,
  children,
}: {
  /** Names the table for screen readers (visually hidden: the page's heading says it to the eye). */
  caption: string
  columns: Column[]
  sorting?: SortProps
  busy?: boolean
  /** Announced after a list navigation (listSummary). */
  summary?: string
  /** The rows (`<tr>`s). */
  children: ReactNode
}) {
  const focus = useListNavigationFocus(summary)
  return (
    <>
      <p role="status" className={styles.visuallyHidden} data-testid="list-announcement">
        {focus.said}
      </p>
      {/* A wide table scrolls in its own box, which a keyboard can reach and scroll (docs/decisions/022). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe scrollable-region-focusable: a keyboard must reach a scrolling box to scroll it */}
      <section className={styles.tableWrap} aria-busy={busy} aria-label={caption} tabIndex={0}>
        <table className={styles.table}>
          <caption ref={focus.caption} tabIndex={-1} className={styles.visuallyHidden}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) =>
                column.sort && sorting ? (
                  <SortHeader
                    key={column.label}
                    column={{ ...column, sort: column.sort }}
                    sorting={sorting}
                  />
                ) : (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.className ?? (column.numeric ? styles.headNumeric : styles.headCell)}
                  >
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </section>
    </>
  )
}

/** Cell classes for rows drawn by the page. */
export const cellClass = { text: styles.cell, numeric: styles.numeric } as const
