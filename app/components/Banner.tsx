import type { ReactNode } from 'react'
import * as styles from './banner.css'

/** A message box: success and info are polite status, errors and warnings are alerts. */
export function Banner({ kind, children }: { kind: keyof typeof styles.banner; children: ReactNode }) {
  const role = kind === 'error' || kind === 'warning' ? 'alert' : 'status'
  return (
    <div role={role} className={styles.banner[kind]}>
      {children}
    </div>
  )
}
