import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useNonce } from '../utils/nonce'
import { type Field, inputProps } from '../utils/use-zod-form'
import * as styles from './form.css'

/** The form's own errors (not tied to a field), as an alert. */
export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null
  return (
    <p className={styles.formError} role="alert" id={id}>
      {errors[0]}
    </p>
  )
}

export function FieldError({ field }: { field: Field }) {
  if (!field.errors?.length) return null
  return (
    <p id={field.errorId} className={styles.error} role="alert">
      {field.errors[0]}
    </p>
  )
}

/** A labelled text input bound to a conform field. */
export function TextField({
  field,
  label,
  type = 'text',
  ...rest
}: {
  field: Field
  label: string
  type?: 'text' | 'email'
  autoComplete?: string
  inputMode?: 'numeric' | 'text' | 'email'
  autoFocus?: boolean
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={field.id}>{label}</label>
      <input key={field.key} {...inputProps(field, { type })} {...rest} className={styles.input} />
      <FieldError field={field} />
    </div>
  )
}

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears once the page
 * is hydrated; without JavaScript the field is a plain password field.
 */
export function PasswordField({
  field,
  label,
  autoComplete,
}: {
  field: Field
  label: string
  autoComplete: 'current-password' | 'new-password'
}) {
  const hydrated = useHydrated()
  const [visible, setVisible] = useState(false)
  const { type: _type, ...props } = inputProps(field, { type: 'password' })
  return (
    <div className={styles.field}>
      <label htmlFor={field.id}>{label}</label>
      <div className={styles.passwordRow}>
        <input
          key={field.key}
          {...props}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          className={`${styles.input} ${styles.grow}`}
        />
        {hydrated ? (
          <button
            type="button"
            className={styles.secondary}
            aria-controls={field.id}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      <FieldError field={field} />
    </div>
  )
}

/** The one-time-code step of sign-in and password reset: the code, Verify and Cancel (intents). */
export function OtpInputs({
  formErrors,
  formErrorId,
  field,
}: {
  formErrors?: string[]
  formErrorId: string
  field: Field
}) {
  return (
    <>
      <FormErrors errors={formErrors} id={formErrorId} />
      <TextField field={field} label="OTP" inputMode="numeric" autoComplete="one-time-code" autoFocus />
      <div className={styles.actions}>
        <button type="submit" name="intent" value="verify" className={styles.primary}>
          Verify
        </button>
        <button type="submit" name="intent" value="cancel" formNoValidate className={styles.secondary}>
          Cancel
        </button>
      </div>
    </>
  )
}

/**
 * Put right after a conform form. Without JavaScript the form has `novalidate` and the server answers
 * with the spec's messages; with JavaScript this inline script lets the browser check the native
 * constraints (required, pattern, maxLength) while the bundles load, until useZodForm takes over.
 */
export function NativeChecksWhileLoading() {
  // No quotes or angle brackets: React writes a script's text as it is.
  return <script nonce={useNonce()}>document.currentScript.previousElementSibling.noValidate=false</script>
}
