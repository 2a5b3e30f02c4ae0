// A page's FLOOR (issue 14): the console's own Express app and Remix build, in a process of its own, with
// the platform replaced by a memo of its earlier answers. No database, no platform call: what is left is
// the console's rendering and the server's pipeline (headers, CSRF check, compression).
//
// Started by the bench (scripts/bench/console.ts) with FLOOR_PORT and FLOOR_UPSTREAM (a running server
// with the same data). While recording, each platform call the console makes is sent to the upstream
// server's HTTP API and its answer kept; after POST /__floor/freeze every platform call is answered from
// the memo (keyed by method, path and query, body) and one that was not recorded answers 503 and is
// counted (GET /__floor/stats). Run with NODE_ENV=production like the server.
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import type { Platform } from '../../platform'
import type { DatabaseHandle } from '../../platform/db/client'
import { projectPath } from '../../platform/paths'
import { createServerApp } from '../../server/app'

type Answer = { status: number; headers: [string, string][]; body: ArrayBuffer }

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
  const key = `${request.method} ${url.pathname}${url.search} ${body}`
  if (frozen) {
    const answer = memo.get(key)
    if (!answer) {
      misses++
      return Response.json({ message: 'floor: not recorded' }, { status: 503 })
    }
    replayed++
    return new Response(answer.body.byteLength ? answer.body.slice(0) : null, {
      status: answer.status,
      headers: answer.headers,
    })
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
  return new Response(answer.body.byteLength ? answer.body.slice(0) : null, {
    status: answer.status,
    headers: answer.headers,
  })
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
  const outer = express()
  outer.post('/__floor/freeze', (_req, res) => {
    frozen = true
    res.json({ recorded: memo.size })
  })
  outer.get('/__floor/stats', (_req, res) => {
    res.json({ recorded: memo.size, replayed, misses })
  })
  outer.use(createServerApp({ database, platform, build }))
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
