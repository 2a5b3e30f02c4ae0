// The campaign editor's CSV files (spec campaigns §5 "CSV rules"): products, keywords and pincodes.
// Each parser takes the file's text and answers { rows, error }: any failure gives no rows and
// 'Upload a valid CSV' (with `problem`, ours, saying which row and why), so Upload stays disabled.
// Pure and browser-safe: papaparse's browser build needs no node module for a string input.
//
// Common reading: a UTF-8 BOM is dropped, cells are trimmed, blank lines are skipped, a quote error or a
// row with more values than the header is a failure, and a file with a header but no row is a failure.
import Papa from 'papaparse'
import {
  type CampaignClass,
  isPincode,
  keywordTextProblem,
  MAX_KEYWORDS,
  MAX_PRODUCTS,
  MESSAGES,
  PRIVILEGE_KEYWORD_BID,
  roundBid,
  toAmount,
} from './campaign-editor'
import { isCsvFileName } from './uploads'

export type CsvResult<R> = { rows: R[]; error: string | null; problem?: string }

/** The file field's answer to a chosen file: only .csv files are taken. */
export function csvFileCheck(fileName: string): { ok: boolean; message: string } {
  return isCsvFileName(fileName)
    ? { ok: true, message: MESSAGES.fileSelected }
    : { ok: false, message: MESSAGES.fileFormatIncorrect }
}

/** Thrown inside a parser to refuse the file; caught at its edge. */
class Refused extends Error {}
function refuse(row: number, why: string): never {
  throw new Refused(`Row ${row}: ${why}`)
}

/** The file's records, trimmed, with their spreadsheet row numbers (the first line is row 1). */
function records(text: string): { row: number; cells: string[] }[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  const firstError = parsed.errors.find((e) => e.type === 'Quotes' || e.code === 'InvalidQuotes')
  if (firstError) refuse((firstError.row ?? 0) + 1, 'the quotes do not match')
  const out: { row: number; cells: string[] }[] = []
  parsed.data.forEach((cells, i) => {
    const trimmed = cells.map((c) => c.trim())
    if (trimmed.every((c) => c === '')) return
    out.push({ row: i + 1, cells: trimmed })
  })
  return out
}

function guarded<R>(parse: () => CsvResult<R>): CsvResult<R> {
  try {
    return parse()
  } catch (error) {
    if (error instanceof Refused) return { rows: [], error: MESSAGES.invalidCsv, problem: error.message }
    throw error
  }
}

const sameHeader = (cells: string[], expected: readonly string[]) =>
  cells.length === expected.length && expected.every((h, i) => cells[i] === h)
const headerText = (cells: string[]) => cells.join(',')

// ---------------------------------------------------------------------------------------------
// Products: the first value of every row is a product id; an optional first row 'Product Id'.
// ---------------------------------------------------------------------------------------------
export const PRODUCT_CSV_HEADER = 'Product Id'
const PRODUCT_ID = /^\d{1,15}$/

/** Product ids of a CSV, duplicates dropped, cut to the first 50 (`limitReached`: the popup). */
export function parseProductCsv(text: string): CsvResult<number> & { limitReached: boolean } {
  let limitReached = false
  const result = guarded<number>(() => {
    const all = records(text)
    const body =
      all[0] && all[0].cells[0]?.toLowerCase() === PRODUCT_CSV_HEADER.toLowerCase() ? all.slice(1) : all
    if (body.length === 0) refuse(1, 'the file has no product ids')
    const ids: number[] = []
    const seen = new Set<number>()
    for (const { row, cells } of body) {
      const first = cells[0] ?? ''
      if (!PRODUCT_ID.test(first) || Number(first) <= 0) refuse(row, `"${first}" is not a product id`)
      const id = Number(first)
      if (!seen.has(id)) {
        seen.add(id)
        ids.push(id)
      }
    }
    limitReached = ids.length > MAX_PRODUCTS
    return { rows: ids.slice(0, MAX_PRODUCTS), error: null }
  })
  return { ...result, limitReached: result.error ? false : limitReached }
}

// ---------------------------------------------------------------------------------------------
// Keywords: header Keyword,Bid (Privilege: Keyword alone too, bid 1)
// ---------------------------------------------------------------------------------------------
export const KEYWORD_CSV_HEADER = ['Keyword', 'Bid'] as const
export const PRIVILEGE_KEYWORD_CSV_HEADER = ['Keyword'] as const
export type KeywordCsvRow = { keyword: string; bid: number }

