// Request-body limits and no-store for signed-in answers (decision 020).
import type { NextFunction, Request, Response } from 'express'
import { UNREADABLE_FORM_PAGE } from '../app/utils/read-form'
import { errorBody } from '../platform/http'
import { log } from '../platform/log'

/** JSON and form bodies of a request that carries a session (cookie, or a bearer token for the API). */
export const SIGNED_IN_BODY_LIMIT = 1024 * 1024
/** …and of one that does not: sign-in forms and the like are a few hundred bytes. */
export const ANONYMOUS_BODY_LIMIT = 64 * 1024

export const TOO_LARGE_MESSAGE = 'Request body too large'
export const TOO_LARGE_PAGE = 'This request is too large. Go back and send less.'

/** The console's session cookie (app/session.server.ts): `__Host-console` over HTTPS, else `console_session`. */
export function carriesSessionCookie(req: Request) {
  return /(?:^|;\s*)(?:__Host-console|console_session)=[^;\s]/.test(req.get('cookie') ?? '')
}

const isApi = (req: Request) => req.path.startsWith('/ads/')

function carriesCredentials(req: Request) {
  return isApi(req) ? /^bearer\s+\S/i.test(req.get('authorization') ?? '') : carriesSessionCookie(req)
}

/** The performance ingest reads its own body under its own limit while streaming (decision 039). */
const INGEST_PATH = '/ads/adinventory/v1/facts'

/**
 * Uploads stream under the upload kit's own limit (decision 018): a multipart body (or, for the API,
 * a text/csv body, or any body of the performance ingest) from a caller with credentials. Anonymous
 * ones get the anonymous limit like any body.
 */
function isUpload(req: Request) {
  const type = (req.get('content-type') ?? '').toLowerCase()
  const upload =
    type.startsWith('multipart/form-data') ||
    (isApi(req) && (type.startsWith('text/csv') || req.path === INGEST_PATH))
  return upload && carriesCredentials(req)
}

function hasBody(req: Request) {
  if (req.get('transfer-encoding') !== undefined) return true
  const length = Number(req.get('content-length') ?? '0')
  return !(Number.isFinite(length) && length === 0)
}

function refuseTooLarge(req: Request, res: Response, limit: number) {
  // The rest of the body is not read: close the connection once the answer is out.
  res.setHeader('Connection', 'close')
  res.setHeader('Cache-Control', 'no-store')
  if (isApi(req)) {
    const requestId = res.locals.requestId as string | undefined
    res.status(413).json({ ...errorBody(413, 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, requestId), limit })
  } else {
    res.status(413).type('text/plain').send(TOO_LARGE_PAGE)
  }
}

/**
 * Limits a request's body before anything reads it. A declared Content-Length over the limit is refused
 * at once. Otherwise the body is held here as it arrives (by taking over the request stream's `push`,
 * which Node's HTTP parser calls for each chunk) and handed on only once it has all arrived within the
 * limit; past the limit the answer is 413 and the socket is no longer read. Downstream (Remix, the
 * platform's Hono apps) then reads an ordinary, complete request stream.
 */
export function limitRequestBodies(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req) || isUpload(req)) return next()
  const limit = carriesCredentials(req) ? SIGNED_IN_BODY_LIMIT : ANONYMOUS_BODY_LIMIT
  const declared = Number(req.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) return refuseTooLarge(req, res, limit)

  // What arrived with the headers is already in the stream's buffer.
  let size = req.readableLength
  if (size > limit) return refuseTooLarge(req, res, limit)
  if (req.complete) return next()

  const push = req.push
  const held: Buffer[] = []
  let refused = false
  req.push = function holdingPush(chunk: unknown, encoding?: BufferEncoding) {
    if (refused) return false // pauses the socket: nothing more is read
    if (chunk === null) {
      req.push = push
      for (const part of held) push.call(req, part)
      held.length = 0
      const result = push.call(req, null, encoding)
      next()
      return result
    }
    const part = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding)
    size += part.length
    if (size > limit) {
      refused = true
      held.length = 0
      refuseTooLarge(req, res, limit)
      return false
    }
    held.push(part)
    return true // keep the socket flowing into our hold
  }
  // A client that goes away mid-body: drop what was held.
  req.once('close', () => {
    held.length = 0
  })
}

/**
 * A 413 written before its request's body has all arrived (an upload refused at its size limit while it
 * streams in, or at once for its declared length) closes the connection once it is sent (decision 049).
 * Otherwise the rest of the body is either drained into nowhere (the platform's Hono adapter reads on) or
 * left unread on a kept-alive socket (Remix), and the client goes on sending a file no one will read.
 * Other answers keep the connection: one written just before the end of a chunked body (its last chunk
 * still on its way) must not cut the client off mid-write.
 */
