// The keyword-metadata CSV (spec accounts §7 "Keyword metadata", §8 "Bulk upload"; docs/decisions/046):
// the upload kit's consumer (columns keywords,product_ids; row rules; the catalog check; the upsert into
// product_keywords) and the spec's error report, Metadata_Error_Report.csv.
import { createReadStream } from 'node:fs'
import { inArray, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { z } from 'zod/v4'
import { METADATA_COLUMNS, METADATA_ERROR_REPORT_HEADER, METADATA_MESSAGES } from '../contracts/billing'
import type { CsvRowError } from '../contracts/csv-upload'
import { toCsv } from '../csv'
import type { Tx } from '../db/client'
import { billingUploads, products } from '../db/schema'
import { CPM_FALLBACK_PAISE, keywordTextProblem, MESSAGES } from '../rules/campaign-editor'
import { PRODUCT_LIMIT } from '../rules/products'
import { hasControlCharacters } from '../rules/text'
import type { CsvConsumer } from '../uploads/csv-import'
import { keywordText } from './catalog-keywords'

export const METADATA_CONSUMER_NAME = 'keyword-metadata'
/** Several keywords in one cell are separated by `|`; so are several product ids (commas too, quoted). */
export const KEYWORD_SEPARATOR = '|'
export const MAX_KEYWORDS_PER_ROW = 50
export const MAX_PRODUCTS_PER_ROW = PRODUCT_LIMIT
/** Keyword–product pairs one file may name in all (a row names keywords × products pairs). */
export const MAX_PAIRS_PER_FILE = 1_000_000
/** The bid suggested for a keyword new to a product: the spec's keyword cpm fallback, ₹10.58. */
export const NEW_KEYWORD_BID_PAISE = CPM_FALLBACK_PAISE
/** Pairs per INSERT statement (a batch of 1,000 one-pair rows is one statement). */
const PAIRS_PER_STATEMENT = 10_000

export type MetadataKey = (typeof METADATA_COLUMNS)[number]['key']
export type MetadataRow = { keywords: string[]; productIds: number[] }

const PRODUCT_ID = /^\d{1,15}$/

/** A keyword as a reason may quote it: no control characters, at most 40 characters. */
const quoted = (text: string) => {
  const clean = [...text].map((ch) => (hasControlCharacters(ch) ? ' ' : ch)).join('')
  return `"${clean.length > 40 ? `${clean.slice(0, 40)}…` : clean}"`
}

/** The cell's keywords, each as the editor stores it (lower case, single spaces), or the reason it is refused. */
export function parseKeywordsCell(cell: string): { keywords: string[] } | { problem: string } {
  if (cell.trim() === '') return { problem: METADATA_MESSAGES.emptyCells }
  const parts = cell.split(KEYWORD_SEPARATOR).map((part) => part.trim())
  if (parts.length > MAX_KEYWORDS_PER_ROW)
    return { problem: `At most ${MAX_KEYWORDS_PER_ROW} keywords per row (separated by ${KEYWORD_SEPARATOR})` }
  const keywords: string[] = []
  for (const part of parts) {
    if (part === '')
      return { problem: `A keyword is empty: separate keywords with a single ${KEYWORD_SEPARATOR}` }
    // The campaign editor's rule (one source of truth), then its stored form.
    const problem = keywordTextProblem(part) ?? (keywordText(part) === null ? MESSAGES.invalidKeyword : null)
    if (problem) return { problem: parts.length === 1 ? problem : `Keyword ${quoted(part)}: ${problem}` }
    keywords.push(keywordText(part) as string)
  }
  return { keywords: [...new Set(keywords)] }
}

/** The cell's product ids (each once), or the reason it is refused. */
export function parseProductIdsCell(cell: string): { productIds: number[] } | { problem: string } {
  if (cell.trim() === '') return { problem: METADATA_MESSAGES.emptyCells }
  const parts = cell.split(/[|,]/).map((part) => part.trim())
  const bad = parts.filter((part) => !PRODUCT_ID.test(part) || Number(part) <= 0)
  if (bad.length > 0) {
    const shown = bad.slice(0, 5).map((part) => (part === '' ? '(empty)' : quoted(part)))
    return { problem: `Invalid product id: ${shown.join(', ')}${bad.length > 5 ? ', …' : ''}` }
  }
  const productIds = [...new Set(parts.map(Number))]
  if (productIds.length > MAX_PRODUCTS_PER_ROW)
    return { problem: `At most ${MAX_PRODUCTS_PER_ROW} product ids per row` }
  return { productIds }
}

const cell = <T>(parse: (text: string) => T | { problem: string }) =>
  z.string().transform((text, ctx): T => {
    const parsed = parse(text)
    if (parsed && typeof parsed === 'object' && 'problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.problem, input: text })
      return z.NEVER
    }
    return parsed as T
  })

export const metadataRowSchema = z
  .object({
    keywords: cell(parseKeywordsCell),
    product_ids: cell(parseProductIdsCell),
  })
  .transform(
    ({ keywords, product_ids }): MetadataRow => ({
      keywords: keywords.keywords,
      productIds: product_ids.productIds,
    }),
  )

export type MetadataUploadRecord = {
  fileName: string
  uploadedBy: number | null
}

/** pg_advisory_xact_lock key of the metadata import ('kwmeta' in ASCII). */
const METADATA_LOCK_KEY = 0x6b776d657461

/** What the apply step wrote, summed over the file (the import's totals, the billing_uploads row). */
export type MetadataTotals = {
  /** Distinct keyword–product pairs written: new ones plus existing ones now marked METADATA. */
  pairs: number
  newPairs: number
  updatedPairs: number
  /** Pairs named again after their first mention in the file (dropped). */
  duplicatePairs: number
  /** Rows applied. */
  rows: number
}

/**
 * The consumer for one upload (it keeps the upload's running totals and its billing_uploads row, which
 * is written inside the import's transaction: it exists exactly when the rows do).
 */
export function metadataConsumer(record: MetadataUploadRecord): CsvConsumer<MetadataRow, MetadataKey> {
  const totals: MetadataTotals = { pairs: 0, newPairs: 0, updatedPairs: 0, duplicatePairs: 0, rows: 0 }
  let batchTotals: Record<string, number> = {}
  let uploadId: number | null = null
  let pairsNamed = 0
  let overLimit = false
  let locked = false

  return {
    name: METADATA_CONSUMER_NAME,
    columns: METADATA_COLUMNS,
    rowSchema: metadataRowSchema,
    // The same keywords for the same products twice: the later row is a duplicate.
    key: (row) => `${[...row.keywords].sort().join('|')}\u0000${[...row.productIds].sort().join('|')}`,

    async check(tx, rows) {
      // One metadata import writes at a time: two files naming the same pairs in different orders would
      // otherwise deadlock (an answer of 500 to one of them). Held until the transaction ends.
      if (!locked) {
        await tx.execute(sql`select pg_advisory_xact_lock(${METADATA_LOCK_KEY})`)
        locked = true
      }
      const errors: CsvRowError[] = []
      const ids = [...new Set(rows.flatMap((row) => row.value.productIds))]
      const known = new Set<number>()
      for (let i = 0; i < ids.length; i += 5000) {
        const found = await tx
          .select({ id: products.productId })
          .from(products)
          .where(inArray(products.productId, ids.slice(i, i + 5000)))
        for (const { id } of found) known.add(id)
      }
      for (const { row, value } of rows) {
        const unknown = value.productIds.filter((id) => !known.has(id))
        if (unknown.length > 0) {
          errors.push({
            row,
            column: 'product_ids',
            value: value.productIds.join(KEYWORD_SEPARATOR),
            reason: `Invalid product id: ${unknown.join(', ')}`,
          })
        }
        pairsNamed += value.keywords.length * value.productIds.length
        if (pairsNamed > MAX_PAIRS_PER_FILE && !overLimit) {
          overLimit = true
          errors.push({
            row,
            column: null,
            value: null,
            reason: `The file names more than ${MAX_PAIRS_PER_FILE.toLocaleString('en-IN')} keyword–product pairs; split it into smaller files`,
          })
        }
      }
      return errors
    },

    async apply(tx, rows) {
      const batch = await upsertPairs(tx, rows)
      totals.pairs += batch.newPairs + batch.updatedPairs
      totals.newPairs += batch.newPairs
      totals.updatedPairs += batch.updatedPairs
      totals.duplicatePairs += batch.duplicatePairs
      totals.rows += rows.length
      batchTotals = { ...batch, pairs: batch.newPairs + batch.updatedPairs, rows: rows.length }
      const values = { rowCount: totals.rows, totals: { ...totals } }
      if (uploadId === null) {
        const [inserted] = await tx
          .insert(billingUploads)
          .values({
            kind: 'KEYWORD_METADATA',
            fileName: record.fileName,
            uploadedBy: record.uploadedBy,
            status: 'SUCCESS',
            ...values,
          })
          .returning({ id: billingUploads.id })
        uploadId = inserted!.id
      } else {
        await tx.update(billingUploads).set(values).where(sql`${billingUploads.id} = ${uploadId}`)
      }
    },

    // Called by the kit right after apply for the same batch: that batch's counts from the database.
    totals: () => batchTotals,
  }
}

/**
 * Writes the pairs of a batch of rows: a pair new to its product gets the fallback bid and source
 * METADATA; an existing pair (seed or an earlier upload) keeps its bid and becomes METADATA. A pair already
 * written by this import (its updated_at is this transaction's now()) is left alone and counted duplicate.
 */
async function upsertPairs(tx: Tx, rows: readonly MetadataRow[]) {
  const seen = new Set<string>()
  const pairs: { p: number; k: string }[] = []
  let duplicatePairs = 0
  for (const row of rows) {
    for (const k of row.keywords) {
      for (const p of row.productIds) {
        const key = `${p}\u0000${k}`
        if (seen.has(key)) {
          duplicatePairs++
          continue
        }
        seen.add(key)
        pairs.push({ p, k })
      }
    }
  }
  // One order for every upload (product, then keyword), so two uploads touching the same pairs wait for
  // each other instead of deadlocking.
  pairs.sort((x, y) => x.p - y.p || (x.k < y.k ? -1 : x.k > y.k ? 1 : 0))
  let newPairs = 0
  let updatedPairs = 0
  for (let i = 0; i < pairs.length; i += PAIRS_PER_STATEMENT) {
    const chunk = pairs.slice(i, i + PAIRS_PER_STATEMENT)
    const result = await tx.execute(sql`
      WITH written AS (
        INSERT INTO product_keywords (product_id, keyword, bid_price_suggestion, source, updated_at)
        SELECT t.p, t.k, ${NEW_KEYWORD_BID_PAISE}, 'METADATA', now()
        FROM json_to_recordset(${JSON.stringify(chunk)}::json) AS t(p bigint, k text)
        ON CONFLICT (product_id, keyword) DO UPDATE SET source = 'METADATA', updated_at = now()
        WHERE product_keywords.updated_at <> now()
        RETURNING (xmax = 0) AS inserted
      )
      SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) AS written FROM written`)
    const [counts] = rowsOf<{ inserted: string | number; written: string | number }>(result)
    const written = Number(counts?.written ?? 0)
    const inserted = Number(counts?.inserted ?? 0)
    newPairs += inserted
    updatedPairs += written - inserted
    duplicatePairs += chunk.length - written
  }
  return { newPairs, updatedPairs, duplicatePairs }
}

/** node-postgres answers { rows }, PGlite answers { rows } too; Drizzle passes either through. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/**
 * The cells of some rows of a CSV file, numbered as the upload kit numbers them (the header is row 1,
 * every record counts, empty lines too). Reads up to the last row asked for.
 */
export async function csvRowCells(path: string, wanted: ReadonlySet<number>): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>()
  if (wanted.size === 0) return found
  const last = Math.max(...wanted)
  await new Promise<void>((resolve, reject) => {
    let record = 0
    const input = createReadStream(path, { encoding: 'utf8' })
    Papa.parse<string[]>(input as unknown as File, {
      header: false,
      skipEmptyLines: false,
      step(results, parser) {
        record++
        if (wanted.has(record))
          found.set(
            record,
            results.data.map((cell) => cell.trim()),
          )
        if (record >= last) {
          parser.abort()
          input.destroy()
        }
      },
      complete: () => resolve(),
      error: (error: Error) => reject(error),
    })
  })
  return found
}

