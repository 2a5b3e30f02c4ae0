// The ownership rule of the catalog call (spec campaigns §5 "Products", §8 codes; decision 025).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { productVerification } from './campaign-editor'
import {
  type Advertiser,
  FIRST_PARTY_SELLER_ID,
  type ProductOwnership,
  ProductVerification,
  uniqueProductIds,
  verifyProduct,
} from './products'

const RUNS = { numRuns: 200 }
const id = fc.integer({ min: 1, max: 300_000 })
const ownership: fc.Arbitrary<ProductOwnership> = fc.record({
  sellerIds: fc.uniqueArray(id, { maxLength: 4 }),
  brandId: fc.option(id, { nil: null }),
  availableAt3pSeller: fc.boolean(),
})
const advertiser: fc.Arbitrary<Advertiser> = fc.record({
  kind: fc.constantFrom('SELLER' as const, 'BRAND' as const),
  id: fc.oneof(id, fc.constant(FIRST_PARTY_SELLER_ID)),
})

describe('verifyProduct', () => {
  it('the table of the spec', () => {
    const seller: Advertiser = { kind: 'SELLER', id: 100001 }
    const brand: Advertiser = { kind: 'BRAND', id: 200001 }
    const firstParty: Advertiser = { kind: 'SELLER', id: 1 }
    const p = (sellerIds: number[], brandId: number | null, availableAt3pSeller = true) => ({
      sellerIds,
      brandId,
      availableAt3pSeller,
    })
    const rows: [ProductOwnership | null, Advertiser, number][] = [
      [p([100001, 100002], 200001), seller, 0],
      [p([100002], 200001), seller, 1],
      [p([], 200001), seller, 2],
      [null, seller, 3],
      [p([100002], 200001), brand, 0],
      [p([100001], 200002), brand, 1],
      [p([100001], null), brand, 2],
      [undefined as unknown as null, brand, 3],
      [p([1], 200001, false), firstParty, 0],
      [p([], 200001, false), firstParty, 0],
      [p([], 200001, false), seller, 1],
      [p([100002], 200001, true), firstParty, 1],
      [p([1], 200001, true), firstParty, 0],
    ]
    for (const [product, who, code] of rows)
      expect(verifyProduct(product, who), JSON.stringify([product, who])).toBe(code)
  })

  it('valid for a seller exactly when listed, or first-party on a 1P product (fast-check)', () => {
    fc.assert(
      fc.property(ownership, advertiser, (product, who) => {
        const code = verifyProduct(product, who)
        expect(code).not.toBe(ProductVerification.InvalidId)
        if (who.kind === 'SELLER') {
          const owns =
            product.sellerIds.includes(who.id) ||
            (who.id === FIRST_PARTY_SELLER_ID && !product.availableAt3pSeller)
          expect(code === ProductVerification.Valid).toBe(owns)
          // Listing the seller always makes it valid, for any other field.
          expect(verifyProduct({ ...product, sellerIds: [...product.sellerIds, who.id] }, who)).toBe(0)
        } else {
          expect(code === ProductVerification.Valid).toBe(product.brandId === who.id)
          expect(code === ProductVerification.OwnershipMissing).toBe(product.brandId === null)
          // A brand's answer does not depend on the sellers.
          expect(verifyProduct({ ...product, sellerIds: [] }, who)).toBe(code)
        }
      }),
      RUNS,
    )
  })
})

describe('uniqueProductIds', () => {
  it('keeps each id once, in first-seen order (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 60 }), (ids) => {
        const unique = uniqueProductIds(ids)
        expect(new Set(unique).size).toBe(unique.length)
        expect(new Set(unique)).toEqual(new Set(ids))
        expect(unique).toEqual(ids.filter((value, index) => ids.indexOf(value) === index))
      }),
      RUNS,
    )
  })
})

describe("the editor's productVerification (campaign-editor.ts) agrees", () => {
  // Two spellings of one rule: the editor's takes the role, this one the account kind. They must give
  // the same code whenever the role is the account's kind (SELLER or BRAND acting for itself).
  it('for every product and SELLER or BRAND advertiser (fast-check)', () => {
    fc.assert(
      fc.property(ownership, advertiser, id, (product, who, productId) => {
        expect(productVerification({ productId, ...product }, { role: who.kind, sellerId: who.id })).toBe(
          verifyProduct(product, who),
        )
      }),
      RUNS,
    )
  })
})
