// Planner statistics. PostgreSQL's autovacuum keeps them; PGlite has no autovacuum, and without
// statistics its planner re-aggregates campaign facts once per campaign (quadratic): measured with
// 10,000 campaigns × 90 days, the spend sort took 372 s instead of 0.3 s (docs/decisions/013).
import type { DatabaseHandle } from './client'

/** Refreshes the planner statistics of every table; returns how long it took (ms). */
export async function refreshStatistics(database: Pick<DatabaseHandle, 'executeSql'>): Promise<number> {
  const started = Date.now()
  await database.executeSql('ANALYZE')
  return Date.now() - started
}
