// A valid payments CSV (issue 13; columns BILLING_UPLOADS.payments) of a chosen size, generated row by row
// and never held whole in memory: for the e2e proof (tests/e2e/server-billing.spec.ts) and the billing
// bench (scripts/bench/billing.ts). Rows are deterministic: row i of a file is `paymentRow(i, options)`,
// so a bench can load the very same rows with COPY or INSERT … unnest without reading the file back.
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BILLING_UPLOADS } from '../contracts/billing'

export type PaymentsFileOptions = {
  /** The advertisers paid, in turn (row i pays sellerIds[i % length]); all must exist. */
  sellerIds: readonly number[]
  /** The file stops before its size would pass this many bytes (header included). */
  maxBytes: number
  /** Transaction ids are `<prefix><row number, 7 digits>`: unique within a file, a new prefix per file. */
  prefix: string
  /** Payment Date of every row, YYYY-MM-DD (a past day, so the payment counts today). */
  paymentDate: string
  /** Note of every row (default 'Bench payment'). */
  note?: string
}

export type PaymentRow = {
  sellerId: number
  transactionId: string
  /** Paise; the file says rupees with two decimals. */
  amountPaise: number
  paymentDate: string
  note: string
}

export type PaymentsFileSummary = {
  rows: number
  bytes: number
  /** Sum of the file's amounts, paise. */
  totalPaise: number
  /** Per seller id: rows and paise. */
  perSeller: Map<number, { rows: number; paise: number }>
}

export const PAYMENTS_HEADER_LINE = `${BILLING_UPLOADS.payments.columns.map((c) => c.header).join(',')}\n`

/** Row i (0-based) of a file: amounts from ₹1.00 to ₹9,999.99, spread by a multiplicative hash. */
export function paymentRow(i: number, options: PaymentsFileOptions): PaymentRow {
  const sellerId = options.sellerIds[i % options.sellerIds.length]
  if (sellerId === undefined) throw new Error('paymentRow: no seller ids')
  return {
    sellerId,
    transactionId: `${options.prefix}${String(i + 1).padStart(7, '0')}`,
    amountPaise: 100 + ((i * 7919 + 13) % 999_900),
    paymentDate: options.paymentDate,
    note: options.note ?? 'Bench payment',
  }
}

export const rupeesText = (paise: number) =>
  `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`

export const paymentLine = (row: PaymentRow) =>
  `${row.sellerId},${row.transactionId},${rupeesText(row.amountPaise)},${row.paymentDate},${row.note}\n`

const CHUNK_BYTES = 64 * 1024

/**
 * The file's bytes in chunks of about 64 KiB; `summary` fills in as they are produced (complete once the
 * generator is done).
 */
export function paymentsCsvChunks(
  options: PaymentsFileOptions,
  summary: PaymentsFileSummary = emptySummary(),
): Generator<Buffer> {
  return (function* () {
    let chunk = PAYMENTS_HEADER_LINE
    summary.bytes = Buffer.byteLength(chunk)
    if (summary.bytes > options.maxBytes) throw new Error('paymentsCsvChunks: maxBytes below the header')
    for (let i = 0; ; i++) {
      const row = paymentRow(i, options)
      const line = paymentLine(row)
      // Every character is ASCII: length is bytes.
      if (summary.bytes + line.length > options.maxBytes) break
      summary.bytes += line.length
      summary.rows++
      summary.totalPaise += row.amountPaise
      const seller = summary.perSeller.get(row.sellerId) ?? { rows: 0, paise: 0 }
      seller.rows++
      seller.paise += row.amountPaise
      summary.perSeller.set(row.sellerId, seller)
      chunk += line
      if (chunk.length >= CHUNK_BYTES) {
        yield Buffer.from(chunk)
        chunk = ''
      }
    }
    if (chunk) yield Buffer.from(chunk)
  })()
}

export const emptySummary = (): PaymentsFileSummary => ({
  rows: 0,
  bytes: 0,
  totalPaise: 0,
  perSeller: new Map(),
})

/** Writes the file (streamed, with back-pressure) and answers what is in it. */
export async function writePaymentsFile(
  file: string,
  options: PaymentsFileOptions,
): Promise<PaymentsFileSummary> {
  const summary = emptySummary()
  await pipeline(Readable.from(paymentsCsvChunks(options, summary)), createWriteStream(file))
  return summary
}

/** The rows of a file, in order, as the import would store them (for a bench's bare COPY / INSERT). */
export function* paymentRows(options: PaymentsFileOptions, rows: number): Generator<PaymentRow> {
  for (let i = 0; i < rows; i++) yield paymentRow(i, options)
}
