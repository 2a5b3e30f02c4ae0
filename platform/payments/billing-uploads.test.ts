// The three billing uploads through the payment service (issue 13, docs/decisions/045): real multipart
// bodies against the test database (PGlite; PostgreSQL with DATABASE_URL), the kit's one transaction.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BILLING_UPLOADS, type BillingUploadKind, billingUploadResultSchema } from '../contracts/billing'
import {
  accounts,
  auditLog,
  billingUploads,
  campaigns,
  creditLimits,
  payments,
  promoCredits,
  users,
} from '../db/schema'
import { insertCampaign } from '../inventory/test-support'
import { applyCampaignStates } from '../jobs/campaign-states'
import { addDays, istDate, istStartOfDay } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { generatedUpload, multipartBody, multipartContentType } from '../uploads/test-streams'
import { BILLING_BATCH_ROWS } from './billing-import'
import { availableCredit } from './credits'
import { PAYMENTS_BASE } from '.'

let t: TestPlatform
let superadmin: string
let superadminId: number
const wakes: string[] = []

// Advertisers of this file only, so that every sum below is exact.
const S1 = 981_001
const S2 = 981_002
const S3 = 981_003
const S4 = 981_004
const UNKNOWN = 981_999

beforeAll(async () => {
  t = await createTestPlatform()
  t.deps.wake = (job) => wakes.push(job)
  superadmin = await t.tokenFor('superadmin@example.com')
  superadminId = (await t.userByEmail('superadmin@example.com')).id
  await t.db.insert(accounts).values([
    { id: S1, kind: 'SELLER', name: 'Billing test seller one' },
    { id: S2, kind: 'BRAND', name: 'Billing test brand two' },
    { id: S3, kind: 'SELLER', name: 'Billing test seller three' },
    { id: S4, kind: 'SELLER', name: 'Billing test seller four' },
  ])
}, 60_000)
afterAll(async () => {
  await t?.close()
})

const header = (kind: BillingUploadKind) => BILLING_UPLOADS[kind].columns.map((c) => c.header).join(',')
const today = () => istDate(t.deps.now())
const yesterday = () => addDays(today(), -1)
const path = (kind: BillingUploadKind) => `${PAYMENTS_BASE}/payment/post-paid/${BILLING_UPLOADS[kind].call}`

function upload(kind: BillingUploadKind, text: string, options: { token?: string; name?: string } = {}) {
  return t.request(path(kind), {
    method: 'POST',
    token: options.token ?? superadmin,
    headers: { 'content-type': multipartContentType },
    body: multipartBody({ name: options.name ?? `${kind}.csv`, text }),
  })
}
const csv = (kind: BillingUploadKind, lines: string[]) => `${header(kind)}\n${lines.join('\n')}\n`

async function answer(response: Response) {
  const body = await response.json()
  return { status: response.status, body, data: billingUploadResultSchema.parse(body.data) }
}

const paymentsOf = (sellerIds: number[]) =>
  t.db.select().from(payments).where(inArray(payments.sellerId, sellerIds)).orderBy(asc(payments.id))
const credit = (sellerId: number) => availableCredit(t.db, sellerId, t.deps.now())
const uploadsNamed = (fileName: string) =>
  t.db
    .select()
    .from(billingUploads)
    .where(eq(billingUploads.fileName, fileName))
    .orderBy(asc(billingUploads.id))
const auditsOf = (entityType: string, fileName: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'csv.import'),
        eq(auditLog.entityType, entityType),
        sql`${auditLog.after}->>'fileName' = ${fileName}`,
      ),
    )

