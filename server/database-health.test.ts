// The database-health gate (decision 055): a failed ping marks the database down, every request then and
// every request still waiting is answered 503 (the page, the API's envelope, /healthz), and a good ping
// lets requests through again. The database here is a ping the test controls: what is under test is the
// watcher and the gate, not a database.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { unavailableWhileDatabaseDown, watchDatabase, withTimeout } from './database-health'
import { answerErrorsPlainly } from './hardening'

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
  return `http://127.0.0.1:${await listen(app)}`
}

/** Listens on a free loopback port until the test ends; the port. */
async function listen(app: express.Express): Promise<number> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return (server.address() as AddressInfo).port
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

  it('keeps the connection of a request it answered 503 when the handler fails later (keep-alive reuse)', async () => {
    const { state, database } = controlledDatabase()
    const health = watchDatabase({ database, intervalMs: 20, timeoutMs: 100 })
    closers.push(() => health.stop())
    let failFirst = () => {}
    const firstFails = new Promise<void>((resolve) => (failFirst = resolve))
    let answerSecond = () => {}
    const secondAnswers = new Promise<void>((resolve) => (answerSecond = resolve))
    const app = express()
    app.use(unavailableWhileDatabaseDown(health, () => false))
    // The first request's query fails only after the gate has answered it (the driver's error comes late).
    app.get('/first', async (_req, _res, next) => {
      await firstFails
      next(new Error('Connection terminated unexpectedly'))
    })
    app.get('/second', async (_req, res) => {
      await secondAnswers
      res.status(200).send('rows')
    })
    app.use(answerErrorsPlainly)
    const port = await listen(app)
    // One keep-alive socket: the second request goes over the first one's connection.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    closers.push(async () => agent.destroy())
    const get = (path: string) =>
      new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, socket: request.socket }),
          )
        })
        request.on('error', reject)
      })

    const first = get('/first')
    await new Promise((resolve) => setTimeout(resolve, 50))
    state.fail = true
    const answered = await first
    expect(answered.status).toBe(503)
    // The database is back; the next request uses the same connection and waits on its query.
    state.fail = false
    await expect.poll(() => health.up).toBe(true)
    const second = get('/second')
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Now the first request's handler fails: that must not cut the connection under the second.
    failFirst()
    await new Promise((resolve) => setTimeout(resolve, 50))
    answerSecond()
    const result = await second
    expect(result).toMatchObject({ status: 200, body: 'rows' })
    expect(result.socket).toBe(answered.socket)
  })
})

describe("a ping's deadline (withTimeout)", () => {
  /** Blocks this thread for `ms` (a server starting, a process the machine did not schedule). */
  const busy = (ms: number) => {
    const until = performance.now() + ms
    while (performance.now() < until);
  }
  /** An answer that takes `hops` turns of the loop after `delayMs` (a connect's round trips). */
  const answerAfter = (delayMs: number, hops: number) =>
    new Promise<string>((resolve) => {
      const hop = (left: number) => (left === 0 ? resolve('answered') : setTimeout(hop, 1, left - 1))
      setTimeout(hop, delayMs, hops)
    })

  it('does not give up on an answer the loop was too busy to read: a stall counts one step', async () => {
    const answer = withTimeout(answerAfter(20, 6), 100)
    busy(400)
    await expect(answer).resolves.toBe('answered')
  })

  it('gives up on an answer that never comes about on time while the loop is free', async () => {
    const started = performance.now()
    await expect(withTimeout(new Promise(() => {}), 150)).rejects.toThrow(
      'the database did not answer a ping within 150 ms',
    )
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(145)
    expect(waited).toBeLessThan(1000)
  })

  it('passes the answer or the failure through when it comes first', async () => {
    await expect(withTimeout(Promise.resolve(7), 100)).resolves.toBe(7)
    await expect(withTimeout(Promise.reject(new Error('refused')), 100)).rejects.toThrow('refused')
  })
})
