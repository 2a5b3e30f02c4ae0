// What a server does to its database before it answers anyone: open (and migrate), seed the demo data
// into an empty database, load the reference data, create the job schema, refresh the planner statistics.
// Several processes may start at once on one PostgreSQL (scale-out, decision 054): they take turns here
// under a session advisory lock, so one migrates and seeds and the others find the work done. Drizzle's
// migrator and the seed are not safe to run twice at the same time (two CREATE TABLEs, two seeds).
// PGlite needs no lock: one process owns its data directory (lockDataDir).
import pg from 'pg'
import { type DatabaseHandle, type OpenOptions, openDatabase } from './client'
import { ensurePincodeDirectory } from './reference'
import { isDatabaseEmpty, seedDemo } from './seed'
import { refreshStaleStatistics } from './statistics'

/** The advisory lock key of start-up preparation ('adcstart' as an int). */
export const STARTUP_LOCK_KEY = 0x61646373

/** Runs `work` while holding the start-up lock of the PostgreSQL at `databaseUrl` (no lock without one). */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
    return await work()
  } finally {
    // Ending the session releases the lock even if the unlock itself fails.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined)
    await client.end().catch(() => undefined)
  }
}

export interface PrepareOptions extends OpenOptions {
  /** Seed the demo data when the database has no users yet. */
  seedDemo?: boolean
  log?: (msg: string, fields?: Record<string, unknown>) => void
  /**
   * More of the database to set up once, before anyone is served, under the same lock (the server:
   * pg-boss's schema). Runs after the migrations and the seed.
   */
  prepare?: (database: DatabaseHandle) => Promise<unknown>
}

/** Opens, migrates and prepares the database, one process at a time on PostgreSQL. */
export async function prepareDatabase(options: PrepareOptions): Promise<DatabaseHandle> {
  const log = options.log ?? (() => {})
  return withStartupLock(options.databaseUrl, async () => {
    const database = await openDatabase(options)
    try {
      if (options.seedDemo && (await isDatabaseEmpty(database.db))) {
        log('empty database: seeding demo data (first start only)')
        const seeded = Date.now()
        await seedDemo(database.db, { log: (msg) => log(msg) })
        log('demo data seeded', { ms: Date.now() - seeded })
      }
      const loadedPincodes = await ensurePincodeDirectory(database.db)
      if (loadedPincodes) log('pincode directory loaded', { pincodes: loadedPincodes })
      await options.prepare?.(database)
      // Fresh planner statistics before the first request (PGlite has no autovacuum; decision 013).
      log('planner statistics refreshed', await refreshStaleStatistics(database))
      return database
    } catch (error) {
      await database.close().catch(() => undefined)
      throw error
    }
  })
}
