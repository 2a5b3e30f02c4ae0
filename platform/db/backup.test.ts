// Backup and restore of the embedded database (issue 14, Reliability: "npm run backup / npm run restore
// for the embedded database, with a test that restores and compares"). Decision 054.
// Every test works on a data directory of its own on disk, a copy of the seeded demo database.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPath } from '../paths'
import { ensurePgliteTemplate } from '../testing/template'
import {
  BackupError,
  backupDataDir,
  readBackup,
  requestOnlineBackup,
  restoreBackup,
  serveBackupRequests,
} from './backup'
import { type DatabaseHandle, lockDataDir, openDatabase } from './client'

const ROOT = projectPath(`.tmp/backup-test-${process.pid}`)
/** The seeded demo database on disk, closed: each test copies it. */
const BASE = path.join(ROOT, 'base')
/** A backup of BASE (npm run backup with no server running). */
const BASE_BACKUP = path.join(ROOT, 'base.backup')

beforeAll(async () => {
  rmSync(ROOT, { recursive: true, force: true })
  mkdirSync(ROOT, { recursive: true })
  const template = new Blob([readFileSync(await ensurePgliteTemplate())])
  const handle = await openDatabase({ dataDir: BASE, loadDataDir: template })
  await handle.close()
  await backupDataDir(BASE, BASE_BACKUP)
}, 180_000)

afterAll(() => rmSync(ROOT, { recursive: true, force: true }))

let dirs = 0
/** A data directory of its own holding a copy of the seeded demo database (closed). */
async function freshDataDir() {
  const dataDir = path.join(ROOT, `data-${++dirs}`)
  cpSync(BASE, dataDir, { recursive: true })
  return dataDir
}

async function withDatabase<T>(dataDir: string, use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir, migrate: false })
  try {
    return await use(handle)
  } finally {
    await handle.close()
  }
}

/**
 * Every table's rows, as a count and a digest of all its rows in a fixed order: two snapshots are equal
 * only when every table holds exactly the same rows.
 */
async function snapshot(handle: DatabaseHandle): Promise<Record<string, string>> {
  const { rows } = await handle.executeSql(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  )
  const result: Record<string, string> = {}
  for (const { schema, name } of rows as { schema: string; name: string }[]) {
    const table = `"${schema}"."${name}"`
    const [row] = (
      await handle.executeSql(
        `select count(*)::text || ' ' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '-') as s
         from ${table} t`,
      )
    ).rows
    result[`${schema}.${name}`] = String(row?.s)
  }
  return result
}

const counts = (snap: Record<string, string>) =>
  Object.fromEntries(Object.entries(snap).map(([table, s]) => [table, Number(s.split(' ')[0])]))

/** Changes a database the way a day's use would: an update, an insert, deletes. */
async function changeData(handle: DatabaseHandle) {
  await handle.executeSql(
    `update campaigns set name = name || ' (changed)' where id in (select id from campaigns order by id limit 3)`,
  )
  await handle.executeSql('delete from audit_log where id in (select id from audit_log order by id limit 5)')
  await handle.executeSql(
    `insert into rate_limits (key, window_start, count) values ('backup-test:after', now(), 7)`,
  )
}

const restoredDirs = (dataDir: string) => readdirSync(dataDir).filter((n) => n.startsWith('pglite'))

