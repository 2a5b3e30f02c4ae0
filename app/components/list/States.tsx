// What a list shows instead of rows: nothing yet, nothing matching, a page past the end, or the
// service's error in words.
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import * as styles from './list.css'

export function EmptyState({
  title,
  children,
  image,
  action,
}: {
  title: string
  children?: ReactNode
  /** A decorative picture (alt=""). */
  image?: string
  action?: { to: string; label: string }
}) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      {image ? <img src={image} alt="" width={160} height={120} /> : null}
      <h2 className={styles.emptyTitle}>{title}</h2>
      {children ? <p className={styles.muted}>{children}</p> : null}
      {action ? (
        <Link to={action.to} className={styles.button} preventScrollReset>
          {action.label}
        </Link>
      ) : null}
    </div>
  )
}

/** The service's message as it gave it, under a title ('Backend Error' on the campaign list). */
export function ErrorState({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className={styles.errorBox} data-testid="backend-error">
      <h2 className={styles.errorTitle}>{title}</h2>
      <p>{message}</p>
    </div>
  )
}

/**
 * An old link past the last page (decision 016): say so and lead to the last page, rather than a
 * misleading "nothing here". `noun` is the plural of what the list holds ('campaigns', 'users').
 */
export function PastLastPage({
  page,
  last,
  noun,
  lastPage,
}: {
  page: number
  last: number
  noun: string
  lastPage: string
}) {
  return (
    <EmptyState title={`There is no page ${page}`} action={{ to: lastPage, label: `Go to page ${last}` }}>
      {`These ${noun} fill ${last} ${last === 1 ? 'page' : 'pages'}.`}
    </EmptyState>
  )
}
