// CSV files the platform hands out (downloads), written with papaparse and safe to open in a spreadsheet:
// every cell goes through the one formula rule of rules/csv.ts (decision 051).
import Papa from 'papaparse'
import { type CsvCell, neutraliseCell } from './rules/csv'

export { type CsvCell, neutraliseCell } from './rules/csv'

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