describe('backup and restore of the embedded database', () => {
  it('restores every table exactly as it was at backup time, and keeps the replaced database aside', async () => {
    const dataDir = await freshDataDir()
    const file = path.join(ROOT, 'round-trip', 'console.backup')
    const atBackup = await withDatabase(dataDir, async (handle) => {
      await handle.executeSql(
        `insert into rate_limits (key, window_start, count) values ('backup-test:before', now(), 3)`,
      )
      return snapshot(handle)
    })

    const { manifest, online } = await backupDataDir(dataDir, file)
    expect(online).toBe(false)
    expect(manifest.tables).toEqual(counts(atBackup))
    expect(manifest.tables['public.campaigns']).toBeGreaterThan(0)
    const journal = JSON.parse(readFileSync(projectPath('platform/db/migrations/meta/_journal.json'), 'utf8'))
    expect(manifest.schemaVersion).toBe(journal.entries.at(-1).tag)
    expect(Date.parse(manifest.createdAt)).not.toBeNaN()
    // The file is what its manifest says, and nothing was left beside it.
    expect(readBackup(file).manifest).toEqual(manifest)
    expect(readdirSync(path.dirname(file))).toEqual(['console.backup'])

    const afterChange = await withDatabase(dataDir, async (handle) => {
      await changeData(handle)
      return snapshot(handle)
    })
    expect(afterChange).not.toEqual(atBackup)

    const { previous } = await restoreBackup(file, dataDir, new Date('2026-11-23T12:00:00Z'))
    expect(previous).toBe(path.join(dataDir, 'pglite.before-restore-2026-11-23T12-00-00-000Z'))
    expect(await withDatabase(dataDir, snapshot)).toEqual(atBackup)
    // The database the restore replaced is kept, unchanged, where it says.
    const kept = await PGlite.create({ dataDir: previous! })
    try {
      const [row] = (
        await kept.query<{ n: number }>(
          `select count(*)::int as n from rate_limits where key = 'backup-test:after'`,
        )
      ).rows
      expect(row?.n).toBe(1)
    } finally {
      await kept.close()
    }
    expect(restoredDirs(dataDir).sort()).toEqual(['pglite', 'pglite.before-restore-2026-11-23T12-00-00-000Z'])
  }, 180_000)

  it('refuses to restore while a server holds the data directory, and changes nothing', async () => {
    const dataDir = await freshDataDir()
    const file = BASE_BACKUP
    const handle = await openDatabase({ dataDir, migrate: false })
    try {
      await changeData(handle)
      const before = await snapshot(handle)
      await expect(restoreBackup(file, dataDir)).rejects.toThrow(
        new RegExp(
          `A server \\(process ${process.pid}\\) is using .*: stop it, then restore\\. Nothing was changed\\.`,
        ),
      )
      expect(await snapshot(handle)).toEqual(before)
      expect(restoredDirs(dataDir)).toEqual(['pglite'])
    } finally {
      await handle.close()
    }
    // A process that holds a directory without serving backup requests (a server of an older version:
    // its lock, no backup-server.pid; openDatabase's own holder serves them, decision 057) is never
    // sent SIGUSR2 (it would end it): the backup says why it cannot go on.
    const unlock = lockDataDir(dataDir)
    try {
      await expect(backupDataDir(dataDir, path.join(ROOT, 'locked', 'console.backup'))).rejects.toThrow(
        `does not take backup requests`,
      )
    } finally {
      unlock()
    }
  }, 180_000)

  it('refuses a truncated, a damaged and a foreign file with a clear message, leaving the data as it was', async () => {
    const dataDir = await freshDataDir()
    mkdirSync(path.join(ROOT, 'bad-files'))
    const current = await withDatabase(dataDir, async (handle) => {
      await changeData(handle)
      return snapshot(handle)
    })
    const bytes = readFileSync(BASE_BACKUP)

    const truncated = path.join(ROOT, 'bad-files', 'truncated.backup')
    writeFileSync(truncated, bytes)
    truncateSync(truncated, Math.floor(bytes.length / 2))
    await expect(restoreBackup(truncated, dataDir)).rejects.toThrow(/is incomplete.*Nothing was changed/)

    const damaged = path.join(ROOT, 'bad-files', 'damaged.backup')
    const flipped = Buffer.from(bytes)
    const middle = Math.floor(bytes.length / 2)
    for (let i = middle; i < middle + 64; i++) flipped[i] = (flipped[i] ?? 0) ^ 0xff
    writeFileSync(damaged, flipped)
    await expect(restoreBackup(damaged, dataDir)).rejects.toThrow(/is damaged.*Nothing was changed/)

    const foreign = path.join(ROOT, 'bad-files', 'notes.txt')
    writeFileSync(foreign, 'not a backup\n'.repeat(100))
    await expect(restoreBackup(foreign, dataDir)).rejects.toThrow(BackupError)
    await expect(restoreBackup(foreign, dataDir)).rejects.toThrow('is not a backup of this console')
    await expect(restoreBackup(path.join(ROOT, 'bad-files', 'missing.backup'), dataDir)).rejects.toThrow(
      'does not exist',
    )

    expect(restoredDirs(dataDir)).toEqual(['pglite'])
    expect(existsSync(path.join(dataDir, 'console.lock'))).toBe(false)
    expect(await withDatabase(dataDir, snapshot)).toEqual(current)
  }, 180_000)

  it('backs up a running database through the process that holds it (SIGUSR2), then restores it', async () => {
    // The holder here is this test process, as the server's database process would be: it holds the
    // lock, runs PGlite and serves backup requests; the backup request signals it and waits.
    const dataDir = await freshDataDir()
    const file = path.join(ROOT, 'online', 'console.backup')
    const unlock = lockDataDir(dataDir)
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') })
    const stop = serveBackupRequests(pglite, dataDir)
    let live: Record<string, number>
    try {
      await pglite.query(
        `insert into rate_limits (key, window_start, count) values ('backup-test:online', now(), 1)`,
      )
      const manifest = await requestOnlineBackup(dataDir, file, { timeoutMs: 120_000 })
      live = {}
      for (const table of Object.keys(manifest.tables)) {
        const [schema, name] = table.split('.')
        const [row] = (
          await pglite.query<{ n: number }>(`select count(*)::int as n from "${schema}"."${name}"`)
        ).rows
        live[table] = row!.n
      }
      expect(manifest.tables).toEqual(live)
      // Nothing of the request is left behind.
      expect(readdirSync(path.join(dataDir, 'backup-requests'))).toEqual([])
      expect(readdirSync(path.dirname(file))).toEqual(['console.backup'])
      await pglite.query(`delete from rate_limits where key = 'backup-test:online'`)
    } finally {
      stop()
      await pglite.close()
      unlock()
    }
    expect(existsSync(path.join(dataDir, 'backup-server.pid'))).toBe(false)
    await restoreBackup(file, dataDir)
    await withDatabase(dataDir, async (handle) => {
      expect(counts(await snapshot(handle))).toEqual(live)
      const { rows } = await handle.executeSql(
        `select count from rate_limits where key = 'backup-test:online'`,
      )
      expect(rows).toEqual([{ count: 1 }])
    })
  }, 180_000)
})