describe('payments', () => {
  it('imports a file: amounts in exact paise, one billing_uploads row, the audit row, the spec message', async () => {
    const before = await credit(S1)
    const response = await upload(
      'payments',
      csv('payments', [
        `${S1},TXN-A-1,1500.50,${yesterday()},First`,
        `${S2},TXN-A-2,0.07,${today()},`,
        `${S1},TXN-A/3_x.y,1000000000,${yesterday()}`,
        `${S1},TXN-A-4,0.1,${yesterday()},"=HYPERLINK(""http://evil.example"",""x"")"`,
      ]),
      { name: 'payments-a.csv' },
    )
    const { status, body, data } = await answer(response)
    expect(status).toBe(200)
    expect(body.message).toBe('Payment Details successfully updated !')
    expect(data).toMatchObject({
      status: 'success',
      result: 'SUCCESS',
      applied: 4,
      rows: 4,
      invalidSellerIds: [],
      invalidTransactions: [],
    })
    expect(data.totals).toEqual({ amountPaise: 150_050 + 7 + 100_000_000_000 + 10 })
    const rows = await paymentsOf([S1, S2])
    expect(rows.map((r) => [r.sellerId, r.transactionId, r.amount, r.note])).toEqual([
      [S1, 'TXN-A-1', 150_050, 'First'],
      [S2, 'TXN-A-2', 7, null],
      [S1, 'TXN-A/3_x.y', 100_000_000_000, null],
      // A formula is only text here; the reports neutralise it when they write it out.
      [S1, 'TXN-A-4', 10, '=HYPERLINK("http://evil.example","x")'],
    ])
    expect(rows[0]!.paidAt).toEqual(istStartOfDay(yesterday()))
    expect(rows[1]!.paidAt).toEqual(istStartOfDay(today()))
    const [record] = await uploadsNamed('payments-a.csv')
    expect(record).toMatchObject({
      kind: 'PAYMENT',
      uploadedBy: superadminId,
      rowCount: 4,
      status: 'SUCCESS',
      totals: { amountPaise: 100_000_150_067 },
    })
    expect(new Set(rows.map((r) => r.uploadId))).toEqual(new Set([record!.id]))
    const audits = await auditsOf('billing-payments', 'payments-a.csv')
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      actorUserId: superadminId,
      actorRole: 'SUPERADMIN',
      entityId: String(record!.id),
      after: { result: 'SUCCESS', rows: 4, applied: 4, totals: { amountPaise: 100_000_150_067 } },
    })
    expect(await credit(S1)).toBe(before + 150_050 + 100_000_000_000 + 10)
    expect(wakes).toContain('campaign-states')
  })

  it('refuses the same file a second time, naming every transaction id; balances unchanged', async () => {
    const file = csv('payments', [`${S3},TXN-B-1,10.00,${yesterday()}`, `${S3},TXN-B-2,20.00,${yesterday()}`])
    expect((await upload('payments', file, { name: 'payments-b.csv' })).status).toBe(200)
    const balance = await credit(S3)
    const { status, body, data } = await answer(await upload('payments', file, { name: 'payments-b.csv' }))
    expect(status).toBe(400)
    expect(data).toMatchObject({
      status: 'failure',
      result: 'REFUSED',
      applied: 0,
      invalidSellerIds: [],
      invalidTransactions: ['TXN-B-1', 'TXN-B-2'],
    })
    expect(body.message).toBe('Invalid Transactions : TXN-B-1, TXN-B-2')
    expect(body.errorMessageList[0]).toBe('Invalid Transactions : TXN-B-1, TXN-B-2')
    expect(data.errors).toEqual([
      { row: 2, column: 'Transaction Id', value: 'TXN-B-1', reason: 'Transaction Id is already recorded' },
      { row: 3, column: 'Transaction Id', value: 'TXN-B-2', reason: 'Transaction Id is already recorded' },
    ])
    expect(await credit(S3)).toBe(balance)
    expect((await paymentsOf([S3])).map((r) => r.amount)).toEqual([1000, 2000])
    const records = await uploadsNamed('payments-b.csv')
    expect(records.map((r) => r.status)).toEqual(['SUCCESS', 'FAILED'])
    expect(records[1]).toMatchObject({ rowCount: 2, totals: {} })
    expect(records[1]!.errors).toMatchObject({ invalidTransactions: ['TXN-B-1', 'TXN-B-2'] })
    const audits = await auditsOf('billing-payments', 'payments-b.csv')
    expect(audits.map((a) => (a.after as { result: string }).result).sort()).toEqual(['REFUSED', 'SUCCESS'])
  })

  it('lists unknown seller ids and repeated or recorded transaction ids, in file order; writes nothing', async () => {
    const { status, body, data } = await answer(
      await upload(
        'payments',
        csv('payments', [
          `${S4},TXN-C-1,1.00,${yesterday()}`,
          `${UNKNOWN},TXN-C-2,1.00,${yesterday()}`,
          `${S4},TXN-C-1,2.00,${yesterday()}`,
          `${S4},TXN-A-1,3.00,${yesterday()}`,
          `${UNKNOWN},TXN-C-3,1.00,${yesterday()}`,
          `981998,TXN-C-4,1.00,${yesterday()}`,
        ]),
        { name: 'payments-c.csv' },
      ),
    )
    expect(status).toBe(400)
    expect(data.invalidSellerIds).toEqual([String(UNKNOWN), '981998'])
    expect(data.invalidTransactions).toEqual(['TXN-C-1', 'TXN-A-1'])
    expect(body.message).toBe(
      `Invalid seller IDs : ${UNKNOWN}, 981998 Invalid Transactions : TXN-C-1, TXN-A-1`,
    )
    expect(body.errorMessageList.slice(0, 2)).toEqual([
      `Invalid seller IDs : ${UNKNOWN}, 981998`,
      'Invalid Transactions : TXN-C-1, TXN-A-1',
    ])
    expect(data.errors.map((e) => [e.row, e.column, e.reason])).toEqual([
      [3, 'Seller Id', 'Seller Id is not an advertiser (seller or brand) account'],
      [4, 'Transaction Id', 'Transaction Id is repeated in this file'],
      [5, 'Transaction Id', 'Transaction Id is already recorded'],
      [6, 'Seller Id', 'Seller Id is not an advertiser (seller or brand) account'],
      [7, 'Seller Id', 'Seller Id is not an advertiser (seller or brand) account'],
    ])
    expect(data.errorReport).toContain('Row,Column,Value,Reason')
    expect(await paymentsOf([S4])).toEqual([])
    const [record] = await uploadsNamed('payments-c.csv')
    expect(record).toMatchObject({ status: 'FAILED', kind: 'PAYMENT', uploadedBy: superadminId })
  })

  it('names a repeat in a later batch of a file already refused (every batch is checked)', async () => {
    const lines = [`${UNKNOWN},TXN-D-0,1.00,${yesterday()}`]
    // The unknown seller in the first batch, the repeat in the third.
    for (let i = 1; i <= 2 * BILLING_BATCH_ROWS + 100; i++) lines.push(`${S4},TXN-D-${i},1.00,${yesterday()}`)
    lines.push(`${S4},TXN-D-7,1.00,${yesterday()}`)
    const { status, data } = await answer(await upload('payments', csv('payments', lines)))
    expect(status).toBe(400)
    expect(data.invalidSellerIds).toEqual([String(UNKNOWN)])
    expect(data.invalidTransactions).toEqual(['TXN-D-7'])
    expect(await paymentsOf([S4])).toEqual([])
  })

  it('refuses malformed rows at their cells with the reasons, naming malformed seller ids', async () => {
    const tomorrow = addDays(today(), 1)
    const { status, data } = await answer(
      await upload(
        'payments',
        csv('payments', [
          `abc,TXN-E-1,1.00,${yesterday()}`,
          `0,TXN-E-2,1.00,${yesterday()}`,
          `${S4},TXN E 3,1.00,${yesterday()}`,
          `${S4},TXN-E-4,1500.505,${yesterday()}`,
          `${S4},TXN-E-5,0,${yesterday()}`,
          `${S4},TXN-E-6,-5,${yesterday()}`,
          `${S4},TXN-E-7,1e3,${yesterday()}`,
          `${S4},TXN-E-8,"1,000",${yesterday()}`,
          `${S4},TXN-E-9,1000000000.01,${yesterday()}`,
          `${S4},TXN-E-10,1.00,2026-02-30`,
          `${S4},TXN-E-11,1.00,${tomorrow}`,
          `${S4},TXN-E-12,1.00,${yesterday()},${'n'.repeat(201)}`,
          `${S4},,1.00,${yesterday()}`,
          `${S4},${'T'.repeat(65)},1.00,${yesterday()}`,
        ]),
      ),
    )
    expect(status).toBe(400)
    expect(data.refusal).toBe('ROWS')
    expect(data.errors.map((e) => [e.row, e.column, e.reason])).toEqual([
      [2, 'Seller Id', 'Seller Id must be a positive whole number'],
      [3, 'Seller Id', 'Seller Id must be a positive whole number'],
      [4, 'Transaction Id', 'Transaction Id must be 1 to 64 letters, digits or . _ / -'],
      [5, 'Amount', 'Amount must be in rupees with at most 2 decimals, e.g. 1500.50'],
      [6, 'Amount', 'Amount must be more than 0'],
      [7, 'Amount', 'Amount must be in rupees with at most 2 decimals, e.g. 1500.50'],
      [8, 'Amount', 'Amount must be in rupees with at most 2 decimals, e.g. 1500.50'],
      [9, 'Amount', 'Amount must be in rupees with at most 2 decimals, e.g. 1500.50'],
      [10, 'Amount', 'Amount must be at most ₹10,00,00,000 per row'],
      [11, 'Payment Date', 'Payment Date must be a date written YYYY-MM-DD'],
      [12, 'Payment Date', 'Payment Date cannot be in the future'],
      [13, 'Note', 'Must be at most 200 characters'],
      [14, 'Transaction Id', 'Transaction Id is required'],
      [15, 'Transaction Id', 'Transaction Id must be 1 to 64 letters, digits or . _ / -'],
    ])
    expect(data.invalidSellerIds).toEqual(['abc', '0'])
    expect(await paymentsOf([S4])).toEqual([])
  })

  it('keeps nothing when the last batch has an unknown seller after 2.5 batches of good rows', async () => {
    const good = Math.round(2.5 * BILLING_BATCH_ROWS)
    const lines: string[] = []
    for (let i = 1; i <= good; i++) lines.push(`${S4},TXN-F-${i},1.25,${yesterday()}`)
    lines.push(`${UNKNOWN},TXN-F-LAST,1.00,${yesterday()}`)
    const before = await credit(S4)
    const { status, data } = await answer(await upload('payments', csv('payments', lines), { name: 'f.csv' }))
    expect(status).toBe(400)
    expect(data).toMatchObject({ rows: good + 1, applied: 0, invalidSellerIds: [String(UNKNOWN)] })
    expect(data.errors).toEqual([
      {
        row: good + 2,
        column: 'Seller Id',
        value: String(UNKNOWN),
        reason: 'Seller Id is not an advertiser (seller or brand) account',
      },
    ])
    expect(await paymentsOf([S4])).toEqual([])
    expect(await credit(S4)).toBe(before)
    expect((await uploadsNamed('f.csv')).map((r) => r.status)).toEqual(['FAILED'])
    // The same rows without the bad one: all of them in one go.
    const ok = await answer(
      await upload('payments', csv('payments', lines.slice(0, good)), { name: 'f2.csv' }),
    )
    expect(ok.status).toBe(200)
    expect(ok.data.totals).toEqual({ amountPaise: good * 125 })
    expect(await credit(S4)).toBe(before + good * 125)
  })

  it('never double counts two uploads at the same time with a transaction id in common', async () => {
    const a = csv('payments', [`${S3},TXN-G-1,5.00,${yesterday()}`, `${S3},TXN-G-SHARED,7.00,${yesterday()}`])
    const b = csv('payments', [
      `${S3},TXN-G-2,11.00,${yesterday()}`,
      `${S3},TXN-G-SHARED,7.00,${yesterday()}`,
    ])
    const before = await credit(S3)
    const answers = await Promise.all([
      upload('payments', a, { name: 'g-a.csv' }).then(answer),
      upload('payments', b, { name: 'g-b.csv' }).then(answer),
    ])
    const statuses = answers.map((x) => x.status).sort()
    expect(statuses).toEqual([200, 400])
    const refused = answers.find((x) => x.status === 400)!
    expect(refused.data.invalidTransactions).toEqual(['TXN-G-SHARED'])
    const shared = await t.db.select().from(payments).where(eq(payments.transactionId, 'TXN-G-SHARED'))
    expect(shared).toHaveLength(1)
    const winner = answers.find((x) => x.status === 200)!
    expect(await credit(S3)).toBe(before + winner.data.totals.amountPaise!)
  })
})

