// The embedded database's data directory belongs to one process at a time: a lock file with its pid.
// Kept apart from client.ts (which loads PGlite, Drizzle and pg) so the server's entry can take the lock
// and start the database process before it loads the rest (server/index.ts, decision 082 stop 30).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is already in use by process ${pid}. ` +
        'Only one process may open the embedded database at a time: stop the other server first, ' +
        'or point this one at another DATA_DIR (or at PostgreSQL with DATABASE_URL).',
    )
    this.name = 'DataDirLockedError'
  }
}

/** True while a process with this pid exists (EPERM: it exists but is not ours). */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes an exclusive lock file in dataDir; a live holder makes this throw, a stale one is replaced. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'console.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
      if (Number.isFinite(holder) && (holder === process.pid || isAlive(holder))) {
        throw new DataDirLockedError(dataDir, holder)
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`)
}
