// Security headers on the platform's HTTP API, every route of every service, signed in and out (issue
// 14, Security; decision 052): a CSP with a fresh nonce per answer and no 'unsafe-inline' for scripts,
// frame-ancestors 'none', nosniff, a Referrer-Policy, no-store on every answer, and HSTS only over HTTPS
// — where X-Forwarded-Proto counts only from a proxy TRUST_PROXY names. The console's pages are walked
// the same way by tests/e2e/security-headers.spec.ts.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { createServerApp } from './app'
import { parseTrustProxy, type TrustProxy } from './config'
import { leaksIn } from './leak-check'

let t: TestPlatform
const servers: Server[] = []

async function serve(trustProxy: TrustProxy) {
  const server = createServerApp({ database: t.database, platform: t.platform, trustProxy }).listen(
    0,
    '127.0.0.1',
  )
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Without TRUST_PROXY; behind a trusted loopback proxy; with a proxy list that is not the caller. */
let direct: string
let behindProxy: string
let otherProxy: string

beforeAll(async () => {
  t = await createTestPlatform()
  direct = await serve(false)
  behindProxy = await serve(parseTrustProxy('loopback')!)
  otherProxy = await serve(parseTrustProxy('10.0.0.1')!)
})
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  await t.close()
})

/** The CSP's directives by name. */
function directives(response: Response): Map<string, string[]> {
  const csp = response.headers.get('content-security-policy') ?? ''
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

/** The headers every answer carries; returns the CSP nonce. */
function expectSecurityHeaders(response: Response, where: string): string {
  const csp = directives(response)
  const scripts = csp.get('script-src') ?? []
  const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1) ?? ''
  expect(nonce, `${where}: a nonce in script-src`).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  expect(scripts, `${where}: scripts`).not.toContain("'unsafe-inline'")
  expect(scripts, `${where}: scripts`).not.toContain("'unsafe-eval'")
  expect(csp.get('default-src'), `${where}: default-src`).toEqual(["'self'"])
  expect(csp.get('object-src'), `${where}: object-src`).toEqual(["'none'"])
  expect(csp.get('base-uri'), `${where}: base-uri`).toEqual(["'none'"])
  expect(csp.get('frame-ancestors'), `${where}: frame-ancestors`).toEqual(["'none'"])
  expect(response.headers.get('x-frame-options'), where).toBe('DENY')
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff')
  expect(response.headers.get('referrer-policy'), where).toBe('same-origin')
  return nonce
}

const SAMPLE_PARAMS: Record<string, string> = {
  userType: 'SELLER',
  userId: '100001',
  id: '100001',
  email: 'seller@example.com',
  docType: 'IO Doc',
}

/** Every route of the four services as [method, concrete path] (params filled with seeded values). */
function everyRoute(): [string, string][] {
  const routes = new Set<string>()
  for (const service of t.platform.services) {
    for (const route of service.app.routes) {
      if (route.method === 'ALL' || route.path.endsWith('*')) continue
      const concrete = route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) =>
        encodeURIComponent(SAMPLE_PARAMS[name] ?? '1'),
      )
      routes.add(`${route.method} ${concrete}`)
    }
  }
  return [...routes].map((r) => r.split(' ', 2) as [string, string])
}

describe('every answer of the platform API', () => {
  it('carries the security headers, no-store and no HSTS over plain HTTP: every route, signed in and out', async () => {
    const routes = everyRoute()
    expect(routes.length).toBeGreaterThan(60)
    const superadmin = await t.tokenFor('superadmin@example.com')
    const seller = await t.tokenFor('seller@example.com')
    const nonces = new Set<string>()
    let answers = 0
    for (const [method, path] of routes) {
      // GETs as two roles and signed out; other methods signed out and with a session of their own (a
      // body of {} is refused by validation; logout ends only that session).
      const callers =
        method === 'GET' ? [superadmin, seller, null] : [null, await t.tokenFor('superadmin@example.com')]
      for (const token of callers) {
        const where = `${method} ${path} (${token ? 'signed in' : 'signed out'})`
        const response = await fetch(`${direct}${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          body: method === 'GET' ? undefined : '{}',
        })
        nonces.add(expectSecurityHeaders(response, where))
        expect(response.headers.get('cache-control'), where).toBe('no-store')
        expect(response.headers.get('strict-transport-security'), where).toBeNull()
        expect(response.status, where).toBeLessThan(500)
        expect(leaksIn(await response.text()), where).toEqual([])
        answers++
      }
    }
    // A fresh nonce for every answer.
    expect(nonces.size).toBe(answers)
  }, 240_000)

  it('sends a file download (the campaign CSV) with no-store', async () => {
    const token = await t.tokenFor('seller@example.com')
    const response = await fetch(`${direct}/ads/ad-inventory/v1/campaign/download?userId=100001`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expectSecurityHeaders(response, 'campaign download')
  })

  it('gives /healthz, an unknown call and a path Express cannot decode the same headers', async () => {
    for (const path of ['/healthz', '/ads/ad-auth/v1/no-such-call', '/ads/ad-auth/%E0%A4%A']) {
      expectSecurityHeaders(await fetch(`${direct}${path}`), path)
    }
  })
})

describe('HSTS (TRUST_PROXY decides whether X-Forwarded-Proto counts)', () => {
  const session = (origin: string, proto?: string) =>
    fetch(`${origin}/ads/ad-auth/v1/session`, {
      headers: proto ? { 'x-forwarded-proto': proto } : {},
    })

  it('is not sent over plain HTTP, whatever a client claims, without TRUST_PROXY', async () => {
    expect((await session(direct)).headers.get('strict-transport-security')).toBeNull()
    expect((await session(direct, 'https')).headers.get('strict-transport-security')).toBeNull()
  })

  it('is sent when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const https = await session(behindProxy, 'https')
    const hsts = https.headers.get('strict-transport-security') ?? ''
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000)
    expect(hsts).toContain('includeSubDomains')
    expect((await session(behindProxy, 'http')).headers.get('strict-transport-security')).toBeNull()
    expect((await session(behindProxy)).headers.get('strict-transport-security')).toBeNull()
  })

  it('is not sent when the proxy that claims HTTPS is not the one TRUST_PROXY names', async () => {
    expect((await session(otherProxy, 'https')).headers.get('strict-transport-security')).toBeNull()
  })

  it('the cross-site check reads the scheme the same way: an https Origin is ours only behind a trusted proxy', async () => {
    const post = (origin: string) =>
      fetch(`${origin}/logout`, {
        method: 'POST',
        headers: { origin: `https://${new URL(origin).host}`, 'x-forwarded-proto': 'https' },
      })
    // Without a console build an accepted post falls through to 404: it was not refused.
    expect((await post(behindProxy)).status).toBe(404)
    const refused = await post(direct)
    expect(refused.status).toBe(403)
    expect(await refused.text()).toBe('Cross-site form posts are not accepted.')
    expect((await post(otherProxy)).status).toBe(403)
  })
})
