// The three billing files as upload-kit consumers (docs/decisions/045): their row rules, and one INSERT …
// SELECT FROM unnest(arrays) per batch of 1,000 rows that also tells which rows it could not write (an
// unknown seller id, a transaction id already recorded). All or nothing: the kit's one transaction.
import { sql } from 'drizzle-orm'
import { z } from 'zod/v4'
import { BILLING_UPLOADS, type BillingUploadKind } from '../contracts/billing'
import type { CsvImportOutcome, CsvRowError } from '../contracts/csv-upload'
import { safeText } from '../contracts/text'
import type { Tx } from '../db/client'
import { billingUploads } from '../db/schema'
import { log } from '../log'
import { isCalendarDate, istDate, istStartOfDay } from '../rules/time'
import { type CsvActor, type CsvConsumer, CsvRowsRefused, type ValidatedRow } from '../uploads/csv-import'

// ---------------------------------------------------------------------------------------------
// Cell rules
// ---------------------------------------------------------------------------------------------
/** ₹10,00,00,000 (1e9 rupees) per row, in paise. */
export const MAX_ROW_PAISE = 100_000_000_000
/** A note or a reason: one line, at most this many characters. */
export const NOTE_MAX = 200
/** How many ids each list of a refusal names (all are counted in errorCount). */
export const MAX_LISTED_IDS = 1000

const RUPEES_PATTERN = /^(\d{1,10})(?:\.(\d{1,2}))?$/
const SELLER_ID_PATTERN = /^[1-9]\d{0,14}$/
const TRANSACTION_ID_PATTERN = /^[A-Za-z0-9._/-]{1,64}$/

export const BILLING_ROW_MESSAGES = {
  required: (header: string) => `${header} is required`,
  sellerId: 'Seller Id must be a positive whole number',
  unknownSeller: 'Seller Id is not an advertiser (seller or brand) account',
  amount: 'Amount must be in rupees with at most 2 decimals, e.g. 1500.50',
  amountPositive: 'Amount must be more than 0',
  amountMax: 'Amount must be at most ₹10,00,00,000 per row',
  date: (header: string) => `${header} must be a date written YYYY-MM-DD`,
  paymentFuture: 'Payment Date cannot be in the future',
  effectivePast: 'Effective From cannot be in the past',
  validToBefore: 'Valid To cannot be before Valid From',
  transactionId: 'Transaction Id must be 1 to 64 letters, digits or . _ / -',
  transactionTaken: 'Transaction Id is already recorded',
  transactionRepeated: 'Transaction Id is repeated in this file',
  notUtf8: 'The text is not UTF-8: save the file as CSV UTF-8',
  limitRepeated: 'Seller Id has another Credit Limit for the same Effective From in this file',
  totalTooLarge: "The file's total is too large: split it into smaller files",
} as const

/** Rupees written with at most 2 decimals → integer paise, from the digits (never a float). */
export function rupeesToPaise(text: string): number | null {
  const match = RUPEES_PATTERN.exec(text)
  if (!match) return null
  const whole = Number(match[1])
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  return whole * 100 + fraction
}

const required = (header: string) => z.string().min(1, BILLING_ROW_MESSAGES.required(header))

const sellerIdCell = required('Seller Id')
  .regex(SELLER_ID_PATTERN, BILLING_ROW_MESSAGES.sellerId)
  .refine((text) => Number.isSafeInteger(Number(text)), BILLING_ROW_MESSAGES.sellerId)
  .transform(Number)

const amountCell = (header: string, { zeroAllowed }: { zeroAllowed: boolean }) =>
  required(header)
    .refine((text) => rupeesToPaise(text) !== null, BILLING_ROW_MESSAGES.amount)
    .transform((text) => rupeesToPaise(text) ?? 0)
    .refine((paise) => zeroAllowed || paise > 0, BILLING_ROW_MESSAGES.amountPositive)
    .refine((paise) => paise <= MAX_ROW_PAISE, BILLING_ROW_MESSAGES.amountMax)

