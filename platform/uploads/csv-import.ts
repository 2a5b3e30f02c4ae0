// The CSV import pipeline every upload of the specs uses (docs/decisions/018): papaparse over a byte
// stream (never the whole file as one string), an exact header check, per-row zod validation that keeps
// row numbers and reasons, and an all-or-nothing apply in one transaction with an audit record.
import { Readable } from 'node:stream'
import Papa from 'papaparse'
import type { z } from 'zod/v4'
import type { CsvImportOutcome, CsvRowError } from '../contracts/csv-upload'
import { audit } from '../audit'
import { toCsv } from '../csv'
import type { Database, Tx } from '../db/client'

export type { CsvImportOutcome, CsvRowError }

/** One expected column: its header text in the file and the key the row schema reads. */
export type CsvColumn<K extends string = string> = {
  header: string
  key: K
  /** A trailing column the file may leave out entirely (its cells then read as ''). */
  optional?: boolean
}

export type CsvActor = { userId: number | null; role?: string | null; ip?: string | null }

/** What a screen supplies to import its CSV. */
export type CsvConsumer<Row, K extends string = string> = {
  /** Names the import in the audit log (entity type), e.g. 'keyword-metadata'. */
  name: string
  columns: readonly CsvColumn<K>[]
  /** Validates one row; its input is the row's cells by column key, trimmed. */
  rowSchema: z.ZodType<Row, Record<K, string>>
  /** Rows with the same key as an earlier row are dropped (spec: "duplicates dropped"). */
  key?: (row: Row) => string
  /** Checks that need the database (the product exists, the seller is known), inside the transaction. */
  check?: (tx: Tx, rows: readonly { row: number; value: Row }[]) => Promise<CsvRowError[]>
  /** Writes the rows. Runs inside the import's one transaction; use insertBatches for the inserts. */
  apply: (tx: Tx, rows: Row[]) => Promise<void>
  /** Totals recorded in the audit and answered to the caller (sums of amounts, counts). */
  totals?: (rows: readonly Row[]) => Record<string, number>
}

export type CsvImportOptions = {
  fileName: string
  actor: CsvActor | null
  requestId?: string | null
  /** The file's bytes as they arrive. */
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>
  /** How many row errors to keep (all are counted). */
  maxErrors?: number
  now?: Date
}

export const DEFAULT_MAX_ERRORS = 1000
export const ERROR_REPORT_HEADER = ['Row', 'Column', 'Value', 'Reason'] as const
const HEADER_ROW = 1

/** A refusal the consumer raises from apply (row-level problems only known while writing). */
export class CsvRowsRefused extends Error {
  constructor(readonly errors: CsvRowError[]) {
    super(errors[0]?.reason ?? 'Rows refused')
    this.name = 'CsvRowsRefused'
  }
}

/** The error report a person downloads: one line per refused row and reason, formula-safe. */
export function errorReportCsv(errors: readonly CsvRowError[]): string {
  return toCsv(
    ERROR_REPORT_HEADER,
    errors.map((error) => [error.row, error.column, error.value, error.reason]),
  )
}

export function expectedHeaderText(columns: readonly CsvColumn[]) {
  return columns.map((column) => column.header).join(',')
}

function headerMatches(found: string[], columns: readonly CsvColumn[]) {
  const required = columns.filter((column) => !column.optional).length
  if (found.length < required || found.length > columns.length) return false
  return found.every((cell, index) => cell === columns[index]?.header)
}

type ParsedRows<Row> = {
  header: string[] | null
  rows: { row: number; value: Row }[]
  dataRows: number
  duplicates: number
  errors: CsvRowError[]
  errorCount: number
}

/**
 * Reads the stream with papaparse, one record at a time. Never throws for what the file contains:
 * every problem becomes a collected row error (the property test holds it to that).
 */
export function parseCsvRows<Row, K extends string>(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  consumer: Pick<CsvConsumer<Row, K>, 'columns' | 'rowSchema' | 'key'>,
  maxErrors = DEFAULT_MAX_ERRORS,
): Promise<ParsedRows<Row>> {
  const { columns, rowSchema } = consumer
  const result: ParsedRows<Row> = {
    header: null,
    rows: [],
    dataRows: 0,
    duplicates: 0,
    errors: [],
    errorCount: 0,
  }
  const seen = new Set<string>()
  let record = 0
  let headerOk = true
  const fail = (error: CsvRowError) => {
    result.errorCount++
    if (result.errors.length < maxErrors) result.errors.push(error)
    // Nothing will be applied: stop holding valid rows.
    result.rows = []
  }

  const input = Readable.from(source as AsyncIterable<Uint8Array>, { objectMode: false })
  input.setEncoding('utf8')

  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(input as unknown as File, {
      header: false,
      skipEmptyLines: false,
      step(results, parser) {
        record++
        const cells = results.data.map((cell, index) =>
          (record === HEADER_ROW && index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim(),
        )
        if (record === HEADER_ROW) {
          result.header = cells
          if (!headerMatches(cells, columns)) {
            headerOk = false
            parser.abort()
          }
          return
        }
        if (cells.every((cell) => cell === '')) return
        result.dataRows++
        for (const error of results.errors) {
          fail({ row: record, column: null, value: null, reason: error.message })
        }
        if (results.errors.length > 0) return
        if (cells.length > columns.length) {
          fail({
            row: record,
            column: null,
            value: null,
            reason: `Expected ${columns.length} values (${expectedHeaderText(columns)}), found ${cells.length}`,
          })
          return
        }
        const input: Record<string, string> = {}
        columns.forEach((column, index) => {
          input[column.key] = cells[index] ?? ''
        })
        const parsed = rowSchema.safeParse(input)
        if (!parsed.success) {
          // One reason per cell: the first failed check says what is wrong with it.
          const reported = new Set<unknown>()
          for (const issue of parsed.error.issues) {
            if (reported.has(issue.path[0])) continue
            reported.add(issue.path[0])
            const column = columns.find((c) => c.key === issue.path[0])
            fail({
              row: record,
              column: column?.header ?? null,
              value: column ? (input[column.key] ?? null) : null,
              reason: issue.message,
            })
          }
          return
        }
        if (result.errorCount > 0) return
        if (consumer.key) {
          const key = consumer.key(parsed.data)
          if (seen.has(key)) {
            result.duplicates++
            return
          }
          seen.add(key)
        }
        result.rows.push({ row: record, value: parsed.data })
      },
      complete() {
        if (!headerOk) input.destroy()
        resolve(result)
      },
      error(error: Error) {
        reject(error)
      },
    })
  })
}

