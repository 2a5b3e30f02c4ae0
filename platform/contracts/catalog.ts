// Shapes of the inventory service's catalog calls for the campaign editor (spec campaigns §3 "Product",
// "Suggested keyword", §7, §8; decision 025): POST /v1/vertex/product/get and
// POST /v1/adgroup/keyword/suggest. Request schemas are what the handlers parse; response schemas
// describe the envelope's `data` and, like ./inventory.ts, carry no transforms or defaults, so parsing
// an answer yields the same value. Money is integer paise (decision 006).
import { z } from 'zod/v4'
import { PRODUCT_LIMIT, PRODUCT_LIMIT_MESSAGE, ProductVerification } from '../rules/products'
import { idParamSchema } from './inventory'
import { safeText, TEXT_MAX } from './text'

/** A catalog product id: a positive whole number. */
const productId = z.number().int().positive()
/** At most 50 product ids (spec §5, §9), with the product-limit popup's words. */
const productIds = z.array(productId).max(PRODUCT_LIMIT, PRODUCT_LIMIT_MESSAGE)
const paise = z.number().int()

// ---------------------------------------------------------------------------------------------
// POST /v1/vertex/product/get?userId body {productIds}
// ---------------------------------------------------------------------------------------------

/** The advertiser (seller or brand account) the products are checked for. */
export const catalogQuerySchema = z.object({ userId: idParamSchema })

export const productGetBodySchema = z.object({ productIds })
export type ProductGetBody = z.infer<typeof productGetBodySchema>

/** A text of the catalog: the answer is checked against the same rule as the requests. */
const catalogText = safeText({ max: TEXT_MAX.multiline })
const categoryText = catalogText.nullable()

/** spec §3 "Product", with its §8 verification code 0 (valid), 1 (not owned) or 2 (ownership missing). */
export const productRecordSchema = z.object({
  productId,
  name: catalogText,
  imagePath: catalogText.nullable(),
  imageUrl: catalogText.nullable(),
  inStock: z.boolean(),
  /** true: sold by third-party sellers (tag 3P); false: first party (1P). */
  availableAt3pSeller: z.boolean(),
  sellerIds: z.array(z.number().int()),
  sellerNames: z.array(catalogText),
  brand: catalogText.nullable(),
  brandId: z.number().int().nullable(),
  categoryLevel: z.object({
    level0: categoryText,
    level1: categoryText,
    level2: categoryText,
    level3: categoryText,
    level4: categoryText,
  }),
  markedPrice: paise,
  effectivePrice: paise,
  discount: paise,
  /** Percent of the marked price, 2 decimals. */
  discountPct: z.number(),
  buyBox: z.boolean(),
  optionCode: catalogText.nullable(),
  popularity: z.number().int(),
  verificationCode: z.literal([
    ProductVerification.Valid,
    ProductVerification.NotOwned,
    ProductVerification.OwnershipMissing,
  ]),
})
export type ProductRecord = z.infer<typeof productRecordSchema>

/** An id the catalog does not know (§8 code 3): only the id comes back. */
export const unknownProductSchema = z.object({
  productId,
  verificationCode: z.literal(ProductVerification.InvalidId),
})
export type UnknownProduct = z.infer<typeof unknownProductSchema>

/** One entry per distinct requested id, in request order. */
export const productGetResponseSchema = z.array(
  z.discriminatedUnion('verificationCode', [productRecordSchema, unknownProductSchema]),
)
export type ProductGetResponse = z.infer<typeof productGetResponseSchema>

// ---------------------------------------------------------------------------------------------
// POST /v1/adgroup/keyword/suggest?userId body {products}
// ---------------------------------------------------------------------------------------------

export const keywordSuggestBodySchema = z.object({ products: productIds })
export type KeywordSuggestBody = z.infer<typeof keywordSuggestBodySchema>

/** At most this many suggestions per call. */
export const SUGGESTION_LIMIT = 100
/** Letters, digits, spaces and hyphens: what the editor accepts as a keyword (spec §5 "Keywords"). */
export const SUGGESTED_KEYWORD_PATTERN = /^[a-z0-9]+(?:[ -][a-z0-9]+)*$/

/** spec §3 "Suggested keyword": the bid is integer paise (₹ with 2 decimals). */
export const suggestedKeywordSchema = z.object({
  keyWord: z.string().max(TEXT_MAX.line).regex(SUGGESTED_KEYWORD_PATTERN),
  bid_price_suggestion: z.number().int().positive(),
})
export type SuggestedKeyword = z.infer<typeof suggestedKeywordSchema>

export const keywordSuggestResponseSchema = z.array(suggestedKeywordSchema).max(SUGGESTION_LIMIT)
export type KeywordSuggestResponse = z.infer<typeof keywordSuggestResponseSchema>
