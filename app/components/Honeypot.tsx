import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import { HONEYPOT_FIELD } from '../utils/honeypot'

/**
 * The honeypot field of public forms (app/honeypot.server.ts checks it): remix-utils' inputs, hidden
 * from people and assistive tech. Its props are fixed (no per-request timestamp), so no loader is needed.
 */
export function HoneypotField() {
  return (
    <HoneypotProvider nameFieldName={HONEYPOT_FIELD} validFromFieldName={null} encryptedValidFrom="">
      <HoneypotInputs label="Leave this field empty" />
    </HoneypotProvider>
  )
}
