// Backup and restore of the embedded database (PGlite under DATA_DIR): `npm run backup -- <file>` and
// `npm run restore -- <file>`. Decision 054, docs/backup.md.
//
// A backup is one file, a plain tar (`tar tf` lists it) of two entries:
//   manifest.json   what the backup holds: created at, schema version (last migration), rows per table,
//                   size and SHA-256 of the data entry
//   pglite.tar.gz   PGlite's own dump of its data directory (`dumpDataDir('gzip')`)
// The manifest is taken from the dump itself (loaded into a scratch directory and counted) rather than
// from the live database, so it describes exactly what a restore gives, and every backup has been
// opened once before it is called written. Files are written to a temporary name and renamed.
//
// While a server runs, the data directory belongs to the process whose pid is in console.lock. That
// process calls serveBackupRequests() once; `npm run backup` then leaves a request in
// <dataDir>/backup-requests/ and sends it SIGUSR2, the holder dumps (PGlite's dump holds its query lock,
// so no statement runs meanwhile), and the script packages the dump. Without a server the script opens
// the data directory itself, under the same lock.
import { createHash, randomUUID } from 'node:crypto'
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { readPid, servingFile, takeBackupSignals } from './backup-signals'
import { DataDirLockedError, isAlive, lockDataDir, migrationsFolder } from './client'

export { takeBackupSignals } from './backup-signals'

export const BACKUP_FORMAT = 'ad-console-backup/1'
const MANIFEST_ENTRY = 'manifest.json'
const DATA_ENTRY = 'pglite.tar.gz'
const GZIP = 'application/x-gzip'

export type BackupManifest = {
  format: typeof BACKUP_FORMAT
  createdAt: string
  /** Tag of the last migration applied in the backed-up database, e.g. "0008_billing_notes". */
  schemaVersion: string
  migrations: number
  postgres: string
  /** "schema.table" → rows, for every table outside PostgreSQL's own catalogs. */
  tables: Record<string, number>
  data: { entry: typeof DATA_ENTRY; bytes: number; sha256: string }
}

/** A backup or restore refused for a reason the person running it can act on. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-')

// ---------------------------------------------------------------------------------------------
// The container: a minimal ustar writer and reader (two regular files, nothing else)
// ---------------------------------------------------------------------------------------------
const BLOCK = 512

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK)
  const put = (value: string, offset: number, length: number) => header.write(value, offset, length, 'ascii')
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0')
  put(name, 0, 100)
  put(octal(0o644, 8), 100, 8)
  put(octal(0, 8), 108, 8)
  put(octal(0, 8), 116, 8)
  put(octal(size, 12), 124, 12)
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12)
  put('        ', 148, 8)
  put('0', 156, 1)
  put('ustar\u000000', 257, 8)
  let sum = 0
  for (const byte of header) sum += byte
  put(`${octal(sum, 7)}\u0000 `, 148, 8)
  return header
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK

/** Writes the entries to `file` through a temporary name, synced before the rename. */
function writeTarAtomically(file: string, entries: { name: string; bytes: Uint8Array }[], mtime: Date) {
  const partial = `${file}.partial-${process.pid}`
  const fd = openSync(partial, 'w', 0o600)
  try {
    for (const entry of entries) {
      writeSync(fd, tarHeader(entry.name, entry.bytes.length, mtime))
      writeSync(fd, entry.bytes)
      writeSync(fd, Buffer.alloc(padding(entry.bytes.length)))
    }
    writeSync(fd, Buffer.alloc(2 * BLOCK))
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    rmSync(partial, { force: true })
    throw error
  }
  closeSync(fd)
  renameSync(partial, file)
}

function readTar(bytes: Buffer, file: string): Map<string, Buffer> {
  const notBackup = () =>
    new BackupError(`${file} is not a backup of this console (npm run backup writes one).`)
  const entries = new Map<string, Buffer>()
  let offset = 0
  while (offset + BLOCK <= bytes.length) {
    const header = bytes.subarray(offset, offset + BLOCK)
    if (header.every((b) => b === 0)) return entries
    if (header.toString('ascii', 257, 262) !== 'ustar') throw notBackup()
    const stored = Number.parseInt(header.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8)
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!
    if (stored !== sum) throw notBackup()
    const name = header.toString('ascii', 0, 100).replace(/\0.*$/s, '')
    const size = Number.parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8)
    const start = offset + BLOCK
    if (start + size > bytes.length) {
      throw new BackupError(
        `${file} is incomplete: it ends ${start + size - bytes.length} bytes before its own end ` +
          '(a copy that stopped half-way?). Nothing was changed.',
      )
    }
    entries.set(name, bytes.subarray(start, start + size))
    offset = start + size + padding(size)
  }
  // A tar ends with zero blocks; reaching the end of the bytes without them means it was cut short.
  throw new BackupError(
    `${file} is incomplete: its end is missing (a copy that stopped half-way?). Nothing was changed.`,
  )
}

