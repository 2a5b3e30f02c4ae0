// The three billing uploads through the payment service (issue 13, docs/decisions/045): PGlite (and
// PostgreSQL with DATABASE_URL), real multipart bodies, the kit's one transaction.
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
import { PAYMENTS_BASE } from '.'
import { addDays, istDate, istStartOfDay } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { multipartBody, multipartContentType } from '../uploads/test-streams'
import { applyCampaignStates } from '../jobs/campaign-states'

let t: TestPlatform
let superadmin: string
let superadminId: number
const wakes: string[] = []

// Fresh advertisers of this file only (ids nobody else uses), so every sum below is exact.
const S1 = 981_001
const S2 = 981_002
const S3 = 981_003

beforeAll(async () => {
  t = await createTestPlatform()
  t.deps.wake = (job) => wakes.push(job)
  superadmin = await t.tokenFor('superadmin@example.com')
  superadminId = (await t.userByEmail('superadmin@example.com')).id
  await t.db.insert(accounts).values([
    { id: S1, kind: 'SELLER', name: 'Billing test seller one' },
    { id: S2, kind: 'BRAND', name: 'Billing test brand two' },
    { id: S3, kind: 'SELLER', name: 'Billing test seller three' },
  ])
}, 60_000)
afterAll(async () => {
  await t?.close()
})

const header = (kind: BillingUploadKind) => BILLING_UPLOADS[kind].columns.map((c) => c.header).join(',')
const today = () => istDate(t.deps.now())
const yesterday = () => addDays(today(), -1)

function upload(kind: BillingUploadKind, text: string, options: { token?: string; name?: string } = {}) {
  return t.request(`${PAYMENTS_BASE}/payment/post-paid/${BILLING_UPLOADS[kind].call}`, {
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

describe('payments', () => {
  it('imports a file: rows in paise, one billing_uploads row, the spec message', async () => {
    const response = await upload(
      'payments',
      csv('payments', [
        `${S1},TXN-A-1,1500.50,${yesterday()},First`,
        `${S2},TXN-A-2,0.07,${today()},`,
        `${S1},TXN-A-3,1000000000,${yesterday()}`,
      ]),
    )
    const { status, body, data } = await answer(response)
    expect(status).toBe(200)
    expect(body.message).toBe('Payment Details successfully updated !')
    expect(data).toMatchObject({
      status: 'success',
      applied: 3,
      rows: 3,
      invalidSellerIds: [],
      invalidTransactions: [],
    })
    expect(data.totals).toEqual({ amountPaise: 150_050 + 7 + 100_000_000_000 })
    const rows = await t.db
      .select()
      .from(payments)
      .where(inArray(payments.sellerId, [S1, S2]))
      .orderBy(asc(payments.transactionId))
    expect(rows.map((r) => [r.sellerId, r.transactionId, r.amount, r.note])).toEqual([
      [S1, 'TXN-A-1', 150_050, 'First'],
      [S2, 'TXN-A-2', 7, null],
      [S1, 'TXN-A-3', 100_000_000_000, null],
    ])
    expect(rows[0]!.paidAt).toEqual(istStartOfDay(yesterday()))
    const [record] = await t.db.select().from(billingUploads).where(eq(billingUploads.id, rows[0]!.uploadId!))
    expect(record).toMatchObject({
      kind: 'PAYMENT',
      fileName: 'payments.csv',
      uploadedBy: superadminId,
      rowCount: 3,
      status: 'SUCCESS',
      totals: { amountPaise: 100_000_150_057 },
    })
    expect(new Set(rows.map((r) => r.uploadId))).toEqual(new Set([record!.id]))
    expect(wakes).toContain('campaign-states')
  })
})