export function closeAfterUnreadBody(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next()
  const writeHead = res.writeHead
  res.writeHead = function closingWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
    const status = typeof args[0] === 'number' ? args[0] : res.statusCode
    if (status === 413 && !req.complete) {
      res.setHeader('Connection', 'close')
      lingerOnClose(req)
    }
    return writeHead.apply(this, args)
  } as Response['writeHead']
  next()
}

/** How long a socket closed after a 413 still takes (and drops) what the client sends. */
export const LINGER_MS = 1000

/**
 * Node closes a `Connection: close` socket with `destroySoon()` once the answer is written; with the
 * client's body still arriving that close sends a reset, which can reach the client before it has read
 * the 413 (it then sees only EPIPE/ECONNRESET). Instead: send FIN after the answer, then close for good
 * LINGER_MS later (a "lingering close", as web servers do).
 */
function lingerOnClose(req: Request) {
  const socket = req.socket
  socket.destroySoon = function lingeringClose() {
    if (socket.destroyed || socket.writableEnded) return
    socket.end()
    const timer = setTimeout(() => socket.destroy(), LINGER_MS)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  }
}

/**
 * Answers to a request that carries the console's session cookie are never stored by a browser or a
 * proxy cache (signed-in pages, their data requests and downloads). Applied as the headers go out, so
 * a route's own Cache-Control cannot weaken it; public pages and static files keep their caching.
 */
export function noStoreWhenSignedIn(req: Request, res: Response, next: NextFunction) {
  if (!carriesSessionCookie(req)) return next()
  const writeHead = res.writeHead
  res.writeHead = function noStoreWriteHead(this: Response, ...args: Parameters<Response['writeHead']>) {
    res.setHeader('Cache-Control', 'no-store')
    res.removeHeader('Expires')
    return writeHead.apply(this, args)
  } as Response['writeHead']
  next()
}

/**
 * The last error handler (decision 052). An error that reaches Express itself — a malformed %-escape in a
 * path Express decodes for a route (`/ads/ad-auth/%E0%A4%A`), a static file that cannot be read — would
 * get Express's default page, which outside NODE_ENV=production (`npm start`) prints the exception and its
 * stack with the server's file paths. Instead: its 4xx status (else 500) and one sentence, the API's
 * envelope under /ads/, plain text elsewhere; the details go to the log only.
 */
export function answerErrorsPlainly(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.writableEnded) {
    // Already answered in full: the database gate answered 503 when the database went down under this
    // request, and the handler failed afterwards. Express would destroy the socket, which the caller's
    // keep-alive pool may already be using for its next request (that request would fail with no answer).
    log.info('request failed after it was answered', {
      requestId: res.locals.requestId as string | undefined,
      path: req.path,
      error: error instanceof Error ? error.message : String(error),
    })
    return
  }
  // Too late for a clean answer (part of it is sent): Express ends the connection.
  if (res.headersSent) return next(error)
  const declared =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode
  const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500
  const requestId = res.locals.requestId as string | undefined
  log.error('request failed in the server', {
    requestId,
    method: req.method,
    path: req.path,
    status,
    error: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  })
  const message = status === 500 ? 'Something went wrong' : status === 404 ? 'Not found' : 'Bad request'
  res.setHeader('Cache-Control', 'no-store')
  if (isApi(req)) {
    const code = status === 500 ? 'INTERNAL_ERROR' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST'
    res.status(status).json(errorBody(status, code, message, requestId))
  } else {
    res.status(status).type('text/plain').send(`${message}.`)
  }
}

/** What the console's forms post: a native form or a file upload. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * A console post with a body that is not a form (JSON, plain text, no type) is answered 415 before a route
 * reads it: `request.formData()` throws on any other type, and that was a 500 (decision 052). A form body
 * that is broken gets the same sentence with a 400 from the action (app/utils/read-form.server.ts), as does
 * any body posted to the one console page under /ads/ (the external login). The platform's API under /ads/
 * takes JSON and CSV and answers for itself.
 */
export function refuseUnreadableForms(req: Request, res: Response, next: NextFunction) {
  if (isApi(req) || ['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !hasBody(req)) return next()
  const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (FORM_TYPES.has(type)) return next()
  res.setHeader('Cache-Control', 'no-store')
  res.status(415).type('text/plain').send(UNREADABLE_FORM_PAGE)
}
