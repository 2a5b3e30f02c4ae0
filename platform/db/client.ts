// Opens the platform's database: embedded PGlite on disk by default, PostgreSQL when DATABASE_URL is set.
// Both run the same Drizzle schema and the same SQL migrations.
// On-disk PGlite runs in a process of its own, reached over a UNIX socket with node-postgres, so its
// queries never block the event loop that serves pages (decision 057); PGLITE_IN_PROCESS=1 keeps it in
// this process. In-memory databases and test templates (loadDataDir) stay in this process.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { projectPath } from '../paths'
import { lockDataDir } from './data-dir-lock'
import { startPgliteEarly } from './early-start'
import type { PgliteProcess } from './pglite-process'
import { CHILD_POOL_SIZE } from './pglite-protocol'
import * as schema from './schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
/** A Drizzle transaction or the database itself: what a function that writes takes. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0] | Database

export type SqlResult = { rows: Record<string, unknown>[] }

export interface DatabaseHandle {
  /**
   * Which database: the embedded one (wherever it runs: one session, no autovacuum, 'postgres'
   * superuser) or PostgreSQL. Code that branches on the database reads this.
   */
  kind: 'pglite' | 'postgres'
  /**
   * How this process reaches it: PGlite's own driver (in-process PGlite) or node-postgres (PostgreSQL,
   * and PGlite in its own process). Only what depends on the driver reads this (the migrator).
   */
  driver: 'pglite' | 'node-postgres'
  db: Database
  /** Raw SQL, for pg-boss and maintenance. Without values, multi-statement scripts are allowed. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>
  ping(): Promise<boolean>
  close(): Promise<void>
  /** In-process PGlite only: a tarball of the data directory (test templates). */
  dump?(): Promise<Blob>
  /**
   * How another thread of this process opens a pool of its own to the same database (the console's
   * render threads, server/render-threads.ts): PostgreSQL, and PGlite in its own process. Absent for
   * in-process PGlite, which only this thread can reach.
   */
  shared?: SharedConnection
}

/** node-postgres pool settings another thread can open (plain data: it crosses to a worker thread). */
export type SharedConnection = { kind: DatabaseHandle['kind']; pool: pg.PoolConfig }

/**
 * A render thread's pool holds at most this many connections, fewer than the main thread's
 * (DATABASE_POOL_SIZE): it only answers page reads, of which the admission gate lets a few run at
 * once, and with up to 3 threads in each of two web processes PostgreSQL's 100 connections stay far.
 */
export const SHARED_POOL_MAX = 5

/** The pool settings a render thread opens: the main thread's, its size capped at SHARED_POOL_MAX. */
export function sharedPoolConfig(shared: SharedConnection): pg.PoolConfig {
  return { ...shared.pool, max: Math.min(shared.pool.max ?? SHARED_POOL_MAX, SHARED_POOL_MAX) }
}

/** A pool of this thread's own to the database another thread opened (no migration: that one did). */
export function openShared(shared: SharedConnection): DatabaseHandle {
  return poolHandle(sharedPoolConfig(shared), {
    kind: shared.kind,
    poolError: 'database connection error (render thread)',
  })
}

export { DataDirLockedError, isAlive, lockDataDir } from './data-dir-lock'

export const migrationsFolder = projectPath('platform/db/migrations')

export interface OpenOptions {
  /** postgres://… ; when set, PostgreSQL is used and dataDir is ignored for the database. */
  databaseUrl?: string
  /** Directory that holds the embedded database (under <dataDir>/pglite). */
  dataDir?: string
  /** A PGlite data-directory tarball to start from (test templates). */
  loadDataDir?: Blob
  /** Run migrations after opening (default true). */
  migrate?: boolean
  /** Take the data-directory lock (default true for on-disk PGlite). */
  lock?: boolean
  /** In-memory PGlite (tests). */
  memory?: boolean
  /**
   * The embedded database's process, already started under the data directory's lock (server/index.ts
   * starts it before loading the rest of the server): opened instead of locking and starting one here.
   */
  started?: StartedPglite
}

