// npm run restore -- <file>
// Replaces the embedded database (PGlite under DATA_DIR, default ./data) with the backup in <file>. The
// server must be stopped. The current database is kept as DATA_DIR/pglite.before-restore-<time>.
// Decision 054, docs/backup.md.
import path from 'node:path'
import { BackupError, restoreBackup } from '../platform/db/backup'
import { fail, parseArgs } from '../platform/db/seed/cli'

const { positional, flags } = parseArgs(process.argv.slice(2))
const file = positional[0]
if (!file || positional.length > 1 || flags.size > 0) fail('Usage: npm run restore -- <file>', 2)
if (process.env.DATABASE_URL) {
  fail(
    'DATABASE_URL is set: the console runs on PostgreSQL. Restore it with pg_restore/psql (see docs/backup.md); ' +
      'npm run restore is for the embedded database under DATA_DIR.',
  )
}
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data')

try {
  const { manifest, previous } = await restoreBackup(file, dataDir)
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0)
  console.log(
    `Restored ${path.resolve(file)} (made ${manifest.createdAt}, schema ${manifest.schemaVersion}, ` +
      `${rows.toLocaleString('en-IN')} rows) into ${dataDir}.\n` +
      (previous
        ? `  The database it replaced is kept in ${previous} (delete it when no longer needed).\n`
        : '') +
      '  Start the server as usual: it applies any newer migrations.',
  )
} catch (error) {
  if (error instanceof BackupError) fail(error.message)
  throw error
}
