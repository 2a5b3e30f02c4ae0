// The database-health gate (decision 055): a failed ping marks the database down, every request then and
// every request still waiting is answered 503 (the page, the API's envelope, /healthz), and a good ping
// lets requests through again. The database here is a ping the test controls: what is under test is the
// watcher and the gate, not a database.
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { unavailableWhileDatabaseDown, watchDatabase } from './database-health'

type Ping = { fail: boolean; hang: boolean }

function controlledDatabase() {
  const state: Ping = { fail: false, hang: false }
  return {
    state,
    database: {
      ping: () =>
        state.hang
          ? new Promise<boolean>(() => {})
          : state.fail
            ? Promise.reject(
                Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
              )
            : Promise.resolve(true),
    },
  }
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function serve(health: ReturnType<typeof watchDatabase>, release: Promise<void>) {
  const app = express()
  app.use(unavailableWhileDatabaseDown(health, (path) => path.startsWith('/build/')))
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }))
  // A handler that waits on the database until released (a query on a hung connection).
  app.get(
    ['/campaigns', '/ads/ad-inventory/v1/campaign/loadHomePage', '/build/app.js'],
    async (_req, res) => {
      await release
      res.status(200).send('rows')
    },
  )
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('the database-health gate', () => {
  it('answers 503 to waiting and new requests once a ping fails, and lets them through after a good one', async () => {
    const { state, database } = controlledDatabase()
    const health = watchDatabase({ database, intervalMs: 20, timeoutMs: 100 })
    closers.push(() => health.stop())
    let releaseHandlers = () => {}
    const release = new Promise<void>((resolve) => (releaseHandlers = resolve))
    const origin = await serve(health, release)

    // Two requests wait on the "database"; then it goes away.
    const waitingPage = fetch(`${origin}/campaigns`)
    const waitingApi = fetch(`${origin}/ads/ad-inventory/v1/campaign/loadHomePage`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(health.up).toBe(true)
    state.fail = true

    const page = await waitingPage
    expect(page.status).toBe(503)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.headers.get('retry-after')).toBe('5')
    const html = await page.text()
    expect(html).toContain('Service unavailable')
    expect(html).not.toMatch(/ECONNREFUSED|5432|postgres/i)

    const api = await waitingApi
    expect(api.status).toBe(503)
    expect(await api.json()).toMatchObject({ code: 503, errorCode: 'SERVICE_UNAVAILABLE', data: null })

    // New requests: at once, /healthz too; static files are not the database's.
    expect(health.up).toBe(false)
    const healthz = await fetch(`${origin}/healthz`)
    expect(healthz.status).toBe(503)
    expect(await healthz.json()).toEqual({ status: 'unavailable' })
    expect((await fetch(`${origin}/campaigns`)).status).toBe(503)
    releaseHandlers()
    // The handlers that were answered 503 finish later: their writes go nowhere, nothing throws.
    expect((await fetch(`${origin}/build/app.js`)).status).toBe(200)

    state.fail = false
    await expect.poll(() => health.up).toBe(true)
    expect((await fetch(`${origin}/campaigns`)).status).toBe(200)
    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok' })
  })

  it('marks the database down when a ping does not answer within its timeout (a hung connection)', async () => {
    const { state, database } = controlledDatabase()
    const health = watchDatabase({ database, intervalMs: 20, timeoutMs: 100 })
    closers.push(() => health.stop())
    await expect.poll(() => health.up).toBe(true)
    state.hang = true
    await expect.poll(() => health.up).toBe(false)
  })
})
