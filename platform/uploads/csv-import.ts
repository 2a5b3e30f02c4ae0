// The CSV import pipeline every upload of the specs uses (docs/decisions/018): papaparse over a byte
// stream (never the whole file as one string), an exact header check, per-row zod validation that keeps
// row numbers and reasons, and an all-or-nothing apply in one transaction with an audit record.
import { Readable } from 'node:stream'
import Papa from 'papaparse'
import type { z } from 'zod/v4'
import type { CsvImportOutcome, CsvRowError } from '../contracts/csv-upload'
import { audit } from '../audit'
import { toCsv } from '../csv'
import { BATCH_SIZE } from '../db/batch'
import type { Database, Tx } from '../db/client'

export type { CsvImportOutcome, CsvRowError }

/** One expected column: its header text in the file and the key the row schema reads. */
export type CsvColumn<K extends string = string> = {
  header: string
  key: K
  /** A trailing column the file may leave out entirely (its cells then read as ''). */
  optional?: boolean
}

/** What a consumer's finish/refused hook answers: the audit row's entity id (e.g. the upload's id). */
export type AuditEntityId = string | number | null | undefined

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
  /**
   * Checks that need the database (the product exists, the seller is known), inside the transaction,
   * one batch at a time; the errors it returns refuse the whole file.
   */
  check?: (tx: Tx, rows: readonly { row: number; value: Row }[]) => Promise<CsvRowError[]>
  /**
   * Writes one batch of at most BATCH_ROWS rows, inside the import's one transaction (one INSERT). It may
   * answer row errors it found while writing (a unique key taken, an unknown id the INSERT left out):
   * they refuse the whole file, as `check`'s do. `numbered` is the same rows with their row numbers.
   */
  apply: (
    tx: Tx,
    rows: Row[],
    numbered?: readonly ValidatedRow<Row>[],
  ) => Promise<CsvRowError[] | undefined> | Promise<void>
  /**
   * Keep writing the remaining batches after a refusal (all of it is rolled back anyway), so that `apply`
   * finds every problem of the file, e.g. a key repeated after the first refused batch. Default: only check.
   */
  applyAfterRefusal?: boolean
  /**
   * Rows per batch (default BATCH_ROWS). A consumer whose apply is one statement over arrays (no
   * parameter per value, so no 65,535-parameter cap) may take more per round trip.
   */
  batchRows?: number
  /** Totals of one batch (sums of amounts, counts); the import adds them up for the audit and the answer. */
  totals?: (rows: readonly Row[]) => Record<string, number>
  /** Inside the import's transaction, before the first batch (e.g. the upload's own record). */
  begin?: (tx: Tx) => Promise<void>
  /**
   * Inside the transaction after the last batch, before the audit: may still refuse (throw CsvRowsRefused)
   * or record the outcome. What it answers is the audit row's entity id.
   */
  finish?: (tx: Tx, outcome: CsvImportOutcome) => Promise<AuditEntityId> | Promise<void>
  /** Inside the refusal's own transaction, beside its audit row; answers the audit row's entity id. */
  refused?: (tx: Tx, outcome: CsvImportOutcome) => Promise<AuditEntityId> | Promise<void>
}

export type CsvImportOptions = {
  fileName: string
  actor: CsvActor | null
  requestId?: string | null
  /** Opens the file's bytes; called twice (validate, then apply), so a spooled file, not a one-off stream. */
  source: () => ByteSource
  /** How many row errors to keep (all are counted). */
  maxErrors?: number
  now?: Date
}

export type ByteSource = AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>

export const DEFAULT_MAX_ERRORS = 1000
/** Rows handed to check/apply at a time: one multi-row INSERT each (as platform/db/batch.ts). */
export const BATCH_ROWS = BATCH_SIZE
export const ERROR_REPORT_HEADER = ['Row', 'Column', 'Value', 'Reason'] as const
const HEADER_ROW = 1

