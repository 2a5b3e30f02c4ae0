// The three billing reports (issue 13): who may download them, their names and headers, the numbers of
// the overall summary against creditParts, the promo statuses, formula-safe cells, and keyset paging.
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BILLING_REPORTS, type BillingReport } from '../contracts/billing'
import { accounts, creditLimits, payments, promoCredits } from '../db/schema'
import { formatRupees } from '../rules/format'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { creditLimitPages, istFileStamp, overallPage, promoPages, promoStatus } from './billing-reports'
import { availableCredit, creditParts } from './credits'

// 09:00:05 UTC is 14:30:05 IST: the overall summary is Credit_Summary_2026-11-23_143005.csv.
const NOW = new Date('2026-11-23T09:00:05Z')
const PATHS: Record<BillingReport, string> = {
  'credit-limits': '/ads/ad-payments/payment/test/generate_credit_report',
  'promo-credits': '/ads/ad-payments/payment/test/generate_promo_report',
  overall: '/ads/ad-payments/payment/test/generate_overall_credit_report',
}
const REPORTS = Object.keys(PATHS) as BillingReport[]

let t: TestPlatform
let superadmin: string
beforeAll(async () => {
  t = await createTestPlatform({ now: NOW })
  superadmin = await t.tokenFor('superadmin@example.com')
})
afterAll(async () => {
  await t.close()
})

const download = (report: BillingReport, token?: string) => t.request(PATHS[report], { token })
const parse = (text: string) => Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data

describe('who may download the billing reports', () => {
  it.each(REPORTS)('%s: SUPERADMIN only; OPS, an agency, a brand and a seller get 403', async (report) => {
    for (const email of [
      'ops@example.com',
      'agency@example.com',
      'brand@example.com',
      'seller@example.com',
      'seller-nocredit@example.com',
    ]) {
      const response = await download(report, await t.tokenFor(email))
      expect(response.status, email).toBe(403)
      expect((await response.json()).code).toBe(403)
    }
  })

  it.each(REPORTS)(
    '%s: no token, a revoked superadmin, a half-signed-in superadmin get 401',
    async (report) => {
      expect((await download(report)).status).toBe(401)
      expect((await download(report, await t.tokenFor('superadmin2@example.com'))).status).toBe(401)
      expect((await download(report, await t.tokenFor('superadmin@example.com', 'PASSWORD'))).status).toBe(
        401,
      )
    },
  )
})

