// Public forms carry a field people never see or fill; a filled (or missing) one marks a bot.
import { HONEYPOT_FIELD } from './utils/honeypot'

export function isBotSubmission(formData: FormData): boolean {
  return formData.get(HONEYPOT_FIELD) !== ''
}
