// The one pg-boss configuration: the schema on the platform database and the SQL adapter, shared by the
// job runner (index.ts) and the failed-jobs calls (failed.ts), which use pg-boss without starting it.
import PgBoss from 'pg-boss'
import type { DatabaseHandle } from '../db/client'

export const JOB_SCHEMA = 'pgboss'

/**
 * How long a failed job stays in pg-boss's job table (where the admin list reads it and pg-boss's retry
 * can reach it) before pg-boss's maintenance moves it to the archive (decision 058). pg-boss's default
 * is 12 hours, shorter than a weekend.
 */
export const FAILED_JOB_KEEP_SECONDS = 7 * 24 * 60 * 60

export function bossOptions(database: Pick<DatabaseHandle, 'executeSql'>): PgBoss.ConstructorOptions {
  return {
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOB_SCHEMA,
  }
}

/**
 * Creates pg-boss's schema when the database has none; true when it did. pg-boss's start does the same,
 * but two processes starting at once on one PostgreSQL can both find it missing, and the second's
 * CREATE SCHEMA IF NOT EXISTS then fails with a duplicate key in pg_namespace (seen in CI: the second
 * web process of the scale-out test died at start). The server runs this inside the start-up lock
 * (prepareDatabase's `prepare`), so one process creates it and the others find it there; pg-boss's
 * start then only checks its version.
 */
export async function installJobSchema(database: Pick<DatabaseHandle, 'executeSql'>): Promise<boolean> {
  const { rows } = await database.executeSql(`select to_regclass('${JOB_SCHEMA}.version') as name`)
  if (rows[0]?.name) return false
  await database.executeSql(PgBoss.getConstructionPlans(JOB_SCHEMA))
  return true
}

/**
 * A pg-boss client for commands only (retry, send, fail): never started, so it runs no workers and no
 * maintenance; each command is one SQL statement through the adapter.
 */
export function bossClient(database: Pick<DatabaseHandle, 'executeSql'>): PgBoss {
  return new PgBoss(bossOptions(database))
}

/** A queue's retry policy (pg-boss's retryLimit, retryDelay, retryBackoff). */
export type JobRetry = { limit: number; delaySeconds: number; backoff?: boolean }

/**
 * The retry policies (decision 058). A per-minute job retries twice, 15–30 s and then 30–60 s later, so
 * a passing fault (a deadlock, a restart of the database) does not wait for the next tick to be seen
 * as one; the hourly ones three times from a minute apart; the simulator twice from a minute.
 */
export const RETRY_EVERY_MINUTE: JobRetry = { limit: 2, delaySeconds: 15, backoff: true }
export const RETRY_HOURLY: JobRetry = { limit: 3, delaySeconds: 60, backoff: true }
export const RETRY_EVERY_TEN_MINUTES: JobRetry = { limit: 2, delaySeconds: 60, backoff: true }