/** Reads and checks a backup file: the manifest, and the data entry against its size and SHA-256. */
export function readBackup(file: string): { manifest: BackupManifest; data: Buffer } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`)
  const entries = readTar(readFileSync(file), file)
  const manifestBytes = entries.get(MANIFEST_ENTRY)
  const data = entries.get(DATA_ENTRY)
  if (!manifestBytes || !data) {
    throw new BackupError(`${file} is not a backup of this console (npm run backup writes one).`)
  }
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest
  } catch {
    throw new BackupError(`${file} is damaged: its manifest cannot be read. Nothing was changed.`)
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${file} is a backup format this version does not read (${String(manifest.format)}).`,
    )
  }
  if (data.length !== manifest.data.bytes || sha256(data) !== manifest.data.sha256) {
    throw new BackupError(
      `${file} is damaged: its data does not match the checksum written with it. Nothing was changed.`,
    )
  }
  return { manifest, data }
}

// ---------------------------------------------------------------------------------------------
// What a database holds: schema version and rows per table
// ---------------------------------------------------------------------------------------------
type Journal = { entries: { idx: number; when: number; tag: string }[] }
const journal = () =>
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal

async function describe(pglite: PGlite) {
  const tables = (
    await pglite.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1, 2`,
    )
  ).rows
  const counts: Record<string, number> = {}
  for (const { schema, name } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`
    const [row] = (await pglite.query<{ n: string }>(`select count(*)::text as n from ${quoted}`)).rows
    counts[`${schema}.${name}`] = Number(row?.n ?? 0)
  }
  const migrations = counts['drizzle.__drizzle_migrations'] ?? 0
  let schemaVersion = 'none'
  if (migrations > 0) {
    const [last] = (
      await pglite.query<{ when: string }>(
        'select created_at::text as when from drizzle.__drizzle_migrations order by created_at desc limit 1',
      )
    ).rows
    schemaVersion =
      journal().entries.find((e) => String(e.when) === last?.when)?.tag ?? `unknown (${last?.when})`
  }
  const [version] = (await pglite.query<{ v: string }>('show server_version')).rows
  return { tables: counts, migrations, schemaVersion, postgres: version?.v ?? '' }
}

/** Opens a data-directory dump in a directory of its own, runs `read`, and closes it. */
async function withLoadedDump<T>(data: Uint8Array, dataDir: string, read: (db: PGlite) => Promise<T>) {
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([new Uint8Array(data)], { type: GZIP }) })
  try {
    return await read(db)
  } finally {
    await db.exec('CHECKPOINT').catch(() => {})
    await db.close()
  }
}

// ---------------------------------------------------------------------------------------------
// Writing a backup
// ---------------------------------------------------------------------------------------------
/** PGlite's gzip dump of its data directory (a checkpoint first, so a restore replays little WAL). */
export async function dumpDatabase(pglite: PGlite): Promise<Uint8Array> {
  await pglite.exec('CHECKPOINT')
  const dump = await pglite.dumpDataDir('gzip')
  return new Uint8Array(await dump.arrayBuffer())
}

/** Describes a dump by opening it aside, then writes the backup file (temporary name, then rename). */
export async function packageBackup(
  data: Uint8Array,
  file: string,
  now = new Date(),
): Promise<BackupManifest> {
  const target = path.resolve(file)
  mkdirSync(path.dirname(target), { recursive: true })
  const scratch = `${target}.check-${process.pid}-${randomUUID().slice(0, 8)}`
  let described: Awaited<ReturnType<typeof describe>>
  try {
    described = await withLoadedDump(data, scratch, describe)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: now.toISOString(),
    schemaVersion: described.schemaVersion,
    migrations: described.migrations,
    postgres: described.postgres,
    tables: described.tables,
    data: { entry: DATA_ENTRY, bytes: data.length, sha256: sha256(data) },
  }
  writeTarAtomically(
    target,
    [
      { name: MANIFEST_ENTRY, bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: DATA_ENTRY, bytes: data },
    ],
    now,
  )
  return manifest
}

