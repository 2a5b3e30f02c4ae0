// The Express app: request ids and logs, security headers, compression, /healthz, the platform's
// HTTP API under /ads/…, static files, and the console. Without a Remix build (tests) it serves the
// platform alone.
import { randomBytes, randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { getRequestListener } from '@hono/node-server'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import type { DatabaseHandle } from '../platform/db/client'
import type { Platform } from '../platform'
import { log } from '../platform/log'
import { projectPath } from '../platform/paths'
import { CONSOLE_CONCURRENCY_DEFAULT, type TrustProxy } from './config'
import { ADMISSION_MAX_WAITING, type Admission, createAdmission } from './admission'
import { refuseCrossSitePosts } from './csrf'
import { type DatabaseHealth, unavailableWhileDatabaseDown, watchDatabase } from './database-health'
import {
  answerErrorsPlainly,
  closeAfterUnreadBody,
  limitRequestBodies,
  noStoreWhenSignedIn,
  refuseUnreadableForms,
} from './hardening'
import { precompressedAssets } from './precompressed'
import type { RenderThreads } from './render-threads'
import { securityHeaders } from './security'

export function createServerApp(options: {
  database: DatabaseHandle
  platform: Platform
  build?: ServerBuild
  /** Express "trust proxy", parsed from TRUST_PROXY by server/config.ts. */
  trustProxy?: TrustProxy
  /**
   * The database's health (server/database-health.ts). By default a watcher of its own: on PostgreSQL it
   * pings on a connection of its own to DATABASE_URL, on PGlite through the handle.
   */
  databaseHealth?: DatabaseHealth
  /** How many console page reads are worked on at once (server/admission.ts); by default the config's. */
  admission?: Admission
  /** Render threads that share the console's page reads with this thread (server/render-threads.ts). */
  renderThreads?: RenderThreads
}) {
  const { database, platform, build } = options
  const health =
    options.databaseHealth ??
    watchDatabase({
      database,
      connectionString: database.kind === 'postgres' ? process.env.DATABASE_URL : undefined,
    })
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', options.trustProxy ?? false)

  // Request id and one structured log line per request.
  app.use((req, res, next) => {
    const requestId = (req.headers['x-request-id'] as string | undefined) ?? randomUUID()
    req.headers['x-request-id'] = requestId
    res.locals.requestId = requestId
    res.locals.cspNonce = randomBytes(16).toString('base64')
    const start = performance.now()
    res.on('finish', () => {
      if (req.path.startsWith('/build/') || req.path === '/favicon.svg') return
      log.info('request', {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round((performance.now() - start) * 10) / 10,
        // Which render thread answered (server/render-threads.ts), if one did.
        ...(res.locals.renderThread ? { thread: res.locals.renderThread as number } : {}),
      })
    })
    next()
  })
  app.use(securityHeaders)
  app.use(refuseCrossSitePosts)
  // Before anything reads a body: 413 past the limit (uploads stream under their own; decision 020).
  app.use(limitRequestBodies)
  // A 413 sent before the body was read to its end (an upload over its limit) closes the connection.
  app.use(closeAfterUnreadBody)
  // A console post that is not a form: 415, not the 500 of an action's formData() (decision 052).
  app.use(refuseUnreadableForms)
  app.use(compression())

  // While the database is down: 503 at once (within 1 s), also to requests already waiting on it; static
  // files are still served (decision 055).
  const publicEntries = new Set(build ? readdirSync(projectPath('public')) : [])
  const isPublicFile = (path: string) => publicEntries.has(path.split('/')[1] ?? '')
  app.use(unavailableWhileDatabaseDown(health, isPublicFile))

  // Its own ping through the pool answers for the pool: a closed pool refuses at once, before the next
  // turn of the event loop. A ping still out then is waiting for the pool (the embedded database runs
  // one query at a time, behind every query the pages have queued): the watcher's background ping
  // (every PING_INTERVAL_MS; the gate above answers 503 while it sees the database down) answers
  // instead of that queue (decision 064).
  app.get('/healthz', async (_req, res) => {
    const ping = database.ping().then(
      () => true,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    )
    const first = await Promise.race([ping, new Promise<null>((resolve) => setImmediate(resolve, null))])
    if (first instanceof Error) {
      health.suspect()
      log.error('health check failed', { error: first.message })
      res.status(503).json({ status: 'unavailable' })
      return
    }
    res.status(200).json({ status: 'ok', database: database.kind })
  })

  // The platform's HTTP API, for other programs (and the console when *_SERVICE_URL points here).
  // Mounted before any body parser, with the full path so each Hono app sees its base path.
  // Over HTTP the caller's address is the socket's (or what a trusted proxy says, per TRUST_PROXY):
  // a client must not pick the IP its rate limits are counted under.
  const platformListeners = platform.services.map((service) => ({
    service,
    listener: getRequestListener(service.app.fetch),
  }))
  for (const { service, listener } of platformListeners) {
    app.all([service.base, `${service.base}/*`], (req, res) => {
      req.headers['x-forwarded-for'] = req.ip ?? ''
      return listener(req, res)
    })
  }

  if (build) {
    const buildCache = { immutable: true, maxAge: '1y' }
    app.use('/build', precompressedAssets(projectPath('public/build'), buildCache))
    app.use('/build', express.static(projectPath('public/build'), buildCache))
    // The other files of public/ (favicon, images, sample CSVs, the terms PDF) are looked up on disk
    // only under its own top-level names, read at start: a page's path (/campaigns) costs no stat.
    const publicFiles = express.static(projectPath('public'), { maxAge: '1h' })
    app.use((req, res, next) => (isPublicFile(req.path) ? publicFiles(req, res, next) : next()))
    const admission =
      options.admission ??
      createAdmission({ limit: CONSOLE_CONCURRENCY_DEFAULT, maxWaiting: ADMISSION_MAX_WAITING })
    const remix = createRequestHandler({
      build,
      mode: build.mode,
      getLoadContext: (req, res) => ({
        // One per request: its platform calls share what they read (platform/request-reads.ts).
        platformFetch: platform.scopedFetch(),
        clientIp: req.ip ?? null,
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        outboxEnabled: platform.deps.outboxEnabled,
      }),
    })
    app.all('*', noStoreWhenSignedIn, admission.wrap(options.renderThreads?.share(remix) ?? remix))
  }
  // Last: an error no route answered gets a status and a sentence, never Express's stack page.
  app.use(answerErrorsPlainly)
  return app
}
