// The embedded database's own process (decision 057). Started by the web server (or any script that
// opens an on-disk data directory) through platform/db/pglite-process.ts, never by hand: it opens PGlite on
// the data directory given as argv[2] and serves it over the PostgreSQL wire protocol on the UNIX socket
// argv[3] (pglite-wire.ts), so the parent talks to it with node-postgres like to PostgreSQL and PGlite's
// work (WASM, on one thread) no longer runs on the event loop that renders pages.
//
// The parent holds the data directory's lock; this process lives only as long as its IPC channel: the
// parent's 'close' message or a closed channel (the parent exited, even by SIGKILL) shuts it down
// (CHECKPOINT, then close), so an orphan never keeps the files. It also makes the dumps of online
// backups (decision 054) when the parent, which receives `npm run backup`'s signal, asks.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { answerBackupRequests } from './backup'
import { CHILD_MAX_CONNECTIONS, type ChildMessage, type ParentMessage } from './pglite-protocol'
import { serveWire, type WireServer } from './pglite-wire'

const [dataDir = '', socketPath = ''] = process.argv.slice(2)
if (!process.send || !dataDir || !socketPath) {
  console.error('pglite-child is started by the console (platform/db/pglite-process.ts), not by hand.')
  process.exit(2)
}

const send = (message: ChildMessage) => {
  if (process.connected) process.send?.(message)
}

// Ctrl-C reaches the whole process group, and a service manager may signal every process of the
// service: the parent then shuts down in order (jobs first, which still need the database) and closes
// this process itself. So signals are ignored here; the channel decides.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => {})

let pglite: PGlite | undefined
let server: WireServer | undefined
let stopping: Promise<never> | undefined
/** Set once PGlite is open: dumps for `npm run backup`, which signals the parent (the lock holder). */
let answerBackups: (() => void) | undefined

function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    try {
      await server?.stop()
    } catch {}
    try {
      if (pglite && !pglite.closed) {
        await pglite.exec('CHECKPOINT')
        await pglite.close()
      }
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', msg: 'closing PGlite failed', error: String(error) }))
      code ||= 1
    }
    rmSync(socketPath, { force: true })
    process.exit(code)
  })()
  return stopping
}

process.on('disconnect', () => void stop(0))
process.on('message', (message: ParentMessage) => {
  if (message?.type === 'close') void stop(0)
  if (message?.type === 'backup') answerBackups?.()
})

try {
  pglite = await PGlite.create({ dataDir, relaxedDurability: false })
  // A socket file left by a process that died is in the way of listen(); the parent holds the lock
  // and has waited for any earlier database process to exit, so nothing else uses it.
  rmSync(socketPath, { force: true })
  // PGlite stopped under a client (its program exited): nothing is left to close, so end at once and the
  // parent starts this process again on the same data, which recovers from its log (decision 076).
  server = await serveWire(pglite, socketPath, CHILD_MAX_CONNECTIONS, () => {
    rmSync(socketPath, { force: true })
    process.exit(1)
  })
  // The data directory (DATA_DIR) is PGlite's directory's parent.
  answerBackups = answerBackupRequests(pglite, path.dirname(dataDir))
  send({ type: 'ready' })
} catch (error) {
  send({ type: 'failed', message: (error as Error).message ?? String(error) })
  await stop(1)
}
