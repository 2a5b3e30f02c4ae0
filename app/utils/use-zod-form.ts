import { type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod/v4'

/**
 * The console's one form setup (CONVENTIONS 3): the server's last result, native constraints from the
 * schema, the same schema in the browser. Validated on submit, then on input — not on blur: an error
 * appearing under a field would move a link the user is clicking (decision 009).
 */
export function useZodForm<Schema extends z.ZodType>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
}
