// The console's only way to the platform. Each service is reached in-process through the load
// context's platformFetch (default), or over HTTP when its *_SERVICE_URL is set.
import type { AppLoadContext } from '@remix-run/node'
import type { z } from 'zod/v4'
import { firstErrorText } from '../../platform/contracts/envelope'

export type ServiceName = 'auth' | 'inventory' | 'payments' | 'analytics'

export const SERVICE_BASE: Record<ServiceName, string> = {
  auth: '/ads/ad-auth',
  inventory: '/ads/ad-inventory',
  payments: '/ads/ad-payments',
  analytics: '/ads/adinventory',
}

/** Environment variable that moves a service to another deployment: its origin plus base path. */
export const SERVICE_URL_ENV: Record<ServiceName, string> = {
  auth: 'AUTH_SERVICE_URL',
  inventory: 'ADS_SERVICE_URL',
  payments: 'PAYMENT_SERVICE_URL',
  // The analytics service is the inventory deployment's sibling (/ads/adinventory beside /ads/ad-inventory).
  analytics: 'ADS_SERVICE_URL',
}

export type UpstreamOk<T> = { ok: true; status: number; data: T; message: string }
export type UpstreamError = {
  ok: false
  status: number
  message: string
  body: unknown
  /** A 429's Retry-After, in seconds. */
  retryAfter?: number
}
export type UpstreamResult<T> = UpstreamOk<T> | UpstreamError

/** Query parameters; a list is sent as the parameter repeated. */
type Query = Record<string, string | number | boolean | readonly string[] | null | undefined>
type CallOptions = { query?: Query; json?: unknown; body?: BodyInit; headers?: HeadersInit }
/** A call naming its answer's contract (platform/contracts): `data` is parsed with it and typed by it. */
type ContractCall<S extends z.ZodType> = CallOptions & { response: S }

/**
 * An answer that does not match its contract (docs/decisions/014). Under test it is thrown, so drift
 * between a handler and its contract fails the test that made the call; in production the call
 * answers 502 with a plain message and the issues are logged.
 */
export class ContractViolation extends Error {
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${path} does not match its contract: ${JSON.stringify(issues.slice(0, 5))}`)
    this.name = 'ContractViolation'
  }
}
const underTest = () => process.env.VITEST !== undefined || process.env.NODE_ENV === 'test'

export type Transport = { fetch: (request: Request) => Promise<Response>; base: string; remote: boolean }

export function transportFor(
  context: Pick<AppLoadContext, 'platformFetch'>,
  service: ServiceName,
): Transport {
  const remote = process.env[SERVICE_URL_ENV[service]]
  if (remote) {
    const base = remote.replace(/\/+$/, '')
    return {
      fetch: (request) => fetch(request),
      base: service === 'analytics' ? `${new URL(base).origin}${SERVICE_BASE.analytics}` : base,
      remote: true,
    }
  }
  return {
    fetch: context.platformFetch,
    base: `http://platform.internal${SERVICE_BASE[service]}`,
    remote: false,
  }
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>

/** A JSON client for one service, carrying the caller's bearer token. */
export function createUpstreamClient(
  transport: Transport,
  options: { token?: string | null; requestId?: string; ipAddress?: string | null } = {},
) {
  async function raw(method: string, path: string, call: CallOptions = {}): Promise<Response> {
    const url = new URL(transport.base + path)
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item)
      else if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
    }
    const headers = new Headers(call.headers)
    headers.set('accept', 'application/json')
    if (options.token) headers.set('authorization', `Bearer ${options.token}`)
    if (options.requestId) headers.set('x-request-id', options.requestId)
    if (options.ipAddress) headers.set('x-forwarded-for', options.ipAddress)
    let body = call.body
    if (call.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(call.json)
    }
    return transport.fetch(new Request(url, { method, headers, body }))
  }

  async function request<T>(
    method: string,
    path: string,
    call?: CallOptions & { response?: z.ZodType },
  ): Promise<UpstreamResult<T>> {
    const response = await raw(method, path, call)
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON (e.g. a plain 'unauthorized'): keep the text as the body.
    }
    const envelope = parsed as { code?: number; data?: unknown; message?: string } | null
    if (response.ok && envelope && typeof envelope === 'object' && (envelope.code ?? 200) < 300) {
      let data = envelope.data
      if (call?.response) {
        const checked = call.response.safeParse(data)
        if (!checked.success) {
          const violation = new ContractViolation(path, checked.error.issues)
          if (underTest()) throw violation
          // One JSON line on stderr, as entry.server.tsx logs (the console does not import platform/log).
          console.error(
            JSON.stringify({
              time: new Date().toISOString(),
              level: 'error',
              msg: violation.message,
              requestId: options.requestId,
            }),
          )
          return { ok: false, status: 502, message: 'The service answered unexpectedly', body: parsed }
        }
        data = checked.data
      }
      return { ok: true, status: response.status, data: data as T, message: envelope.message ?? '' }
    }
    const message = typeof parsed === 'string' && parsed ? parsed : firstErrorText(parsed)
    const retryAfter = Number(response.headers.get('retry-after')) || undefined
    return {
      ok: false,
      status: response.status,
      message,
      body: parsed,
      ...(retryAfter ? { retryAfter } : {}),
    }
  }

  /** With `response`, the answer's `data` is parsed with that contract and typed by it. */
  function method(name: string) {
    function call<S extends z.ZodType>(
      path: string,
      options: ContractCall<S>,
    ): Promise<UpstreamResult<z.output<S>>>
    function call<T>(path: string, options?: CallOptions): Promise<UpstreamResult<T>>
    function call(path: string, options?: CallOptions & { response?: z.ZodType }) {
      return request(name, path, options)
    }
    return call
  }

  return {
    raw,
    get: method('GET'),
    post: method('POST'),
    put: method('PUT'),
    patch: method('PATCH'),
    delete: method('DELETE'),
  }
}
