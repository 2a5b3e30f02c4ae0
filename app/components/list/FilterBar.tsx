// A list's filters as one GET form (role search): without JS the user presses Apply; with JS a select
// applies on change (`useApplyOnChange`). Changing a filter leaves `page` out: back to page 1.
import { Form, useSubmit } from '@remix-run/react'
import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react'
import { KeepParams } from './KeepParams'
import * as styles from './list.css'

export function FilterBar({
  label,
  keep,
  children,
}: {
  /** The landmark's name, e.g. 'Filter campaigns'. */
  label: string
  /** The state the filters do not change (sort, direction, rows per page). */
  keep: [string, string][]
  children: ReactNode
}) {
  return (
    <Form method="get" className={styles.filterBar} role="search" aria-label={label} preventScrollReset>
      <KeepParams params={keep} />
      {children}
      <button type="submit" className={styles.button}>
        Apply
      </button>
    </Form>
  )
}

/** With JS, submits the control's form when it changes (the page's filters apply at once). */
export function useApplyOnChange() {
  const submit = useSubmit()
  return (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) =>
    submit(event.currentTarget.form, { preventScrollReset: true })
}

export type Option = { value: string; label: string }

/**
 * An uncontrolled field that follows the URL: after back/forward (or any new state) the field shows
 * the state's value again, without remounting, so keyboard focus stays where it was.
 */
function useFollow<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null)
  useEffect(() => {
    if (ref.current && ref.current.value !== value) ref.current.value = value
  }, [value])
  return ref
}

export function FilterSelect(props: {
  id: string
  name: string
  label: string
  value: string
  options: readonly Option[]
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  const ref = useFollow<HTMLSelectElement>(props.value)
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        ref={ref}
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        className={styles.control}
        onChange={props.onChange}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function FilterInput(props: {
  id: string
  name: string
  label: string
  value: string
  type?: 'search' | 'date' | 'text'
  placeholder?: string
  maxLength?: number
  max?: string
  error?: string | null
  errorId?: string
}) {
  const invalid = Boolean(props.error)
  const ref = useFollow<HTMLInputElement>(props.value)
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        ref={ref}
        id={props.id}
        type={props.type ?? 'text'}
        name={props.name}
        defaultValue={props.value}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        max={props.max}
        className={styles.control}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? props.errorId : undefined}
      />
    </div>
  )
}

/** A filter's message (e.g. a bad custom date), announced and tied to its fields by `id`. */
export function FilterError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} role="alert" className={styles.fieldError}>
      {message}
    </p>
  ) : null
}
