// The CSV import pipeline against a real test database, with a consumer defined here that writes keyword
// metadata (product_keywords): the shape of the bulk-upload screen, which comes in a later issue.
import { and, desc, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod/v4'
import { insertBatches } from '../db/batch'
import { auditLog, productKeywords, products } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { type CsvConsumer, importCsv, parseCsvRows } from './csv-import'

let t: TestPlatform
let productIds: number[]

const KEYWORD = /^[A-Za-z0-9 -]+$/

const keywordMetadata: CsvConsumer<{ productId: number; keyword: string; bid: number }> = {
  name: 'test-keyword-metadata',
  columns: [
    { header: 'Product Id', key: 'productId' },
    { header: 'Keyword', key: 'keyword' },
    { header: 'Bid', key: 'bid' },
  ],
  rowSchema: z.object({
    productId: z.string().regex(/^\d+$/, 'Product id must be a number').transform(Number),
    keyword: z
      .string()
      .min(1, 'Empty cells are not allowed')
      .regex(KEYWORD, 'Keyword may contain letters, digits, spaces and hyphens only'),
    bid: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'Bid must be a number with at most 2 decimals')
      .transform(Number)
      .refine((bid) => bid > 0, 'Bid must be greater than 0'),
  }),
  key: (row) => `${row.productId}|${row.keyword.toLowerCase()}`,
  async check(tx, rows) {
    const ids = [...new Set(rows.map((r) => r.value.productId))]
    const found = await tx
      .select({ id: products.productId })
      .from(products)
      .where(sql`${products.productId} in ${ids}`)
    const known = new Set(found.map((f) => f.id))
    return rows
      .filter((r) => !known.has(r.value.productId))
      .map((r) => ({
        row: r.row,
        column: 'Product Id',
        value: String(r.value.productId),
        reason: 'Invalid product',
      }))
  },
  async apply(tx, rows) {
    await insertBatches(
      tx,
      productKeywords,
      rows.map((row) => ({
        productId: row.productId,
        keyword: row.keyword,
        bidPriceSuggestion: Math.round(row.bid * 100),
        source: 'METADATA' as const,
      })),
    )
  },
  totals: (rows) => ({
    keywords: rows.length,
    bidPaise: rows.reduce((sum, r) => sum + Math.round(r.bid * 100), 0),
  }),
}

const actor = { userId: 9_000_001, role: 'SUPERADMIN', ip: '127.0.0.1' }

/** The file as the importer opens it: a source it may read twice. */
function bytes(text: string) {
  return async function* () {
    yield new TextEncoder().encode(text)
  }
}

/** The file in chunks of `size` bytes, so rows and multibyte characters straddle chunk edges. */
function chunked(text: string, size: number) {
  const all = new TextEncoder().encode(text)
  return async function* () {
    for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size)
  }
}

async function metadataRows() {
  return t.db
    .select({
      productId: productKeywords.productId,
      keyword: productKeywords.keyword,
      bid: productKeywords.bidPriceSuggestion,
    })
    .from(productKeywords)
    .where(eq(productKeywords.source, 'METADATA'))
    .orderBy(productKeywords.productId, productKeywords.keyword)
}

async function lastAudit() {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'csv.import'), eq(auditLog.entityType, 'test-keyword-metadata')))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row
}

