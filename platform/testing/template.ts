// Test databases: migrate and seed once per run (a template), then give each test file its own copy.
// PGlite: a dumped data directory loaded in memory. PostgreSQL (DATABASE_URL): CREATE DATABASE … TEMPLATE.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { type DatabaseHandle, migrationsFolder, openDatabase } from '../db/client'
import { seedDemo } from '../db/seed'
import { projectPath } from '../paths'

export const PG_TEMPLATE_DB = 'adc_test_template'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

/** Changes when migrations, the seed or the day change: then the cached template is rebuilt. */
function templateKey(): string {
  const hash = createHash('sha256')
  for (const file of [
    ...filesUnder(migrationsFolder),
    ...filesUnder(projectPath('platform/db/seed')),
  ].sort()) {
    hash.update(file).update(readFileSync(file))
  }
  hash.update(new Date().toISOString().slice(0, 10))
  return hash.digest('hex').slice(0, 16)
}

/** Builds (or reuses) the PGlite template tarball; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = projectPath('.tmp/test-db')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `template-${templateKey()}.tar`)
  if (existsSync(file)) return file
  const handle = await openDatabase({ memory: true })
  await seedDemo(handle.db)
  const dump = await handle.dump!()
  await handle.close()
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
  return file
}

export function adminUrl(databaseUrl: string, database = 'postgres') {
  const url = new URL(databaseUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Rebuilds the PostgreSQL template database from scratch. */
export async function ensurePostgresTemplate(databaseUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
  await admin.connect()
  try {
    await dropDatabase(admin, PG_TEMPLATE_DB)
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`)
  } finally {
    await admin.end()
  }
  const handle = await openDatabase({ databaseUrl: adminUrl(databaseUrl, PG_TEMPLATE_DB) })
  await seedDemo(handle.db)
  await handle.close()
}

/** Runs `work`, trying again for up to 5 s while it fails with the PostgreSQL error `code`. */
async function retryingOn<T>(code: string, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if ((error as { code?: string }).code !== code || attempt >= 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

/**
 * DROP DATABASE … WITH (FORCE) through `admin` (a client on another database). FORCE ends the other
 * sessions on it, but a non-superuser may not end an autovacuum worker (42501, "must be a member of the
 * role whose process is being terminated"): the worker finishes within moments, so try again briefly.
 */
export async function dropDatabase(admin: Pick<pg.Client, 'query'>, name: string) {
  await retryingOn('42501', () => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
}

/** A fresh database for one test file, a copy of the seeded template. Close it when done. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const name = `adc_test_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
    await admin.connect()
    try {
      // 55006: another session (an autovacuum worker) is on the template for a moment; try again briefly.
      await retryingOn('55006', () => admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`))
    } finally {
      await admin.end()
    }
    const handle = await openDatabase({ databaseUrl: adminUrl(databaseUrl, name), migrate: false })
    const close = handle.close
    handle.close = async () => {
      await close()
      const dropper = new pg.Client({ connectionString: adminUrl(databaseUrl) })
      await dropper.connect()
      try {
        await dropDatabase(dropper, name)
      } finally {
        await dropper.end()
      }
    }
    return handle
  }
  const template = process.env.TEST_DB_TEMPLATE ?? (await ensurePgliteTemplate())
  return openDatabase({ memory: true, loadDataDir: new Blob([readFileSync(template)]), migrate: false })
}
