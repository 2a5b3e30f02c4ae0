// The admission of console page reads (server/admission.ts, decision 072), on a real HTTP server.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type NextFunction, type Request, type Response } from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { createAdmission } from './admission'

type Gate = { open: () => void }

/** A server whose page handler waits until the test lets it finish; it records what ran when. */
async function serve(options: { limit: number; maxWaiting: number; before?: express.RequestHandler }) {
  const admission = createAdmission(options)
  const started: string[] = []
  const gates = new Map<string, Gate>()
  let running = 0
  let mostRunning = 0
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const name = String(req.query.name)
    if (name === 'throws') throw new Error('handler failed')
    if (name === 'rejects') return next(new Error('handler failed later'))
    started.push(name)
    running++
    mostRunning = Math.max(mostRunning, running)
    await new Promise<void>((resolve) => gates.set(name, { open: resolve }))
    running--
    res.type('text').send(`page ${name}`)
  }
  const app = express()
  if (options.before) app.use(options.before)
  app.all('*', admission.wrap(handler))
  app.use((_error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    res.status(500).type('text').send('failed')
  })
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  servers.push(server)
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
    expect(check()).toBe(true)
  }
  const finish = async (name: string) => {
    await until(() => gates.has(name))
    gates.get(name)!.open()
  }
  return { admission, base, started, finish, until, mostRunning: () => mostRunning }
}

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

describe('admission of page reads', () => {
  it('works on at most `limit` reads at once and starts the others in arrival order', async () => {
    const s = await serve({ limit: 2, maxWaiting: 100 })
    const answers: Promise<string>[] = []
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      answers.push(fetch(`${s.base}/page?name=${name}`).then((r) => r.text()))
      // Each arrives before the next is sent.
      await s.until(() => s.admission.active + s.admission.waiting === answers.length)
    }
    expect(s.started).toEqual(['a', 'b'])
    expect(s.admission.waiting).toBe(3)
    await s.finish('b')
    await s.until(() => s.started.length === 3)
    expect(s.started).toEqual(['a', 'b', 'c'])
    for (const name of ['a', 'c', 'd', 'e']) await s.finish(name)
    expect(await Promise.all(answers)).toEqual(['page a', 'page b', 'page c', 'page d', 'page e'])
    expect(s.mostRunning()).toBe(2)
    expect(s.admission.active).toBe(0)
    expect(s.admission.waiting).toBe(0)
  })

  it('lets posts pass straight, without waiting or taking a slot', async () => {
    const s = await serve({ limit: 1, maxWaiting: 100 })
    const read = fetch(`${s.base}/page?name=read`).then((r) => r.text())
    await s.until(() => s.started.includes('read'))
    const post = fetch(`${s.base}/page?name=post`, { method: 'POST' }).then((r) => r.text())
    await s.until(() => s.started.includes('post'))
    expect(s.admission.active).toBe(1)
    await s.finish('post')
    expect(await post).toBe('page post')
    await s.finish('read')
    expect(await read).toBe('page read')
  })

  it('answers 503 with Retry-After at once when too many are waiting', async () => {
    const s = await serve({ limit: 1, maxWaiting: 1 })
    const first = fetch(`${s.base}/page?name=first`)
    await s.until(() => s.admission.active === 1)
    const second = fetch(`${s.base}/page?name=second`)
    await s.until(() => s.admission.waiting === 1)
    const refused = await fetch(`${s.base}/page?name=third`)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect(await refused.text()).toContain('The console is busy')
    await s.finish('first')
    await s.finish('second')
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(200)
    expect(s.started).toEqual(['first', 'second'])
  })

  it('frees the slot of a handler that throws or fails, and the next read goes on', async () => {
    const s = await serve({ limit: 1, maxWaiting: 10 })
    expect((await fetch(`${s.base}/page?name=throws`)).status).toBe(500)
    expect((await fetch(`${s.base}/page?name=rejects`)).status).toBe(500)
    const next = fetch(`${s.base}/page?name=next`).then((r) => r.text())
    await s.finish('next')
    expect(await next).toBe('page next')
    expect(s.admission.active).toBe(0)
  })

  it('skips a waiting read that was answered meanwhile (the database went down) or whose client left', async () => {
    // Stands in for server/database-health.ts, which answers every pending request 503 when the
    // database goes down, waiting ones included.
    const pending: Response[] = []
    const before: express.RequestHandler = (req, res, next) => {
      if (req.query.name === 'answered') pending.push(res)
      next()
    }
    const s = await serve({ limit: 1, maxWaiting: 10, before })
    const first = fetch(`${s.base}/page?name=first`)
    await s.until(() => s.admission.active === 1)
    const answered = fetch(`${s.base}/page?name=answered`)
    await s.until(() => s.admission.waiting === 1)
    pending[0]!.status(503).type('text').send('unavailable')
    const leaving = new AbortController()
    const left = fetch(`${s.base}/page?name=left`, { signal: leaving.signal }).catch(() => 'aborted')
    await s.until(() => s.admission.waiting === 2)
    leaving.abort()
    expect(await left).toBe('aborted')
    const last = fetch(`${s.base}/page?name=last`).then((r) => r.text())
    await s.until(() => s.admission.waiting === 3)
    await s.finish('first')
    expect(await (await first).text()).toBe('page first')
    expect((await answered).status).toBe(503)
    await s.finish('last')
    expect(await last).toBe('page last')
    expect(s.started).toEqual(['first', 'last'])
    expect(s.admission.active).toBe(0)
  })
})