const dateCell = (header: string) =>
  required(header).refine(isCalendarDate, BILLING_ROW_MESSAGES.date(header))
const optionalDateCell = (header: string) =>
  z
    .string()
    .refine((text) => text === '' || isCalendarDate(text), BILLING_ROW_MESSAGES.date(header))
    .transform((text) => (text === '' ? null : text))

/** A note or reason: optional, one line, ≤ 200 characters, no control characters, valid UTF-8. */
const noteCell = safeText({ max: NOTE_MAX })
  .refine((text) => !text.includes('\uFFFD'), BILLING_ROW_MESSAGES.notUtf8)
  .transform((text) => (text === '' ? null : text))

const transactionIdCell = required('Transaction Id').regex(
  TRANSACTION_ID_PATTERN,
  BILLING_ROW_MESSAGES.transactionId,
)

export function creditLimitRowSchema(now: Date) {
  const today = istDate(now)
  return z.object({
    sellerId: sellerIdCell,
    creditLimit: amountCell('Credit Limit', { zeroAllowed: true }),
    effectiveFrom: optionalDateCell('Effective From').refine(
      (day) => day === null || day >= today,
      BILLING_ROW_MESSAGES.effectivePast,
    ),
    note: noteCell,
  })
}
export type CreditLimitRow = z.infer<ReturnType<typeof creditLimitRowSchema>>

export function paymentRowSchema(now: Date) {
  const today = istDate(now)
  return z.object({
    sellerId: sellerIdCell,
    transactionId: transactionIdCell,
    amount: amountCell('Amount', { zeroAllowed: false }),
    paymentDate: dateCell('Payment Date').refine((day) => day <= today, BILLING_ROW_MESSAGES.paymentFuture),
    note: noteCell,
  })
}
export type PaymentRow = z.infer<ReturnType<typeof paymentRowSchema>>

export function promoCreditRowSchema() {
  return z
    .object({
      sellerId: sellerIdCell,
      amount: amountCell('Amount', { zeroAllowed: false }),
      validFrom: dateCell('Valid From'),
      validTo: optionalDateCell('Valid To'),
      reason: noteCell,
    })
    .superRefine((row, ctx) => {
      if (row.validTo !== null && row.validTo < row.validFrom) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: BILLING_ROW_MESSAGES.validToBefore })
      }
    })
}
export type PromoCreditRow = z.infer<ReturnType<typeof promoCreditRowSchema>>

// ---------------------------------------------------------------------------------------------
// One import: the consumer of one request, with the lists its refusal names
// ---------------------------------------------------------------------------------------------
export const BILLING_KIND_TABLE = {
  creditLimits: 'CREDIT_LIMIT',
  payments: 'PAYMENT',
  promoCredits: 'PROMO_CREDIT',
} as const satisfies Record<BillingUploadKind, string>

/** The audit entity type of each import (the kit's `csv.import` rows). */
export const BILLING_AUDIT_NAME = {
  creditLimits: 'billing-credit-limits',
  payments: 'billing-payments',
  promoCredits: 'billing-promo-credits',
} as const satisfies Record<BillingUploadKind, string>

/** Distinct ids in file order, at most MAX_LISTED_IDS of them. */
export class IdList {
  private readonly seen = new Set<string>()
  add(id: string) {
    if (id !== '' && this.seen.size < MAX_LISTED_IDS) this.seen.add(id)
  }
  get ids() {
    return [...this.seen]
  }
}

export type BillingImport<Row> = {
  consumer: CsvConsumer<Row>
  invalidSellerIds: IdList
  invalidTransactions: IdList
  /** The billing_uploads row of this import, once written (success: in the import's transaction). */
  uploadId: () => number | null
}

