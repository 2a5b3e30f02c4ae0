// Console page reads on more than one thread (decision 078). The web server's one thread was the limit
// under load (decisions 072, 076): rendering, the platform's calls and the database driver all ran on
// it. Render threads are worker threads of this process, each with the console's build, a platform and
// a database pool of its own (PostgreSQL, or the embedded database's process through its wire front).
// This thread still accepts every connection, runs every middleware (headers, limits, the database
// gate, compression) and every post; an admitted page read (server/admission.ts) goes to whichever
// thread, this one included, has the fewest reads in hand, so the one queue stays in arrival order.
// A render thread that dies has its reads done again here, and is started again.
import { parentPort, Worker } from 'node:worker_threads'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { SharedConnection } from '../platform/db/client'
import { log } from '../platform/log'

/** What the server's render thread (server/render-thread.ts) is started with (plain data). */
export type RenderThreadData = { shared: SharedConnection; sessionSecret: string }

/** This thread → a render thread. */
export type ToRenderThread =
  | {
      t: 'request'
      id: number
      url: string
      method: string
      headers: [string, string][]
      clientIp: string | null
      cspNonce: string
      requestId: string
    }
  /** The client took the last piece: send the next. */
  | { t: 'more'; id: number }
  /** The client left. */
  | { t: 'abort'; id: number }

/** A render thread → this thread. */
export type FromRenderThread =
  | { t: 'ready' }
  | { t: 'head'; id: number; status: number; statusText: string; headers: [string, string][] }
  | { t: 'chunk'; id: number; data: Uint8Array }
  | { t: 'end'; id: number }
  | { t: 'failed'; id: number; message: string }
  | { t: 'wake'; job: string }

export type RenderThreads = {
  /** `handler` (the console's request handler on this thread) with page reads shared among the threads. */
  share(handler: (req: Request, res: Response, next: NextFunction) => unknown): RequestHandler
  /** Render threads ready now. */
  readonly ready: number
  /** Resolves once every render thread is ready. */
  whenReady(): Promise<void>
  close(): Promise<void>
}

type Pending = { req: Request; res: Response; next: NextFunction; done: () => void }

type Thread = {
  worker: Worker
  ready: boolean
  /** Ready once: a thread that dies before is not started again (it would fail the same way). */
  wasReady: boolean
  pending: Map<number, Pending>
}

const RESTART_DELAY_MS = 1000

export function startRenderThreads(options: {
  count: number
  /** The render thread's module (build/server/render-thread.js; the bench's floor has its own). */
  file: URL | string
  /** Its workerData. */
  data: unknown
  /** A render thread asked for a job to run now (PlatformDeps.wake). */
  wake?: (job: string) => void
}): RenderThreads {
  const threads: Thread[] = []
  let closing = false
  let nextId = 1
  let ownInHand = 0
  let fallback: ((req: Request, res: Response, next: NextFunction) => unknown) | null = null
  let readyWaiters: (() => void)[] = []
  /** Slots given up: their thread died before it was ever ready. */
  let givenUp = 0
  const allReady = () => threads.filter((thread) => thread?.ready).length + givenUp === options.count
  const settleWaiters = () => {
    if (!allReady()) return
    for (const resolve of readyWaiters) resolve()
    readyWaiters = []
  }

  const runHere = (entry: Pending) => {
    entry.res.locals.renderThread = undefined
    ownInHand++
    Promise.resolve()
      .then(() => fallback?.(entry.req, entry.res, entry.next))
      .catch((error: unknown) => entry.next(error))
      .finally(() => {
        ownInHand--
        entry.done()
      })
  }

  const start = (slot: number) => {
    const startedAt = performance.now()
    const worker = new Worker(options.file, { workerData: options.data })
    const thread: Thread = { worker, ready: false, wasReady: false, pending: new Map() }
    threads[slot] = thread
    worker.on('message', (message: FromRenderThread) => {
      if (message.t === 'ready') {
        thread.ready = true
        thread.wasReady = true
        // Until then the other threads, this one included, take its share of the reads.
        log.info('render thread ready', { thread: slot + 1, ms: Math.round(performance.now() - startedAt) })
        settleWaiters()
        return
      }
      if (message.t === 'wake') {
        options.wake?.(message.job)
        return
      }
      const entry = thread.pending.get(message.id)
      if (!entry) return
      const { res } = entry
      switch (message.t) {
        case 'head':
          if (res.headersSent) return
          res.statusMessage = message.statusText
          res.status(message.status)
          for (const [name, value] of message.headers) res.append(name, value)
          return
        case 'chunk':
          if (res.write(message.data))
            worker.postMessage({ t: 'more', id: message.id } satisfies ToRenderThread)
          else
            res.once('drain', () =>
              worker.postMessage({ t: 'more', id: message.id } satisfies ToRenderThread),
            )
          return
        case 'end':
          thread.pending.delete(message.id)
          res.end()
          entry.done()
          return
        case 'failed':
          thread.pending.delete(message.id)
          if (res.headersSent) res.destroy()
          else entry.next(new Error(message.message))
          entry.done()
          return
      }
    })
    worker.on('error', (error) =>
      log.error('render thread failed', { error: error.message, stack: error.stack }),
    )
    worker.on('exit', (code) => {
      thread.ready = false
      // Its reads in hand: done again here if nothing was sent yet, else cut.
      for (const entry of thread.pending.values()) {
        if (entry.res.headersSent) {
          entry.res.destroy()
          entry.done()
        } else runHere(entry)
      }
      thread.pending.clear()
      if (closing) return
      if (!thread.wasReady) {
        givenUp++
        settleWaiters()
        log.error('render thread could not start; its share of the pages is rendered on the main thread', {
          code,
        })
        return
      }
      log.error('render thread stopped; starting another', { code })
      setTimeout(() => closing || start(slot), RESTART_DELAY_MS).unref()
    })
  }
  for (let slot = 0; slot < options.count; slot++) start(slot)

  const share: RenderThreads['share'] = (handler) => {
    fallback = handler
    return (req, res, next) => {
      let target: Thread | null = null
      if (req.method === 'GET') {
        for (const thread of threads) {
          if (
            thread?.ready &&
            thread.pending.size <= ownInHand &&
            (!target || thread.pending.size < target.pending.size)
          ) {
            target = thread
          }
        }
      }
      if (!target) {
        ownInHand++
        return Promise.resolve(handler(req, res, next)).finally(() => {
          ownInHand--
        })
      }
      const thread = target
      const id = nextId++
      res.locals.renderThread = threads.indexOf(thread) + 1
      return new Promise<void>((resolve) => {
        thread.pending.set(id, { req, res, next, done: resolve })
        res.once('close', () => {
          if (!thread.pending.has(id)) return
          thread.pending.delete(id)
          thread.worker.postMessage({ t: 'abort', id } satisfies ToRenderThread)
          resolve()
        })
        const headers: [string, string][] = []
        for (const [name, value] of Object.entries(req.headers)) {
          if (value === undefined) continue
          if (Array.isArray(value)) for (const one of value) headers.push([name, one])
          else headers.push([name, value])
        }
        thread.worker.postMessage({
          t: 'request',
          id,
          // As @remix-run/express builds it.
          url: `${req.protocol}://${req.get('host')}${req.originalUrl}`,
          method: req.method,
          headers,
          clientIp: req.ip ?? null,
          cspNonce: res.locals.cspNonce as string,
          requestId: res.locals.requestId as string,
        } satisfies ToRenderThread)
      })
    }
  }

  return {
    share,
    get ready() {
      return threads.filter((thread) => thread?.ready).length
    },
    whenReady() {
      return allReady() ? Promise.resolve() : new Promise<void>((resolve) => readyWaiters.push(resolve))
    },
    async close() {
      closing = true
      await Promise.all(threads.map((thread) => thread?.worker.terminate()))
    },
  }
}

