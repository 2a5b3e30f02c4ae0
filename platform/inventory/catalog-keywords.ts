// How keyword suggestions are chosen, ranked and priced (decision 025). Pure: the handler in
// ./catalog.ts gathers the candidates and the click facts from the database and hands them here.
import { SUGGESTED_KEYWORD_PATTERN, SUGGESTION_LIMIT, type SuggestedKeyword } from '../contracts/catalog'
import { TEXT_MAX } from '../rules/text'

/**
 * Where a candidate keyword comes from, strongest first: the product's keyword metadata (bulk
 * enrichment or seed), its category path, its name.
 */
export const SOURCE_WEIGHT = { METADATA: 3, CATEGORY: 2, NAME: 1 } as const
export type KeywordSource = keyof typeof SOURCE_WEIGHT

/** The suggested bid where the facts have no click for the keyword, and the lowest bid suggested: ₹1.00. */
export const BID_FLOOR_PAISE = 100
/** How far back the cost per click is measured: the 30 IST days ending today. */
export const CPC_WINDOW_DAYS = 30

export type Candidate = { keyword: string; productId: number; source: KeywordSource }
/** Clicks and spend (paise) of one keyword, summed over the window. */
export type KeywordFacts = { clicks: number; spend: number }

/**
 * A text as a keyword the editor accepts: lower case, accents dropped, only letters a-z, digits, single
 * spaces and hyphens inside words; null when nothing is left or it is longer than a one-line field.
 */
export function keywordText(raw: string): string | null {
  const words = raw
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 -]+/g, ' ')
    .split(' ')
    .map((word) => word.replace(/-+/g, '-').replace(/^-|-$/g, ''))
    .filter((word) => word.length > 0)
  const text = words.join(' ')
  if (text.length === 0 || text.length > TEXT_MAX.line || !SUGGESTED_KEYWORD_PATTERN.test(text)) return null
  return text
}

/**
 * keywordText of a catalog text (a product's name, category or keyword metadata): the same texts come
 * back on every editor page, so each is worked out once (a bounded memo; decision 073).
 */
export function catalogKeywordText(raw: string): string | null {
  const known = catalogTexts.get(raw)
  if (known !== undefined) return known
  const text = keywordText(raw)
  if (catalogTexts.size >= CATALOG_TEXT_MEMO) catalogTexts.clear()
  catalogTexts.set(raw, text)
  return text
}
const CATALOG_TEXT_MEMO = 50_000
const catalogTexts = new Map<string, string | null>()

/** Recent cost per click in paise, rounded to the paisa (₹ to 2 decimals), never below the floor. */
export function bidSuggestion(facts: KeywordFacts | undefined): number {
  if (!facts || facts.clicks <= 0) return BID_FLOOR_PAISE
  return Math.max(BID_FLOOR_PAISE, Math.round(facts.spend / facts.clicks))
}

/**
 * One suggestion per keyword (candidates are already keywordText, so equal text is a case-insensitive
 * duplicate), ranked by: the strongest source, then how many of the products share the keyword, then
 * recent clicks, then the keyword alphabetically; at most SUGGESTION_LIMIT.
 */
export function rankSuggestions(
  candidates: readonly Candidate[],
  facts: ReadonlyMap<string, KeywordFacts>,
  limit = SUGGESTION_LIMIT,
): SuggestedKeyword[] {
  const byKeyword = new Map<string, { weight: number; products: Set<number> }>()
  for (const { keyword, productId, source } of candidates) {
    const entry = byKeyword.get(keyword) ?? { weight: 0, products: new Set<number>() }
    entry.weight = Math.max(entry.weight, SOURCE_WEIGHT[source])
    entry.products.add(productId)
    byKeyword.set(keyword, entry)
  }
  const clicks = (keyword: string) => facts.get(keyword)?.clicks ?? 0
  return [...byKeyword]
    .sort(
      ([a, x], [b, y]) =>
        y.weight - x.weight ||
        y.products.size - x.products.size ||
        clicks(b) - clicks(a) ||
        (a < b ? -1 : a > b ? 1 : 0),
    )
    .slice(0, limit)
    .map(([keyword]) => ({ keyWord: keyword, bid_price_suggestion: bidSuggestion(facts.get(keyword)) }))
}
