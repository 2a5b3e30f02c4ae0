import type { FieldMetadata } from '@conform-to/react'
import { getInputProps } from '@conform-to/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
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

export function FieldError({ field }: { field: FieldMetadata<string> }) {
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
  field: FieldMetadata<string>
  label: string
  type?: 'text' | 'email'
  autoComplete?: string
  inputMode?: 'numeric' | 'text' | 'email'
  autoFocus?: boolean
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} {...rest} className={styles.input} />
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
  field: FieldMetadata<string>
  label: string
  autoComplete: 'current-password' | 'new-password'
}) {
  const hydrated = useHydrated()
  const [visible, setVisible] = useState(false)
  const { type: _type, ...props } = getInputProps(field, { type: 'password' })
  return (
    <div className={styles.field}>
      <label htmlFor={field.id}>{label}</label>
      <div className={styles.passwordRow}>
        <input
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
  field: FieldMetadata<string>
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
