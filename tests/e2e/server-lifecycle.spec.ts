// The server process itself, on PGlite and on the local PostgreSQL (server-process.ts): restart keeps
// data, Ctrl-C shuts down cleanly, and a second process on the same embedded data directory refuses to
// start (on PostgreSQL it serves the same data). No browser: the 'server' project runs it once.
import { expect, test } from '@playwright/test'
import {
  pgliteStore,
  postgresStore,
  type Started,
  serverHealthy,
  signIn,
  spawnServer,
} from './server-process'

/** The built server over the store with its jobs on, as `npm start` runs it; not waited for. */
const start = (env: Record<string, string>) => spawnServer({ env }, { env: { RUN_JOBS: 'true' } })

/** What a failed check prints first: the server's last warnings and errors (a 503 says why in them). */
function serverLog(started: Started) {
  const lines = started
    .output()
    .split('\n')
    .filter((line) => /"level":"(warn|error)"/.test(line))
  return `server on port ${started.port}: ${lines.length ? lines.slice(-4).join('\n') : 'no warning or error logged'}`
}

for (const kind of ['pglite', 'postgres'] as const) {
  test(`${kind}: restart keeps the data; Ctrl-C exits 0; a second process on the same data ${kind === 'pglite' ? 'is refused' : 'serves it too'}`, async () => {
    test.setTimeout(120_000)
    const store = kind === 'pglite' ? await pgliteStore('lifecycle') : await postgresStore('lifecycle')
    try {
      const handle = await store.open()
      // The list's kept sums are of yesterday, as after a night the server was down.
      await handle.executeSql(
        `update campaign_windows_day set day = (now() at time zone 'Asia/Kolkata')::date - 1, building = null, built_through = null`,
        [],
      )
      const { token } = await signIn(handle, 'seller@example.com').finally(() => handle.close())
      await lifecycle(store.env, token, kind === 'postgres')
    } finally {
      await store.drop()
    }
  })
}

async function lifecycle(env: Record<string, string>, token: string, postgres: boolean) {
  const first = await start(env)
  await serverHealthy(first)
  // The day's sums are rebuilt once the server answers, never before (decision 082, stop 30): on the
  // embedded database's one session their pieces would hold up each of the start's queries.
  await expect.poll(first.output, { timeout: 30_000 }).toContain('"msg":"campaign date ranges summed"')
  expect(first.output().indexOf('"msg":"ready"')).toBeGreaterThan(-1)
  expect(first.output().indexOf('"msg":"ready"')).toBeLessThan(
    first.output().indexOf('"msg":"campaign date ranges summed"'),
  )
  const api = (port: number, p: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${port}/ads/ad-auth${p}`, {
      ...init,
      headers: { authorization: `Bearer ${token}` },
    })
  expect((await api(first.port, '/v1/session')).status, serverLog(first)).toBe(200)

  // A second process on the same database.
  const second = await start(env)
  if (postgres) {
    // On PostgreSQL web processes are stateless: a second one serves the same data.
    await serverHealthy(second)
    expect((await api(second.port, '/v1/session')).status, serverLog(second)).toBe(200)
    second.child.kill('SIGTERM')
    expect(await second.exit).toBe(0)
  } else {
    expect(await second.exit).toBe(1)
    expect(second.output()).toContain('is already in use by process')
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200)
  }

  // A change, then Ctrl-C: a clean exit.
  expect((await api(first.port, '/v1/logout', { method: 'POST' })).status, serverLog(first)).toBe(200)
  first.child.kill('SIGINT')
  expect(await first.exit).toBe(0)
  expect(first.output()).toContain('"msg":"stopped"')
  // A clean stop logs no error (the health watcher is stopped before the database is closed).
  expect(
    first
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":"error"')),
  ).toEqual([])

  // Started again on the same data: the logout is still there (the session stays ended).
  const again = await start(env)
  await serverHealthy(again)
  expect((await api(again.port, '/v1/session')).status, serverLog(again)).toBe(401)
  again.child.kill('SIGTERM')
  expect(await again.exit).toBe(0)
}
