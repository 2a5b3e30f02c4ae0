// Shapes of the auth service's calls (spec accounts §7), shared by the platform and the console.
import { z } from 'zod/v4'
import { Roles } from '../rules/roles'

export const sessionInfoSchema = z.object({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(Roles),
  /** SELLER and BRAND: their own account id; others null. */
  sellerId: z.number().nullable(),
  tncAcceptance: z.boolean(),
  twoFactorRegistered: z.boolean(),
  stage: z.enum(['PASSWORD', 'FULL']),
  expireTime: z.string(),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

export const pincodeResultSchema = z.object({ pincode: z.string(), district: z.string(), state: z.string() })
export type PincodeResult = z.infer<typeof pincodeResultSchema>
