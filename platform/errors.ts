/** A failure the platform reports to its caller with a status, a stable code and a human message. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 406 | 409 | 413 | 422 | 429,
    readonly errorCode: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export const unauthenticated = (message = 'Invalid token') => new DomainError(401, 'INVALID_TOKEN', message)
export const forbidden = (message = 'unauthorized') => new DomainError(403, 'FORBIDDEN', message)
export const notFound = (what = 'Resource') => new DomainError(404, 'NOT_FOUND', `${what} not found`)
export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new DomainError(400, 'BAD_REQUEST', message, fieldErrors)

/** Node socket errors that mean the database server cannot be reached. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
])
/** PostgreSQL SQLSTATEs for "no database right now": connection exceptions (class 08), shutdown, too many connections. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/
/** What PGlite and node-postgres say when the handle or the connection is gone. */
const UNAVAILABLE_MESSAGES = [
  /^PGlite is closed/,
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
]

/**
 * True when `error` (or what it wraps — Drizzle wraps driver errors in `cause`) says the database cannot
 * be reached, as opposed to a query that failed: the API answers 503, not 500 (decision 020).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)))
      return true
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : '')))
      return true
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true
    current = current.cause
  }
  return false
}