/** Backs up an open PGlite to `file`. */
export async function writeBackup(pglite: PGlite, file: string): Promise<BackupManifest> {
  return packageBackup(await dumpDatabase(pglite), file)
}

// ---------------------------------------------------------------------------------------------
// A backup while a server runs: a request to the process that holds the data directory
// ---------------------------------------------------------------------------------------------
const requestsDir = (dataDir: string) => path.join(dataDir, 'backup-requests')
const lockFile = (dataDir: string) => path.join(dataDir, 'console.lock')

type BackupRequest = { id: string; dump: string }

/** The pid of a live process holding the data directory's lock, else null. */
export function dataDirHolder(dataDir: string): number | null {
  const pid = readPid(lockFile(path.resolve(dataDir)))
  return pid !== null && isAlive(pid) ? pid : null
}

function writeJsonAtomically(file: string, value: unknown) {
  const partial = `${file}.partial-${process.pid}`
  writeFileSync(partial, JSON.stringify(value))
  renameSync(partial, file)
}

/**
 * Answers the backup requests waiting in <dataDir>/backup-requests/ with dumps of `pglite`, one at a
 * time, writing <id>.done (or <id>.error with the reason) beside each. Returns the function that wakes
 * it (a wake while it works makes it look again when done); it looks once at the start for requests
 * left from before. Runs where PGlite runs: the server's process, or the embedded database's own
 * process (decision 057), woken there by its parent, which holds the lock and receives the signal.
 */
export function answerBackupRequests(pglite: PGlite, dataDir: string): () => void {
  const dir = requestsDir(path.resolve(dataDir))
  mkdirSync(dir, { recursive: true })
  let draining: Promise<void> | null = null
  let again = false

  async function drain() {
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const requestFile = path.join(dir, name)
      const id = name.slice(0, -'.json'.length)
      try {
        const request = JSON.parse(readFileSync(requestFile, 'utf8')) as BackupRequest
        const data = await dumpDatabase(pglite)
        const partial = `${request.dump}.partial-${process.pid}`
        writeFileSync(partial, data, { mode: 0o600 })
        renameSync(partial, request.dump)
        writeFileSync(path.join(dir, `${id}.done`), request.dump)
      } catch (error) {
        writeFileSync(path.join(dir, `${id}.error`), (error as Error).message)
      } finally {
        rmSync(requestFile, { force: true })
      }
    }
  }

  const wake = () => {
    if (draining) {
      again = true
      return
    }
    draining = (async () => {
      do {
        again = false
        await drain()
      } while (again)
    })().finally(() => {
      draining = null
    })
  }
  // A request left from before this start (the script gave up or the server stopped): answer it.
  if (readdirSync(dir).some((n) => n.endsWith('.json'))) wake()
  return wake
}