/** Imports a CSV file all or nothing: either every row is applied in one transaction, or none is. */
export async function importCsv<Row, K extends string>(
  db: Database,
  consumer: CsvConsumer<Row, K>,
  options: CsvImportOptions,
): Promise<CsvImportOutcome> {
  const parsed = await parseCsvRows(options.source, consumer, options.maxErrors ?? DEFAULT_MAX_ERRORS)
  const base = {
    fileName: options.fileName,
    rows: parsed.dataRows,
    duplicates: parsed.duplicates,
  }
  const expected = expectedHeaderText(consumer.columns)

  const refuse = async (
    outcome: Omit<CsvImportOutcome, 'result' | 'applied' | 'fileName' | 'rows' | 'duplicates'>,
  ) => {
    const answer: CsvImportOutcome = { ...base, ...outcome, result: 'REFUSED', applied: 0 }
    await db.transaction((tx) => recordAudit(tx, consumer.name, answer, options))
    return answer
  }

  if (parsed.header === null || !headerMatches(parsed.header, consumer.columns)) {
    const found = parsed.header?.join(',') ?? ''
    return refuse({
      totals: {},
      refusal: 'HEADER',
      message: found
        ? `Invalid header format: expected "${expected}", found "${found}"`
        : `Invalid header format: expected "${expected}", the file is empty`,
      errorCount: 0,
      errors: [],
      errorReport: null,
    })
  }
  if (parsed.errorCount > 0) return refuse(rowRefusal(parsed.errors, parsed.errorCount))
  if (parsed.dataRows === 0) {
    return refuse({
      totals: {},
      refusal: 'ROWS',
      message: 'The file has no rows',
      errorCount: 0,
      errors: [],
      errorReport: null,
    })
  }

  const values = parsed.rows.map((row) => row.value)
  const totals = consumer.totals?.(values) ?? {}
  try {
    return await db.transaction(async (tx) => {
      const problems = (await consumer.check?.(tx, parsed.rows)) ?? []
      if (problems.length > 0) throw new CsvRowsRefused(problems)
      await consumer.apply(tx, values)
      const answer: CsvImportOutcome = {
        ...base,
        result: 'SUCCESS',
        applied: values.length,
        totals,
        refusal: null,
        message: `${values.length} rows imported`,
        errorCount: 0,
        errors: [],
        errorReport: null,
      }
      await recordAudit(tx, consumer.name, answer, options)
      return answer
    })
  } catch (error) {
    if (!(error instanceof CsvRowsRefused)) throw error
    const max = options.maxErrors ?? DEFAULT_MAX_ERRORS
    return refuse({ ...rowRefusal(error.errors.slice(0, max), error.errors.length), totals })
  }
}

function rowRefusal(errors: CsvRowError[], errorCount: number) {
  const rowsWithErrors = new Set(errors.map((error) => error.row)).size
  return {
    totals: {},
    refusal: 'ROWS' as const,
    message:
      errorCount === 1
        ? `Row ${errors[0]?.row}: ${errors[0]?.reason}`
        : `${errorCount} errors in ${rowsWithErrors}${errorCount > errors.length ? '+' : ''} rows; nothing was imported`,
    errorCount,
    errors,
    errorReport: errorReportCsv(errors),
  }
}

async function recordAudit(tx: Tx, name: string, outcome: CsvImportOutcome, options: CsvImportOptions) {
  await audit(tx, {
    action: 'csv.import',
    entityType: name,
    entityId: null,
    at: options.now,
    actor: options.actor,
    requestId: options.requestId ?? null,
    after: {
      fileName: outcome.fileName,
      result: outcome.result,
      rows: outcome.rows,
      applied: outcome.applied,
      duplicates: outcome.duplicates,
      totals: outcome.totals,
      refusal: outcome.refusal,
      message: outcome.message,
      errorCount: outcome.errorCount,
    },
  })
}
