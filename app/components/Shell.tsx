import { Form, NavLink, useRouteError, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { type Role, roleLabel } from '../../platform/rules/roles'
// Types only: the route table stays out of the browser bundle (the loader hands the shell its paths).
import type { MenuEntry } from '../route-table'
import { skipLink } from '../styles/global.css'
import { ErrorMessage } from './ErrorMessage'
import * as styles from './shell.css'

export type ShellUser = {
  role: Role
  name: string
  sellerId: number | null
  /** The chosen account's name (staff and agencies pick one); null for a seller or brand acting for itself. */
  sellerName: string | null
  /** Where Login sends this user (homePath): the error pages' way back. */
  home: string
  menu: MenuEntry[]
  /** The account-selection page of this role (the header's Switch), or null for a seller or brand. */
  switchTo: string | null
}

/** Login (route table `login`), written here so the route table stays out of the browser bundle. */
export const LOGIN_PATH = '/'

export function Header({ user }: { user: ShellUser }) {
  // The roles that pick which advertiser they work for have an account-selection page: Switch goes there.
  const { switchTo } = user
  return (
    <header className={styles.header}>
      <span className={styles.brand}>Ad Console</span>
      {user.sellerId ? (
        <span className={styles.headerItem} data-testid="seller-id">
          {user.sellerName ? (
            <span>
              Account: <strong>{user.sellerName}</strong> ({user.sellerId})
            </span>
          ) : (
            <span>
              Seller ID: <strong>{user.sellerId}</strong>
            </span>
          )}
          {switchTo ? (
            <a className={styles.headerButton} href={switchTo}>
              Switch
            </a>
          ) : null}
        </span>
      ) : null}
      <span className={styles.roleLabel} data-testid="role-label">
        {roleLabel(user.role)}
      </span>
      <span>{user.name}</span>
      <Form method="post" action="/logout">
        <button type="submit" className={styles.headerButton}>
          Logout
        </button>
      </Form>
    </header>
  )
}

/**
 * The role menu. On narrow screens a disclosure (closed: one "Menu" line above the page), native, so it
 * works without JS; on wide screens CSS shows it as the plain side menu, always open (docs/decisions/022).
 */
export function Menu({ entries }: { entries: MenuEntry[] }) {
  return (
    <details className={styles.menu}>
      <summary className={styles.menuSummary}>Menu</summary>
      <nav className={styles.nav} aria-label="Main menu">
        <ul className={styles.navList}>
          {entries.map((entry) => (
            <li key={entry.href}>
              <NavLink to={entry.href} className={styles.navLink} prefetch="intent">
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  )
}

/** The signed-in frame: header across the top, role menu on the left, the page in main. */
export function Shell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <SkipLink />
      <Header user={user} />
      <Menu entries={user.menu} />
      <main className={styles.main} id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}

/**
 * The first tab stop of every page (docs/decisions/023): past the header and the menu to the page.
 * `main` takes focus from it (tabindex -1), so focus never falls back to the body.
 */
export function SkipLink() {
  return (
    <a href="#main" className={skipLink}>
      Skip to main content
    </a>
  )
}

/** The shell layouts' route ids, whose loader data (the user) the error boundary reuses. */
export type ShellLayoutId = 'routes/admin' | 'routes/_advertiser' | 'routes/_any'

/**
 * The ErrorBoundary of a shell layout: an error or a 404 inside the console keeps the header and the
 * menu when the layout's own loader succeeded (it knows the user); otherwise the plain error page.
 */
export function ShellErrorBoundary({ layout }: { layout: ShellLayoutId }) {
  const error = useRouteError()
  const data = useRouteLoaderData(layout) as { user?: ShellUser } | undefined
  if (!data?.user) {
    return (
      <PlainPage>
        <ErrorMessage error={error} back={LOGIN_PATH} />
      </PlainPage>
    )
  }
  return (
    <Shell user={data.user}>
      <ErrorMessage error={error} back={data.user.home} />
    </Shell>
  )
}

/** A centred card for pages outside the shell (login, unauthorized, terms…). */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main className={styles.page} id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  )
}
