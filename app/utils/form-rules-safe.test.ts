// The form kit's control-character rule (decision 021): every text field of every form refuses control
// characters with the same message in the browser and on the server, before any other check.
import { describe, expect, it } from 'vitest'
import { selectAccountForm } from '../models/account.schema'
import { forgotPasswordForm, loginForm, otpForm } from '../models/sign-in.schema'
import { termsForm } from '../models/terms.schema'
import { CONTROL_CHARACTERS_MESSAGE, checkForm, type FormRules } from './form-rules'
import { parseForm } from './form-rules.server'

const forms: [string, FormRules][] = [
  ['login', loginForm],
  ['otp', otpForm],
  ['forgot password', forgotPasswordForm],
  ['terms', termsForm],
  ['select account', selectAccountForm],
]

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

describe('control characters in form fields', () => {
  for (const [name, rules] of forms) {
    const textFields = Object.entries(rules).filter(([, rule]) => rule.kind === 'text')
    for (const [field] of textFields) {
      it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\t'])(
        `${name} form, ${field}: %j gets the same message on both sides`,
        (control) => {
          const fields = { [field]: `12${control}34` }
          const browser = checkForm(rules, form(fields)).error?.[field]
          const parsed = parseForm(form(fields), rules)
          const server = parsed.status === 'success' ? undefined : parsed.reply().error?.[field]
          expect(browser).toEqual([CONTROL_CHARACTERS_MESSAGE])
          expect(server).toEqual([CONTROL_CHARACTERS_MESSAGE])
        },
      )
    }
  }

  it('lets ordinary text through (accents, dashes, emoji)', () => {
    const fields = { email: 'José–Ω@example.com', password: 'pässwörd ✓ 🎉' }
    expect(checkForm(loginForm, form(fields)).error).toBeUndefined()
    expect(parseForm(form(fields), loginForm).status).toBe('success')
  })
})
