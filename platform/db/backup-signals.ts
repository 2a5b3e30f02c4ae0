// The lock holder's half of an online backup (platform/db/backup.ts): SIGUSR2 from `npm run backup` and
// the file that says which pid answers it. Kept apart from backup.ts (which loads PGlite and the
// database client) for the database process's starter (platform/db/pglite-process.ts), which the server
// loads before the rest (decision 082, stop 30).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** Written by serveBackupRequests: the pid that answers SIGUSR2 with a dump (any other would die of it). */
export const servingFile = (dataDir: string) => path.join(dataDir, 'backup-server.pid')

export function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isFinite(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/**
 * Called once by the process that holds the data directory: answers SIGUSR2 by calling `wake` (with
 * PGlite in this process, answerBackupRequests' function; with PGlite in its own process, a message to
 * it) and writes its pid to backup-server.pid, so `npm run backup` knows it may signal. Returns a
 * function that stops.
 */
export function takeBackupSignals(dataDir: string, wake: () => void): () => void {
  const root = path.resolve(dataDir)
  process.on('SIGUSR2', wake)
  writeFileSync(servingFile(root), String(process.pid))
  return () => {
    process.off('SIGUSR2', wake)
    if (readPid(servingFile(root)) === process.pid) rmSync(servingFile(root), { force: true })
  }
}
