// Reference data every deployment needs, demo or not: the Indian pincode directory.
import { sql } from 'drizzle-orm'
import { insertBatches } from './batch'
import type { Database } from './client'
import { pincodes } from './schema'
import { loadPincodeDirectory } from './seed/pincodes'

/** Loads the pincode directory into an empty pincodes table; returns how many rows it inserted. */
export async function ensurePincodeDirectory(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(pincodes)
  if ((row?.n ?? 0) > 0) return 0
  const rows = loadPincodeDirectory()
  await db.transaction(async (tx) => insertBatches(tx, pincodes, rows))
  return rows.length
}
