import { AuthMessages } from '../../platform/contracts/auth-messages'
import { formRules } from '../utils/form-rules'

// spec accounts §5: "Terms: the checkbox must be ticked." A missing box (not ticked) gets the same
// message the platform gives for tncAcceptance false.
export const termsForm = formRules({
  tncAcceptance: { kind: 'checked', message: AuthMessages.acceptTerms },
})
