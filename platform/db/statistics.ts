// Planner statistics. PostgreSQL's autovacuum keeps them; PGlite has no autovacuum, and without
// statistics its planner re-aggregates campaign facts once per campaign (quadratic): measured with
// 10,000 campaigns × 90 days, the spend sort took 372 s instead of 0.3 s (docs/decisions/013).
import type { DatabaseHandle } from './client'

type Sql = Pick<DatabaseHandle, 'executeSql'>

/** Refreshes the planner statistics of every table; returns how long it took (ms). */
export async function refreshStatistics(database: Sql): Promise<number> {
  const started = Date.now()
  await database.executeSql('ANALYZE')
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

/** Analyses only the stale tables (start-up: a restart on unchanged data skips the whole ANALYZE). */
export async function refreshStaleStatistics(database: Sql): Promise<{ ms: number; tables: number }> {
  const started = Date.now()
  const tables = await staleTables(database)
  if (tables.length > 0) await database.executeSql(`ANALYZE ${tables.join(', ')}`)
  return { ms: Date.now() - started, tables: tables.length }
}
