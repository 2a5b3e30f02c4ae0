// Planner statistics and vacuuming. PostgreSQL's autovacuum keeps both; PGlite has no autovacuum.
// Without statistics its planner re-aggregates campaign facts once per campaign (quadratic): measured
// with 10,000 campaigns × 90 days, the spend sort took 372 s instead of 0.3 s (docs/decisions/013).
// Without VACUUM nothing is ever marked all-visible, so an index-only scan must visit the table for
// every row and the planner scans the table instead: the home stats' count of 10,000 campaigns took
// 38 ms instead of 11 ms on the bench data, and dead rows were never reclaimed (decision 068).
import type { DatabaseHandle } from './client'

type Sql = Pick<DatabaseHandle, 'executeSql' | 'kind'>

/** The maintenance statement: VACUUM (ANALYZE) on the embedded database, ANALYZE where autovacuum runs. */
const maintain = (database: Sql) => (database.kind === 'pglite' ? 'VACUUM (ANALYZE)' : 'ANALYZE')

/** Refreshes the planner statistics of every table (and vacuums the embedded database); returns the ms. */
export async function refreshStatistics(database: Sql): Promise<number> {
  const started = Date.now()
  await database.executeSql(maintain(database))
  return Date.now() - started
}

/**
 * The tables whose statistics are missing or out of date: never analysed, or whose size on disk has moved
 * by more than a tenth (and at least 8 pages) since their last ANALYZE recorded it. PGlite keeps no
 * modification counters across restarts (n_mod_since_analyze is always 0 there), so size is the signal
 * both databases share; the hourly job still analyses everything.
 */
export async function staleTables(database: Sql): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
        and (c.reltuples < 0
             or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
                > greatest(8, c.relpages / 10))
      order by 1`,
    [],
  )
  return rows.map((row) => String(row.name))
}

/**
 * Analyses (and on the embedded database vacuums) only the stale tables: start-up after a restore or a
 * bulk load; a restart on unchanged data skips it.
 */
export async function refreshStaleStatistics(database: Sql): Promise<{ ms: number; tables: number }> {
  const started = Date.now()
  const tables = await staleTables(database)
  if (tables.length > 0) await database.executeSql(`${maintain(database)} ${tables.join(', ')}`)
  return { ms: Date.now() - started, tables: tables.length }
}
