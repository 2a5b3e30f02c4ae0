// The embedded database in a process of its own (decision 057): starts pglite-child.ts on an on-disk
// data directory, waits until it serves the PostgreSQL wire protocol on a UNIX socket, restarts it if it
// dies, and stops it in order. The caller (openDatabase in client.ts) holds the data directory's lock
// and talks to the process with node-postgres, as to PostgreSQL.
import { type ChildProcess, fork } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { log } from '../log'
import { takeBackupSignals } from './backup-signals'
import type { ChildMessage, ParentMessage } from './pglite-protocol'

/** node-postgres finds a UNIX socket as <host>/.s.PGSQL.<port>, as libpq does. */
export const SOCKET_PORT = 5432
const SOCKET_FILE = `.s.PGSQL.${SOCKET_PORT}`
/** Under the data directory: the pid of the database process, so a later start can wait for it. */
const PID_FILE = 'db-process.pid'
/** A UNIX socket's path must fit in sockaddr_un (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100

/** initdb of a new directory takes 3.5–6 s alone; much longer on a loaded machine. */
const READY_TIMEOUT_MS = 120_000
/** After 'close', CHECKPOINT and close normally take well under a second. */
const CLOSE_TIMEOUT_MS = 30_000
/** A database process still closing the files after its parent died. */
const EARLIER_PROCESS_WAIT_MS = 15_000
const RESTART_DELAYS_MS = [500, 1_000, 2_000, 5_000]

export interface PgliteProcess {
  /** The directory of the socket: node-postgres's `host`. */
  readonly socketDir: string
  readonly port: number
  /** The database process's pid, or null while it is down (between a crash and its restart). */
  readonly pid: number | null
  /** Stops the process in order (CHECKPOINT, close) and waits for it to exit; no restart after this. */
  close(): Promise<void>
}

export interface StartOptions {
  /** The data directory (DATA_DIR): the socket and the pid file go here. */
  root: string
  /** PGlite's own directory under it. */
  dataDir: string
}

/** The child's entry: the TypeScript source under tsx (tests, scripts), the bundle beside the built server. */
function childEntry(): { entry: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url)
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
    return { entry: path.join(path.dirname(here), 'pglite-child.ts'), execArgv: ['--import', tsx] }
  }
  // scripts/build-server.mjs writes build/server/pglite-child.js next to build/server/index.js.
  return { entry: path.join(path.dirname(here), 'pglite-child.js'), execArgv: [] }
}

/** Whether pid is (still) a database process: its command line names the child's entry. */
function isDatabaseProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pglite-child')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
}

/**
 * A database process whose parent was killed closes the files on its own (CHECKPOINT, close) when its
 * channel closes. A new owner waits for that before opening them again.
 */
async function waitForEarlierProcess(root: string) {
  const file = path.join(root, PID_FILE)
  if (!existsSync(file)) return
  const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
  if (!Number.isFinite(pid) || pid === process.pid) return
  const deadline = Date.now() + EARLIER_PROCESS_WAIT_MS
  while (isDatabaseProcess(pid)) {
    if (Date.now() > deadline) {
      throw new Error(
        `The database process ${pid} of an earlier server still has ${root} open after ` +
          `${EARLIER_PROCESS_WAIT_MS / 1000} s. Stop it (kill ${pid}) and start again.`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

function socketDirectory(root: string): { dir: string; temporary: boolean } {
  const dir = path.join(root, 'db-socket')
  if (Buffer.byteLength(path.join(dir, SOCKET_FILE)) <= MAX_SOCKET_PATH) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    return { dir, temporary: false }
  }
  // A deep DATA_DIR: the socket goes to a private directory under the system's temp dir instead.
  return { dir: mkdtempSync(path.join(os.tmpdir(), 'adc-db-')), temporary: true }
}

type Running = { child: ChildProcess; exited: Promise<void> }

/** Forks the database process and resolves once it serves the socket (rejects with its reason if not). */
function spawn(root: string, dataDir: string, socketPath: string, onExit: (running: Running) => void) {
  const { entry, execArgv } = childEntry()
  const child = fork(entry, [dataDir, socketPath], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const running: Running = { child, exited }
  if (child.pid) writeFileSync(path.join(root, PID_FILE), String(child.pid))
  return new Promise<Running>((resolve, reject) => {
    let failure: string | undefined
    const timer = setTimeout(() => {
      failure = `did not start within ${READY_TIMEOUT_MS / 1000} s`
      child.kill('SIGKILL')
    }, READY_TIMEOUT_MS)
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'failed') failure = message.message
      if (message.type !== 'ready') return
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onEarlyExit)
      child.once('exit', () => onExit(running))
      resolve(running)
    }
    const onEarlyExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer)
      reject(
        new Error(
          `The embedded database process could not open ${dataDir}: ${failure ?? `it exited (${signal ?? `code ${code}`})`}`,
        ),
      )
    }
    child.on('message', onMessage)
    child.once('exit', onEarlyExit)
    child.once('error', (error) => {
      failure ??= error.message
    })
  })
}