/** A refusal the consumer raises from apply (row-level problems only known while writing). */
export class CsvRowsRefused extends Error {
  /** `count`: how many errors there were in all when `errors` keeps only the first few. */
  constructor(
    readonly errors: CsvRowError[],
    readonly count = errors.length,
  ) {
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

/** Longest text quoted from the file in a message or an error's value. */
export const QUOTED_MAX = 200

/**
 * Text from the file as an answer or a record may quote it: control characters (NUL cannot be stored in
 * PostgreSQL text or jsonb, CR/LF forge log lines) shown as U+FFFD, and at most QUOTED_MAX characters.
 */
export function quoted(text: string): string {
  let printable = ''
  for (const char of text) {
    const code = char.charCodeAt(0)
    printable += code <= 0x1f || (code >= 0x7f && code <= 0x9f) ? '\uFFFD' : char
  }
  return printable.length > QUOTED_MAX ? `${printable.slice(0, QUOTED_MAX - 1)}…` : printable
}

type CsvRecord = { cells: string[]; problems: string[] }

/**
 * The file's records, one at a time, as papaparse reads the byte stream: a batch of rows is queued, the
 * parser pauses until the reader has taken them, so memory holds a batch, never the file.
 */
async function* csvRecords(source: ByteSource): AsyncGenerator<CsvRecord> {
  const input = Readable.from(source as AsyncIterable<Uint8Array>, { objectMode: false })
  input.setEncoding('utf8')
  const queue: CsvRecord[] = []
  let paused: Papa.Parser | null = null
  let finished = false
  let failure: Error | null = null
  let wake: (() => void) | null = null
  const signal = () => {
    wake?.()
    wake = null
  }
  Papa.parse<string[]>(input as unknown as File, {
    header: false,
    skipEmptyLines: false,
    step(results, parser) {
      queue.push({ cells: results.data, problems: results.errors.map((error) => error.message) })
      if (queue.length >= BATCH_ROWS) {
        paused = parser
        parser.pause()
      }
      signal()
    },
    complete() {
      finished = true
      signal()
    },
    error(error: Error) {
      failure = error
      finished = true
      signal()
    },
  })
  try {
    for (;;) {
      const next = queue.shift()
      if (next) {
        yield next
        continue
      }
      if (failure) throw failure
      if (finished) return
      if (paused) {
        const parser: Papa.Parser = paused
        paused = null
        parser.resume()
        continue
      }
      await new Promise<void>((resolve) => {
        wake = resolve
      })
    }
  } finally {
    if (!finished) input.destroy()
  }
}

export type ValidatedRow<Row> = { row: number; value: Row }

type Pass = {
  header: string[] | null
  dataRows: number
  duplicates: number
  errors: CsvRowError[]
  errorCount: number
}

/**
 * One pass over the file: the header check, then every row through the schema. Valid, first-seen rows go
 * to `onRows` in batches of BATCH_ROWS. Never throws for what the file contains: every problem becomes a
 * collected row error (the property test holds it to that); only a failing source or `onRows` throws.
 */
async function readPass<Row, K extends string>(
  source: ByteSource,
  consumer: Pick<CsvConsumer<Row, K>, 'columns' | 'rowSchema' | 'key' | 'batchRows'>,
  maxErrors: number,
  onRows?: (rows: ValidatedRow<Row>[]) => Promise<void>,
): Promise<Pass> {
  const { columns, rowSchema } = consumer
  const pass: Pass = { header: null, dataRows: 0, duplicates: 0, errors: [], errorCount: 0 }
  const seen = new Set<string>()
  let batch: ValidatedRow<Row>[] = []
  let record = 0
  const fail = (error: CsvRowError) => {
    pass.errorCount++
    if (pass.errors.length < maxErrors) pass.errors.push(error)
  }

  for await (const { cells: raw, problems } of csvRecords(source)) {
    record++
    const cells = raw.map((cell, index) =>
      (record === HEADER_ROW && index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim(),
    )
    if (record === HEADER_ROW) {
      pass.header = cells
      if (!headerMatches(cells, columns)) return pass
      continue
    }
    if (cells.every((cell) => cell === '')) continue
    pass.dataRows++
    if (problems.length > 0) {
      for (const reason of problems) fail({ row: record, column: null, value: null, reason })
      continue
    }
    if (cells.length > columns.length) {
      fail({
        row: record,
        column: null,
        value: null,
        reason: `Expected ${columns.length} values (${expectedHeaderText(columns)}), found ${cells.length}`,
      })
      continue
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
          value: column ? quoted(input[column.key] ?? '') : null,
          reason: issue.message,
        })
      }
      continue
    }
    if (consumer.key) {
      const key = consumer.key(parsed.data)
      if (seen.has(key)) {
        pass.duplicates++
        continue
      }
      seen.add(key)
    }
    if (!onRows) continue
    batch.push({ row: record, value: parsed.data })
    if (batch.length >= (consumer.batchRows ?? BATCH_ROWS)) {
      await onRows(batch)
      batch = []
    }
  }
  if (onRows && batch.length > 0) await onRows(batch)
  return pass
}

