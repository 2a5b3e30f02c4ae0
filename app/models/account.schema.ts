import { z } from 'zod/v4'

// spec accounts §5: account id is digits only ('ID is invalid').
export const selectAccountSchema = z.object({
  accountId: z
    .string({ error: 'ID is invalid' })
    .trim()
    .regex(/^\d{1,15}$/, 'ID is invalid'),
})