/**
 * Keywords of a CSV: keyword letters, digits, spaces and hyphens; Bid a number above 0, rounded to 2
 * decimals (Privilege: every bid is 1, the Bid column optional and not read); case-insensitive
 * duplicates dropped (the first kept). Over 500 keywords keeps the first 500 and sets `tooMany`
 * (the 'Too Many Keywords Uploaded' dialog).
 */
export function parseKeywordCsv(
  text: string,
  { campaignClass }: { campaignClass: CampaignClass },
): CsvResult<KeywordCsvRow> & { tooMany: boolean } {
  let tooMany = false
  const result = guarded<KeywordCsvRow>(() => {
    const [header, ...body] = records(text)
    const privilege = campaignClass === 'Privilege'
    const headerOk =
      header &&
      (sameHeader(header.cells, KEYWORD_CSV_HEADER) ||
        (privilege && sameHeader(header.cells, PRIVILEGE_KEYWORD_CSV_HEADER)))
    if (!headerOk)
      refuse(
        header?.row ?? 1,
        `expected the header "${KEYWORD_CSV_HEADER.join(',')}", found "${headerText(header?.cells ?? [])}"`,
      )
    if (body.length === 0) refuse(2, 'the file has no keywords')
    const width = header.cells.length
    const rows: KeywordCsvRow[] = []
    const seen = new Set<string>()
    for (const { row, cells } of body) {
      if (cells.length > width) refuse(row, 'more values than the header names')
      const keyword = cells[0] ?? ''
      const problem = keywordTextProblem(keyword)
      if (problem) refuse(row, `keyword "${keyword}": ${problem}`)
      let bid = PRIVILEGE_KEYWORD_BID
      if (!privilege) {
        const amount = toAmount(cells[1] ?? '')
        if (amount === null || Number.isNaN(amount) || roundBid(amount) <= 0)
          refuse(row, `bid "${cells[1] ?? ''}" must be a number greater than 0`)
        bid = roundBid(amount as number)
      }
      const key = keyword.toLowerCase()
      if (seen.has(key)) continue
      seen.add(key)
      rows.push({ keyword, bid })
    }
    tooMany = rows.length > MAX_KEYWORDS
    return { rows: rows.slice(0, MAX_KEYWORDS), error: null }
  })
  return { ...result, tooMany: result.error ? false : tooMany }
}

// ---------------------------------------------------------------------------------------------
// Pincodes: header Pincode,District,State
// ---------------------------------------------------------------------------------------------
export const PINCODE_CSV_HEADER = ['Pincode', 'District', 'State'] as const
export type PincodeCsvRow = { pincode: string; district: string; state: string }
const PLACE_NAME = /^[A-Za-z ]+$/

/** Pincodes of a CSV: exactly 6 digits, district and state letters and spaces, duplicate pincodes dropped. */
export function parsePincodeCsv(text: string): CsvResult<PincodeCsvRow> {
  return guarded<PincodeCsvRow>(() => {
    const [header, ...body] = records(text)
    if (!header || !sameHeader(header.cells, PINCODE_CSV_HEADER))
      refuse(
        header?.row ?? 1,
        `expected the header "${PINCODE_CSV_HEADER.join(',')}", found "${headerText(header?.cells ?? [])}"`,
      )
    if (body.length === 0) refuse(2, 'the file has no pincodes')
    const rows: PincodeCsvRow[] = []
    const seen = new Set<string>()
    for (const { row, cells } of body) {
      if (cells.length !== PINCODE_CSV_HEADER.length) refuse(row, 'expected three values')
      const [pincode, district, state] = cells as [string, string, string]
      if (!isPincode(pincode)) refuse(row, `pincode "${pincode}" is not 6 digits`)
      if (!PLACE_NAME.test(district)) refuse(row, `district "${district}" may hold only letters and spaces`)
      if (!PLACE_NAME.test(state)) refuse(row, `state "${state}" may hold only letters and spaces`)
      if (seen.has(pincode)) continue
      seen.add(pincode)
      rows.push({ pincode, district, state })
    }
    return { rows, error: null }
  })
}
