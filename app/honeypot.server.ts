// Public forms (Login, Forgot Password) carry a field people never see or fill: remix-utils' honeypot
// checks it. A filled field marks a bot, and so does a post without the field (it did not come from
// our form). No "valid from" timestamp: it would only prove the page was loaded, and it would refuse
// posts from a page rendered before a restart (decision 019).
import { Honeypot, SpamError } from 'remix-utils/honeypot/server'
import { HONEYPOT_FIELD } from './utils/honeypot'

const honeypot = new Honeypot({ nameFieldName: HONEYPOT_FIELD, validFromFieldName: null })

export function isBotSubmission(formData: FormData): boolean {
  if (!formData.has(HONEYPOT_FIELD)) return true
  try {
    honeypot.check(formData)
    return false
  } catch (error) {
    if (error instanceof SpamError) return true
    throw error
  }
}
