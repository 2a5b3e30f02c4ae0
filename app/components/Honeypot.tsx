import { HONEYPOT_FIELD } from '../utils/honeypot'
import { honeypot } from './honeypot.css'

/**
 * The honeypot field of public forms (app/honeypot.server.ts checks it), hidden from people and assistive
 * tech. remix-utils' HoneypotInputs markup, hidden by a class: its own style="display: none" attribute is
 * refused by the Content-Security-Policy (style-src 'self'), so the field showed (decision 052).
 */
export function HoneypotField() {
  return (
    <div id={`${HONEYPOT_FIELD}_wrap`} className={honeypot} aria-hidden="true">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input
        id={HONEYPOT_FIELD}
        name={HONEYPOT_FIELD}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
    </div>
  )
}
