// The three billing reports (issue 13; spec accounts §7 "Payment service": CreditLimit.csv,
// PromoCredits.csv and the timestamped overall credit summary). SUPERADMIN only. Each report is written
// as it is read: pages of rows (keyset, never OFFSET) turned into CSV lines and streamed, so memory is
// one page whatever the number of advertisers or grants. Amounts are rupees with two decimals; dates and
// times are IST. The overall summary computes the formula of decision 010 with grouped queries per page of
// advertisers — the same parts `creditParts` (./credits.ts) computes for one advertiser. Lines are
// written by reportCsvLines (platform/csv.ts's cells, formulas neutralised), CRLF, no blank line.
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { requireAuth } from '../auth/authorize'
import { BILLING_REPORTS, type BillingReport, overallReportFileName } from '../contracts/billing'
import type { CsvCell } from '../csv'
import type { Database } from '../db/client'
import { accounts, creditLimits, promoCredits } from '../db/schema'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'
import { log } from '../log'
import { reportCsvLines } from '../analytics/report-csv'
import { availableCredits, type CreditParts } from '../rules/campaigns'
import { formatRupees } from '../rules/format'
import { istDate, istDateTime } from '../rules/time'

/** Rows read per query. */
export const REPORT_PAGE_ROWS = 2000

type Page = CsvCell[][]
/** Reads the page after `cursor` (null: the first) and returns its rows and the next cursor. */
type PageReader<C> = (cursor: C | null) => Promise<{ rows: Page; next: C | null }>

/** The report as a byte stream: the header line, then one chunk of CSV lines per page. */
function csvStream<C>(header: readonly string[], readPage: PageReader<C>, report: string) {
  const encoder = new TextEncoder()
  let cursor: C | null = null
  let started = false
  let done = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(reportCsvLines([header])))
          return
        }
        if (done) {
          controller.close()
          return
        }
        const page = await readPage(cursor)
        if (page.rows.length > 0) controller.enqueue(encoder.encode(reportCsvLines(page.rows)))
        cursor = page.next
        if (page.next === null) done = true
      } catch (error) {
        log.error('billing report failed while streaming', { report, error: String(error) })
        controller.error(error)
      }
    },
  })
}

const num = (value: unknown) => Number(value ?? 0)
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

// ---------------------------------------------------------------------------------------------
// CreditLimit.csv: the limit in force per advertiser that has one (newest effective_from <= now,
// ties by the newest row, as creditParts picks it).
// ---------------------------------------------------------------------------------------------
export function creditLimitPages(db: Database, now: Date, size = REPORT_PAGE_ROWS): PageReader<number> {
  return async (after) => {
    const rows = await db
      .selectDistinctOn([creditLimits.sellerId], {
        sellerId: creditLimits.sellerId,
        name: accounts.name,
        creditLimit: creditLimits.creditLimit,
        effectiveFrom: creditLimits.effectiveFrom,
        note: creditLimits.note,
      })
      .from(creditLimits)
      .innerJoin(accounts, eq(accounts.id, creditLimits.sellerId))
      .where(
        and(
          lte(creditLimits.effectiveFrom, now),
          after === null ? undefined : gt(creditLimits.sellerId, after),
        ),
      )
      .orderBy(asc(creditLimits.sellerId), desc(creditLimits.effectiveFrom), desc(creditLimits.id))
      .limit(size)
    return {
      rows: rows.map((r) => [
        r.sellerId,
        r.name,
        formatRupees(r.creditLimit),
        istDateTime(r.effectiveFrom),
        r.note ?? '',
      ]),
      next: rows.length === size ? rows[rows.length - 1]!.sellerId : null,
    }
  }
}

// ---------------------------------------------------------------------------------------------
// PromoCredits.csv: every grant, by advertiser then start, with its status today (IST).
// ---------------------------------------------------------------------------------------------
export function promoStatus(validFrom: string, validTo: string | null, today: string) {
  if (validFrom > today) return 'SCHEDULED'
  if (validTo !== null && validTo < today) return 'EXPIRED'
  return 'ACTIVE'
}

type PromoCursor = { sellerId: number; id: number }