/**
 * In a render thread: answers the page reads the main thread hands it with the console's `build`, each
 * with a load context like the main thread's (server/app.ts), then tells the main thread it is ready.
 * The main thread owns the connection: it sent the request's head and gets back the answer's head and
 * body in pieces, the next piece once the client has taken the last.
 */
export function servePageReads(options: {
  build: ServerBuild
  /** A platform `fetch` for one request (Platform.scopedFetch). */
  platformFetch: () => (request: globalThis.Request) => Promise<globalThis.Response>
  outboxEnabled: boolean
}) {
  const port = parentPort
  if (!port) throw new Error('servePageReads runs in a worker thread')
  const send = (message: FromRenderThread) => port.postMessage(message)
  const handle = createRequestHandler(options.build, options.build.mode)
  const inHand = new Map<number, { abort: AbortController; more: (() => void) | null }>()

  async function answer(message: Extract<ToRenderThread, { t: 'request' }>) {
    const entry = { abort: new AbortController(), more: null as (() => void) | null }
    inHand.set(message.id, entry)
    const { signal } = entry.abort
    try {
      const request = new globalThis.Request(message.url, {
        method: message.method,
        headers: message.headers,
        signal,
      })
      const response = await handle(request, {
        platformFetch: options.platformFetch(),
        clientIp: message.clientIp,
        cspNonce: message.cspNonce,
        requestId: message.requestId,
        outboxEnabled: options.outboxEnabled,
      })
      if (signal.aborted) return
      const headers: [string, string][] = []
      for (const [name, value] of response.headers) if (name !== 'set-cookie') headers.push([name, value])
      for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie])
      send({ t: 'head', id: message.id, status: response.status, statusText: response.statusText, headers })
      if (response.body) {
        const reader = response.body.getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          const taken = new Promise<void>((resolve) => {
            entry.more = resolve
          })
          send({ t: 'chunk', id: message.id, data: value })
          await taken
          if (signal.aborted) {
            await reader.cancel()
            return
          }
        }
      }
      send({ t: 'end', id: message.id })
    } catch (error) {
      if (!signal.aborted) send({ t: 'failed', id: message.id, message: (error as Error).message })
    } finally {
      inHand.delete(message.id)
    }
  }

  port.on('message', (message: ToRenderThread) => {
    if (message.t === 'request') {
      void answer(message)
      return
    }
    const entry = inHand.get(message.id)
    if (!entry) return
    if (message.t === 'abort') entry.abort.abort()
    const more = entry.more
    entry.more = null
    more?.()
  })
  send({ t: 'ready' })
}
