// Shared by the command-line scripts (seed, totp, create-admin): open the database exactly as the
// server does (server/config.ts): PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { DataDirLockedError, type DatabaseHandle, type OpenOptions, openDatabase } from '../client'

export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): OpenOptions {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: path.resolve(env.DATA_DIR ?? 'data') }
}

/** Where the database is, in words, for messages. */
export function describeDatabase(options: OpenOptions): string {
  return options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${options.dataDir}`
}

/** True when an embedded database has been created under the data directory. */
export function pgliteExists(options: OpenOptions): boolean {
  return Boolean(options.dataDir && existsSync(path.join(options.dataDir, 'pglite', 'PG_VERSION')))
}

/** Opens the configured database; a data directory held by a running server ends the script clearly. */
export async function openConfiguredDatabase(extra: Partial<OpenOptions> = {}): Promise<DatabaseHandle> {
  const options = { ...databaseOptionsFromEnv(), ...extra }
  try {
    return await openDatabase(options)
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message)
    throw error
  }
}

export function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

/** Parses `--name value`, `--name=value` and bare `--flag` arguments; anything else is positional. */
export function parseArgs(argv: string[]): { flags: Map<string, string | true>; positional: string[] } {
  const flags = new Map<string, string | true>()
  const positional: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (!arg.startsWith('--')) {
      positional.push(arg)
      continue
    }
    const eq = arg.indexOf('=')
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1))
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(arg.slice(2), argv[++i]!)
    else flags.set(arg.slice(2), true)
  }
  return { flags, positional }
}

/**
 * Runs `read` on the configured database when a script can open it now; 'unavailable' when it does not
 * exist yet or a running server holds the embedded one (the scripts then fall back to the demo list).
 */
export async function readDatabaseIfAvailable<T>(
  read: (db: DatabaseHandle['db']) => Promise<T>,
): Promise<T | 'unavailable'> {
  const options = databaseOptionsFromEnv()
  if (!options.databaseUrl && !pgliteExists(options)) return 'unavailable'
  let handle: DatabaseHandle
  try {
    handle = await openDatabase({ ...options, migrate: false })
  } catch (error) {
    if (error instanceof DataDirLockedError) return 'unavailable'
    throw error
  }
  try {
    return await read(handle.db)
  } finally {
    await handle.close()
  }
}
