// Which products an advertiser may advertise (spec campaigns §5 "Products", §8 verification codes).
// Pure and zod-free: the platform's catalog call (platform/inventory/catalog.ts) answers with these
// codes, and the console's editor can apply the same rule to the records it holds. Decision 025.

/** spec §9: at most 50 products per ad group, and per catalog call. */
export const PRODUCT_LIMIT = 50
/** spec §5 "Products": the product-limit popup. */
export const PRODUCT_LIMIT_MESSAGE =
  'Product count limit reached! You can add up to 50 products only. Please try again with fewer products.'

/** spec §5: the first-party seller: its seller id '1' owns the marketplace's own (1P) products. */
export const FIRST_PARTY_SELLER_ID = 1

/** spec §8 product verification codes. */
export const ProductVerification = {
  Valid: 0,
  /** The seller or brand does not own the product. */
  NotOwned: 1,
  /** The product has no ownership data for this kind of advertiser (no sellers listed, or no brand). */
  OwnershipMissing: 2,
  /** No such product. */
  InvalidId: 3,
} as const
export type ProductVerificationCode = (typeof ProductVerification)[keyof typeof ProductVerification]

/** The advertiser a campaign is for: a seller account or a brand account. */
export type Advertiser = { kind: 'SELLER' | 'BRAND'; id: number }

/** What ownership is decided from (a catalog product record has these fields). */
export type ProductOwnership = {
  sellerIds: readonly number[]
  brandId: number | null
  /** false: a first-party (1P) product. */
  availableAt3pSeller: boolean
}

/** The codes of a product the catalog knows. */
export type KnownProductCode = Exclude<ProductVerificationCode, typeof ProductVerification.InvalidId>

/**
 * The verification code of a catalog product for an advertiser. SELLER: the product's sellerIds contain
 * the seller; the first-party seller (id 1) also owns every 1P product. BRAND: the product's brandId is
 * the brand.
 */
export function verifyKnownProduct(product: ProductOwnership, advertiser: Advertiser): KnownProductCode {
  if (advertiser.kind === 'BRAND') {
    if (product.brandId === null) return ProductVerification.OwnershipMissing
    return product.brandId === advertiser.id ? ProductVerification.Valid : ProductVerification.NotOwned
  }
  const firstPartyOwns = advertiser.id === FIRST_PARTY_SELLER_ID && !product.availableAt3pSeller
  if (firstPartyOwns || product.sellerIds.includes(advertiser.id)) return ProductVerification.Valid
  // A 1P product needs no seller list: the first-party seller owns it.
  if (product.sellerIds.length === 0 && product.availableAt3pSeller)
    return ProductVerification.OwnershipMissing
  return ProductVerification.NotOwned
}

/** The verification code of a product, or of an id the catalog does not know (null or undefined). */
export function verifyProduct(
  product: ProductOwnership | null | undefined,
  advertiser: Advertiser,
): ProductVerificationCode {
  return product ? verifyKnownProduct(product, advertiser) : ProductVerification.InvalidId
}

/** The ids once each, in the order first given (spec §5: duplicate ids are ignored). */
export function uniqueProductIds(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}