describe('credit limits', () => {
  it('imports limits: at once when empty or today, from IST midnight of a later day; 0 allowed', async () => {
    const later = addDays(today(), 5)
    const response = await upload(
      'creditLimits',
      csv('creditLimits', [
        `${S1},250000.75,,Initial`,
        `${S2},0,${today()}`,
        `${S3},99.99,${later},Next week`,
      ]),
      { name: 'limits-a.csv' },
    )
    const { status, body, data } = await answer(response)
    expect(status).toBe(200)
    expect(body.message).toBe('Credit Limit successfully uploaded !')
    expect(data).toMatchObject({ status: 'success', applied: 3, totals: { amountPaise: 25_000_075 + 9_999 } })
    const rows = await t.db
      .select()
      .from(creditLimits)
      .where(inArray(creditLimits.sellerId, [S1, S2, S3]))
      .orderBy(asc(creditLimits.id))
    expect(rows.map((r) => [r.sellerId, r.creditLimit, r.effectiveFrom, r.note])).toEqual([
      [S1, 25_000_075, t.deps.now(), 'Initial'],
      [S2, 0, t.deps.now(), null],
      [S3, 9_999, istStartOfDay(later), 'Next week'],
    ])
    const [record] = await uploadsNamed('limits-a.csv')
    expect(record).toMatchObject({ kind: 'CREDIT_LIMIT', status: 'SUCCESS', rowCount: 3 })
    expect(new Set(rows.map((r) => r.uploadId))).toEqual(new Set([record!.id]))
    expect(await auditsOf('billing-credit-limits', 'limits-a.csv')).toHaveLength(1)
  })

  it('lets a later upload of today replace an earlier one of today', async () => {
    const before = await credit(S4)
    await upload('creditLimits', csv('creditLimits', [`${S4},100.00,`]))
    await upload('creditLimits', csv('creditLimits', [`${S4},40.00,${today()}`]))
    expect(await credit(S4)).toBe(before + 4_000)
  })

  it('refuses a past Effective From, a seller twice for the same day, and an unknown seller', async () => {
    const past = await answer(
      await upload('creditLimits', csv('creditLimits', [`${S1},1.00,${yesterday()}`])),
    )
    expect(past.status).toBe(400)
    expect(past.data.errors[0]).toMatchObject({
      row: 2,
      column: 'Effective From',
      reason: 'Effective From cannot be in the past',
    })
    const twice = await answer(
      await upload('creditLimits', csv('creditLimits', [`${S1},1.00,`, `${UNKNOWN},1.00,`, `${S1},2.00,`])),
    )
    expect(twice.status).toBe(400)
    expect(twice.data.invalidSellerIds).toEqual([String(UNKNOWN)])
    expect(twice.data.errors.map((e) => [e.row, e.column, e.reason])).toEqual([
      [3, 'Seller Id', 'Seller Id is not an advertiser (seller or brand) account'],
      [4, 'Seller Id', 'Seller Id has another Credit Limit for the same Effective From in this file'],
    ])
    expect(await t.db.select().from(creditLimits).where(eq(creditLimits.creditLimit, 200))).toEqual([])
  })
})

