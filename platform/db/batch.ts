import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core'
import type { Tx } from './client'

export const BATCH_SIZE = 1000

/** Multi-row inserts of at most BATCH_SIZE rows each (keeps statements under the parameter limit). */
export async function insertBatches<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[]) {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await tx.insert(table).values(rows.slice(i, i + BATCH_SIZE))
  }
}
