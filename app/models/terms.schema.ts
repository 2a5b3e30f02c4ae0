import { z } from 'zod/v4'
import { AuthMessages } from '../../platform/contracts/auth-messages'

// spec accounts §5: "Terms: the checkbox must be ticked." A missing box (not ticked) and an unticked
// value get the same message the platform gives for tncAcceptance false.
export const termsSchema = z.object({
  tncAcceptance: z
    .boolean({ error: AuthMessages.acceptTerms })
    .refine((ticked) => ticked, AuthMessages.acceptTerms),
})
