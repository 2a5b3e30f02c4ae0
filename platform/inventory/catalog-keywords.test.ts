// Keyword suggestions' cleaning, ranking and pricing as pure functions (decision 025); the handler's
// behaviour against the database is in catalog.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SUGGESTED_KEYWORD_PATTERN, suggestedKeywordSchema } from '../contracts/catalog'
import {
  BID_FLOOR_PAISE,
  bidSuggestion,
  type Candidate,
  catalogKeywordText,
  type KeywordFacts,
  keywordText,
  rankSuggestions,
  SOURCE_WEIGHT,
} from './catalog-keywords'

const RUNS = { numRuns: 200 }

describe('keywordText', () => {
  it('cleans to letters, digits, single spaces and inner hyphens', () => {
    expect(keywordText('  Wi-Fi®  Router!! ')).toBe('wi-fi router')
    expect(keywordText('Café -- au--lait -')).toBe('cafe au-lait')
    expect(keywordText('Home & Kitchen')).toBe('home kitchen')
    expect(keywordText('₹%^()')).toBeNull()
    expect(keywordText('a\u0000b')).toBe('a b')
    expect(keywordText('x'.repeat(201))).toBeNull()
  })

  it('answers null or a keyword the editor accepts, and is idempotent (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80, unit: 'binary' }), (raw) => {
        const text = keywordText(raw)
        if (text === null) return
        expect(text).toMatch(SUGGESTED_KEYWORD_PATTERN)
        expect(text).toMatch(/^[A-Za-z0-9 -]+$/)
        expect(keywordText(text)).toBe(text)
        expect(keywordText(text.toUpperCase())).toBe(text)
      }),
      RUNS,
    )
  })
})

describe('catalogKeywordText (keywordText, remembered)', () => {
  it('answers what keywordText answers, the first time and every time after (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40, unit: 'binary' }), { maxLength: 20 }), (raws) => {
        for (const raw of [...raws, ...raws, '₹%^()', '₹%^()', 'Home & Kitchen', 'Home & Kitchen'])
          expect(catalogKeywordText(raw)).toBe(keywordText(raw))
      }),
      RUNS,
    )
  })
})

describe('bidSuggestion', () => {
  it('is the cost per click rounded to the paisa, never under ₹1.00', () => {
    expect(bidSuggestion(undefined)).toBe(BID_FLOOR_PAISE)
    expect(bidSuggestion({ clicks: 0, spend: 5_000 })).toBe(BID_FLOOR_PAISE)
    expect(bidSuggestion({ clicks: 3, spend: 1_000 })).toBe(333)
    expect(bidSuggestion({ clicks: 2, spend: 1_001 })).toBe(501)
    expect(bidSuggestion({ clicks: 10, spend: 999 })).toBe(BID_FLOOR_PAISE)
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(10_000_000), (clicks, spend) => {
        const bid = bidSuggestion({ clicks, spend })
        expect(Number.isInteger(bid)).toBe(true)
        expect(bid).toBeGreaterThanOrEqual(BID_FLOOR_PAISE)
        if (clicks > 0 && spend / clicks >= BID_FLOOR_PAISE)
          expect(Math.abs(bid - spend / clicks)).toBeLessThanOrEqual(0.5)
      }),
      RUNS,
    )
  })
})

const word = fc.constantFrom('lamp', 'desk lamp', 'led', 'wi-fi', 'bulb', 'smart bulb', 'torch', 'lantern')
const candidate: fc.Arbitrary<Candidate> = fc.record({
  keyword: word,
  productId: fc.integer({ min: 1, max: 6 }),
  source: fc.constantFrom('METADATA' as const, 'CATEGORY' as const, 'NAME' as const),
})
const facts = fc
  .dictionary(word, fc.record({ clicks: fc.nat(50), spend: fc.nat(50_000) }))
  .map((entries) => new Map<string, KeywordFacts>(Object.entries(entries)))

describe('rankSuggestions', () => {
  it('orders by source weight, then products sharing, then clicks, then keyword; once each, capped (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(candidate, { maxLength: 40 }),
        facts,
        fc.integer({ min: 1, max: 10 }),
        (cands, f, limit) => {
          const ranked = rankSuggestions(cands, f, limit)
          const distinct = new Set(cands.map((c) => c.keyword))
          expect(ranked.length).toBe(Math.min(limit, distinct.size))
          expect(new Set(ranked.map((r) => r.keyWord)).size).toBe(ranked.length)
          const key = (keyword: string) => {
            const own = cands.filter((c) => c.keyword === keyword)
            return [
              Math.max(...own.map((c) => SOURCE_WEIGHT[c.source])),
              new Set(own.map((c) => c.productId)).size,
              f.get(keyword)?.clicks ?? 0,
            ]
          }
          for (let i = 1; i < ranked.length; i++) {
            const a = key(ranked[i - 1]!.keyWord)
            const b = key(ranked[i]!.keyWord)
            const order = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!
            expect(order > 0 || (order === 0 && ranked[i - 1]!.keyWord < ranked[i]!.keyWord)).toBe(true)
          }
          for (const r of ranked) {
            expect(suggestedKeywordSchema.parse(r)).toEqual(r)
            expect(r.bid_price_suggestion).toBe(bidSuggestion(f.get(r.keyWord)))
          }
        },
      ),
      RUNS,
    )
  })
})
