// The three billing files as upload-kit consumers (docs/decisions/045): their row rules, and one INSERT …
// SELECT FROM unnest(arrays) per batch of 1,000 rows that also tells which rows it could not write (an
// unknown seller id, a transaction id already recorded). All or nothing: the kit's one transaction.
import { sql } from 'drizzle-orm'
import { z } from 'zod/v4'
import { BILLING_UPLOADS, type BillingUploadKind } from '../contracts/billing'
import type { CsvImportOutcome, CsvRowError } from '../contracts/csv-upload'
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, tooLongMessage } from '../rules/text'
import { equalsAny } from '../db/any'
import type { Tx } from '../db/client'
import { billingUploads } from '../db/schema'
import { log } from '../log'
import { istDate, istStartOfDay } from '../rules/time'
import { type CsvActor, type CsvConsumer, CsvRowsRefused, type ValidatedRow } from '../uploads/csv-import'

// ---------------------------------------------------------------------------------------------
// Cell rules
// ---------------------------------------------------------------------------------------------
/** ₹10,00,00,000 (1e9 rupees) per row, in paise. */
export const MAX_ROW_PAISE = 100_000_000_000
/** Rows per INSERT … unnest (arrays as parameters: no cap on rows per statement; see decision 045). */
export const BILLING_BATCH_ROWS = 5000
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

/**
 * A cell's rule: a plain function that answers the value or why the cell is refused. A row is checked by
 * ONE zod step over its cells (`rowSchema`): a 25 MB file is 400,000 rows read twice, and per-cell zod
 * chains (regex, refine, transform) with date-fns' parseISO cost ~40 µs a row; this ~3 µs (decision 045).
 */
type CellResult<T> = { value: T } | { error: string }
type Cell<T> = (text: string) => CellResult<T>
const refuse = (error: string) => ({ error })

/** The zod schema of a row: every cell through its rule, then an optional rule across cells. */
function rowSchema<Row extends Record<string, unknown>>(
  cells: { [K in keyof Row]: Cell<Row[K]> },
  across?: (row: Row) => { key: keyof Row & string; error: string } | null,
): z.ZodType<Row, Record<string, string>> {
  const keys = Object.keys(cells) as (keyof Row & string)[]
  return z
    .custom<Record<string, string>>(() => true)
    .transform((input, ctx) => {
      const row = {} as Row
      let failed = false
      for (const key of keys) {
        const result = cells[key](input[key] ?? '')
        if ('value' in result) row[key] = result.value
        else {
          failed = true
          ctx.issues.push({ code: 'custom', message: result.error, input: input[key], path: [key] })
        }
      }
      const broken = failed ? null : across?.(row)
      if (broken) {
        ctx.issues.push({
          code: 'custom',
          message: broken.error,
          input: input[broken.key],
          path: [broken.key],
        })
        failed = true
      }
      return failed ? z.NEVER : row
    }) as unknown as z.ZodType<Row, Record<string, string>>
}

/** 'YYYY-MM-DD' of a real calendar day (2028-02-29 yes, 2026-02-30 no), without date-fns (hot path). */
export function isDay(text: string): boolean {
  if (text.length !== 10 || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const time = Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)))
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text
}

const sellerIdCell: Cell<number> = (text) => {
  if (text === '') return refuse(BILLING_ROW_MESSAGES.required('Seller Id'))
  if (!SELLER_ID_PATTERN.test(text) || !Number.isSafeInteger(Number(text))) {
    return refuse(BILLING_ROW_MESSAGES.sellerId)
  }
  return { value: Number(text) }
}

const amountCell =
  (header: string, { zeroAllowed }: { zeroAllowed: boolean }): Cell<number> =>
  (text) => {
    if (text === '') return refuse(BILLING_ROW_MESSAGES.required(header))
    const paise = rupeesToPaise(text)
    if (paise === null) return refuse(BILLING_ROW_MESSAGES.amount)
    if (!zeroAllowed && paise === 0) return refuse(BILLING_ROW_MESSAGES.amountPositive)
    if (paise > MAX_ROW_PAISE) return refuse(BILLING_ROW_MESSAGES.amountMax)
    return { value: paise }
  }

/** A required day, with an optional rule against it (e.g. not after today). */
const dayCell =
  (header: string, rule?: (day: string) => string | null): Cell<string> =>
  (text) => {
    if (text === '') return refuse(BILLING_ROW_MESSAGES.required(header))
    if (!isDay(text)) return refuse(BILLING_ROW_MESSAGES.date(header))
    const broken = rule?.(text)
    return broken ? refuse(broken) : { value: text }
  }
/** An optional day: empty → null. */
const optionalDayCell =
  (header: string, rule?: (day: string) => string | null): Cell<string | null> =>
  (text) =>
    text === '' ? { value: null } : dayCell(header, rule)(text)

/** A note or reason: optional, one line, ≤ 200 characters, no control characters, valid UTF-8 (the
 * rules of the contracts' safeText, decision 021). */
const noteCell: Cell<string | null> = (text) => {
  if (text.length > NOTE_MAX) return refuse(tooLongMessage(NOTE_MAX))
  if (hasControlCharacters(text)) return refuse(CONTROL_CHARACTERS_MESSAGE)
  if (text.includes('\uFFFD')) return refuse(BILLING_ROW_MESSAGES.notUtf8)
  return { value: text === '' ? null : text }
}

const transactionIdCell: Cell<string> = (text) => {
  if (text === '') return refuse(BILLING_ROW_MESSAGES.required('Transaction Id'))
  if (!TRANSACTION_ID_PATTERN.test(text)) return refuse(BILLING_ROW_MESSAGES.transactionId)
  return { value: text }
}

