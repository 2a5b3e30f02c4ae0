// The database's health as the web server sees it, kept by a background ping, and the gate that answers
// 503 at once while it is down (issue 14 "Faults"; docs/decisions/055-faults.md).
//
// Why: with the database gone, a request must be answered 503 within 1 s. A refused connection fails
// fast by itself, but a database that stops answering (a blackholed network, a host that died) leaves
// node-postgres waiting on a TCP connection that never answers: without this gate the page would hang.
// The ping runs on a connection of its own (PostgreSQL), so it never waits behind the pool's queue
// under load; with the embedded database a ping waits behind every other query on the one PGlite, so
// there only an error (the database gone) marks it down, or a ping that has not answered for 10 s.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import pg from 'pg'
import type { DatabaseHandle } from '../platform/db/client'
import { errorBody } from '../platform/http'
import { log } from '../platform/log'
import { plainPage } from './plain-page'

export interface DatabaseHealth {
  /** False from a failed ping until a ping succeeds again. */
  readonly up: boolean
  /** Ping now (unless a ping is already out): a request just met a database that did not answer. */
  suspect(): void
  /** Called with the new state on every change. */
  onChange(listener: (up: boolean) => void): void
  stop(): Promise<void>
}

export interface WatchOptions {
  /** The pool's handle: pinged through it unless a connection string is given. */
  database: Pick<DatabaseHandle, 'ping'>
  /** postgres://… : ping on a connection of this watcher's own (PostgreSQL). */
  connectionString?: string
  /** Between pings. */
  intervalMs?: number
  /** A ping that has not answered by then marks the database down. */
  timeoutMs?: number
}

/** Between pings: a down database is seen within interval + timeout. */
export const PING_INTERVAL_MS = 200
/** A ping on its own connection to PostgreSQL answers in ~1 ms; 500 ms without one is a database gone. */
export const DEDICATED_PING_TIMEOUT_MS = 500
/**
 * A new health connection (at start, or after one was lost, so while the database already reads down):
 * a backend forked and signed in on a machine busy starting this server may take longer than a ping, and
 * a longer wait here delays nothing (going down is the ping's and the lost connection's to see).
 */
export const DEDICATED_CONNECT_TIMEOUT_MS = 2000
/** Through the pool (PGlite runs one query at a time): only a very long silence counts. */
export const POOL_PING_TIMEOUT_MS = 10_000

class PingTimeout extends Error {
  constructor(ms: number) {
    super(`the database did not answer a ping within ${ms} ms`)
    this.name = 'PingTimeout'
  }
}

/** A deadline's clock ticks at most this far apart. */
const DEADLINE_STEP_MS = 50

/**
 * Resolves or rejects with `promise`, or rejects once `ms` have passed **while this process could run**.
 * A database that stopped answering gives a loop that is free, so the deadline passes on time. A loop
 * that was busy (the server starting: render threads loading the build beside it) or a process the
 * machine did not schedule (CI's two cores under two browsers) must not read as a database that did not
 * answer: of each stretch between two ticks, at most one step counts, and before giving up the loop reads
 * what has arrived (setImmediate runs after the poll phase). A connection needs several round trips, each
 * a turn of the loop, so this is what its timeout counts too (node-postgres' own connect timeout is a
 * plain timer: a loop busy past it failed a healthy connect at startup).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false
    let remaining = ms
    let last = performance.now()
    let timer: NodeJS.Timeout
    const tick = () => {
      const now = performance.now()
      remaining -= Math.min(now - last, DEADLINE_STEP_MS)
      last = now
      if (remaining > 0) {
        arm()
        return
      }
      setImmediate(() => {
        if (settled) return
        settled = true
        reject(new PingTimeout(ms))
      })
    }
    const arm = () => {
      timer = setTimeout(tick, Math.min(DEADLINE_STEP_MS, remaining))
      timer.unref()
    }
    arm()
    promise.then(
      (value) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** One PostgreSQL connection kept for pings; dropped (socket destroyed) at the first failure. */
