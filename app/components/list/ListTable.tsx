// Generic list table markup: a captioned table whose sortable headers are links (a sorted page is a
// URL), with `aria-sort` on the sorted column; the wrapper is `aria-busy` while the next page loads.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
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

export function ListTable({
  caption,
  columns,
  sorting,
  busy = false,
  children,
}: {
  /** Names the table for screen readers (visually hidden: the page's heading says it to the eye). */
  caption: string
  columns: Column[]
  sorting?: SortProps
  busy?: boolean
  /** The rows (`<tr>`s). */
  children: ReactNode
}) {
  return (
    // A wide table scrolls in its own box, which a keyboard can reach and scroll (docs/decisions/022).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe scrollable-region-focusable: a keyboard must reach a scrolling box to scroll it
    <section className={styles.tableWrap} aria-busy={busy} aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sort && sorting ? (
                <SortHeader key={column.label} column={{ ...column, sort: column.sort }} sorting={sorting} />
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
  )
}

/** Cell classes for rows drawn by the page. */
export const cellClass = { text: styles.cell, numeric: styles.numeric } as const