beforeAll(async () => {
  t = await createTestPlatform()
  const rows = await t.db
    .select({ id: products.productId })
    .from(products)
    .orderBy(products.productId)
    .limit(3)
  productIds = rows.map((r) => r.id)
  expect(productIds).toHaveLength(3)
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('importCsv', () => {
  it('applies every row of a valid file in one go, drops duplicates and records the audit', async () => {
    const before = await metadataRows()
    const [a, b, c] = productIds
    const file = [
      '\uFEFFProduct Id,Keyword,Bid',
      `${a},running shoes,2.50`,
      `${b},"steel bottle",10`,
      '',
      `${c},kids-toys 2,0.75`,
      `${a},Running Shoes,3`,
    ].join('\r\n')
    const outcome = await importCsv(t.db, keywordMetadata, {
      fileName: 'meta.csv',
      actor,
      source: chunked(file, 7),
    })

    expect(outcome).toMatchObject({
      result: 'SUCCESS',
      fileName: 'meta.csv',
      rows: 4,
      applied: 3,
      duplicates: 1,
      totals: { keywords: 3, bidPaise: 250 + 1000 + 75 },
      errorCount: 0,
      errorReport: null,
    })
    const after = await metadataRows()
    expect(after.length - before.length).toBe(3)
    expect(after).toEqual(
      expect.arrayContaining([
        { productId: a, keyword: 'running shoes', bid: 250 },
        { productId: b, keyword: 'steel bottle', bid: 1000 },
        { productId: c, keyword: 'kids-toys 2', bid: 75 },
      ]),
    )
    const entry = await lastAudit()
    expect(entry?.actorUserId).toBe(actor.userId)
    expect(entry?.after).toMatchObject({
      fileName: 'meta.csv',
      result: 'SUCCESS',
      rows: 4,
      applied: 3,
      totals: { keywords: 3, bidPaise: 1325 },
    })
  })

  it('names each bad row and its reason and leaves the table exactly as it was', async () => {
    const before = await metadataRows()
    const [a, b] = productIds
    const file = [
      'Product Id,Keyword,Bid',
      `${a},good keyword,1`,
      `abc,fine,1`,
      `${b},bad!word,0`,
      `${a},,1`,
      `${b},another good one,4`,
    ].join('\n')
    const outcome = await importCsv(t.db, keywordMetadata, {
      fileName: 'bad.csv',
      actor,
      source: bytes(file),
    })

    expect(outcome.result).toBe('REFUSED')
    expect(outcome.refusal).toBe('ROWS')
    expect(outcome.applied).toBe(0)
    expect(outcome.errors).toEqual([
      { row: 3, column: 'Product Id', value: 'abc', reason: 'Product id must be a number' },
      {
        row: 4,
        column: 'Keyword',
        value: 'bad!word',
        reason: 'Keyword may contain letters, digits, spaces and hyphens only',
      },
      { row: 4, column: 'Bid', value: '0', reason: 'Bid must be greater than 0' },
      { row: 5, column: 'Keyword', value: '', reason: 'Empty cells are not allowed' },
    ])
    expect(outcome.errorCount).toBe(4)
    expect(await metadataRows()).toEqual(before)
    expect((await lastAudit())?.after).toMatchObject({
      fileName: 'bad.csv',
      result: 'REFUSED',
      rows: 5,
      errorCount: 4,
    })
  })

  it('rolls back the batches already inserted when a later batch is refused inside the transaction', async () => {
    const before = await metadataRows()
    const valid = Array.from({ length: 2500 }, (_, i) => `${productIds[i % 3]},bulk keyword ${i},1`)
    const file = ['Product Id,Keyword,Bid', ...valid, '999999999,unknown product,1'].join('\n')
    const batches: number[] = []
    const outcome = await importCsv(
      t.db,
      {
        ...keywordMetadata,
        async apply(tx, rows) {
          await keywordMetadata.apply(tx, rows)
          batches.push(rows.length)
        },
      },
      { fileName: 'late.csv', actor, source: bytes(file) },
    )
    // Two full batches were written (one INSERT of 1,000 rows each) before the third was refused.
    expect(batches).toEqual([1000, 1000])
    expect(outcome).toMatchObject({ result: 'REFUSED', refusal: 'ROWS', applied: 0, errorCount: 1 })
    expect(outcome.errors).toEqual([
      { row: 2502, column: 'Product Id', value: '999999999', reason: 'Invalid product' },
    ])
    expect(outcome.message).toBe('Row 2502: Invalid product')
    expect(await metadataRows()).toEqual(before)
  })

  it('refuses a file whose header is not the expected one, naming what was expected', async () => {
    const before = await metadataRows()
    const outcome = await importCsv(t.db, keywordMetadata, {
      fileName: 'header.csv',
      actor,
      source: bytes(`Product,Keyword,Bid\n${productIds[0]},x,1\n`),
    })
    expect(outcome).toMatchObject({ result: 'REFUSED', refusal: 'HEADER', errorReport: null })
    expect(outcome.message).toBe(
      'Invalid header format: expected "Product Id,Keyword,Bid", found "Product,Keyword,Bid"',
    )
    expect(await metadataRows()).toEqual(before)
    expect((await lastAudit())?.after).toMatchObject({
      fileName: 'header.csv',
      result: 'REFUSED',
      refusal: 'HEADER',
    })
  })

  it('keeps only the first maxErrors errors but counts them all', async () => {
    const file = ['Product Id,Keyword,Bid', ...Array.from({ length: 50 }, () => 'x,y,1')].join('\n')
    const outcome = await importCsv(t.db, keywordMetadata, {
      fileName: 'many.csv',
      actor,
      source: bytes(file),
      maxErrors: 10,
    })
    expect(outcome.errorCount).toBe(50)
    expect(outcome.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(outcome.message).toBe('50 errors in 10+ rows; nothing was imported')
  })

  it('writes an error report whose cells a spreadsheet will not run as formulas', async () => {
    const file = ['Product Id,Keyword,Bid', "=cmd|'/C calc'!A0,ok,1", `${productIds[0]},@SUM(A1),1`].join(
      '\n',
    )
    const outcome = await importCsv(t.db, keywordMetadata, {
      fileName: 'evil.csv',
      actor,
      source: bytes(file),
    })
    expect(outcome.errorReport).not.toBeNull()
    const report = Papa.parse<string[]>(outcome.errorReport ?? '', { skipEmptyLines: true }).data
    expect(report[0]).toEqual(['Row', 'Column', 'Value', 'Reason'])
    expect(report[1]).toEqual(['2', 'Product Id', "'=cmd|'/C calc'!A0", 'Product id must be a number'])
    expect(report[2]).toEqual([
      '3',
      'Keyword',
      "'@SUM(A1)",
      'Keyword may contain letters, digits, spaces and hyphens only',
    ])
  })
})

describe('parseCsvRows', () => {
  it('never throws on arbitrary CSV-ish input: problems become collected errors', async () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('"', '""', ',', '\n', '\r\n', '\uFEFF', '=cmd', 'é', '\u0000', '12', ' '),
    )
    const file = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc
        .tuple(fc.array(fc.array(cell, { maxLength: 5 }), { maxLength: 20 }), fc.constantFrom('\n', '\r\n'))
        .map(([rows, newline]) => ['Product Id,Keyword,Bid', ...rows.map((r) => r.join(','))].join(newline)),
    )
    await fc.assert(
      fc.asyncProperty(file, fc.integer({ min: 1, max: 16 }), async (text, size) => {
        const parsed = await parseCsvRows(chunked(text, size)(), keywordMetadata, 20)
        expect(parsed.errors.length).toBeLessThanOrEqual(20)
        expect(parsed.errorCount).toBeGreaterThanOrEqual(parsed.errors.length)
        for (const error of parsed.errors) {
          expect(error.row).toBeGreaterThanOrEqual(2)
          expect(error.reason.length).toBeGreaterThan(0)
        }
        expect(parsed.dataRows).toBeGreaterThanOrEqual(new Set(parsed.errors.map((e) => e.row)).size)
      }),
      { numRuns: 200 },
    )
  })
})
