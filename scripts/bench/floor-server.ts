// A page's FLOOR (issue 14): the console's own Express app and Remix build, in a process of its own, with
// the platform replaced by a memo of its earlier answers. No database, no platform call: what is left is
// the console's rendering and the server's pipeline (headers, CSRF check, compression).
//
// Started by the bench (scripts/bench/console.ts) with FLOOR_PORT and FLOOR_UPSTREAM (a running server
// with the same data). While recording, each platform call the console makes is sent to the upstream
// server's HTTP API and its answer kept; after POST /__floor/freeze every platform call is answered from
// the memo (keyed by method, path and query, body) and one that was not recorded answers 503 and is
// counted (GET /__floor/stats). Run with NODE_ENV=production like the server.
//
// Like the server it renders on as many threads (decision 078: CONSOLE_THREADS, by default one fewer
// than the cores): at the freeze, render threads (floor-thread.ts) start with a copy of the memo and share
// the page reads from then on.
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import type { Platform } from '../../platform'
import type { DatabaseHandle } from '../../platform/db/client'
import { projectPath } from '../../platform/paths'
import { createServerApp } from '../../server/app'
import { readConfig } from '../../server/config'
import { startRenderThreads } from '../../server/render-threads'
import { type Answer, memoKey, replay } from './floor-memo'

const port = Number(process.env.FLOOR_PORT)
const upstream = process.env.FLOOR_UPSTREAM
if (!port || !upstream) throw new Error('FLOOR_PORT and FLOOR_UPSTREAM must be set')

const memo = new Map<string, Answer>()
let frozen = false
let misses = 0
let replayed = 0

/** Headers that describe the upstream's transfer, not the answer: fetch has already decoded the body. */
const TRANSFER = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
])

async function memoFetch(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
  const key = memoKey(request.method, url, body)
  if (frozen) {
    const answer = memo.get(key)
    if (answer) replayed++
    else misses++
    return replay(answer)
  }
  const headers = new Headers(request.headers)
  headers.delete('host')
  headers.delete('content-length')
  const response = await fetch(`${upstream}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: body || undefined,
  })
  const answer: Answer = {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !TRANSFER.has(name.toLowerCase())),
    body: await response.arrayBuffer(),
  }
  memo.set(key, answer)
  return replay(answer)
}

async function main() {
  const build = (await import(projectPath('build/index.js'))) as ServerBuild
  // Only what createServerApp reads of a platform and a database: no service is mounted over HTTP.
  const platform = {
    services: [],
    fetch: memoFetch,
    scopedFetch: () => memoFetch,
    deps: { outboxEnabled: false },
  } as unknown as Platform
  const database = { kind: 'pglite', ping: async () => true } as unknown as DatabaseHandle
  const threads = readConfig().consoleThreads
  const outer = express()
  let app = createServerApp({ database, platform, build })
  outer.post('/__floor/freeze', async (_req, res) => {
    frozen = true
    if (threads > 0) {
      // The render threads replay a copy of the memo; a call one of them does not find is a line on
      // stderr, which the bench counts as an error (the stats below are this thread's).
      const renderThreads = startRenderThreads({
        count: threads,
        file: new URL('./floor-thread.mjs', import.meta.url),
        data: { memo: [...memo] },
      })
      await renderThreads.whenReady()
      app = createServerApp({ database, platform, build, renderThreads })
    }
    res.json({ recorded: memo.size })
  })
  outer.get('/__floor/stats', (_req, res) => {
    res.json({ recorded: memo.size, replayed, misses })
  })
  outer.use((req, res, next) => app(req, res, next))
  const server = outer.listen(port, '127.0.0.1', () => console.log(`floor ready on ${port}`))
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  process.on('SIGTERM', () => {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  })
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
