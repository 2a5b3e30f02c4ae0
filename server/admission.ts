// Admission of console page reads (decision 072): at most `limit` are worked on at once; the others wait
// their turn in arrival order. Under more load than the server can serve, every reader then waits about
// as long as the others (queue length ÷ throughput) instead of all of them being worked on at once,
// interleaved at every database call, where the unluckiest waited three times as long as the median.
// A slot is held while the server works on the request (until its handler's promise settles), not while
// a slow client reads the answer. Posts pass straight: they may stream a body for as long as the client
// takes to send it, and must not hold a slot meanwhile.
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { plainPage } from './plain-page'

export type AdmissionOptions = {
  /** Requests worked on at once. */
  limit: number
  /** Requests waiting at most; past it a request is answered 503 with Retry-After at once. */
  maxWaiting: number
}

export type Admission = {
  /** `handler` behind the gate: GET and HEAD wait for a slot, other methods pass straight. */
  wrap(handler: (req: Request, res: Response, next: NextFunction) => unknown): RequestHandler
  /** Requests being worked on, and waiting. */
  readonly active: number
  readonly waiting: number
}

const BUSY_PAGE = plainPage(
  'Busy',
  'The console is busy',
  'Too many pages are being loaded at the moment. Try again in a few seconds.',
)

/**
 * Page reads waiting at most, past which one is answered 503 at once: at the bench's 240 list pages a
 * second, about 8 s of work, longer than a person waits for a page.
 */
export const ADMISSION_MAX_WAITING = 2000

export function createAdmission(options: AdmissionOptions): Admission {
  const { limit, maxWaiting } = options
  let active = 0
  // FIFO of waiting starts; `head` moves instead of shift() so a long queue costs nothing to drain.
  let queue: (() => void)[] = []
  let head = 0
  const waiting = () => queue.length - head

  const pump = () => {
    while (active < limit && head < queue.length) {
      const start = queue[head]!
      head++
      start()
    }
    if (head === queue.length) {
      queue = []
      head = 0
    } else if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head)
      head = 0
    }
  }

  const wrap: Admission['wrap'] = (handler) => (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      handler(req, res, next)
      return
    }
    const start = () => {
      // Answered while it waited (the database went down: server/database-health.ts) or gone.
      if (res.headersSent || res.writableEnded || req.socket.destroyed) return
      active++
      // Called once: by the handler's promise, or for a handler that throws before returning one.
      const release = () => {
        active--
        pump()
      }
      const failed = (error: unknown) => {
        release()
        next(error)
      }
      try {
        Promise.resolve(handler(req, res, next)).then(release, failed)
      } catch (error) {
        failed(error)
      }
    }
    if (active < limit && head === queue.length) {
      start()
      return
    }
    if (waiting() >= maxWaiting) {
      res.status(503).set({ 'retry-after': '5', 'cache-control': 'no-store' }).type('html')
      res.end(req.method === 'HEAD' ? undefined : BUSY_PAGE)
      return
    }
    queue.push(start)
  }

  return {
    wrap,
    get active() {
      return active
    },
    get waiting() {
      return waiting()
    },
  }
}