describe('promo credits', () => {
  it('imports grants with their validity and reason', async () => {
    const response = await upload(
      'promoCredits',
      csv('promoCredits', [
        `${S2},500.00,${yesterday()},${addDays(today(), 30)},Diwali`,
        `${S2},12.34,${today()},,`,
      ]),
      { name: 'promo-a.csv' },
    )
    const { status, body, data } = await answer(response)
    expect(status).toBe(200)
    expect(body.message).toBe('Promo Credit Details Saved Successfully !')
    expect(data.totals).toEqual({ amountPaise: 51_234 })
    const rows = await t.db
      .select()
      .from(promoCredits)
      .where(eq(promoCredits.sellerId, S2))
      .orderBy(asc(promoCredits.id))
    expect(rows.map((r) => [r.amount, r.validFrom, r.validTo, r.reason])).toEqual([
      [50_000, yesterday(), addDays(today(), 30), 'Diwali'],
      [1_234, today(), null, null],
    ])
    const [record] = await uploadsNamed('promo-a.csv')
    expect(record).toMatchObject({ kind: 'PROMO_CREDIT', status: 'SUCCESS', rowCount: 2 })
  })

  it('refuses Valid To before Valid From', async () => {
    const { status, data } = await answer(
      await upload('promoCredits', csv('promoCredits', [`${S2},1.00,${today()},${yesterday()}`])),
    )
    expect(status).toBe(400)
    expect(data.errors[0]).toMatchObject({
      row: 2,
      column: 'Valid To',
      reason: 'Valid To cannot be before Valid From',
    })
  })
})