type Context = { kind: BillingUploadKind; fileName: string; actor: CsvActor | null; now: Date }

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** Sellers of `ids` that are advertiser accounts (every account is a SELLER or a BRAND). */
async function knownSellers(tx: Tx, ids: number[]): Promise<Set<number>> {
  const result = await tx.execute(
    sql`SELECT id FROM accounts WHERE id = ANY(${sql.param([...new Set(ids)])}::bigint[])`,
  )
  return new Set(rowsOf<{ id: string | number }>(result).map((row) => Number(row.id)))
}

function unknownSellerErrors(
  batch: readonly ValidatedRow<{ sellerId: number }>[],
  known: Set<number>,
  list: IdList,
): CsvRowError[] {
  const errors: CsvRowError[] = []
  for (const { row, value } of batch) {
    if (known.has(value.sellerId)) continue
    list.add(String(value.sellerId))
    errors.push({
      row,
      column: 'Seller Id',
      value: String(value.sellerId),
      reason: BILLING_ROW_MESSAGES.unknownSeller,
    })
  }
  return errors
}

function billingImport<Row extends { sellerId: number }>(
  context: Context,
  rowSchema: z.ZodType<Row, Record<string, string>>,
  /** Writes the batch's rows with a known seller (one statement); answers how many it wrote. */
  write: (
    tx: Tx,
    batch: readonly ValidatedRow<Row>[],
    uploadId: number,
    state: BillingImport<Row>,
  ) => Promise<{ written: number; errors?: CsvRowError[] }>,
  extra: Partial<CsvConsumer<Row>> & { totals: (rows: readonly Row[]) => Record<string, number> },
): BillingImport<Row> {
  const { kind, fileName, actor, now } = context
  const table = BILLING_KIND_TABLE[kind]
  let uploadId: number | null = null
  const state: BillingImport<Row> = {
    invalidSellerIds: new IdList(),
    invalidTransactions: new IdList(),
    uploadId: () => uploadId,
    consumer: {
      name: BILLING_AUDIT_NAME[kind],
      columns: BILLING_UPLOADS[kind].columns,
      rowSchema,
      ...extra,
      async begin(tx) {
        const [upload] = await tx
          .insert(billingUploads)
          .values({
            kind: table,
            fileName,
            uploadedBy: actor?.userId ?? null,
            uploadedAt: now,
            rowCount: 0,
            status: 'SUCCESS',
            totals: {},
          })
          .returning({ id: billingUploads.id })
        uploadId = upload!.id
        log.info('billing import applying', { kind, fileName, uploadId })
      },
      async apply(tx, _rows, numbered) {
        const batch = numbered ?? []
        const { written, errors = [] } = await write(tx, batch, uploadId!, state)
        if (written === batch.length && errors.length === 0) return
        // Some rows were not written: an unknown seller (the INSERT joins accounts), or what `write` said.
        const known = await knownSellers(
          tx,
          batch.map((row) => row.value.sellerId),
        )
        return [...unknownSellerErrors(batch, known, state.invalidSellerIds), ...errors].sort(
          (a, b) => a.row - b.row,
        )
      },
      async finish(tx, outcome) {
        const amount = outcome.totals.amountPaise ?? 0
        if (!Number.isSafeInteger(amount)) {
          throw new CsvRowsRefused([
            { row: 1, column: null, value: null, reason: BILLING_ROW_MESSAGES.totalTooLarge },
          ])
        }
        await tx.execute(
          sql`UPDATE billing_uploads SET row_count = ${outcome.applied}, totals = ${JSON.stringify(outcome.totals)}::jsonb WHERE id = ${uploadId}`,
        )
        return uploadId
      },
      async refused(tx, outcome) {
        const [upload] = await tx
          .insert(billingUploads)
          .values({
            kind: table,
            fileName,
            uploadedBy: actor?.userId ?? null,
            uploadedAt: now,
            rowCount: outcome.rows,
            status: 'FAILED',
            totals: {},
            errors: failureRecord(outcome, state),
          })
          .returning({ id: billingUploads.id })
        uploadId = upload!.id
        return uploadId
      },
    },
  }
  return state
}

