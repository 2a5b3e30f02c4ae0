// What every platform service shares: request ids, the envelope, and one error handler.
import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ZodError } from 'zod/v4'
import type { Envelope, ErrorEnvelope } from './contracts/envelope'
import type { PlatformDeps } from './deps'
import { DomainError, isDatabaseUnavailable } from './errors'
import { log } from './log'
import type { AuthContext } from './auth/authorize'

export type Env = {
  Variables: {
    requestId: string
    deps: PlatformDeps
    auth: AuthContext
  }
}

export function ok<T>(c: Context<Env>, data: T, message = 'Success', status: ContentfulStatusCode = 200) {
  const body: Envelope<T> = { code: status, message, data, errors: [] }
  return c.json(body, status)
}

export function errorBody(
  status: number,
  errorCode: string,
  message: string,
  requestId?: string,
): ErrorEnvelope {
  return {
    code: status,
    message,
    data: null,
    errors: [message],
    error: message,
    errorCode,
    errorResponse: { message },
    errorMessageList: [message],
    status,
    requestId,
  }
}

/** A Hono app for one service under its base path, with the shared middleware and error handling. */
export function createService(basePath: string, deps: PlatformDeps) {
  const app = new Hono<Env>().basePath(basePath)

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id') ?? randomUUID()
    c.set('requestId', requestId)
    c.set('deps', deps)
    await next()
    // On the answer's own headers: c.header() after the answer is made copies the whole answer into a
    // new one (a body stream and a Response each time, twice a call).
    c.res.headers.set('x-request-id', requestId)
    c.res.headers.set('cache-control', 'no-store')
  })

  app.notFound((c) => c.json(errorBody(404, 'NOT_FOUND', 'Not found', c.get('requestId')), 404))

  app.onError((error, c) => {
    const requestId = c.get('requestId')
    if (error instanceof DomainError) {
      const body = {
        ...errorBody(error.status, error.errorCode, error.message, requestId),
        fieldErrors: error.fieldErrors,
      }
      return c.json(body, error.status, error.headers)
    }
    if (error instanceof ZodError) {
      const fieldErrors: Record<string, string[]> = {}
      for (const issue of error.issues) {
        const key = issue.path.join('.') || '_'
        fieldErrors[key] = [...(fieldErrors[key] ?? []), issue.message]
      }
      const message = error.issues[0]?.message ?? 'Invalid request'
      return c.json({ ...errorBody(400, 'VALIDATION_FAILED', message, requestId), fieldErrors }, 400)
    }
    if (error instanceof SyntaxError && /JSON/.test(error.message)) {
      return c.json(errorBody(400, 'MALFORMED_JSON', 'Malformed JSON body', requestId), 400)
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down or unreachable: a temporary state, not a fault of this request.
      log.error('database unavailable', {
        requestId,
        method: c.req.method,
        path: c.req.path,
        error: error.cause instanceof Error ? error.cause.message : error.message,
      })
      return c.json(errorBody(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', requestId), 503, {
        'retry-after': '5',
      })
    }
    // Unknown: log everything, answer nothing that leaks (no stack, no SQL text).
    log.error('unhandled platform error', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: error.message,
      stack: error.stack,
    })
    return c.json(errorBody(500, 'INTERNAL_ERROR', 'Something went wrong', requestId), 500)
  })

  return app
}
