// The embedded database's process, started before the server loads the rest of its code: opening PGlite
// (its WebAssembly, its files) takes about a second and so does loading the server's modules, and the
// two now run side by side (decision 082, stop 30). Only light modules here: no PGlite, no Drizzle.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { StartedPglite } from './client'
import { lockDataDir } from './data-dir-lock'
import { startPgliteProcess } from './pglite-process'

/**
 * Takes the data directory's lock (DataDirLockedError if another process holds it; none with `lock`
 * false) and starts the database process on it; openDatabase opens it (given as `started`, or itself
 * through this). A failure to start is reported there.
 */
export function startPgliteEarly(dataDirOption: string | undefined, lock = true): StartedPglite {
  const root = path.resolve(dataDirOption ?? 'data')
  const unlock = lock ? lockDataDir(root) : () => {}
  const dataDir = path.join(root, 'pglite')
  try {
    mkdirSync(dataDir, { recursive: true })
  } catch (error) {
    unlock()
    throw error
  }
  const child = startPgliteProcess({ root, dataDir })
  // Awaited by openDatabase; until then a failure must not count as unhandled.
  child.catch(() => {})
  return { root, dataDir, unlock, child }
}
