// Start-up analyses only what changed: a table never analysed or grown since its last ANALYZE is stale,
// and after the refresh nothing is (so a restart on unchanged data skips the ANALYZE). Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing/template'
import type { DatabaseHandle } from './client'
import { refreshStaleStatistics, refreshStatistics, staleTables } from './statistics'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
  await refreshStatistics(database)
})
afterAll(() => database?.close())

const plannedRows = async () =>
  Number(
    (
      await database.executeSql(
        `select reltuples from pg_class where oid = 'public.stat_probe'::regclass`,
        [],
      )
    ).rows[0]?.reltuples,
  )

describe('planner statistics at start-up', () => {
  it('finds nothing stale right after a full ANALYZE', async () => {
    expect(await staleTables(database)).toEqual([])
    expect((await refreshStaleStatistics(database)).tables).toBe(0)
  })

  it('analyses a new table, then again only once it has grown, and the planner sees its rows', async () => {
    await database.executeSql(
      'create table stat_probe (id int, label text); insert into stat_probe select g, md5(g::text) from generate_series(1, 20000) g',
    )
    expect(await staleTables(database)).toEqual(['public.stat_probe'])
    expect((await refreshStaleStatistics(database)).tables).toBe(1)
    expect(await plannedRows()).toBe(20000)
    expect(await staleTables(database)).toEqual([])

    // A few rows more: not worth an ANALYZE at start-up (the hourly job takes them).
    await database.executeSql('insert into stat_probe select g, md5(g::text) from generate_series(1, 50) g')
    expect(await staleTables(database)).toEqual([])

    // Doubled: stale again, and the refresh brings the planner up to date.
    await database.executeSql(
      'insert into stat_probe select g, md5(g::text) from generate_series(1, 20000) g',
    )
    expect(await staleTables(database)).toEqual(['public.stat_probe'])
    await refreshStaleStatistics(database)
    expect(await plannedRows()).toBe(40050)
  })
})