/**
 * Metadata_Error_Report.csv (spec §8): keywords, product_ids, error_message — one line per refused row
 * with the row's two cells as the file had them and its reasons (several joined by '; '), formula-safe.
 */
export async function metadataErrorReport(csvPath: string, errors: readonly CsvRowError[]): Promise<string> {
  const byRow = new Map<number, string[]>()
  for (const error of errors) {
    const reasons = byRow.get(error.row) ?? []
    if (!reasons.includes(error.reason)) reasons.push(error.reason)
    byRow.set(error.row, reasons)
  }
  const cells = await csvRowCells(csvPath, new Set(byRow.keys()))
  const lines = [...byRow]
    .sort(([a], [b]) => a - b)
    .map(([row, reasons]) => {
      const [keywords = '', productIds = ''] = cells.get(row) ?? []
      return [keywords, productIds, reasons.join('; ')]
    })
  return toCsv(METADATA_ERROR_REPORT_HEADER, lines)
}

/**
 * Unknown product ids in rows the kit's first pass let through, when it refused the file for other rows:
 * the kit checks the catalog only for a clean file, so without this a file with an empty cell and an
 * unknown product would be reported in two rounds. Reads the spooled CSV again (rows numbered as the kit
 * numbers them), 1,000 rows per catalog query; nothing is written.
 */
