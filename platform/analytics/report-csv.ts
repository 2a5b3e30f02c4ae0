// CSV lines of report rows, byte for byte what platform/csv.ts's toCsv (papaparse) writes for data rows
// — formulas neutralised the same way (neutraliseCell), quoted when papaparse quotes — about 4× faster:
// a 50,000-row keyword report spent more time in papaparse than in the database (docs/decisions/038).
import { type CsvCell, neutraliseCell } from '../csv'

/** papaparse quotes a cell holding a quote, the delimiter, a line break or a BOM, or with a space at an edge. */
const NEEDS_QUOTES = /[",\r\n\ufeff]/

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  const text = String(neutraliseCell(value))
  return NEEDS_QUOTES.test(text) || text.startsWith(' ') || text.endsWith(' ')
    ? `"${text.replaceAll('"', '""')}"`
    : text
}

/** Data rows as CSV, each line ending CRLF (so batches concatenate into one file). */
export function reportCsvLines(rows: readonly (readonly CsvCell[])[]): string {
  let out = ''
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < row.length; i++) line += i === 0 ? csvCell(row[i]) : `,${csvCell(row[i])}`
    out += `${line}\r\n`
  }
  return out
}
