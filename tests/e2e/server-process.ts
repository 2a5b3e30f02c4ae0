// What the server-process specs (project 'server') share: a free loopback port, a database of the test's
// own (a copy of the seeded PGlite template, or a seeded database of its own on PostgreSQL), the built
// server started as a child process on it, and a signed-in user's bearer token and console cookie.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { expect } from '@playwright/test'
import pg from 'pg'
import { commitSession } from '../../app/session.server'
import { createSession } from '../../platform/auth/sessions'
import { type DatabaseHandle, openDatabase } from '../../platform/db/client'
import { demoUser, seedDemo } from '../../platform/db/seed'
import { projectPath } from '../../platform/paths'
import { adminUrl, dropDatabase, ensurePgliteTemplate } from '../../platform/testing/template'
import { E2E_DIR } from './paths'

// The console's cookie is sealed with SESSION_SECRET: the spec's process and its servers share one.
process.env.SESSION_SECRET ??= 'server-process-session-secret-0123456789abcdef'
process.env.COOKIE_SECURE = 'false'

/** The local PostgreSQL of the project (CI runs it in both passes): DATABASE_URL, else adc on 5432. */
export const LOCAL_POSTGRES = process.env.DATABASE_URL || 'postgres://adc:adc@127.0.0.1:5432/adc'

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type Store = {
  kind: 'pglite' | 'postgres'
  /** DATA_DIR of the server (uploads, reports and the embedded database live under it). */
  dataDir: string
  /** PostgreSQL only: the database's own URL (the server may be given another way to it). */
  url?: string
  env: Record<string, string>
  /** Opens the database from this process (PGlite: only while no server holds the directory). */
  open: () => Promise<DatabaseHandle>
  drop: () => Promise<void>
}

const uniqueName = (name: string) => `${name}-${process.pid}-${randomBytes(3).toString('hex')}`

/** A copy of the seeded PGlite template in a data directory of its own. */
export async function pgliteStore(name: string): Promise<Store> {
  const dataDir = path.join(E2E_DIR, uniqueName(name))
  rmSync(dataDir, { recursive: true, force: true })
  const handle = await openDatabase({
    dataDir,
    loadDataDir: new Blob([readFileSync(await ensurePgliteTemplate())]),
  })
  await handle.close()
  return {
    kind: 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** A seeded database of its own on the local PostgreSQL (CREATE DATABASE as adc, which has CREATEDB). */
export async function postgresStore(name: string, databaseUrl = LOCAL_POSTGRES): Promise<Store> {
  const database = uniqueName(name).replaceAll('-', '_')
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${database}`)
  } finally {
    await admin.end()
  }
  const url = adminUrl(databaseUrl, database)
  const handle = await openDatabase({ databaseUrl: url })
  try {
    await seedDemo(handle.db)
  } finally {
    await handle.close()
  }
  const dataDir = path.join(E2E_DIR, uniqueName(name))
  rmSync(dataDir, { recursive: true, force: true })
  return {
    kind: 'postgres',
    dataDir,
    url,
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: url }),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      const again = new pg.Client({ connectionString: adminUrl(databaseUrl) })
      await again.connect()
      try {
        await dropDatabase(again, database)
      } finally {
        await again.end()
      }
    },
  }
}

/** A demo user's signed-in session: its bearer token (API) and console cookie (pages). */
export async function signIn(handle: DatabaseHandle, email: string, sellerId: number | null = null) {
  const user = demoUser(email)
  const { token } = await createSession(handle.db, { userId: user.id, stage: 'FULL', now: new Date() })
  const setCookie = await commitSession({
    token,
    role: user.role,
    userId: user.id,
    userEmail: user.email,
    sellerId,
    tncAcceptance: user.tncAccepted,
    twoFactorRegistered: user.totpRegistered,
    ipAddress: '127.0.0.1',
  })
  return { token, cookie: setCookie.split(';')[0]!, userId: user.id }
}

export type Started = {
  child: ChildProcess
  baseUrl: string
  port: number
  output: () => string
  exit: Promise<number | null>
}

/** Starts build/server/index.js on a free loopback port over the store, without waiting for it. */
export async function spawnServer(
  store: Pick<Store, 'env'>,
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<Started> {
  const port = options.port ?? (await freePort())
  const baseEnv: NodeJS.ProcessEnv = { ...process.env }
  // Always the store's database, no mail server, links to this server's own port, whatever the suite's
  // environment has.
  delete baseEnv.DATABASE_URL
  delete baseEnv.SMTP_URL
  delete baseEnv.PUBLIC_URL
  let output = ''
  const child = spawn(process.execPath, [projectPath('build/server/index.js')], {
    cwd: projectPath(),
    env: {
      ...baseEnv,
      NODE_ENV: 'production',
      SESSION_SECRET: process.env.SESSION_SECRET,
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'false',
      RUN_JOBS: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...store.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  // 'close', not 'exit': by then every line the process wrote has been read.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  return { child, baseUrl: `http://127.0.0.1:${port}`, port, output: () => output, exit }
}

/** Resolves once the server's /healthz answers 200; fails with its output if it exits or never does. */
export async function serverHealthy(server: Started, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      const how = server.child.exitCode ?? server.child.signalCode
      throw new Error(
        `server on port ${server.port} exited (${how}) while starting:\n${server.output().slice(-3000)}`,
      )
    }
    if ((await fetch(`${server.baseUrl}/healthz`).catch(() => null))?.status === 200) return
    if (Date.now() > deadline)
      throw new Error(`server on port ${server.port} did not start:\n${server.output().slice(-3000)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Starts build/server/index.js on a free loopback port over the store; resolves once /healthz is 200. */
export async function startServer(
  store: Pick<Store, 'env'>,
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<Started> {
  const server = await spawnServer(store, options)
  await serverHealthy(server)
  return server
}

/** The server's last `count` log lines other than per-request ones: what a failed check prints. */
export function serverLogTail(server: Pick<Started, 'output'>, count: number) {
  return server
    .output()
    .split('\n')
    .filter((line) => !line.includes('"msg":"request"'))
    .slice(-count)
    .join('\n')
}

/** SIGTERM, and the server must exit 0 (a clean shutdown closes the database); one that already
 * exited by itself must have exited 0 too. A server this test killed is left as it is. */
export async function stopServer(server: Started) {
  if (server.child.signalCode !== null) return
  if (server.child.exitCode === null) server.child.kill('SIGTERM')
  expect(await server.exit, server.output().slice(-3000)).toBe(0)
}

/** SIGKILL: no shutdown, no checkpoint, the lock file left behind. */
export async function killServer(server: Started) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill('SIGKILL')
  await server.exit
}
