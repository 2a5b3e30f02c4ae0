// Test support: a CSV consumer that writes into a real table (promotional credits by seller id, amounts
// in whole rupees), for the upload kit's tests on both sides of the boundary.
import { z } from 'zod/v4'
import { insertBatches } from '../db/batch'
import { promoCredits } from '../db/schema'
import type { CsvConsumer } from './csv-import'

export type PromoRow = { sellerId: number; amount: number }

/** `name` is the audit record's entity type, so each test can find its own imports. */
export const promoCreditsConsumer = (name: string): CsvConsumer<PromoRow> => ({
  name,
  columns: [
    { header: 'Seller Id', key: 'sellerId' },
    { header: 'Amount', key: 'amount' },
  ],
  rowSchema: z.object({
    sellerId: z.string().regex(/^\d+$/, 'ID is invalid').transform(Number),
    amount: z.string().regex(/^\d+$/, 'Amount must be whole rupees').transform(Number),
  }),
  async apply(tx, rows) {
    await insertBatches(
      tx,
      promoCredits,
      rows.map((row) => ({
        sellerId: row.sellerId,
        amount: row.amount * 100,
        validFrom: '2026-11-01',
        reason: 'test',
      })),
    )
  },
  totals: (rows) => ({ amountRupees: rows.reduce((sum, row) => sum + row.amount, 0) }),
})
