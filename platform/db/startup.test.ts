// Simultaneous first starts on one PostgreSQL (scale-out, decision 054): two processes preparing the same
// empty database at once both come up, and the migrations and reference data are there once. Runs in both
// CI passes against the local PostgreSQL (DATABASE_URL when set), in a database of its own.
import { readdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PlatformDeps } from '../deps'
import { startJobs } from '../jobs'
import { installJobSchema } from '../jobs/boss'
import { adminUrl, dropDatabase } from '../testing/template'
import { migrationsFolder } from './client'
import { loadPincodeDirectory } from './seed/pincodes'
import { prepareDatabase } from './startup'

const SERVER_URL = process.env.DATABASE_URL || 'postgres://adc:adc@127.0.0.1:5432/adc'
const DATABASE = `adc_startup_${process.pid}_${randomBytes(3).toString('hex')}`
const DATABASE_URL = adminUrl(SERVER_URL, DATABASE)

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl(SERVER_URL, 'postgres') })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

describe('start-up on one PostgreSQL shared by several processes', () => {
  beforeAll(() => onServer(`CREATE DATABASE ${DATABASE}`))
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl(SERVER_URL, 'postgres') })
    await admin.connect()
    await dropDatabase(admin, DATABASE).finally(() => admin.end())
  })

  it('lets two processes prepare an empty database at the same time: both come up, nothing is done twice', async () => {
    const order: string[] = []
    const prepare = (name: string) =>
      prepareDatabase({
        databaseUrl: DATABASE_URL,
        log: (msg) => order.push(`${name}: ${msg}`),
        // As the server does: pg-boss's schema under the start-up lock.
        prepare: async (database) => {
          if (await installJobSchema(database)) order.push(`${name}: job schema created`)
        },
      })
    const handles = await Promise.all([prepare('A'), prepare('B')])
    try {
      // pg-boss's schema was created by exactly one of them, and both job runners then start at once
      // (a second CREATE SCHEMA IF NOT EXISTS racing the first can fail on pg_namespace's unique index).
      expect(order.filter((line) => line.includes('job schema created'))).toHaveLength(1)
      const jobs = await Promise.all(
        handles.map((database) => startJobs({ database } as unknown as PlatformDeps, [])),
      )
      await Promise.all(jobs.map((j) => j.stop()))
      const version = await handles[1].executeSql('select count(*)::int as n from pgboss.version')
      expect(version.rows[0]?.n).toBe(1)
      const migrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length
      const journal = await handles[0].executeSql(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      )
      expect(journal.rows[0]?.n).toBe(migrations)
      const pincodes = await handles[1].executeSql('select count(*)::int as n from pincodes')
      expect(pincodes.rows[0]?.n).toBe(loadPincodeDirectory().length)
      // The directory was loaded by exactly one of them; the other found it there.
      expect(order.filter((line) => line.includes('pincode directory loaded'))).toHaveLength(1)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
    }
  })
})
