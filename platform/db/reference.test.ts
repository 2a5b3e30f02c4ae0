import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client'
import { ensurePincodeDirectory } from './reference'
import { pincodes } from './schema'

let handle: DatabaseHandle
beforeAll(async () => {
  // A production-like database: migrated, nothing seeded.
  handle = await openDatabase({ memory: true })
})
afterAll(async () => {
  await handle.close()
})

describe('reference data on an unseeded database', () => {
  it('loads the whole pincode directory once', async () => {
    expect(await ensurePincodeDirectory(handle.db)).toBeGreaterThan(19_000)
    expect(await ensurePincodeDirectory(handle.db)).toBe(0)
    const [mumbai] = await handle.db.select().from(pincodes).where(eq(pincodes.pincode, 400001))
    expect(mumbai?.state.toLowerCase()).toContain('maharashtra')
  })
})
