// Visible feedback while the next state of a list loads with JS (a filter, a sort, another page): the
// table is `aria-busy` and dimmed, and a polite status says 'Loading…'. Without JS the browser's own
// loading indicator does it.
import { useLocation, useNavigation } from '@remix-run/react'
import * as styles from './list.css'

/** True while a navigation to this list's own path (another state of it) is loading. */
export function useListPending(path?: string): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  return navigation.state === 'loading' && navigation.location.pathname === (path ?? location.pathname)
}

/** The live region: always in the page, so screen readers hear it when it starts speaking. */
export function LoadingStatus({ pending }: { pending: boolean }) {
  return (
    <p role="status" className={styles.status} data-testid="list-status">
      {pending ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          Loading…
        </>
      ) : null}
    </p>
  )
}