describe('every file', () => {
  it.each(['creditLimits', 'payments', 'promoCredits'] as const)(
    '%s: refuses a wrong header (400, FAILED record, audit) and writes nothing',
    async (kind) => {
      const name = `header-${kind}.csv`
      const { status, body, data } = await answer(await upload(kind, `Seller,Amount\n${S1},1.00\n`, { name }))
      expect(status).toBe(400)
      expect(body.errorCode).toBe('INVALID_HEADER')
      expect(body.message).toMatch(/^Invalid header format: expected "/)
      expect(data).toMatchObject({ status: 'failure', refusal: 'HEADER', applied: 0 })
      const [record] = await uploadsNamed(name)
      expect(record).toMatchObject({ status: 'FAILED', rowCount: 0 })
      expect(
        await auditsOf(`billing-${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, name),
      ).toHaveLength(1)
    },
  )

  it('takes a text/csv body named by ?fileName, and refuses another file type', async () => {
    const ok = await t.request(`${path('promoCredits')}?fileName=promo-body.csv`, {
      method: 'POST',
      token: superadmin,
      headers: { 'content-type': 'text/csv' },
      body: csv('promoCredits', [`${S1},1.00,${today()}`]),
    })
    expect(ok.status).toBe(200)
    expect(await uploadsNamed('promo-body.csv')).toHaveLength(1)
    const txt = await upload('promoCredits', csv('promoCredits', [`${S1},1.00,${today()}`]), {
      name: 'p.txt',
    })
    expect(txt.status).toBe(400)
  })

  it('refuses a file over 25 MB with 413 while it streams', async () => {
    const big = generatedUpload({ totalBytes: 26_214_400 + 1_000_000 })
    const response = await t.request(path('payments'), {
      method: 'POST',
      token: superadmin,
      headers: { 'content-type': multipartContentType },
      body: big.stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect((await response.json()).message).toBe('File size exceeds 25MB limit')
  })

  it('answers 401 signed out or revoked, 403 for every other role', async () => {
    const file = csv('payments', [`${S1},TXN-H-1,1.00,${yesterday()}`])
    for (const kind of ['creditLimits', 'payments', 'promoCredits'] as const) {
      expect((await t.request(path(kind), { method: 'POST', body: file })).status).toBe(401)
      for (const email of [
        'ops@example.com',
        'seller@example.com',
        'brand@example.com',
        'agency@example.com',
      ]) {
        const response = await upload(kind, file, { token: await t.tokenFor(email) })
        expect(response.status).toBe(403)
      }
    }
    const [revoked] = await t.db
      .insert(users)
      .values({
        name: 'Revoked Billing Admin',
        email: 'billing-revoked@test.example',
        role: 'SUPERADMIN',
        accountStatus: 'APPROVED',
      })
      .returning()
    const token = await t.tokenFor(revoked!.email)
    await t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.id, revoked!.id))
    expect((await upload('payments', file, { token })).status).toBe(401)
    expect(await t.db.select().from(payments).where(eq(payments.transactionId, 'TXN-H-1'))).toEqual([])
  })
})

describe('after an import, credits change at once', () => {
  it('a seller at zero with a campaign paused for credit: payment → credit > 0 → the engine resumes it', async () => {
    const sellerId = 100_007
    const check = async () =>
      (
        await (
          await t.request(`${PAYMENTS_BASE}/payment/post-paid/check-available-credit?sellerId=${sellerId}`, {
            token: await t.tokenFor('seller-nocredit@example.com'),
          })
        ).json()
      ).data
    expect(await check()).toMatchObject({ totalAvailableCredit: 0, creditsEnabled: false })
    const campaign = await insertCampaign(t, {
      jmcampaignId: 9_810_001,
      name: 'Billing out of credit',
      sellerId,
      state: 2,
      status: 1,
    })
    // Without credit the engine leaves it paused.
    await applyCampaignStates(t.db, t.deps.now(), { campaignIds: [campaign.id] })
    const [paused] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))
    expect([paused!.state, paused!.status]).toEqual([2, 1])

    wakes.length = 0
    const response = await upload(
      'payments',
      csv('payments', [`${sellerId},TXN-NOCREDIT-1,2500.00,${today()}`]),
    )
    expect(response.status).toBe(200)
    expect(wakes).toEqual(['campaign-states'])
    expect(await check()).toMatchObject({ totalAvailableCredit: 250_000, creditsEnabled: true })
    await applyCampaignStates(t.db, t.deps.now(), { campaignIds: [campaign.id] })
    const [resumed] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))
    expect([resumed!.state, resumed!.status]).toEqual([1, 1])
  })
})

describe('reports write a formula note as text', () => {
  it('the credit limits report neutralises a note that starts with =', async () => {
    const note = '=HYPERLINK(""http://evil.example"",""x"")'
    expect((await upload('creditLimits', csv('creditLimits', [`${S1},1.00,,"${note}"`]))).status).toBe(200)
    const report = await t.request(`${PAYMENTS_BASE}/payment/test/generate_credit_report`, {
      token: superadmin,
    })
    expect(report.status).toBe(200)
    const text = await report.text()
    const line = text.split('\r\n').find((l) => l.startsWith(`${S1},`))
    expect(line).toContain(`'=HYPERLINK`)
  })
})
