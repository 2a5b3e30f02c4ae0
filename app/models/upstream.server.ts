// The console's only way to the platform. Each service is reached in-process through the load
// context's platformFetch (default), or over HTTP when its *_SERVICE_URL is set.
import type { AppLoadContext } from '@remix-run/node'
import { firstErrorText } from '../../platform/contracts/envelope'

export type ServiceName = 'auth' | 'inventory' | 'payments'

export const SERVICE_BASE: Record<ServiceName, string> = {
  auth: '/ads/ad-auth',
  inventory: '/ads/ad-inventory',
  payments: '/ads/ad-payments',
}

/** Environment variable that moves a service to another deployment: its origin plus base path. */
export const SERVICE_URL_ENV: Record<ServiceName, string> = {
  auth: 'AUTH_SERVICE_URL',
  inventory: 'ADS_SERVICE_URL',
  payments: 'PAYMENT_SERVICE_URL',
}

export type UpstreamOk<T> = { ok: true; status: number; data: T; message: string }
export type UpstreamError = { ok: false; status: number; message: string; body: unknown }
export type UpstreamResult<T> = UpstreamOk<T> | UpstreamError

type Query = Record<string, string | number | boolean | null | undefined>
type CallOptions = { query?: Query; json?: unknown; body?: BodyInit; headers?: HeadersInit }

export type Transport = { fetch: (request: Request) => Promise<Response>; base: string; remote: boolean }

export function transportFor(
  context: Pick<AppLoadContext, 'platformFetch'>,
  service: ServiceName,
): Transport {
  const remote = process.env[SERVICE_URL_ENV[service]]
  if (remote) return { fetch: (request) => fetch(request), base: remote.replace(/\/+$/, ''), remote: true }
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
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
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

  async function request<T>(method: string, path: string, call?: CallOptions): Promise<UpstreamResult<T>> {
    const response = await raw(method, path, call)
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // Not JSON (e.g. a plain 'unauthorized'): keep the text as the body.
    }
    const envelope = parsed as { code?: number; data?: T; message?: string } | null
    if (response.ok && envelope && typeof envelope === 'object' && (envelope.code ?? 200) < 300) {
      return { ok: true, status: response.status, data: envelope.data as T, message: envelope.message ?? '' }
    }
    const message = typeof parsed === 'string' && parsed ? parsed : firstErrorText(parsed)
    return { ok: false, status: response.status, message, body: parsed }
  }

  return {
    raw,
    get: <T>(path: string, call?: CallOptions) => request<T>('GET', path, call),
    post: <T>(path: string, call?: CallOptions) => request<T>('POST', path, call),
    put: <T>(path: string, call?: CallOptions) => request<T>('PUT', path, call),
    patch: <T>(path: string, call?: CallOptions) => request<T>('PATCH', path, call),
    delete: <T>(path: string, call?: CallOptions) => request<T>('DELETE', path, call),
  }
}
