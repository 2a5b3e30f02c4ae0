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

  it('vacuums the embedded database (no autovacuum there): its pages become all-visible, so index-only scans stay so', async () => {
    await database.executeSql(
      'create table vacuum_probe (id int primary key, n int); insert into vacuum_probe select g, g from generate_series(1, 20000) g',
    )
    const visible = async () =>
      (
        await database.executeSql(
          `select relpages, relallvisible from pg_class where oid = 'public.vacuum_probe'::regclass`,
          [],
        )
      ).rows[0] as { relpages: number; relallvisible: number }
    expect((await visible()).relallvisible).toBe(0)
    await refreshStaleStatistics(database)
    const after = await visible()
    expect(after.relpages).toBeGreaterThan(0)
    if (database.kind === 'pglite') {
      expect(after.relallvisible).toBe(after.relpages)
      const plan = (
        await database.executeSql(
          'explain (analyze, costs off) select count(*) from vacuum_probe where id < 1000',
          [],
        )
      ).rows.map((r) => String(Object.values(r)[0]))
      expect(plan.join('\n')).toMatch(/Heap Fetches: 0/)
    } else {
      // PostgreSQL: ANALYZE only; autovacuum sets the visibility map in its own time.
      expect(after.relallvisible).toBeLessThanOrEqual(after.relpages)
    }
  })
})
