import { Form, NavLink } from '@remix-run/react'
import type { ReactNode } from 'react'
import { type MenuEntry, type Role, roleLabel, routePrefix } from '../../platform/rules/roles'
import * as styles from './shell.css'

export type ShellUser = { role: Role; name: string; sellerId: number | null; menu: MenuEntry[] }

/** Roles that pick which advertiser they work for, and so get the Switch button. */
const SWITCHING_ROLES: readonly Role[] = ['SUPERADMIN', 'OPS', 'AGENCY']

export function Header({ user }: { user: ShellUser }) {
  return (
    <header className={styles.header}>
      <span className={styles.brand}>Ad Console</span>
      {user.sellerId ? (
        <span className={styles.headerItem} data-testid="seller-id">
          Seller ID: <strong>{user.sellerId}</strong>
          {SWITCHING_ROLES.includes(user.role) ? (
            <a className={styles.headerButton} href={`${routePrefix(user.role)}/select-account`}>
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

export function Menu({ entries }: { entries: MenuEntry[] }) {
  return (
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
  )
}

/** The signed-in frame: header across the top, role menu on the left, the page in main. */
export function Shell({ user, children }: { user: ShellUser; children: ReactNode }) {
  return (
    <div className={styles.layout}>
      <Header user={user} />
      <Menu entries={user.menu} />
      <main className={styles.main} id="main">
        {children}
      </main>
    </div>
  )
}

/** A centred card for pages outside the shell (login, unauthorized, terms…). */
export function PlainPage({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page} id="main">
      {children}
    </main>
  )
}
