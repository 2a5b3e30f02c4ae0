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
