// A form's rules as plain data (decision 017): the one description the browser checks, the HTML
// constraints come from and the server's zod schema is built from (form-rules.server.ts). No zod here:
// this module is in the browser bundle of every page with a form.
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '../../platform/rules/text'

export { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters }

/** The WHATWG rule for `<input type="email">`: what the browser, this check and the server accept. */
export const EMAIL_PATTERN =
  "[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*"

type Limit = { value: number; message: string }

/** The HTML constraint attributes conform puts on a field (its Constraint type, not exported by react). */
type Constraint = { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }

/** One field. Messages are the spec's, word for word; each check runs in the order listed here. */
export type FieldRule =
  | {
      /** A text field. Without `required` it may be left empty. */
      kind: 'text'
      required?: string
      /** Surrounding spaces are dropped before the checks (and from the value the server gets). */
      trim?: boolean
      /**
       * Control characters (decision 021): refused in every text field, first of all checks, with
       * CONTROL_CHARACTERS_MESSAGE; `{ multiline: true }` lets tab and line breaks through.
       */
      safe?: { multiline?: boolean }
      minLength?: Limit
      maxLength?: Limit
      /** The whole value must match (as the HTML `pattern` attribute: no anchors, no flags). */
      pattern?: { source: string; message: string }
      email?: string
      /** Checked once both fields are valid themselves (the others may have errors). */
      equals?: { field: string; message: string }
    }
  | {
      /** A checkbox that must be ticked. */
      kind: 'checked'
      message: string
    }

export type FormRules = Record<string, FieldRule>

/** What the server's schema (and a successful browser check) gives for these rules. */
export type FormValue<R extends FormRules> = {
  [K in keyof R]: R[K] extends { kind: 'checked' }
    ? boolean
    : R[K] extends { required: string }
      ? string
      : string | undefined
}

/** Declares a form's rules, keeping their literal type (for FormValue). */
export const formRules = <R extends FormRules>(rules: R): R => rules

const whole = (source: string) => new RegExp(`^(?:${source})$`)

/**
 * The errors of one submission: the first failing check of each field, as conform expects them.
 * Empty values arrive as `undefined` (conform drops empty strings), as they do in zod on the server.
 */
export function checkRules(
  rules: FormRules,
  payload: Record<string, unknown>,
): { value?: Record<string, unknown>; error?: Record<string, string[]> } {
  const error: Record<string, string[]> = {}
  const value: Record<string, unknown> = {}
  for (const [name, rule] of Object.entries(rules)) {
    const raw = payload[name]
    if (rule.kind === 'checked') {
      if (raw === 'on') value[name] = true
      else error[name] = [rule.message]
      continue
    }
    // An empty field is a missing one, as conform's coercion makes it for zod on the server.
    if (typeof raw !== 'string' || raw === '') {
      if (rule.required) error[name] = [rule.required]
      continue
    }
    const text = rule.trim ? raw.trim() : raw
    const message = hasControlCharacters(text, rule.safe?.multiline)
      ? CONTROL_CHARACTERS_MESSAGE
      : rule.minLength && text.length < rule.minLength.value
        ? rule.minLength.message
        : rule.maxLength && text.length > rule.maxLength.value
          ? rule.maxLength.message
          : rule.pattern && !whole(rule.pattern.source).test(text)
            ? rule.pattern.message
            : rule.email !== undefined && !whole(EMAIL_PATTERN).test(text)
              ? rule.email
              : undefined
    if (message) error[name] = [message]
    else value[name] = text
  }
  for (const [name, rule] of Object.entries(rules)) {
    if (rule.kind !== 'text' || !rule.equals || error[name] || error[rule.equals.field]) continue
    if (value[name] !== value[rule.equals.field]) {
      error[name] = [rule.equals.message]
    }
  }
  return Object.keys(error).length ? { error } : { value }
}

/** The browser's check of a form's data (the last value of each name, as the server reads it). */
export const checkForm = (rules: FormRules, formData: FormData) =>
  checkRules(rules, Object.fromEntries(formData))

/** The HTML constraints of each field, so the browser checks before JavaScript has loaded. */
export function rulesConstraint(rules: FormRules): Record<string, Constraint> {
  const constraint: Record<string, Constraint> = {}
  for (const [name, rule] of Object.entries(rules)) {
    constraint[name] =
      rule.kind === 'checked'
        ? { required: true }
        : {
            required: Boolean(rule.required),
            minLength: rule.minLength?.value,
            maxLength: rule.maxLength?.value,
            pattern: rule.pattern?.source,
          }
  }
  return constraint
}
