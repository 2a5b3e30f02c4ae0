// Credit limits, payments and promotional credits for the advertisers, sized from what their
// campaigns spent so that available credit (limit in force + promo credits + payments − spend)
// stays at or above zero, except for the one demo seller who has used up everything.
import type { billingUploads, creditLimits, payments, promoCredits } from '../schema'
import { brandAccounts, sellerAccounts } from './catalog-data'
import { Random } from './random'
import { addDays, istDate, istStartOfDay } from '../../rules/time'

/** seller-nocredit@example.com's account: available credit exactly 0. */
export const NO_CREDIT_SELLER_ID = 100007

export interface BillingPlan {
  uploadRows: (typeof billingUploads.$inferInsert)[]
  creditLimitRows: (typeof creditLimits.$inferInsert)[]
  paymentRows: (typeof payments.$inferInsert)[]
  promoCreditRows: (typeof promoCredits.$inferInsert)[]
  /** Available credit per advertiser that has billing rows, paise. */
  available: Map<number, number>
}

const rupees = (r: number) => r * 100
const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step
const floorTo = (value: number, step: number) => Math.floor(value / step) * step

export function buildBilling({
  seed,
  now,
  spendByAdvertiser,
  uploadedBy,
}: {
  seed: number
  now: Date
  spendByAdvertiser: Map<number, number>
  uploadedBy: number
}): BillingPlan {
  const rng = Random.derived(seed, 'billing')
  const today = istDate(now)
  const at = (daysAgo: number, hour: number) =>
    new Date(istStartOfDay(addDays(today, -daysAgo)).getTime() + hour * 3_600_000)
  const plan: BillingPlan = {
    uploadRows: [],
    creditLimitRows: [],
    paymentRows: [],
    promoCreditRows: [],
    available: new Map(),
  }

  // Upload batches the rows point at (as if the super admin had uploaded CSV files).
  const uploads = {
    initialLimits: {
      id: 1,
      kind: 'CREDIT_LIMIT',
      fileName: 'CreditLimit_initial.csv',
      uploadedAt: at(120, 11),
    },
    revisedLimits: {
      id: 2,
      kind: 'CREDIT_LIMIT',
      fileName: 'CreditLimit_revision.csv',
      uploadedAt: at(30, 15),
    },
    promos: { id: 3, kind: 'PROMO_CREDIT', fileName: 'PromoCredits_festive.csv', uploadedAt: at(45, 12) },
    paymentsOld: { id: 4, kind: 'PAYMENT', fileName: 'Payments_batch1.csv', uploadedAt: at(60, 17) },
    paymentsNew: { id: 5, kind: 'PAYMENT', fileName: 'Payments_batch2.csv', uploadedAt: at(7, 17) },
    failed: { id: 6, kind: 'PAYMENT', fileName: 'Payments_batch2_draft.csv', uploadedAt: at(8, 16) },
  } as const
  const counts = new Map<number, number>()
  const count = (uploadId: number) => counts.set(uploadId, (counts.get(uploadId) ?? 0) + 1)

  const advertisers = [...sellerAccounts.map((s) => s.id), ...brandAccounts.map((b) => b.id)]
  let transaction = 0
  let creditId = 0
  let paymentId = 0
  let promoId = 0
  for (const id of advertisers) {
    const spend = spendByAdvertiser.get(id) ?? 0
    // A few advertisers that never ran a campaign have no billing yet.
    if (spend === 0 && id !== 100006 && rng.chance(0.35)) continue

    let limit: number
    let promos: number[]
    let paid: number[]
    if (id === NO_CREDIT_SELLER_ID) {
      limit = floorTo(spend * 0.5, rupees(100))
      promos = [Math.min(rupees(1000), spend - limit)]
      paid = [spend - limit - promos[0]!]
    } else {
      limit = ceilTo(Math.max(spend * rng.float(0.4, 0.9), rupees(10_000)), rupees(5000))
      promos = Array.from({ length: rng.int(0, 2) }, () =>
        ceilTo(rng.int(rupees(500), rupees(5000)), rupees(100)),
      )
      const margin = rng.int(rupees(2000), rupees(50_000))
      const owed = Math.max(0, spend + margin - limit - promos.reduce((a, b) => a + b, 0))
      const parts = owed === 0 ? (rng.chance(0.5) ? 1 : 0) : rng.int(1, 4)
      paid = Array.from({ length: parts }, () =>
        ceilTo(Math.max(owed / parts, rupees(rng.int(1000, 5000))), rupees(100)),
      )
    }

    if (rng.chance(0.5) || id === NO_CREDIT_SELLER_ID) {
      // An older, smaller limit superseded by the one in force.
      creditId += 1
      plan.creditLimitRows.push({
        id: creditId,
        sellerId: id,
        creditLimit: Math.max(0, floorTo(limit * 0.6, rupees(1000))),
        effectiveFrom: uploads.initialLimits.uploadedAt,
        uploadId: uploads.initialLimits.id,
      })
      count(uploads.initialLimits.id)
      creditId += 1
      plan.creditLimitRows.push({
        id: creditId,
        sellerId: id,
        creditLimit: limit,
        effectiveFrom: uploads.revisedLimits.uploadedAt,
        uploadId: uploads.revisedLimits.id,
      })
      count(uploads.revisedLimits.id)
    } else {
      creditId += 1
      plan.creditLimitRows.push({
        id: creditId,
        sellerId: id,
        creditLimit: limit,
        effectiveFrom: uploads.initialLimits.uploadedAt,
        uploadId: uploads.initialLimits.id,
      })
      count(uploads.initialLimits.id)
    }
    for (const amount of promos) {
      if (amount <= 0) continue
      promoId += 1
      plan.promoCreditRows.push({
        id: promoId,
        sellerId: id,
        amount,
        validFrom: addDays(today, -45),
        validTo: rng.chance(0.5) ? null : addDays(today, rng.int(15, 120)),
        reason: rng.pick(['Festive season bonus', 'Welcome credit', 'Service recovery goodwill']),
        uploadId: uploads.promos.id,
      })
      count(uploads.promos.id)
    }
    paid.forEach((amount, i) => {
      if (amount <= 0) return
      const recent = i % 2 === 1
      const upload = recent ? uploads.paymentsNew : uploads.paymentsOld
      const paidDaysAgo = recent ? rng.int(8, 25) : rng.int(61, 110)
      transaction += rng.int(1, 40)
      paymentId += 1
      plan.paymentRows.push({
        id: paymentId,
        sellerId: id,
        transactionId: `TXN${addDays(today, -paidDaysAgo).replaceAll('-', '')}${String(700000 + transaction)}`,
        amount,
        paidAt: at(paidDaysAgo, rng.int(10, 18)),
        uploadId: upload.id,
      })
      count(upload.id)
    })
    const promoTotal = promos.reduce((a, b) => a + Math.max(0, b), 0)
    const paidTotal = paid.reduce((a, b) => a + Math.max(0, b), 0)
    plan.available.set(id, limit + promoTotal + paidTotal - spend)
  }

  for (const u of Object.values(uploads)) {
    const failed = u.id === uploads.failed.id
    plan.uploadRows.push({
      id: u.id,
      kind: u.kind,
      fileName: u.fileName,
      uploadedBy,
      uploadedAt: u.uploadedAt,
      rowCount: failed ? 3 : (counts.get(u.id) ?? 0),
      status: failed ? 'FAILED' : 'SUCCESS',
      errors: failed ? { invalidSellerIds: ['999999'], invalidTransactions: ['TXN-DUPLICATE-1'] } : null,
    })
  }
  return plan
}
