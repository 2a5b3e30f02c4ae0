// The answer of every CSV upload call (docs/decisions/018): what was applied, or why the file was
// refused, with the rows that failed and an error report the console offers as a download.
import { z } from 'zod/v4'

/** One refused row: the row number as a spreadsheet shows it (the header is row 1). */
export const csvRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  reason: z.string(),
})
export type CsvRowError = z.infer<typeof csvRowErrorSchema>

export const csvImportOutcomeSchema = z.object({
  result: z.enum(['SUCCESS', 'REFUSED']),
  fileName: z.string(),
  /** Data rows read (not counting the header and empty lines). */
  rows: z.number().int(),
  /** Rows written (0 when refused: all or nothing). */
  applied: z.number().int(),
  /** Rows dropped as duplicates of an earlier row. */
  duplicates: z.number().int(),
  /** The consumer's totals (sums of amounts, counts per kind). */
  totals: z.record(z.string(), z.number()),
  /** 'HEADER' when the header did not match; 'ROWS' when rows failed; null on success. */
  refusal: z.enum(['HEADER', 'ROWS']).nullable(),
  message: z.string(),
  /** How many row errors there were in all; `errors` keeps the first few (see maxErrors). */
  errorCount: z.number().int(),
  errors: z.array(csvRowErrorSchema),
  /** The error report (Row, Column, Value, Reason), formula-safe; null when nothing failed. */
  errorReport: z.string().nullable(),
})
export type CsvImportOutcome = z.infer<typeof csvImportOutcomeSchema>

/** A refused upload before any row was read: wrong type, too large, no file. */
export const UPLOAD_REFUSAL_STATUS = { tooLarge: 413, wrongType: 400, noFile: 400 } as const
