// Text a user or a client may send (decision 021): no control characters, and a length cap on every
// field. No zod here: the console's form rules (in the browser bundle) check the same thing; the zod
// type every platform contract uses is safeText() in ../contracts/text.ts.

/**
 * C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F). PostgreSQL refuses NUL in
 * text, a log line can be forged with CR/LF, and none of them is typed on purpose into a one-line field.
 */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f)
/** Tab, line feed and carriage return: allowed in a multi-line field. */
const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d

/** The field message of text that holds a control character. */
export const CONTROL_CHARACTERS_MESSAGE = 'Remove control characters from this field'

/**
 * Whether the text holds a character no field accepts (multi-line fields allow tab and line breaks): a
 * control character, or half of a surrogate pair on its own (JSON can carry one as "\ud800"; it is no
 * character at all, UTF-8 cannot hold it, and PostgreSQL refuses it in jsonb: it answered 500 in the
 * audit row of a failed sign-in, decision 051).
 */
export function hasControlCharacters(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (isControl(code) && !(multiline && isLineBreakOrTab(code))) return true
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1)
      // A high surrogate followed by a low one is one character (an emoji, say): step over the pair.
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++
      else return true
    }
  }
  return false
}

/** Length caps of text fields without a rule of their own (characters, as `maxLength` counts them). */
export const TEXT_MAX = {
  /** RFC 5321 path limit. */
  email: 254,
  /** A name, a search, an address, a timestamp: one line. */
  line: 200,
  /** A code or token typed or pasted (OTP, reset code). */
  code: 64,
  /** Free text over several lines. */
  multiline: 5000,
} as const

/** The field message of text over its cap. */
export const tooLongMessage = (max: number) => `Must be at most ${max} characters`