function dedicatedPinger(connectionString: string, timeoutMs: number, onLost: () => void) {
  let client: pg.Client | null = null
  const drop = (which: pg.Client) => {
    if (client === which)
      client = null
      // end() waits for the server's goodbye, which a blackholed socket never sends: destroy it.
    ;(which as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
    which.end().catch(() => {})
  }
  const connect = async () => {
    const fresh = new pg.Client({ connectionString, application_name: 'ad-console health' })
    fresh.on('error', () => {
      drop(fresh)
      onLost()
    })
    fresh.on('end', () => {
      if (client === fresh) {
        client = null
        onLost()
      }
    })
    try {
      // The connect's own deadline, counted like the ping's (withTimeout), not node-postgres' timer.
      await withTimeout(fresh.connect(), Math.max(timeoutMs, DEDICATED_CONNECT_TIMEOUT_MS))
    } catch (error) {
      drop(fresh)
      throw error
    }
    // The connection must not keep the process alive (tests, shutdown).
    ;(fresh as unknown as { connection?: { stream?: { unref?(): void } } }).connection?.stream?.unref?.()
    client = fresh
    return fresh
  }
  return {
    async ping() {
      // One ping at a time (watchDatabase waits for each), so no two connects race.
      const current = client ?? (await connect())
      try {
        await withTimeout(current.query('select 1'), timeoutMs)
      } catch (error) {
        drop(current)
        throw error
      }
    },
    async close() {
      if (client) drop(client)
    },
  }
}

export function watchDatabase(options: WatchOptions): DatabaseHealth {
  const intervalMs = options.intervalMs ?? PING_INTERVAL_MS
  const timeoutMs =
    options.timeoutMs ?? (options.connectionString ? DEDICATED_PING_TIMEOUT_MS : POOL_PING_TIMEOUT_MS)
  const listeners: ((up: boolean) => void)[] = []
  let up = true
  let inFlight: Promise<void> | null = null
  let stopped = false
  let timer: NodeJS.Timeout | null = null

  const set = (next: boolean, reason?: string) => {
    if (next === up || stopped) return
    up = next
    if (next) log.info('database reachable again')
    else log.error('database unreachable: answering 503 until it returns', { reason })
    for (const listener of listeners) listener(next)
  }
  const dedicated = options.connectionString
    ? dedicatedPinger(options.connectionString, timeoutMs, () => set(false, 'health connection lost'))
    : null
  // The embedded database answers one statement at a time: a ping queued behind a long import is not an
  // outage (a 10 s limit here turned a 25 MB PGlite import into a 503). Without a dedicated connection,
  // only an error counts as down, unless the caller sets a timeout itself.
  const pingOnce = () =>
    dedicated
      ? dedicated.ping()
      : options.timeoutMs !== undefined
        ? withTimeout(
            options.database.ping().then(() => undefined),
            timeoutMs,
          )
        : options.database.ping().then(() => undefined)

  const ping = () => {
    if (inFlight || stopped) return
    inFlight = pingOnce()
      .then(
        () => set(true),
        (error: Error) => set(false, error.message),
      )
      .finally(() => {
        inFlight = null
        schedule()
      })
  }
  const schedule = () => {
    if (stopped) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(ping, intervalMs)
    timer.unref()
  }
  ping()

  return {
    get up() {
      return up
    },
    suspect: ping,
    onChange(listener) {
      listeners.push(listener)
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await inFlight?.catch(() => {})
      await dedicated?.close()
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The gate
// ---------------------------------------------------------------------------------------------

/** The page every console URL answers while the database is down: nothing of what failed or where. */
const UNAVAILABLE_PAGE = plainPage(
  'Service unavailable',
  'Service unavailable',
  'A service behind this page is unavailable. Try again in a moment.',
)

/** The platform's HTTP API: answered with the envelope instead of the page. */
const isApi = (path: string) => path.startsWith('/ads/')

function answerUnavailable(
  req: IncomingMessage & { path?: string },
  res: ServerResponse,
  requestId?: string,
) {
  const path = req.path ?? (req.url ?? '/').split('?')[0] ?? '/'
  res.statusCode = 503
  res.setHeader('retry-after', '5')
  res.setHeader('cache-control', 'no-store')
  if (path === '/healthz') {
    res.setHeader('content-type', 'application/json; charset=utf-8')
    res.end(JSON.stringify({ status: 'unavailable' }))
  } else if (isApi(path)) {
    res.setHeader('content-type', 'application/json; charset=utf-8')
    res.end(JSON.stringify(errorBody(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', requestId)))
  } else {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(req.method === 'HEAD' ? undefined : UNAVAILABLE_PAGE)
  }
}

/**
 * After the gate answered a request that was already being handled, whatever its handler writes later
 * goes nowhere (it may still be waiting on the database, and must not write a second answer).
 */
function silence(res: ServerResponse) {
  const quiet = res as unknown as Record<string, unknown>
  quiet.setHeader = () => res
  quiet.appendHeader = () => res
  quiet.removeHeader = () => {}
  quiet.writeHead = () => res
  quiet.flushHeaders = () => {}
  quiet.write = () => true
  quiet.end = () => res
}

/**
 * Express middleware: while the database is down every request it sees is answered 503 at once (the
 * envelope for /ads/…, the generic page otherwise); when the database goes down, every request still
 * being handled that has sent nothing yet is answered 503 at that moment. Mount it in front of the
 * platform's API and the console, after static files' paths are excluded by `skip`.
 */
export function unavailableWhileDatabaseDown(health: DatabaseHealth, skip: (path: string) => boolean) {
  const pending = new Set<{ req: Request; res: Response }>()
  health.onChange((up) => {
    if (up) return
    for (const entry of pending) {
      pending.delete(entry)
      if (entry.res.headersSent || entry.res.writableEnded) continue
      answerUnavailable(entry.req, entry.res, entry.res.locals.requestId as string | undefined)
      silence(entry.res)
    }
  })
  return (req: Request, res: Response, next: NextFunction) => {
    if (skip(req.path)) return next()
    if (!health.up) {
      answerUnavailable(req, res, res.locals.requestId as string | undefined)
      return
    }
    const entry = { req, res }
    pending.add(entry)
    const done = () => {
      pending.delete(entry)
      // A 503 from a handler (the API's envelope, a page's guard): ask the database now.
      if (res.statusCode === 503) health.suspect()
    }
    res.once('finish', done)
    res.once('close', done)
    next()
  }
}