/** Both halves in this process (PGlite in the server's process). Returns a function that stops. */
export function serveBackupRequests(pglite: PGlite, dataDir: string): () => void {
  return takeBackupSignals(dataDir, answerBackupRequests(pglite, dataDir))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Asks the running server that holds `dataDir` for a dump and writes the backup file from it. Refuses
 * when the holder does not serve backup requests (SIGUSR2 would end a process without a handler).
 */
export async function requestOnlineBackup(
  dataDir: string,
  file: string,
  options: { timeoutMs?: number } = {},
): Promise<BackupManifest> {
  const root = path.resolve(dataDir)
  const holder = dataDirHolder(root)
  if (holder === null) throw new BackupError(`No running server holds ${root}.`)
  if (readPid(servingFile(root)) !== holder) {
    throw new BackupError(
      `The server (process ${holder}) holding ${root} does not take backup requests. ` +
        'Stop it and run the backup again (it then reads the data directory itself).',
    )
  }
  const target = path.resolve(file)
  mkdirSync(path.dirname(target), { recursive: true })
  const id = `${stamp(new Date())}-${randomUUID().slice(0, 8)}`
  const dump = `${target}.dump-${id}`
  const dir = requestsDir(root)
  mkdirSync(dir, { recursive: true })
  const done = path.join(dir, `${id}.done`)
  const failed = path.join(dir, `${id}.error`)
  writeJsonAtomically(path.join(dir, `${id}.json`), { id, dump } satisfies BackupRequest)
  try {
    process.kill(holder, 'SIGUSR2')
    const deadline = Date.now() + (options.timeoutMs ?? 120_000)
    while (!existsSync(done) && !existsSync(failed)) {
      if (Date.now() > deadline) {
        throw new BackupError(
          `The server (process ${holder}) did not answer the backup request within ` +
            `${Math.round((options.timeoutMs ?? 120_000) / 1000)} s. No backup was written.`,
        )
      }
      await sleep(100)
    }
    if (existsSync(failed)) {
      throw new BackupError(`The server could not dump the database: ${readFileSync(failed, 'utf8')}`)
    }
    return await packageBackup(readFileSync(dump), target)
  } finally {
    for (const leftover of [path.join(dir, `${id}.json`), done, failed, dump])
      rmSync(leftover, { force: true })
  }
}

/**
 * `npm run backup`: through the running server when one holds the data directory, else by opening the
 * data directory under its lock (so no server starts meanwhile).
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
): Promise<{ manifest: BackupManifest; online: boolean }> {
  const root = path.resolve(dataDir)
  if (dataDirHolder(root) !== null) return { manifest: await requestOnlineBackup(root, file), online: true }
  if (!existsSync(path.join(root, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${root} (DATA_DIR) to back up.`)
  }
  let unlock: () => void
  try {
    unlock = lockDataDir(root)
  } catch (error) {
    // A server started between the check and the lock: ask it instead.
    if (error instanceof DataDirLockedError)
      return { manifest: await requestOnlineBackup(root, file), online: true }
    throw error
  }
  try {
    const pglite = await PGlite.create({ dataDir: path.join(root, 'pglite') })
    try {
      return { manifest: await writeBackup(pglite, file), online: false }
    } finally {
      await pglite.close()
    }
  } finally {
    unlock()
  }
}

// ---------------------------------------------------------------------------------------------
// Restoring
// ---------------------------------------------------------------------------------------------
export type RestoreResult = { manifest: BackupManifest; previous: string | null }

/**
 * Restores `file` into `dataDir`: refuses while a server holds the directory; checks the file; loads it
 * into a fresh directory and checks that it opens with the manifest's schema version and row counts;
 * only then moves the current database aside (pglite.before-restore-<time>) and the restored one in.
 */
export async function restoreBackup(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const root = path.resolve(dataDir)
  let unlock: () => void
  try {
    unlock = lockDataDir(root)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(
        `A server (process ${readPid(lockFile(root)) ?? '?'}) is using ${root}: stop it, then restore. Nothing was changed.`,
      )
    }
    throw error
  }
  const restoring = path.join(root, `pglite.restoring-${stamp(now)}`)
  try {
    const { manifest, data } = readBackup(path.resolve(file))
    const known = journal().entries.map((e) => e.tag)
    if (manifest.schemaVersion !== 'none' && !known.includes(manifest.schemaVersion)) {
      throw new BackupError(
        `${file} comes from a newer version of the console (schema ${manifest.schemaVersion}): ` +
          'restore it with that version. Nothing was changed.',
      )
    }
    rmSync(restoring, { recursive: true, force: true })
    let found: Awaited<ReturnType<typeof describe>>
    try {
      found = await withLoadedDump(data, restoring, describe)
    } catch (error) {
      throw new BackupError(
        `${file} could not be opened as a database (${(error as Error).message}). Nothing was changed.`,
      )
    }
    const differences = Object.keys({ ...manifest.tables, ...found.tables })
      .filter((table) => manifest.tables[table] !== found.tables[table])
      .map(
        (table) =>
          `${table}: ${manifest.tables[table] ?? 'absent'} in the manifest, ${found.tables[table] ?? 'absent'} restored`,
      )
    if (found.schemaVersion !== manifest.schemaVersion) {
      differences.unshift(`schema ${manifest.schemaVersion} in the manifest, ${found.schemaVersion} restored`)
    }
    if (differences.length > 0) {
      throw new BackupError(
        `${file} does not restore to what its manifest describes (${differences.slice(0, 5).join('; ')}). Nothing was changed.`,
      )
    }
    const current = path.join(root, 'pglite')
    let previous: string | null = null
    if (existsSync(current)) {
      previous = path.join(root, `pglite.before-restore-${stamp(now)}`)
      renameSync(current, previous)
    }
    renameSync(restoring, current)
    return { manifest, previous }
  } finally {
    rmSync(restoring, { recursive: true, force: true })
    unlock()
  }
}