export type CreditLimitRow = {
  sellerId: number
  creditLimit: number
  effectiveFrom: string | null
  note: string | null
}
export function creditLimitRowSchema(now: Date) {
  const today = istDate(now)
  return rowSchema<CreditLimitRow>({
    sellerId: sellerIdCell,
    creditLimit: amountCell('Credit Limit', { zeroAllowed: true }),
    effectiveFrom: optionalDayCell('Effective From', (day) =>
      day < today ? BILLING_ROW_MESSAGES.effectivePast : null,
    ),
    note: noteCell,
  })
}

export type PaymentRow = {
  sellerId: number
  transactionId: string
  amount: number
  paymentDate: string
  note: string | null
}
export function paymentRowSchema(now: Date) {
  const today = istDate(now)
  return rowSchema<PaymentRow>({
    sellerId: sellerIdCell,
    transactionId: transactionIdCell,
    amount: amountCell('Amount', { zeroAllowed: false }),
    paymentDate: dayCell('Payment Date', (day) => (day > today ? BILLING_ROW_MESSAGES.paymentFuture : null)),
    note: noteCell,
  })
}

export type PromoCreditRow = {
  sellerId: number
  amount: number
  validFrom: string
  validTo: string | null
  reason: string | null
}
export function promoCreditRowSchema() {
  return rowSchema<PromoCreditRow>(
    {
      sellerId: sellerIdCell,
      amount: amountCell('Amount', { zeroAllowed: false }),
      validFrom: dayCell('Valid From'),
      validTo: optionalDayCell('Valid To'),
      reason: noteCell,
    },
    (row) =>
      row.validTo !== null && row.validTo < row.validFrom
        ? { key: 'validTo', error: BILLING_ROW_MESSAGES.validToBefore }
        : null,
  )
}

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
    sql`SELECT id FROM accounts WHERE ${equalsAny(sql`id`, [...new Set(ids)], 'bigint')}`,
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
  /** This import's billing_uploads row (SUCCESS when writing begins, or FAILED after a refusal). */
  async function recordUpload(
    tx: Tx,
    values: { rowCount: number; status: 'SUCCESS' | 'FAILED'; errors?: unknown },
  ) {
    const [upload] = await tx
      .insert(billingUploads)
      .values({
        kind: table,
        fileName,
        uploadedBy: actor?.userId ?? null,
        uploadedAt: now,
        totals: {},
        ...values,
      })
      .returning({ id: billingUploads.id })
    return upload!.id
  }
  const state: BillingImport<Row> = {
    invalidSellerIds: new IdList(),
    invalidTransactions: new IdList(),
    uploadId: () => uploadId,
    consumer: {
      name: BILLING_AUDIT_NAME[kind],
      columns: BILLING_UPLOADS[kind].columns,
      rowSchema,
      batchRows: BILLING_BATCH_ROWS,
      ...extra,
      async begin(tx) {
        uploadId = await recordUpload(tx, { rowCount: 0, status: 'SUCCESS' })
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
        uploadId = await recordUpload(tx, {
          rowCount: outcome.rows,
          status: 'FAILED',
          errors: failureRecord(outcome, state),
        })
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
      // One statement: the rows of known sellers whose id is free are written; it answers how many, and
      // the first id it took (the ids of one statement are increasing: a later row of this upload holding
      // an id has an id at least that).
      const result = await tx.execute(sql`
        WITH written AS (
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
          RETURNING id
        )
        SELECT count(*)::int AS written, min(id) AS first FROM written`)
      const [counts] = rowsOf<{ written: number | string; first: number | string | null }>(result)
      const inserted = Number(counts?.written ?? 0)
      if (inserted === rows.length) return { written: rows.length }
      const first = counts?.first === null || counts?.first === undefined ? null : Number(counts.first)
      // Who holds the batch's ids now: this batch (its own row, or a repeat of it), an earlier batch of
      // this file, or an earlier upload. Ids nobody holds were not written for their seller.
      const holders = await tx.execute(
        sql`SELECT transaction_id, upload_id, id FROM payments WHERE ${equalsAny(sql`transaction_id`, [...new Set(rows.map((r) => r.transactionId))], 'text')}`,
      )
      const holder = new Map(
        rowsOf<{ transaction_id: string; upload_id: string | number | null; id: string | number }>(
          holders,
        ).map((row) => [
          row.transaction_id,
          {
            upload: row.upload_id === null ? null : Number(row.upload_id),
            thisBatch: first !== null && Number(row.upload_id) === uploadId && Number(row.id) >= first,
          },
        ]),
      )
      // The first row of the batch with an id this batch wrote is the written one.
      const claimed = new Set<string>()
      const unwritten = batch.filter(({ value }) => {
        const held = holder.get(value.transactionId)
        if (!held?.thisBatch || claimed.has(value.transactionId)) return true
        claimed.add(value.transactionId)
        return false
      })
      const errors: CsvRowError[] = []
      for (const { row, value } of unwritten) {
        const id = value.transactionId
        const held = holder.get(id)
        if (!held) continue // not written for its seller: named as an unknown seller
        state.invalidTransactions.add(id)
        errors.push({
          row,
          column: 'Transaction Id',
          value: id,
          reason:
            held.upload === uploadId
              ? BILLING_ROW_MESSAGES.transactionRepeated
              : BILLING_ROW_MESSAGES.transactionTaken,
        })
      }
      return { written: inserted + errors.length, errors }
    },
    {
      totals: (rows) => sumPaise(rows, (row) => row.amount),
      applyAfterRefusal: true,
      batchRows: BILLING_BATCH_ROWS,
    },
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
