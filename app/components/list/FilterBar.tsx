// A list's filters as one GET form (role search): without JS the user presses Apply; with JS a select
// applies on change (`useApplyOnChange`) when picked with the pointer, and on Enter (or Apply) when
// stepped through with the keys (`useKeyboardSafeChange`). Changing a filter leaves `page` out.
import { Form, useSubmit } from '@remix-run/react'
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react'
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

/** Keys that step a closed select through its options (Chromium on Windows and Linux fires change at each). */
const STEP_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
])
/** Keys that open the select's popup, where change fires once, on the choice. */
const OPEN_KEYS = new Set([' ', 'F4'])

/**
 * A select's change handler that does not run at each arrow-key step (docs/decisions/023): a change
 * made by stepping with the keys (arrows, Home/End, type-ahead) is held and applied on Enter (or by
 * the form's Apply button); a pointer pick, or Enter in the open popup, applies at once.
 */
export function useKeyboardSafeChange(onChange: (event: ChangeEvent<HTMLSelectElement>) => void) {
  const keys = useRef({ stepping: false, held: false })
  return {
    onKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
      const state = keys.current
      if (event.key === 'Enter') {
        if (!state.held) return
        event.preventDefault()
        state.stepping = false
        state.held = false
        // Replays the held change: React hands it to onChange like the browser's own.
        event.currentTarget.dispatchEvent(new Event('change', { bubbles: true }))
        return
      }
      if (OPEN_KEYS.has(event.key) || event.altKey) state.stepping = false
      else if (STEP_KEYS.has(event.key) || (event.key.length === 1 && !event.ctrlKey && !event.metaKey))
        state.stepping = true
    },
    onPointerDown() {
      keys.current.stepping = false
    },
    onChange(event: ChangeEvent<HTMLSelectElement>) {
      const state = keys.current
      if (state.stepping) {
        state.held = true
        return
      }
      state.held = false
      onChange(event)
    },
  }
}

export type Option = { value: string; label: string }

/**
 * An uncontrolled field that follows the URL: after back/forward (or any new state) the field shows
 * the state's value again, without remounting, so keyboard focus stays where it was.
 */
function useFollow<E extends HTMLInputElement | HTMLSelectElement>(value: string) {
  const ref = useRef<E>(null)
  const followed = useRef(value)
  useEffect(() => {
    // Only a new state moves the field. On hydration the state is the one the server rendered: what
    // the user chose or typed before the scripts arrived stays (React replays that change event).
    if (followed.current === value) return
    followed.current = value
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
  const handlers = useKeyboardSafeChange(props.onChange)
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        ref={ref}
        id={props.id}
        name={props.name}
        defaultValue={props.value}
        className={styles.control}
        {...handlers}
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