export async function unknownProductErrors(
  db: Tx,
  csvPath: string,
  refusedRows: ReadonlySet<number>,
  limit: number,
): Promise<{ errors: CsvRowError[]; count: number }> {
  const found: CsvRowError[] = []
  let count = 0
  let batch: { row: number; productIds: number[] }[] = []
  const flush = async () => {
    const ids = [...new Set(batch.flatMap((entry) => entry.productIds))]
    const known = new Set<number>()
    for (let i = 0; i < ids.length; i += 5000) {
      const rows = await db
        .select({ id: products.productId })
        .from(products)
        .where(inArray(products.productId, ids.slice(i, i + 5000)))
      for (const { id } of rows) known.add(id)
    }
    for (const { row, productIds } of batch) {
      const unknown = productIds.filter((id) => !known.has(id))
      if (unknown.length === 0) continue
      count++
      if (found.length < limit)
        found.push({
          row,
          column: 'product_ids',
          value: productIds.join(KEYWORD_SEPARATOR),
          reason: `Invalid product id: ${unknown.join(', ')}`,
        })
    }
    batch = []
  }
  await new Promise<void>((resolve, reject) => {
    let record = 0
    let failed = false
    const input = createReadStream(csvPath, { encoding: 'utf8' })
    Papa.parse<string[]>(input as unknown as File, {
      header: false,
      skipEmptyLines: false,
      step(results, parser) {
        record++
        if (record === 1 || failed || refusedRows.has(record) || results.errors.length > 0) return
        const cells = results.data.map((cell) => cell.trim())
        if (cells.every((cell) => cell === '')) return
        const parsed = metadataRowSchema.safeParse({ keywords: cells[0] ?? '', product_ids: cells[1] ?? '' })
        if (!parsed.success || cells.length > METADATA_COLUMNS.length) return
        batch.push({ row: record, productIds: parsed.data.productIds })
        if (batch.length >= 1000) {
          parser.pause()
          flush().then(
            () => parser.resume(),
            (error: unknown) => {
              failed = true
              parser.abort()
              reject(error)
            },
          )
        }
      },
      complete: () => {
        if (!failed) flush().then(resolve, reject)
      },
      error: (error: Error) => reject(error),
    })
  })
  return { errors: found, count }
}