/**
 * Starts the database process for `dataDir` and waits until it serves its socket. If it dies later, it
 * is started again (after 0.5, 1, 2, then every 5 s); meanwhile every query fails at once with a
 * connection error, which the server's database gate answers 503.
 */
export async function startPgliteProcess({ root, dataDir }: StartOptions): Promise<PgliteProcess> {
  await waitForEarlierProcess(root)
  const socket = socketDirectory(root)
  const socketPath = path.join(socket.dir, SOCKET_FILE)
  let current: Running | null = null
  let closing = false
  let restarts = 0
  let restartTimer: NodeJS.Timeout | undefined
  /** A restart under way: close() waits for it, then stops what it started. */
  let starting: Promise<Running> | null = null

  // The child keeps the parent alive only while it starts or stops: a script that ends without close()
  // exits, and the child, its channel closed, closes the files by itself.
  const hold = (running: Running, held: boolean) => {
    if (held) {
      running.child.ref()
      running.child.channel?.ref()
    } else {
      running.child.unref()
      running.child.channel?.unref()
    }
  }

  const onExit = (running: Running) => {
    if (current === running) current = null
    if (closing) return
    const { exitCode, signalCode } = running.child
    const delay = RESTART_DELAYS_MS[Math.min(restarts, RESTART_DELAYS_MS.length - 1)]
    log.error('embedded database process exited; restarting', {
      pid: running.child.pid,
      code: exitCode,
      signal: signalCode,
      restartInMs: delay,
    })
    restartTimer = setTimeout(restart, delay)
    restartTimer.unref()
  }

  const restart = async () => {
    if (closing) return
    restarts++
    try {
      starting = spawn(root, dataDir, socketPath, onExit)
      const running = await starting
      current = running
      if (closing) return
      hold(running, false)
      restarts = 0
      log.info('embedded database process restarted', { pid: running.child.pid })
    } catch (error) {
      log.error('embedded database process failed to restart', { error: (error as Error).message })
      if (closing) return
      restartTimer = setTimeout(restart, RESTART_DELAYS_MS.at(-1))
      restartTimer.unref()
    } finally {
      starting = null
    }
  }

  current = await spawn(root, dataDir, socketPath, onExit)
  hold(current, false)
  // `npm run backup` signals the lock holder, this process; the dump is made where PGlite runs.
  const stopBackupSignals = takeBackupSignals(root, () => {
    if (current?.child.connected) current.child.send({ type: 'backup' } satisfies ParentMessage)
  })

  return {
    socketDir: socket.dir,
    port: SOCKET_PORT,
    get pid() {
      return current?.child.pid ?? null
    },
    async close() {
      if (closing) return
      closing = true
      stopBackupSignals()
      clearTimeout(restartTimer)
      await starting?.catch(() => null)
      const running = current
      if (running && running.child.exitCode === null && running.child.signalCode === null) {
        hold(running, true)
        if (running.child.connected) running.child.send({ type: 'close' } satisfies ParentMessage)
        const timer = setTimeout(() => {
          log.error('embedded database process did not stop in time; killing it', { pid: running.child.pid })
          running.child.kill('SIGKILL')
        }, CLOSE_TIMEOUT_MS)
        await running.exited
        clearTimeout(timer)
      }
      current = null
      rmSync(path.join(root, PID_FILE), { force: true })
      if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true })
    },
  }
}
