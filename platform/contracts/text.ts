// The one zod string type of every text field the platform takes (decision 021): a 400 with a field
// message for control characters or overlong text, never a 500 from the database or a log line.
import { z } from 'zod/v4'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, tooLongMessage } from '../rules/text'

export { CONTROL_CHARACTERS_MESSAGE, TEXT_MAX } from '../rules/text'

export type SafeTextOptions = {
  /** The cap in characters (UTF-16 units, as zod and the HTML maxLength count them). */
  max: number
  /** The message over the cap; 'Must be at most N characters' by default. */
  maxMessage?: string
  /** Tab and line breaks allowed. */
  multiline?: boolean
  /** Surrounding spaces dropped before the checks. */
  trim?: boolean
}

/** A text field: capped, and refused with CONTROL_CHARACTERS_MESSAGE when it holds a control character. */
export function safeText({ max, maxMessage, multiline = false, trim = false }: SafeTextOptions) {
  const base = trim ? z.string().trim() : z.string()
  return base
    .max(max, maxMessage ?? tooLongMessage(max))
    .refine((text) => !hasControlCharacters(text, multiline), CONTROL_CHARACTERS_MESSAGE)
}
