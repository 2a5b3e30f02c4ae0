// npm run backup -- <file>
// Writes a backup of the embedded database (PGlite under DATA_DIR, default ./data) to <file>: through the
// running server when one holds the data directory, else by opening it directly. Decision 054,
// docs/backup.md. On PostgreSQL (DATABASE_URL) use PostgreSQL's own tools (pg_dump).
import { statSync } from 'node:fs'
import path from 'node:path'
import { BackupError, backupDataDir } from '../platform/db/backup'
import { fail, parseArgs } from '../platform/db/seed/cli'

const { positional, flags } = parseArgs(process.argv.slice(2))
const file = positional[0]
if (!file || positional.length > 1 || flags.size > 0) fail('Usage: npm run backup -- <file>', 2)
if (process.env.DATABASE_URL) {
  fail(
    'DATABASE_URL is set: the console runs on PostgreSQL. Back it up with pg_dump (see docs/backup.md); ' +
      'npm run backup is for the embedded database under DATA_DIR.',
  )
}
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')

try {
  const started = Date.now()
  const { manifest, online } = await backupDataDir(dataDir, file)
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0)
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1)
  console.log(
    `Backed up ${dataDir} ${online ? 'from the running server' : '(no server running)'} to ${path.resolve(file)}\n` +
      `  ${mb} MB, schema ${manifest.schemaVersion}, ${Object.keys(manifest.tables).length} tables, ` +
      `${rows.toLocaleString('en-IN')} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
} catch (error) {
  if (error instanceof BackupError) fail(error.message)
  throw error
}
