// The server half of a form (decision 017): the zod schema built from the form's rules, so the server
// gives the browser's messages word for word. zod stays on the server: a .server module never reaches
// the browser bundle. An action may extend the schema (select-account checks the id with the platform).
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod/v4'
import {
  CONTROL_CHARACTERS_MESSAGE,
  EMAIL_PATTERN,
  type FieldRule,
  type FormRules,
  type FormValue,
  hasControlCharacters,
} from './form-rules'

const whole = (source: string) => new RegExp(`^(?:${source})$`)

function fieldSchema(rule: FieldRule): z.ZodType {
  if (rule.kind === 'checked') {
    return z.boolean({ error: rule.message }).refine((ticked) => ticked, rule.message)
  }
  const typed = rule.required ? { error: rule.required } : undefined
  let safe = z.string(typed)
  if (rule.trim) safe = safe.trim()
  // First of all checks, and the only message when it fails (as the browser's check): the others run
  // after it, in a pipe, so they are not reached.
  const guarded = safe.refine((value) => !hasControlCharacters(value, rule.safe?.multiline), {
    message: CONTROL_CHARACTERS_MESSAGE,
    abort: true,
  })
  let text = z.string(typed)
  if (rule.minLength) text = text.min(rule.minLength.value, rule.minLength.message)
  if (rule.maxLength) text = text.max(rule.maxLength.value, rule.maxLength.message)
  if (rule.pattern) text = text.regex(whole(rule.pattern.source), rule.pattern.message)
  if (rule.email !== undefined) text = text.regex(whole(EMAIL_PATTERN), rule.email)
  const checked = guarded.pipe(text)
  return rule.required ? checked : checked.optional()
}

const schemas = new WeakMap<FormRules, z.ZodType>()

/** The form's zod schema (built once per rules object). */
export function formSchema<R extends FormRules>(rules: R): z.ZodType<FormValue<R>> {
  let schema = schemas.get(rules)
  if (!schema) {
    const shape = Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldSchema(rule)]))
    let object: z.ZodType<Record<string, unknown>> = z.object(shape)
    for (const [name, rule] of Object.entries(rules)) {
      if (rule.kind === 'text' && rule.equals) {
        const { field, message } = rule.equals
        object = object.refine((value) => value[name] === value[field], {
          message,
          path: [name],
          // As the browser check: compared once both fields are valid themselves, whatever the others.
          when: ({ issues }) =>
            !issues.some((issue) => issue.path?.[0] === name || issue.path?.[0] === field),
        })
      }
    }
    schema = object
    schemas.set(rules, schema)
  }
  return schema as z.ZodType<FormValue<R>>
}

/** An action's parse of a posted form against its rules. */
export const parseForm = <R extends FormRules>(formData: FormData, rules: R) =>
  parseWithZod(formData, { schema: formSchema(rules) })
