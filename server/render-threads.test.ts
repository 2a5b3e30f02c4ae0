// The main thread's side of the render threads (decision 078): how a page read is handed to a thread and
// its answer written, what happens when a thread dies or the client leaves. The threads here are small
// scripts speaking the same messages (the console's own thread needs a build; the e2e suite runs every
// page through it: CONSOLE_THREADS defaults to one fewer than the cores).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RenderThreads, startRenderThreads } from './render-threads'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'render-threads-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A thread script: `onRequest` is the body of a function of (message, send, waitMore). */
function threadScript(name: string, onRequest: string) {
  const file = path.join(dir, `${name}.mjs`)
  writeFileSync(
    file,
    `import { parentPort } from 'node:worker_threads'
const more = new Map()
const waitMore = (id) => new Promise((resolve) => more.set(id, resolve))
const send = (m) => parentPort.postMessage(m)
parentPort.on('message', async (message) => {
  if (message.t === 'request') {
    await (async (message) => { ${onRequest} })(message)
    return
  }
  if (message.t === 'abort') send({ t: 'wake', job: 'aborted ' + message.id })
  more.get(message.id)?.()
  more.delete(message.id)
})
send({ t: 'ready' })
`,
  )
  return file
}

/**
 * One render thread from `file` beside an Express app whose main thread answers "main thread: <url>";
 * `run` gets the app's address and the threads, and both are closed after it.
 */
async function withThread(
  file: string,
  run: (base: string, threads: RenderThreads) => Promise<void>,
  wake?: (job: string) => void,
) {
  const threads = startRenderThreads({ count: 1, file, data: null, wake })
  await threads.whenReady()
  const app = express()
  const mainThread = (req: express.Request, res: express.Response) => {
    res.type('text/plain').send(`main thread: ${req.originalUrl}`)
  }
  app.all('*', threads.share(mainThread))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, threads)
  } finally {
    await new Promise((resolve) => server.close(resolve))
    await threads.close()
  }
}

describe('render threads (main thread side)', () => {
  it('a page read goes to a ready thread: its status, headers (each cookie) and body in pieces reach the client; posts stay on the main thread', async () => {
    const file = threadScript(
      'answers',
      `send({ t: 'head', id: message.id, status: 201, statusText: 'Created', headers: [['content-type', 'text/plain'], ['x-thread-url', message.url], ['set-cookie', 'a=1'], ['set-cookie', 'b=2']] })
       for (const piece of ['one ', 'two ', 'three']) {
         const taken = waitMore(message.id)
         send({ t: 'chunk', id: message.id, data: new TextEncoder().encode(piece) })
         await taken
       }
       send({ t: 'end', id: message.id })`,
    )
    await withThread(file, async (base, threads) => {
      expect(threads.ready).toBe(1)
      const response = await fetch(`${base}/campaigns?page=2`)
      expect(response.status).toBe(201)
      expect(response.headers.get('x-thread-url')).toBe(`${base}/campaigns?page=2`)
      expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
      expect(await response.text()).toBe('one two three')
      // A post is the main thread's (it may stream a body), even with the thread idle.
      const post = await fetch(`${base}/campaigns`, { method: 'POST' })
      expect(await post.text()).toBe('main thread: /campaigns')
    })
  })

  it('reads share out by the fewest in hand: under concurrent reads both the thread and the main thread answer', async () => {
    const file = threadScript(
      'slow',
      `await new Promise((resolve) => setTimeout(resolve, 30))
       send({ t: 'head', id: message.id, status: 200, statusText: 'OK', headers: [['content-type', 'text/plain']] })
       const taken = waitMore(message.id)
       send({ t: 'chunk', id: message.id, data: new TextEncoder().encode('render thread') })
       await taken
       send({ t: 'end', id: message.id })`,
    )
    await withThread(file, async (base) => {
      const bodies = await Promise.all(
        Array.from({ length: 12 }, (_, i) => fetch(`${base}/p/${i}`).then((r) => r.text())),
      )
      expect(bodies.filter((b) => b === 'render thread').length).toBeGreaterThan(0)
      expect(bodies.filter((b) => b.startsWith('main thread')).length).toBeGreaterThan(0)
    })
  })

  it('a thread that dies: its reads not yet answered are done on the main thread, and another thread starts', async () => {
    const file = threadScript('dies', `process.exit(3)`)
    await withThread(file, async (base, threads) => {
      const response = await fetch(`${base}/campaigns`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('main thread: /campaigns')
      // Started again after a pause.
      await expect.poll(() => threads.ready, { timeout: 5000 }).toBe(1)
    })
  })

  it('a thread that cannot start is not started again: every page is rendered on the main thread', async () => {
    const file = path.join(dir, 'broken.mjs')
    writeFileSync(file, `throw new Error('cannot load the build')\n`)
    await withThread(file, async (base, threads) => {
      expect(threads.ready).toBe(0)
      expect(await (await fetch(`${base}/campaigns`)).text()).toBe('main thread: /campaigns')
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(threads.ready).toBe(0)
    })
  })

  it('a thread whose handler fails answers an error, never a hung request', async () => {
    const file = threadScript('fails', `send({ t: 'failed', id: message.id, message: 'boom' })`)
    await withThread(file, async (base) => {
      const response = await fetch(`${base}/campaigns`)
      expect(response.status).toBe(500)
    })
  })

  it('a client that leaves: the thread is told, and stops sending', async () => {
    const file = threadScript(
      'endless',
      `send({ t: 'head', id: message.id, status: 200, statusText: 'OK', headers: [['content-type', 'text/plain']] })
       for (;;) {
         const taken = waitMore(message.id)
         send({ t: 'chunk', id: message.id, data: new Uint8Array(64 * 1024) })
         await taken
       }`,
    )
    const told: string[] = []
    await withThread(
      file,
      async (base) => {
        const controller = new AbortController()
        const response = await fetch(`${base}/big`, { signal: controller.signal })
        const reader = response.body!.getReader()
        await reader.read()
        controller.abort()
        await expect.poll(() => told.some((job) => job.startsWith('aborted ')), { timeout: 5000 }).toBe(true)
      },
      (job) => told.push(job),
    )
  })
})
