// The answer of POST /v1/adgroup/view (spec campaigns §3 "Ad group", "Product", §7): the editor's ad group
// in full (./campaign-editor.ts `adGroupFullSchema`) with, for each selected product, the fields the
// selected-products list shows (image, name, price, 3P/1P tag) instead of the bare id. The request bodies
// and the list answer are ./campaign-editor.ts's (`adGroupListBodySchema`, `adGroupViewBodySchema`,
// `adGroupListResponseSchema`); only this shape is added here (docs/decisions/028).
import { z } from 'zod/v4'
import { productRecordSchema } from './catalog'
import { adGroupFullSchema } from './campaign-editor'

/** spec §3 "availableAt3pSeller (tag 3P or 1P)". */
export const PRODUCT_TAGS = ['3P', '1P'] as const
export const productTag = (availableAt3pSeller: boolean) => (availableAt3pSeller ? '3P' : '1P')

/** A selected product as the ad group's product list shows it; money in paise. */
export const adGroupProductSchema = productRecordSchema
  .pick({
    productId: true,
    name: true,
    imageUrl: true,
    inStock: true,
    availableAt3pSeller: true,
    effectivePrice: true,
  })
  .extend({ tag: z.enum(PRODUCT_TAGS) })
export type AdGroupProduct = z.infer<typeof adGroupProductSchema>

export const adGroupViewResponseSchema = adGroupFullSchema.extend({
  products: z.array(adGroupProductSchema),
})
export type AdGroupViewResponse = z.infer<typeof adGroupViewResponseSchema>
