// For the property tests of the sums kept by triggers (seller_campaign_states, seller_spend): a test
// database of the file's own, SQL by text, the first two advertisers, and the probe campaigns a run made
// picked by position.
import fc from 'fast-check'
import { afterAll, beforeAll, expect } from 'vitest'
import type { DatabaseHandle } from '../db/client'
import { openTestDatabase } from './template'

export function probeCampaigns(name: string) {
  const state = {} as { database: DatabaseHandle; sellers: number[] }
  const sql = async (text: string, values: unknown[] = []) =>
    (await state.database.executeSql(text, values)).rows
  beforeAll(async () => {
    state.database = await openTestDatabase()
    state.sellers = (await sql(`select id from accounts order by id limit 2`)).map((row) => Number(row.id))
  })
  afterAll(() => state.database?.close())

  /** The probe campaigns (those named `name`) picked by position, modulo their number, as ids. */
  async function probeIds(picks: number[]) {
    const ids = (await sql(`select id from campaigns where name = $1 order by id`, [name])).map((row) =>
      Number(row.id),
    )
    return ids.length === 0 ? [] : [...new Set(picks.map((pick) => ids[pick % ids.length]!))]
  }

  /**
   * The property: after any run of up to 12 writes, and after the run's probe campaigns are deleted,
   * `mismatches` (rows where the kept sums and a sum of the source disagree) finds none. 40 runs.
   */
  async function keptThroughEveryRun<W>(
    write: fc.Arbitrary<W>,
    apply: (step: W) => Promise<unknown>,
    mismatches: () => Promise<unknown[]>,
  ) {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) await apply(step)
        expect(await mismatches()).toEqual([])
        await sql(`delete from campaigns where name = $1`, [name])
        expect(await mismatches()).toEqual([])
      }),
      { numRuns: 40 },
    )
  }

  return {
    sql,
    probeIds,
    keptThroughEveryRun,
    /** The test database (after beforeAll). */
    get database() {
      return state.database
    },
    /** The first two advertiser accounts by id (after beforeAll). */
    get sellers() {
      return state.sellers
    },
  }
}