/** Validates a CSV without writing anything (the first pass of importCsv). */
export function parseCsvRows<Row, K extends string>(
  source: ByteSource,
  consumer: Pick<CsvConsumer<Row, K>, 'columns' | 'rowSchema' | 'key'>,
  maxErrors = DEFAULT_MAX_ERRORS,
) {
  return readPass(source, consumer, maxErrors)
}

/**
 * Imports a CSV file all or nothing. Pass 1 reads the whole file and validates every row, holding no rows.
 * If all are valid, pass 2 reads it again inside ONE transaction and hands the rows to the consumer's
 * check and apply in batches of BATCH_ROWS (one multi-row INSERT each); any refusal rolls everything back.
 */
export async function importCsv<Row, K extends string>(
  db: Database,
  consumer: CsvConsumer<Row, K>,
  options: CsvImportOptions,
): Promise<CsvImportOutcome> {
  const maxErrors = options.maxErrors ?? DEFAULT_MAX_ERRORS
  const first = await readPass(options.source(), consumer, maxErrors)
  const base = { fileName: options.fileName, rows: first.dataRows, duplicates: first.duplicates }
  const expected = expectedHeaderText(consumer.columns)

  const refuse = async (
    outcome: Omit<CsvImportOutcome, 'result' | 'applied' | 'fileName' | 'rows' | 'duplicates'>,
  ) => {
    const answer: CsvImportOutcome = { ...base, ...outcome, result: 'REFUSED', applied: 0 }
    await db.transaction(async (tx) => {
      const entityId = (await consumer.refused?.(tx, answer)) || null
      await recordAudit(tx, consumer.name, answer, options, entityId)
    })
    return answer
  }

  if (first.header === null || !headerMatches(first.header, consumer.columns)) {
    const found = quoted(first.header?.join(',') ?? '')
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
  if (first.errorCount > 0) return refuse(rowRefusal(first.errors, first.errorCount))
  if (first.dataRows === 0) {
    return refuse({
      totals: {},
      refusal: 'ROWS',
      message: 'The file has no rows',
      errorCount: 0,
      errors: [],
      errorReport: null,
    })
  }

  const totals: Record<string, number> = {}
  try {
    return await db.transaction(async (tx) => {
      // The first maxErrors problems are kept, all are counted (memory stays bounded on a bad big file).
      const problems: CsvRowError[] = []
      let problemCount = 0
      const addProblems = (found: readonly CsvRowError[] | undefined) => {
        if (!found) return
        problemCount += found.length
        for (const problem of found) {
          if (problems.length >= maxErrors) break
          problems.push(problem)
        }
      }
      let applied = 0
      await consumer.begin?.(tx)
      await readPass(options.source(), consumer, maxErrors, async (batch) => {
        addProblems((await consumer.check?.(tx, batch)) || undefined)
        // Once a row is refused nothing will be kept: the remaining batches are only checked (or, for a
        // consumer that asks, still written so that apply reports their problems too).
        if (problemCount > 0 && !consumer.applyAfterRefusal) return
        const values = batch.map((row) => row.value)
        addProblems((await consumer.apply(tx, values, batch)) || undefined)
        if (problemCount > 0) return
        applied += values.length
        for (const [name, value] of Object.entries(consumer.totals?.(values) ?? {})) {
          totals[name] = (totals[name] ?? 0) + value
        }
      })
      if (problemCount > 0) throw new CsvRowsRefused(problems, problemCount)
      const answer: CsvImportOutcome = {
        ...base,
        result: 'SUCCESS',
        applied,
        totals,
        refusal: null,
        message: `${applied} rows imported`,
        errorCount: 0,
        errors: [],
        errorReport: null,
      }
      const entityId = (await consumer.finish?.(tx, answer)) || null
      await recordAudit(tx, consumer.name, answer, options, entityId)
      return answer
    })
  } catch (error) {
    if (!(error instanceof CsvRowsRefused)) throw error
    return refuse(rowRefusal(error.errors.slice(0, maxErrors), Math.max(error.count, error.errors.length)))
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

async function recordAudit(
  tx: Tx,
  name: string,
  outcome: CsvImportOutcome,
  options: CsvImportOptions,
  entityId: string | number | null = null,
) {
  await audit(tx, {
    action: 'csv.import',
    entityType: name,
    entityId,
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
