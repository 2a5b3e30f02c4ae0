// The server process itself: restart keeps data, Ctrl-C shuts down cleanly, and a second process on the
// same embedded data directory refuses to start. (No browser: the 'server' project runs it once.)
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { createSession } from '../../platform/auth/sessions'
import { openDatabase } from '../../platform/db/client'
import { demoUser } from '../../platform/db/seed'
import { projectPath } from '../../platform/paths'
import { ensurePgliteTemplate } from '../../platform/testing/template'
import { E2E_DIR } from './paths'

const postgres = Boolean(process.env.DATABASE_URL)

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

type Started = { child: ChildProcess; port: number; output: () => string; exit: Promise<number | null> }

function start(env: Record<string, string>, port: number): Started {
  let output = ''
  const child = spawn(process.execPath, [projectPath('build/server/index.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'false',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, port, output: () => output, exit }
}

async function healthy(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
      timeout: 30_000,
    })
    .toBe(200)
}

test('restart keeps the data; Ctrl-C exits 0; a second process on the same data is refused', async () => {
  test.setTimeout(90_000)

  let env: Record<string, string>
  let token: string
  const seller = demoUser('seller@example.com')
  if (postgres) {
    env = { DATABASE_URL: process.env.E2E_DATABASE_URL ?? '' }
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL! })
    token = (await createSession(handle.db, { userId: seller.id, stage: 'FULL', now: new Date() })).token
    await handle.close()
  } else {
    const dataDir = path.join(E2E_DIR, `lifecycle-${process.pid}`)
    rmSync(dataDir, { recursive: true, force: true })
    const handle = await openDatabase({
      dataDir,
      loadDataDir: new Blob([readFileSync(await ensurePgliteTemplate())]),
    })
    token = (await createSession(handle.db, { userId: seller.id, stage: 'FULL', now: new Date() })).token
    await handle.close()
    env = { DATA_DIR: dataDir }
  }

  const first = start(env, await freePort())
  await healthy(first.port)
  const api = (port: number, p: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${port}/ads/ad-auth${p}`, {
      ...init,
      headers: { authorization: `Bearer ${token}` },
    })
  expect((await api(first.port, '/v1/session')).status).toBe(200)

  // A second process on the same database.
  const second = start(env, await freePort())
  if (postgres) {
    // On PostgreSQL web processes are stateless: a second one serves the same data.
    await healthy(second.port)
    expect((await api(second.port, '/v1/session')).status).toBe(200)
    second.child.kill('SIGTERM')
    expect(await second.exit).toBe(0)
  } else {
    expect(await second.exit).toBe(1)
    expect(second.output()).toContain('is already in use by process')
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200)
  }

  // A change, then Ctrl-C: a clean exit.
  expect((await api(first.port, '/v1/logout', { method: 'POST' })).status).toBe(200)
  first.child.kill('SIGINT')
  expect(await first.exit).toBe(0)
  expect(first.output()).toContain('"msg":"stopped"')

  // Started again on the same data: the logout is still there (the session stays ended).
  const again = start(env, await freePort())
  await healthy(again.port)
  expect((await api(again.port, '/v1/session')).status).toBe(401)
  again.child.kill('SIGTERM')
  expect(await again.exit).toBe(0)
})
