import type { SubmissionResult } from '@conform-to/react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { checkForm, type FormRules, rulesConstraint } from './form-rules'

/**
 * The console's one form setup (CONVENTIONS 3, decision 017). The server parses with conform and the
 * zod schema built from the form's rules (form-rules.server.ts) and answers with conform's
 * SubmissionResult; this hook renders that result (errors, what was typed, hidden fields emptied) and,
 * with JavaScript, checks the same rules in the browser with the same messages. conform's own useForm
 * and zod stay out of the browser: with them a form page loaded 101 KiB of JavaScript, over the budget.
 * Validated on submit, then on input — not on blur: an error appearing under a field would move a link
 * the user is clicking (decision 009).
 */

type Errors = Record<string, string[] | null | undefined>

export type Field = {
  id: string
  name: string
  errorId: string
  errors: string[] | undefined
  /** What the server sent back (typed before the post), for the input's defaultValue. */
  initialValue: string | undefined
  /** The current value (with JavaScript; the initial value before). */
  value: string | undefined
  /** Changes when the server asks for the field to be emptied (hideFields): a new input. */
  key: string
  constraint: ReturnType<typeof rulesConstraint>[string]
}

export type FormMeta = {
  id: string
  errorId: string
  errors: string[] | undefined
  props: {
    id: string
    noValidate: true
    onSubmit: (event: FormEvent<HTMLFormElement>) => void
    onChange: (event: FormEvent<HTMLFormElement>) => void
    'aria-describedby'?: string
    'aria-invalid'?: true
  }
}

const initialValues = (result: SubmissionResult<string[]> | null | undefined) =>
  (result?.initialValue ?? {}) as Record<string, unknown>

export function useZodForm<R extends FormRules>(
  rules: R,
  lastResult: SubmissionResult<string[]> | null | undefined,
): [FormMeta, Record<keyof R & string, Field>] {
  const id = useId()
  const [errors, setErrors] = useState<Errors>(lastResult?.error ?? {})
  const [values, setValues] = useState(() => initialValues(lastResult))
  const [replies, setReplies] = useState(0)
  // After the first submit every change is checked again (shouldRevalidate: onInput).
  const validated = useRef(Boolean(lastResult?.error))
  const [seen, setSeen] = useState(lastResult)
  if (seen !== lastResult) {
    // A new answer from the server (with JavaScript): its errors and values replace ours.
    setSeen(lastResult)
    setErrors(lastResult?.error ?? {})
    setValues(initialValues(lastResult))
    setReplies((n) => n + 1)
    validated.current = true
  }

  // <NativeChecksWhileLoading> let the browser check the constraints until now; from here on the
  // rules' own messages do, in the page (hydration does not touch an attribute that script changed).
  useEffect(() => {
    const element = document.getElementById(id)
    if (element instanceof HTMLFormElement) element.noValidate = true
  }, [id])

  const constraint = rulesConstraint(rules)
  const served = initialValues(lastResult)
  const fields = {} as Record<string, Field>
  for (const name of Object.keys(rules)) {
    const initial = served[name]
    fields[name] = {
      id: `${id}-${name}`,
      name,
      errorId: `${id}-${name}-error`,
      errors: errors[name] ?? undefined,
      initialValue: typeof initial === 'string' ? initial : undefined,
      value: typeof values[name] === 'string' ? (values[name] as string) : undefined,
      // A field the server left out of its answer (a password) starts again empty.
      key: name in served ? 'kept' : `emptied-${replies}`,
      constraint: constraint[name]!,
    }
  }

  const formErrors = errors[''] ?? undefined
  const form: FormMeta = {
    id,
    errorId: `${id}-form-error`,
    errors: formErrors,
    props: {
      id,
      noValidate: true,
      ...(formErrors ? { 'aria-invalid': true, 'aria-describedby': `${id}-form-error` } : {}),
      onSubmit(event) {
        const submitter = (event.nativeEvent as SubmitEvent).submitter
        // Cancel and Resend skip the check, as the browser would (formNoValidate).
        if (submitter instanceof HTMLButtonElement && submitter.formNoValidate) return
        validated.current = true
        const result = checkForm(rules, new FormData(event.currentTarget))
        setErrors(result.error ?? {})
        if (!result.error) return
        event.preventDefault()
        const first = Object.keys(rules).find((name) => result.error?.[name])
        if (first) document.getElementById(`${id}-${first}`)?.focus()
      },
      onChange(event) {
        const target = event.target as HTMLInputElement
        if (!Object.hasOwn(rules, target.name)) return
        const data = new FormData(event.currentTarget)
        setValues(Object.fromEntries(data))
        if (!validated.current) return
        const result = checkForm(rules, data)
        setErrors((current) => ({ ...current, [target.name]: result.error?.[target.name] }))
      },
    },
  }
  return [form, fields as Record<keyof R & string, Field>]
}

/** An input's attributes for a field: name, id, constraints, value sent back, error wiring. Give the
 * input `key={field.key}` too, so a field the server emptied is a new input. */
export function inputProps(field: Field, { type }: { type: 'text' | 'email' | 'password' | 'checkbox' }) {
  const invalid = Boolean(field.errors?.length)
  return {
    id: field.id,
    name: field.name,
    type,
    required: field.constraint.required || undefined,
    minLength: field.constraint.minLength,
    maxLength: field.constraint.maxLength,
    pattern: field.constraint.pattern,
    ...(type === 'checkbox'
      ? { defaultChecked: field.initialValue === 'on' }
      : { defaultValue: field.initialValue }),
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? field.errorId : undefined,
  }
}
