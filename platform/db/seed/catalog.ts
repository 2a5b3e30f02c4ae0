// Builds the demo product catalogue: products with category paths, prices, brand and sellers,
// plus search keywords with suggested bids.
import type { productKeywords, products, productSellers } from '../schema'
import {
  type BrandAccount,
  brandAccounts,
  type CategoryLeaf,
  categoryLeaves,
  FIRST_PARTY_SELLER_ID,
  sellerAccounts,
} from './catalog-data'
import type { Random } from './random'

export const PRODUCT_COUNT = 5200
const FIRST_PARTY_SHARE = 0.15
const KEYWORDED_SHARE = 0.72
/** seller@example.com's account: listed on more products so its campaigns have choice. */
const FEATURED_SELLER_ID = 100001

/** What the campaign generator needs to know about a product. */
export interface CatalogProduct {
  productId: number
  name: string
  leaf: CategoryLeaf
  brandId: number
  sellerIds: number[]
  effectivePrice: number
  inStock: boolean
  keywords: { keyword: string; bid: number }[]
}

export interface Catalog {
  products: CatalogProduct[]
  productRows: (typeof products.$inferInsert)[]
  productSellerRows: (typeof productSellers.$inferInsert)[]
  productKeywordRows: (typeof productKeywords.$inferInsert)[]
}

const rupees = (r: number) => Math.round(r * 100)

/** Shop-style price: a whole rupee amount ending in 9 (₹1,299), or ₹x9 below ₹100. */
function shopPrice(raw: number): number {
  if (raw < 100) return Math.max(9, Math.round(raw / 10) * 10 - 1)
  return Math.round(raw / 10) * 10 - 1
}

export function keywordText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function brandsFor(leaf: CategoryLeaf): BrandAccount[] {
  return brandAccounts.filter(
    (b) => b.category === leaf.path[0] && (!b.subcategories || b.subcategories.includes(leaf.path[1])),
  )
}

export function buildCatalog(rng: Random, now: Date): Catalog {
  const leafWeights = categoryLeaves.map((leaf) => [leaf, leaf.weight] as const)
  const thirdPartySellers = sellerAccounts.filter((s) => s.id !== FIRST_PARTY_SELLER_ID)
  const catalog: Catalog = { products: [], productRows: [], productSellerRows: [], productKeywordRows: [] }
  let productId = 10_234_500

  for (let i = 0; i < PRODUCT_COUNT; i++) {
    productId += rng.int(1, 9)
    const leaf = rng.weighted(leafWeights)
    const candidates = brandsFor(leaf)
    if (candidates.length === 0) throw new Error(`No brand sells ${leaf.path.join(' > ')}`)
    const brand = rng.pick(candidates)

    const series = leaf.series && rng.chance(0.8) ? `${rng.pick(leaf.series)} ${rng.int(2, 9) * 10} ` : ''
    const noun = rng.pick(leaf.nouns)
    const variantText = leaf.variants.map((options) => rng.pick(options)).join(' ')
    const name = `${brand.name} ${series}${noun} ${variantText}`.replace(/\s+/g, ' ').trim()

    const effective = shopPrice(rng.float(leaf.price[0], leaf.price[1]))
    const pct = rng.chance(0.25) ? 0 : rng.int(5, 65) / 100
    const marked = pct === 0 ? effective : Math.max(effective, shopPrice(effective / (1 - pct)))
    const markedPaise = rupees(marked)
    const effectivePaise = rupees(effective)
    const discount = markedPaise - effectivePaise
    const discountPct = markedPaise === 0 ? '0.00' : ((discount / markedPaise) * 100).toFixed(2)

    let sellerIds: number[]
    const firstParty = rng.chance(FIRST_PARTY_SHARE)
    if (firstParty) {
      sellerIds = [FIRST_PARTY_SELLER_ID]
    } else {
      const eligible = thirdPartySellers.filter((s) => s.categories.includes(leaf.path[0]))
      const weighted = eligible.map((s) => [s.id, s.id === FEATURED_SELLER_ID ? 4 : 1] as const)
      const count = rng.weighted([
        [1, 5],
        [2, 3],
        [3, 2],
      ] as const)
      const chosen = new Set<number>()
      for (let attempt = 0; attempt < 10 && chosen.size < Math.min(count, eligible.length); attempt++) {
        chosen.add(rng.weighted(weighted))
      }
      sellerIds = [...chosen].sort((a, b) => a - b)
    }

    const inStock = rng.chance(0.92)
    const keywords: { keyword: string; bid: number }[] = []
    if (rng.chance(KEYWORDED_SHARE)) {
      const pool = new Set<string>([
        ...leaf.keywords.map(keywordText),
        keywordText(noun),
        keywordText(`${brand.name} ${noun}`),
        keywordText(`${brand.name} ${leaf.path[3]}`),
        keywordText(`${leaf.path[3]} online`),
      ])
      const wanted = rng.int(3, 8)
      // Pricier categories attract higher suggested bids.
      const priceFactor = Math.min(1, Math.log10(leaf.price[1]) / 5)
      for (const keyword of rng.sample([...pool], wanted)) {
        const bidRupees = 2 + rng.next() * 23 * (0.4 + 0.6 * priceFactor)
        keywords.push({ keyword, bid: Math.min(2500, Math.max(200, Math.round(bidRupees * 10) * 10)) })
      }
    }

    const createdAt = new Date(now.getTime() - rng.int(30, 400) * 86_400_000)
    catalog.products.push({
      productId,
      name,
      leaf,
      brandId: brand.id,
      sellerIds,
      effectivePrice: effectivePaise,
      inStock,
      keywords,
    })
    catalog.productRows.push({
      productId,
      name,
      imagePath: `/images/products/${productId}.jpg`,
      imageUrl: null,
      inStock,
      availableAt3pSeller: !firstParty,
      brandId: brand.id,
      brand: brand.name,
      categoryLevel0: leaf.path[0],
      categoryLevel1: leaf.path[1],
      categoryLevel2: leaf.path[2],
      categoryLevel3: leaf.path[3],
      categoryLevel4: leaf.path[4] || null,
      markedPrice: markedPaise,
      effectivePrice: effectivePaise,
      discount,
      discountPct,
      buyBox: rng.chance(0.7),
      optionCode: `OC${productId.toString(36).toUpperCase()}`,
      popularity: Math.floor(rng.next() ** 3 * 10_000),
      createdAt,
    })
    for (const sellerId of sellerIds) catalog.productSellerRows.push({ productId, sellerId })
    for (const k of keywords) {
      catalog.productKeywordRows.push({
        productId,
        keyword: k.keyword,
        bidPriceSuggestion: k.bid,
        source: 'SEED',
        updatedAt: createdAt,
      })
    }
  }
  return catalog
}
