import { HONEYPOT_FIELD } from '../utils/honeypot'
import * as styles from './honeypot.css'

/** The honeypot field of public forms (see app/honeypot.server.ts). Hidden from people and assistive tech. */
export function HoneypotField() {
  return (
    <div className={styles.hidden} aria-hidden="true">
      <label htmlFor="hp-field">Leave this field empty</label>
      <input
        id="hp-field"
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  )
}
