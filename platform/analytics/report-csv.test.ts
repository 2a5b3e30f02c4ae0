// reportCsvLines writes exactly what toCsv (papaparse) writes, for any cell.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toCsv } from '../csv'
import { reportCsvLines } from './report-csv'

describe('reportCsvLines', () => {
  it('equals toCsv’s data lines for tricky cells (formulas, quotes, commas, line breaks, edges, BOM)', () => {
    const rows = [
      ['=SUM(A1)', '+1', '-x', '@me', '\tTab', '\rCR', 'a "quote"', 'a,b', 'line\nbreak', ' lead', 'trail '],
      ['\ufeffbom', '-12.50', '12.50', 0, -3, 1.5, null, '', 'plain', 'ünïcödé ₹', "'quoted"],
    ]
    expect(reportCsvLines(rows)).toBe(`${toCsv([], rows)}\r\n`)
  })

  it('equals toCsv for any row of strings, numbers and nulls', () => {
    const cell = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.constant(null))
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          expect(reportCsvLines(rows)).toBe(`${toCsv([], rows)}\r\n`)
        },
      ),
      { numRuns: 500 },
    )
  })
})