/** What a FAILED billing_uploads row keeps: the message, the lists, the first 100 row errors. */
function failureRecord(
  outcome: CsvImportOutcome,
  state: { invalidSellerIds: IdList; invalidTransactions: IdList },
) {
  return {
    refusal: outcome.refusal,
    message: outcome.message,
    errorCount: outcome.errorCount,
    errors: outcome.errors.slice(0, 100),
    invalidSellerIds: state.invalidSellerIds.ids,
    invalidTransactions: state.invalidTransactions.ids,
  }
}

const sumPaise = <Row>(rows: readonly Row[], amount: (row: Row) => number) => ({
  amountPaise: rows.reduce((sum, row) => sum + amount(row), 0),
})

/** Credit limits: effective at once (empty or today: the upload's instant, so it beats any earlier limit
 * of today) or from a later day's IST midnight. A seller twice for the same day in one file is refused. */
export function creditLimitsImport(context: Omit<Context, 'kind'>) {
  const { now } = context
  const seen = new Map<number, Set<string>>()
  return billingImport<CreditLimitRow>(
    { ...context, kind: 'creditLimits' },
    creditLimitRowSchema(now),
    async (tx, batch, uploadId) => {
      const errors: CsvRowError[] = []
      const rows: ValidatedRow<CreditLimitRow>[] = []
      for (const item of batch) {
        const day = item.value.effectiveFrom ?? ''
        const days = seen.get(item.value.sellerId) ?? new Set<string>()
        if (days.has(day)) {
          errors.push({
            row: item.row,
            column: 'Seller Id',
            value: String(item.value.sellerId),
            reason: BILLING_ROW_MESSAGES.limitRepeated,
          })
          continue
        }
        days.add(day)
        seen.set(item.value.sellerId, days)
        rows.push(item)
      }
      const effective = rows.map(({ value }) =>
        value.effectiveFrom === null
          ? now.toISOString()
          : new Date(Math.max(istStartOfDay(value.effectiveFrom).getTime(), now.getTime())).toISOString(),
      )
      const result = await tx.execute(sql`
        INSERT INTO credit_limits (seller_id, credit_limit, effective_from, note, upload_id)
        SELECT u.seller_id, u.credit_limit, u.effective_from, u.note, ${uploadId}
        FROM unnest(
          ${sql.param(rows.map((r) => r.value.sellerId))}::bigint[],
          ${sql.param(rows.map((r) => r.value.creditLimit))}::bigint[],
          ${sql.param(effective)}::timestamptz[],
          ${sql.param(rows.map((r) => r.value.note))}::text[]
        ) WITH ORDINALITY AS u(seller_id, credit_limit, effective_from, note, n)
        JOIN accounts a ON a.id = u.seller_id
        ORDER BY u.n`)
      return { written: affected(result) + errors.length, errors }
    },
    { totals: (rows) => sumPaise(rows, (row) => row.creditLimit) },
  )
}

/**
 * Payments: a transaction id is recorded once, ever. The INSERT skips ids already in `payments` (ON
 * CONFLICT DO NOTHING on its UNIQUE index, which also holds against a concurrent upload: PostgreSQL makes
 * the second writer wait for the first to commit) and rows of an unknown seller; the rows it did not
 * write are then named. Every batch is written even after a refusal (rolled back anyway), so that an id
 * repeated anywhere in the file is found.
 */
