// The one rule for every CSV cell the product writes (OWASP "CSV injection"; decision 051): a text cell a
// spreadsheet would read as a formula gets a single quote in front. Pure and free of papaparse so that the
// console's own downloads (the campaign editor's, written in the browser) use the same rule as the
// platform's files.
// platform/csv.ts (papaparse's toCsv) and the fast line writer below both apply neutraliseCell.

export type CsvCell = string | number | null | undefined

/** A text cell starting with one of these is read as a formula by spreadsheet programs. */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal number written as text (money with two decimals, a negative amount): no formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * A text cell a spreadsheet will not evaluate: a leading `=`, `+`, `-`, `@`, tab or carriage return
 * gets a single quote in front. Numbers, and text that is a plain decimal number, are left as they are.
 */
export function neutraliseCell(cell: CsvCell): CsvCell {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell
  return `'${cell}`
}

/** papaparse quotes a cell holding a quote, the delimiter, a line break or a BOM, or with a space at an edge. */
const NEEDS_QUOTES = /[",\r\n\ufeff]/

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  const text = String(neutraliseCell(value))
  return NEEDS_QUOTES.test(text) || text.startsWith(' ') || text.endsWith(' ')
    ? `"${text.replaceAll('"', '""')}"`
    : text
}

/**
 * Rows as CSV, each line ending CRLF (so batches concatenate into one file): byte for byte what
 * papaparse's unparse writes for the same rows (platform/analytics/report-csv.test.ts), formulas
 * neutralised, about 4× faster.
 */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  let out = ''
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < row.length; i++) line += i === 0 ? csvCell(row[i]) : `,${csvCell(row[i])}`
    out += `${line}\r\n`
  }
  return out
}
