// CSV files the platform hands out (downloads), written with papaparse and safe to open in a spreadsheet.
import Papa from 'papaparse'

export type CsvCell = string | number | null | undefined

/** A text cell starting with one of these is read as a formula by spreadsheet programs. */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal number written as text (money with two decimals, a negative amount): no formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * A text cell a spreadsheet will not evaluate: a leading `=`, `+`, `-`, `@`, tab or carriage return
 * gets a single quote in front (OWASP "CSV injection"). Numbers, and text that is a plain decimal
 * number, are left as they are.
 */
export function neutraliseCell(cell: CsvCell): CsvCell {
  if (typeof cell !== 'string' || !FORMULA_START.test(cell) || PLAIN_NUMBER.test(cell)) return cell
  return `'${cell}`
}

/** A CSV file (CRLF line ends, RFC 4180 quoting) of a header row and data rows, formulas neutralised. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return Papa.unparse(
    {
      fields: header.map((cell) => String(neutraliseCell(cell))),
      data: rows.map((row) => row.map(neutraliseCell)),
    },
    { newline: '\r\n' },
  )
}
