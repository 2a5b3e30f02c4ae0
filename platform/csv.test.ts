import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { neutraliseCell, toCsv } from './csv'

const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data

describe('toCsv', () => {
  it('writes the header and the rows with CRLF line ends', () => {
    expect(toCsv(['Name', 'Clicks'], [['Summer sale', 12]])).toBe('Name,Clicks\r\nSummer sale,12')
    expect(toCsv(['Name'], [])).toBe('Name\r\n')
  })

  it.each([
    ['=', '=HYPERLINK("http://x")'],
    ['+', '+1+2'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['tab', '\t=1'],
    ['carriage return', '\r=1'],
  ])('puts a single quote before a text cell starting with %s', (_, cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`)
    expect(parse(toCsv(['Name'], [[cell]]))[1]).toEqual([`'${cell}`])
  })

  it('catches a formula that goes on over several lines', () => {
    const csv = toCsv(['Name'], [['=1+2\nsecond line']])
    expect(csv).toBe(`Name\r\n"'=1+2\nsecond line"`)
    expect(parse(csv)[1]).toEqual(["'=1+2\nsecond line"])
  })

  it('leaves numbers, plain decimal numbers in text, empty cells and ordinary text alone', () => {
    for (const cell of [-5, 0, 12.5, '-12.50', '1234.50', '', 'Diwali - 2026', 'a=b', null, undefined]) {
      expect(neutraliseCell(cell)).toBe(cell)
    }
    expect(toCsv(['A', 'B', 'C', 'D'], [[-5, '-12.50', null, undefined]])).toBe('A,B,C,D\r\n-5,-12.50,,')
    // Text that only starts like a number is still text.
    expect(neutraliseCell('-1+2')).toBe("'-1+2")
    expect(neutraliseCell('-A1')).toBe("'-A1")
  })

  it('quotes cells with commas, quotes, line breaks and edge spaces, and doubles quotes', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', ' padded ', 'plain']]
    const csv = toCsv(['1', '2', '3', '4', '5'], rows)
    expect(csv).toBe('1,2,3,4,5\r\n"a,b","say ""hi""","two\nlines"," padded ",plain')
    expect(parse(csv)[1]).toEqual(rows[0])
  })

  it('neutralises the header too', () => {
    expect(toCsv(['=cmd'], [])).toBe("'=cmd\r\n")
  })
})
