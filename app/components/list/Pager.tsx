// 'Page X of Y', previous/next and rows per page. Previous and next are links only when they lead
// somewhere: a disabled one is plain text (no tab stop, no href), so no link ever points at page 0 or
// past the last page. Rows per page is a GET form: it applies on change with JS (arrow-key steps on
// Enter), on Show without.
import { Form, Link, useSubmit } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useKeyboardSafeChange } from './FilterBar'
import { KeepParams } from './KeepParams'
import * as styles from './list.css'

export type PagerProps = {
  page: number
  totalPages: number
  /** Rows per page and the choices; without `sizes` the list has a fixed page size and no select. */
  size?: number
  sizes?: readonly number[]
  /** The URL of the list at another page, same filters and size. */
  pageLink: (page: number) => string
  /** The rest of the state (filters, sort) for the rows-per-page form; page is left out: back to 1. */
  keep?: [string, string][]
  /** Names the navigation landmark when a page has more than one list. */
  label?: string
}

function Step({ to, label, arrow }: { to: string | null; label: string; arrow: string }) {
  if (to === null) {
    return (
      <span
        className={styles.pagerDisabled}
        aria-disabled="true"
        data-testid={`pager-${label.split(' ')[0]?.toLowerCase()}`}
      >
        <span aria-hidden="true">{arrow}</span>
        <span className={styles.visuallyHidden}>{label} (none)</span>
      </span>
    )
  }
  return (
    <Link to={to} className={styles.pagerLink} aria-label={label} preventScrollReset>
      {arrow}
    </Link>
  )
}

export function Pager({ page, totalPages, size, sizes, pageLink, keep = [], label = 'Pages' }: PagerProps) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const sizeHandlers = useKeyboardSafeChange((event) =>
    submit(event.currentTarget.form, { preventScrollReset: true }),
  )
  const last = Math.max(1, totalPages)
  // Past the end (an old link), previous leads to the last page, not to one that is empty too.
  const previous = page > 1 ? Math.min(page - 1, last) : null
  const next = page < last ? page + 1 : null
  return (
    <nav className={styles.pager} aria-label={label}>
      {sizes ? (
        <Form method="get" className={styles.pagerForm} preventScrollReset>
          <KeepParams params={keep} />
          <label htmlFor="page-size">Rows per page</label>
          <select
            id="page-size"
            name="size"
            defaultValue={String(size)}
            className={styles.control}
            {...sizeHandlers}
          >
            {sizes.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <button type="submit" className={styles.linkButton}>
              Show
            </button>
          )}
        </Form>
      ) : null}
      <span data-testid="page-label">
        Page {page} of {last}
      </span>
      <Step to={previous === null ? null : pageLink(previous)} label="Previous page" arrow="←" />
      <Step to={next === null ? null : pageLink(next)} label="Next page" arrow="→" />
    </nav>
  )
}