describe('names and headers', () => {
  it.each([
    ['credit-limits', 'CreditLimit.csv'],
    ['promo-credits', 'PromoCredits.csv'],
    ['overall', 'Credit_Summary_2026-11-23_143005.csv'],
  ] as const)('%s downloads as %s with the contract header', async (report, name) => {
    const response = await download(report, superadmin)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`)
    const text = await response.text()
    expect(text.split('\r\n')[0]).toBe(BILLING_REPORTS[report].header.join(','))
    // CRLF lines, the last one ended, none empty.
    expect(text.endsWith('\r\n')).toBe(true)
    expect(
      text
        .slice(0, -2)
        .split('\r\n')
        .filter((line) => line === ''),
    ).toEqual([])
    // The seed has billing rows: every report has data lines, each as wide as the header.
    const rows = parse(text)
    expect(rows.length).toBeGreaterThan(1)
    for (const row of rows) expect(row).toHaveLength(BILLING_REPORTS[report].header.length)
  })

  it('stamps the summary in IST, seconds included', () => {
    expect(istFileStamp(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23_235959')
    expect(istFileStamp(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24_000000')
  })
})

describe('the overall summary', () => {
  it('has one line per advertiser with the same parts and availability as creditParts', async () => {
    const rows = parse(await (await download('overall', superadmin)).text()).slice(1)
    const all = await t.db.select({ id: accounts.id, name: accounts.name }).from(accounts)
    expect(rows.map((r) => Number(r[0]))).toEqual(all.map((a) => a.id).sort((a, b) => a - b))
    let withMoney = 0
    for (const [id, name, limit, promo, paid, spent, available] of rows) {
      const sellerId = Number(id)
      const parts = await creditParts(t.db, sellerId, NOW)
      expect(name).toBe(all.find((a) => a.id === sellerId)?.name)
      expect([limit, promo, paid, spent], `seller ${id}`).toEqual([
        formatRupees(parts.creditLimit),
        formatRupees(parts.promoCredits),
        formatRupees(parts.payments),
        formatRupees(parts.spend),
      ])
      expect(available).toBe(formatRupees(await availableCredit(t.db, sellerId, NOW)))
      if (parts.creditLimit || parts.payments || parts.spend) withMoney++
    }
    // The comparison means something: the seed gives most advertisers limits, payments and spend.
    expect(withMoney).toBeGreaterThan(5)
    // seller-nocredit@example.com is at exactly 0.
    expect(rows.find((r) => r[0] === '100007')?.[6]).toBe('0.00')
  })

  it('pages by advertiser id without losing or repeating one', async () => {
    const whole = await overallPage(t.db, NOW, null, 100_000)
    const paged = []
    let after: number | null = null
    for (;;) {
      const page = await overallPage(t.db, NOW, after, 3)
      paged.push(...page)
      if (page.length < 3) break
      after = page[page.length - 1]!.sellerId
    }
    expect(paged).toEqual(whole)
  })
})

describe('the credit limits report', () => {
  const sellerId = 990_101
  it('lists the limit in force (not an older or a future one) with its date in IST and its note', async () => {
    await t.db.insert(accounts).values({ id: sellerId, kind: 'SELLER', name: 'Report test seller' })
    await t.db.insert(creditLimits).values([
      { sellerId, creditLimit: 100_000, effectiveFrom: new Date('2026-10-01T00:00:00Z'), note: 'old' },
      // In force: 2026-11-01 05:30 IST.
      { sellerId, creditLimit: 250_050, effectiveFrom: new Date('2026-11-01T00:00:00Z'), note: 'revised' },
      { sellerId, creditLimit: 999_999, effectiveFrom: new Date('2026-12-01T00:00:00Z'), note: 'future' },
    ])
    const rows = parse(await (await download('credit-limits', superadmin)).text())
    expect(rows.filter((r) => r[0] === String(sellerId))).toEqual([
      [String(sellerId), 'Report test seller', '2500.50', '2026-11-01 05:30:00', 'revised'],
    ])
    // One line per advertiser.
    const ids = rows.slice(1).map((r) => r[0])
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('pages by seller id to the same lines', async () => {
    const one = await creditLimitPages(t.db, NOW, 100_000)(null)
    const paged = []
    let cursor: number | null = null
    do {
      const page = await creditLimitPages(t.db, NOW, 4)(cursor)
      paged.push(...page.rows)
      cursor = page.next
    } while (cursor !== null)
    expect(paged).toEqual(one.rows)
  })
})

describe('the promo credits report', () => {
  const sellerId = 990_102
  const today = istDate(NOW)
  it('lists every grant with its status today', async () => {
    await t.db.insert(accounts).values({ id: sellerId, kind: 'BRAND', name: 'Promo test brand' })
    await t.db.insert(promoCredits).values([
      { sellerId, amount: 5_000, validFrom: addDays(today, -30), validTo: addDays(today, -1), reason: 'old' },
      { sellerId, amount: 7_525, validFrom: today, validTo: today, reason: 'today only' },
      { sellerId, amount: 9_000, validFrom: addDays(today, 1), validTo: null, reason: 'next' },
    ])
    const rows = parse(await (await download('promo-credits', superadmin)).text())
    expect(rows.filter((r) => r[0] === String(sellerId))).toEqual([
      [
        String(sellerId),
        'Promo test brand',
        '50.00',
        addDays(today, -30),
        addDays(today, -1),
        'old',
        'EXPIRED',
      ],
      [String(sellerId), 'Promo test brand', '75.25', today, today, 'today only', 'ACTIVE'],
      [String(sellerId), 'Promo test brand', '90.00', addDays(today, 1), '', 'next', 'SCHEDULED'],
    ])
  })

  it('status: both ends inclusive, no end is open-ended', () => {
    expect(promoStatus('2026-11-23', null, '2026-11-23')).toBe('ACTIVE')
    expect(promoStatus('2026-11-01', '2026-11-23', '2026-11-23')).toBe('ACTIVE')
    expect(promoStatus('2026-11-01', '2026-11-22', '2026-11-23')).toBe('EXPIRED')
    expect(promoStatus('2026-11-24', null, '2026-11-23')).toBe('SCHEDULED')
  })

  it('pages by (seller id, grant id) to the same lines', async () => {
    const one = await promoPages(t.db, NOW, 100_000)(null)
    const paged = []
    let cursor: { sellerId: number; id: number } | null = null
    do {
      const page = await promoPages(t.db, NOW, 5)(cursor)
      paged.push(...page.rows)
      cursor = page.next
    } while (cursor !== null)
    expect(paged).toEqual(one.rows)
    expect(paged.length).toBeGreaterThan(5)
  })
})

describe('cells a spreadsheet would run', () => {
  it('are neutralised in names, notes and reasons', async () => {
    const sellerId = 990_103
    await t.db.insert(accounts).values({ id: sellerId, kind: 'SELLER', name: '=HYPERLINK("http://x","y")' })
    await t.db
      .insert(creditLimits)
      .values({ sellerId, creditLimit: 100, effectiveFrom: new Date('2026-11-01T00:00:00Z'), note: '+1+1' })
    await t.db
      .insert(promoCredits)
      .values({ sellerId, amount: 100, validFrom: '2026-11-01', validTo: null, reason: '@SUM(A1)' })
    await t.db.insert(payments).values({
      sellerId,
      transactionId: 'TXN-REPORT-FORMULA-1',
      amount: 100,
      paidAt: new Date('2026-11-02T00:00:00Z'),
    })
    const line = async (report: BillingReport) =>
      parse(await (await download(report, superadmin)).text()).find((r) => r[0] === String(sellerId))
    expect(await line('credit-limits')).toEqual([
      String(sellerId),
      `'=HYPERLINK("http://x","y")`,
      '1.00',
      '2026-11-01 05:30:00',
      `'+1+1`,
    ])
    expect((await line('promo-credits'))?.[5]).toBe(`'@SUM(A1)`)
    // Limit 1.00 + promo 1.00 + paid 1.00 − spent 0.
    expect(await line('overall')).toEqual([
      String(sellerId),
      `'=HYPERLINK("http://x","y")`,
      '1.00',
      '1.00',
      '1.00',
      '0.00',
      '3.00',
    ])
  })
})