export function paymentsImport(context: Omit<Context, 'kind'>) {
  return billingImport<PaymentRow>(
    { ...context, kind: 'payments' },
    paymentRowSchema(context.now),
    async (tx, batch, uploadId, state) => {
      const rows = batch.map((item) => item.value)
      const result = await tx.execute(sql`
        INSERT INTO payments (seller_id, transaction_id, amount, paid_at, note, upload_id)
        SELECT u.seller_id, u.transaction_id, u.amount, u.paid_at, u.note, ${uploadId}
        FROM unnest(
          ${sql.param(rows.map((r) => r.sellerId))}::bigint[],
          ${sql.param(rows.map((r) => r.transactionId))}::text[],
          ${sql.param(rows.map((r) => r.amount))}::bigint[],
          ${sql.param(rows.map((r) => istStartOfDay(r.paymentDate).toISOString()))}::timestamptz[],
          ${sql.param(rows.map((r) => r.note))}::text[]
        ) WITH ORDINALITY AS u(seller_id, transaction_id, amount, paid_at, note, n)
        JOIN accounts a ON a.id = u.seller_id
        ORDER BY u.n
        ON CONFLICT (transaction_id) DO NOTHING
        RETURNING transaction_id`)
      const inserted = rowsOf<{ transaction_id: string }>(result)
      if (inserted.length === rows.length) return { written: rows.length }
      // The rows not written: the first row of the batch with a written id is the one written.
      const written = new Set(inserted.map((row) => row.transaction_id))
      const claimed = new Set<string>()
      const unwritten = batch.filter(({ value }) => {
        if (!written.has(value.transactionId) || claimed.has(value.transactionId)) return true
        claimed.add(value.transactionId)
        return false
      })
      // Who holds their ids: an earlier upload, or an earlier row of this file (this upload).
      const holders = await tx.execute(
        sql`SELECT transaction_id, upload_id FROM payments WHERE transaction_id = ANY(${sql.param([...new Set(unwritten.map((r) => r.value.transactionId))])}::text[])`,
      )
      const holder = new Map(
        rowsOf<{ transaction_id: string; upload_id: string | number | null }>(holders).map((row) => [
          row.transaction_id,
          row.upload_id === null ? null : Number(row.upload_id),
        ]),
      )
      const errors: CsvRowError[] = []
      for (const { row, value } of unwritten) {
        const id = value.transactionId
        if (!holder.has(id)) continue // not written for its seller: named as an unknown seller
        state.invalidTransactions.add(id)
        errors.push({
          row,
          column: 'Transaction Id',
          value: id,
          reason:
            holder.get(id) === uploadId
              ? BILLING_ROW_MESSAGES.transactionRepeated
              : BILLING_ROW_MESSAGES.transactionTaken,
        })
      }
      return { written: inserted.length + errors.length, errors }
    },
    { totals: (rows) => sumPaise(rows, (row) => row.amount), applyAfterRefusal: true },
  )
}

/** Promo credits: one grant per row, counted while valid (IST days, both ends inclusive). */
export function promoCreditsImport(context: Omit<Context, 'kind'>) {
  return billingImport<PromoCreditRow>(
    { ...context, kind: 'promoCredits' },
    promoCreditRowSchema(),
    async (tx, batch, uploadId) => {
      const rows = batch.map((item) => item.value)
      const result = await tx.execute(sql`
        INSERT INTO promo_credits (seller_id, amount, valid_from, valid_to, reason, upload_id)
        SELECT u.seller_id, u.amount, u.valid_from, u.valid_to, u.reason, ${uploadId}
        FROM unnest(
          ${sql.param(rows.map((r) => r.sellerId))}::bigint[],
          ${sql.param(rows.map((r) => r.amount))}::bigint[],
          ${sql.param(rows.map((r) => r.validFrom))}::date[],
          ${sql.param(rows.map((r) => r.validTo))}::date[],
          ${sql.param(rows.map((r) => r.reason))}::text[]
        ) WITH ORDINALITY AS u(seller_id, amount, valid_from, valid_to, reason, n)
        JOIN accounts a ON a.id = u.seller_id
        ORDER BY u.n`)
      return { written: affected(result) }
    },
    { totals: (rows) => sumPaise(rows, (row) => row.amount) },
  )
}

/** Rows an INSERT without RETURNING wrote (node-postgres: rowCount; PGlite: affectedRows). */
function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number }
  return Number(r.affectedRows ?? r.rowCount ?? 0)
}

export const BILLING_IMPORTS = {
  creditLimits: creditLimitsImport,
  payments: paymentsImport,
  promoCredits: promoCreditsImport,
} as const