export function promoPages(db: Database, now: Date, size = REPORT_PAGE_ROWS): PageReader<PromoCursor> {
  const today = istDate(now)
  return async (after) => {
    const rows = await db
      .select({
        id: promoCredits.id,
        sellerId: promoCredits.sellerId,
        name: accounts.name,
        amount: promoCredits.amount,
        validFrom: promoCredits.validFrom,
        validTo: promoCredits.validTo,
        reason: promoCredits.reason,
      })
      .from(promoCredits)
      .innerJoin(accounts, eq(accounts.id, promoCredits.sellerId))
      .where(
        after === null
          ? undefined
          : sql`(${promoCredits.sellerId}, ${promoCredits.id}) > (${after.sellerId}, ${after.id})`,
      )
      .orderBy(asc(promoCredits.sellerId), asc(promoCredits.id))
      .limit(size)
    const last = rows[rows.length - 1]
    return {
      rows: rows.map((r) => [
        r.sellerId,
        r.name,
        formatRupees(r.amount),
        r.validFrom,
        r.validTo ?? '',
        r.reason ?? '',
        promoStatus(r.validFrom, r.validTo, today),
      ]),
      next: rows.length === size && last ? { sellerId: last.sellerId, id: last.id } : null,
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The overall summary: every advertiser (SELLER and BRAND account), the four parts and what is available.
// ---------------------------------------------------------------------------------------------
export type OverallRow = { sellerId: number; name: string } & CreditParts & { available: number }

/**
 * The credit parts of a page of advertisers (ids after `after`, ascending), one statement: each part is
 * grouped over the page's ids only, with the filters of creditParts (limit in force at `now`, promo valid
 * on the IST day of `now`, payments made by `now`, all spend).
 */
export async function overallPage(db: Database, now: Date, after: number | null, size = REPORT_PAGE_ROWS) {
  const today = istDate(now)
  const result = await db.execute(sql`
    with page as (
      select id, name from accounts
      where ${after === null ? sql`true` : sql`id > ${after}`}
      order by id limit ${size}
    ),
    lim as (
      select distinct on (cl.seller_id) cl.seller_id, cl.credit_limit
      from credit_limits cl join page on page.id = cl.seller_id
      where cl.effective_from <= ${now.toISOString()}::timestamptz
      order by cl.seller_id, cl.effective_from desc, cl.id desc
    ),
    promo as (
      select pc.seller_id, sum(pc.amount) as total
      from promo_credits pc join page on page.id = pc.seller_id
      where pc.valid_from <= ${today}::date and (pc.valid_to is null or pc.valid_to >= ${today}::date)
      group by pc.seller_id
    ),
    paid as (
      select p.seller_id, sum(p.amount) as total
      from payments p join page on page.id = p.seller_id
      where p.paid_at <= ${now.toISOString()}::timestamptz
      group by p.seller_id
    ),
    spent as (
      select ss.seller_id, ss.spend as total
      from seller_spend ss join page on page.id = ss.seller_id
    )
    select page.id, page.name,
      coalesce(lim.credit_limit, 0) as credit_limit,
      coalesce(promo.total, 0) as promo,
      coalesce(paid.total, 0) as paid,
      coalesce(spent.total, 0) as spent
    from page
    left join lim on lim.seller_id = page.id
    left join promo on promo.seller_id = page.id
    left join paid on paid.seller_id = page.id
    left join spent on spent.seller_id = page.id
    order by page.id`)
  return rowsOf<Record<string, unknown>>(result).map((r): OverallRow => {
    const parts: CreditParts = {
      creditLimit: num(r.credit_limit),
      promoCredits: num(r.promo),
      payments: num(r.paid),
      spend: num(r.spent),
    }
    return { sellerId: num(r.id), name: String(r.name), ...parts, available: availableCredits(parts) }
  })
}

export function overallPages(db: Database, now: Date, size = REPORT_PAGE_ROWS): PageReader<number> {
  return async (after) => {
    const rows = await overallPage(db, now, after, size)
    return {
      rows: rows.map((r) => [
        r.sellerId,
        r.name,
        formatRupees(r.creditLimit),
        formatRupees(r.promoCredits),
        formatRupees(r.payments),
        formatRupees(r.spend),
        formatRupees(r.available),
      ]),
      next: rows.length === size ? rows[rows.length - 1]!.sellerId : null,
    }
  }
}

/** The overall summary's IST stamp: 2026-11-23 14:30:05 → 2026-11-23_143005. */
export const istFileStamp = (now: Date) => istDateTime(now).replace(' ', '_').replaceAll(':', '')

export function reportFileName(report: BillingReport, now: Date): string {
  return BILLING_REPORTS[report].fileName ?? overallReportFileName(istFileStamp(now))
}

/** A report's CSV bytes, read at `now`. */
export function reportStream(report: BillingReport, db: Database, now: Date) {
  const { header } = BILLING_REPORTS[report]
  switch (report) {
    case 'credit-limits':
      return csvStream(header, creditLimitPages(db, now), report)
    case 'promo-credits':
      return csvStream(header, promoPages(db, now), report)
    case 'overall':
      return csvStream(header, overallPages(db, now), report)
  }
}

export function billingReportRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const superadmin = requireAuth({ roles: ['SUPERADMIN'] })

  for (const report of Object.keys(BILLING_REPORTS) as BillingReport[]) {
    const { call } = BILLING_REPORTS[report]
    // spec §7: GET /payment/test/generate_credit_report, generate_promo_report,
    // generate_overall_credit_report → CSV downloads.
    app.get(`/payment/test/${call}`, superadmin, (c) => {
      const now = deps.now()
      const stream = reportStream(report, deps.database.db, now)
      c.header('Content-Type', 'text/csv; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="${reportFileName(report, now)}"`)
      return c.body(stream)
    })
  }

  return app
}
