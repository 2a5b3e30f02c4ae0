// Shapes of the payment service's calls (/ads/ad-payments; spec campaigns §6/§7, accounts §7), shared by
// the platform (handlers parse requests with them) and the console (its clients take their types from
// them and parse answers in tests). Responses are `data` of the envelope (./envelope.ts), without
// transforms, so parsing an answer yields the same value. Money is integer paise.
import { z } from 'zod/v4'
import { ID_INVALID, ID_PATTERN } from '../rules/lists'

/** ?sellerId of the credit calls: the advertiser's account id. */
export const sellerIdQuerySchema = z.object({
  sellerId: z.string().regex(ID_PATTERN, ID_INVALID).transform(Number),
})
export type SellerIdParams = z.input<typeof sellerIdQuerySchema>

/** GET /payment/post-paid/check-available-credit?sellerId (path ours, docs/decisions/010). */
export const creditCheckSchema = z.object({
  sellerId: z.number().int(),
  /** credit limit in force + promo credits + payments − spend; may be negative after overspend. */
  totalAvailableCredit: z.number().int(),
  /** totalAvailableCredit > 0: Sponsored campaigns may be created and keep running (spec §6). */
  creditsEnabled: z.boolean(),
})
export type CreditCheck = z.infer<typeof creditCheckSchema>

/** GET /payment/post-paid/credits-enabled?sellerId → data: true | false (spec §7 "flag by seller id"). */
export const creditsEnabledSchema = z.boolean()

// The billing uploads and reports (issue 13) are in ./billing.ts.