/** A database process started early (platform/db/early-start.ts) and the lock it was started under. */
export type StartedPglite = {
  root: string
  dataDir: string
  unlock: () => void
  child: Promise<PgliteProcess>
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options)
  if (options.migrate !== false) await migrateDatabase(handle)
  return handle
}

export async function migrateDatabase(handle: DatabaseHandle) {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder })
  } else {
    await migratePg(handle.db as Parameters<typeof migratePg>[0], { migrationsFolder })
  }
}

async function openPglite(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.started || (!options.memory && !options.loadDataDir && process.env.PGLITE_IN_PROCESS !== '1')) {
    const started = options.started ?? startPgliteEarly(options.dataDir, options.lock !== false)
    try {
      return await openPgliteProcess(started)
    } catch (error) {
      started.unlock()
      throw error
    }
  }
  let unlock = () => {}
  let dataDir: string | undefined
  if (!options.memory) {
    const root = path.resolve(options.dataDir ?? 'data')
    if (options.lock !== false) unlock = lockDataDir(root)
    dataDir = path.join(root, 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  let client: PGlite
  try {
    client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, relaxedDurability: false })
  } catch (error) {
    unlock()
    throw error
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database
  let closed = false
  return {
    kind: 'pglite',
    driver: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values)
        return { rows: result.rows as Record<string, unknown>[] }
      }
      const results = await client.exec(text)
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] }
    },
    async ping() {
      await client.query('select 1')
      return true
    },
    async dump() {
      return client.dumpDataDir('none')
    },
    async close() {
      if (closed) return
      closed = true
      try {
        if (dataDir) await client.exec('CHECKPOINT')
        await client.close()
      } finally {
        unlock()
      }
    },
  }
}

/**
 * PGlite in a process of its own, served on a UNIX socket in the data directory: the same pool, Drizzle
 * driver and migrator as PostgreSQL. One connection (CHILD_POOL_SIZE says why), kept open
 * (idleTimeoutMillis 0) so the database process's one slot is not given up between bursts, and unref'd
 * while idle (allowExitOnIdle). This process
 * keeps the lock; close() ends the pool, then the database process (CHECKPOINT, close), then unlocks.
 */
async function openPgliteProcess({ child: starting, unlock }: StartedPglite): Promise<DatabaseHandle> {
  const child = await starting
  return poolHandle(
    {
      host: child.socketDir,
      port: child.port,
      user: 'postgres',
      database: 'postgres',
      max: CHILD_POOL_SIZE,
      idleTimeoutMillis: 0,
      // An idle connection does not keep a script alive (in-process PGlite never did).
      allowExitOnIdle: true,
    },
    {
      kind: 'pglite',
      poolError: 'embedded database connection error',
      async afterEnd() {
        try {
          await child.close()
        } finally {
          unlock()
        }
      },
    },
  )
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  return poolHandle(
    { connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
    { kind: 'postgres', poolError: 'postgres pool error' },
  )
}

/** A node-postgres pool as a handle: PostgreSQL, or PGlite in its own process. */
function poolHandle(
  config: pg.PoolConfig,
  options: { kind: DatabaseHandle['kind']; poolError: string; afterEnd?: () => Promise<void> },
): DatabaseHandle {
  const shared: SharedConnection = {
    kind: options.kind,
    pool: Object.fromEntries(Object.entries(config).filter(([, value]) => typeof value !== 'function')),
  }
  const pool = new pg.Pool(config)
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 'error', msg: options.poolError, error: error.message })),
  )
  const db = drizzlePg({ client: pool, schema }) as unknown as Database
  let closed = false
  return {
    kind: options.kind,
    driver: 'node-postgres',
    db,
    shared,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined)
      const last = Array.isArray(result) ? result.at(-1) : result
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] }
    },
    async ping() {
      await pool.query('select 1')
      return true
    },
    async close() {
      if (closed) return
      closed = true
      try {
        await pool.end()
      } finally {
        await options.afterEnd?.()
      }
    },
  }
}
