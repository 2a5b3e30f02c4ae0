// The sample CSV files under public/files hold real demo data and pass the spec's CSV rules
// (campaigns §5 "CSV rules"): products of the demo seller with all four category levels (so any
// targeting accepts them), keywords of the seed with bids above 0, pincodes of the directory with their
// own district and state, and valid addresses. The e2e spec checks that the server hands them out.
import { readFileSync } from 'node:fs'
import { and, eq, inArray } from 'drizzle-orm'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pincodes, products, productSellers } from '../platform/db/schema'
import { projectPath } from '../platform/paths'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'

let t: TestPlatform

function sample(name: string) {
  const text = readFileSync(projectPath('public/files', name), 'utf8')
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data
  return { header, rows }
}

beforeAll(async () => {
  t = await createTestPlatform()
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('sample files', () => {
  it('products: numeric ids the demo seller lists, with all four category levels', async () => {
    const { header, rows } = sample('sample-products.csv')
    expect(header).toEqual(['Product Id'])
    expect(rows.every((row) => row.length === 1 && /^\d+$/.test(row[0] ?? ''))).toBe(true)
    const seller = await t.userByEmail('seller@example.com')
    const ids = rows.map((row) => Number(row[0]))
    const found = await t.db
      .select({ id: products.productId, l1: products.categoryLevel1, l4: products.categoryLevel4 })
      .from(products)
      .innerJoin(productSellers, eq(productSellers.productId, products.productId))
      .where(and(inArray(products.productId, ids), eq(productSellers.sellerId, seller.accountId!)))
    expect(found.map((row) => row.id).sort()).toEqual([...ids].sort())
    expect(found.every((row) => row.l1 && row.l4)).toBe(true)
  })

  it('keywords: Keyword,Bid with allowed characters and bids above 0; the -cpd variant has no Bid', () => {
    const keywords = sample('sample-keywords.csv')
    expect(keywords.header).toEqual(['Keyword', 'Bid'])
    for (const [keyword, bid] of keywords.rows) {
      expect(keyword).toMatch(/^[A-Za-z0-9\s-]+$/)
      expect(Number(bid)).toBeGreaterThan(0)
    }
    const cpd = sample('sample-keywords-cpd.csv')
    expect(cpd.header).toEqual(['Keyword'])
    expect(cpd.rows.map((row) => row[0])).toEqual(keywords.rows.map((row) => row[0]))
  })

  it('pincodes: six digits, with the district and state the directory gives them', async () => {
    const { header, rows } = sample('sample-pincodes.csv')
    expect(header).toEqual(['Pincode', 'District', 'State'])
    const directory = await t.db
      .select()
      .from(pincodes)
      .where(
        inArray(
          pincodes.pincode,
          rows.map((row) => Number(row[0])),
        ),
      )
    const byPincode = new Map(directory.map((row) => [String(row.pincode), row]))
    for (const [pincode, district, state] of rows) {
      expect(pincode).toMatch(/^\d{6}$/)
      expect(district).toMatch(/^[A-Za-z ]+$/)
      expect(state).toMatch(/^[A-Za-z ]+$/)
      expect(byPincode.get(pincode ?? '')).toMatchObject({ district, state })
    }
  })

  it('emails: one valid lower-case address per row under Email', () => {
    const { header, rows } = sample('sample-emails.csv')
    expect(header).toEqual(['Email'])
    for (const row of rows) {
      expect(row).toHaveLength(1)
      // The spec's pattern: local part of letters, digits, dot, underscore or hyphen; a domain; 2-4 letters.
      expect(row[0]).toMatch(/^[a-z0-9._-]+@[a-z0-9.-]+\.[a-z]{2,4}$/)
    }
  })
})
