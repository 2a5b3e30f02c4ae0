import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../platform/db/schema'
import { authApi } from '../app/models/auth.server'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { createServerApp } from './app'

let t: TestPlatform
let server: Server
let origin: string

beforeAll(async () => {
  t = await createTestPlatform()
  server = createServerApp({ database: t.database, platform: t.platform }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

describe('the server', () => {
  it('reports the database in /healthz', async () => {
    const response = await fetch(`${origin}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', database: t.database.kind })
  })

  it('serves the platform API under /ads/… with the security headers', async () => {
    const response = await fetch(`${origin}/ads/ad-auth/v1/session`)
    expect(response.status).toBe(401)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/)
  })
})

describe('caller address over HTTP', () => {
  it('is the socket address, whatever X-Forwarded-For a client sends', async () => {
    const response = await fetch(`${origin}/ads/ad-auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: 'seller2@example.com', password: 'not the password' }),
    })
    expect(response.status).toBe(401)
    const failures = await t.db
      .select({ ip: auditLog.actorIp })
      .from(auditLog)
      .where(eq(auditLog.action, 'LOGIN_FAILURE'))
    expect(failures.length).toBeGreaterThan(0)
    expect(failures.map((f) => f.ip)).not.toContain('203.0.113.9')
    expect(failures.at(-1)?.ip).toMatch(/127\.0\.0\.1/)
  })
})

describe('cross-site posts', () => {
  const post = (headers: Record<string, string>) => fetch(`${origin}/logout`, { method: 'POST', headers })

  it('refuses a console form post from another site', async () => {
    const bySecFetch = await post({ 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })
    expect(bySecFetch.status).toBe(403)
    expect(await bySecFetch.text()).toBe('Cross-site form posts are not accepted.')
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await post({ origin: 'null' })).status).toBe(403)
  })

  it('refuses a post without Origin whose Referer is another site or another scheme', async () => {
    const own = new URL(origin)
    const refused = [
      'https://evil.example/attack.html',
      `https://${own.host}/campaigns`,
      `http://${own.hostname}:1/campaigns`,
      `http://evil.example:${own.port}/campaigns`,
      'not a url',
    ]
    for (const referer of refused) {
      const response = await post({ referer })
      expect(response.status, referer).toBe(403)
      expect(await response.text()).toBe('Cross-site form posts are not accepted.')
    }
    // An Origin of another scheme is refused too.
    expect((await post({ origin: `https://${own.host}` })).status).toBe(403)
    // Sec-Fetch-Site decides when present, whatever the Referer says.
    expect((await post({ 'sec-fetch-site': 'cross-site', referer: `${origin}/campaigns` })).status).toBe(403)
  })

  it('lets same-origin posts and non-browser clients through', async () => {
    // Without a console build the request falls through to 404: it was not refused.
    expect((await post({ 'sec-fetch-site': 'same-origin', origin })).status).toBe(404)
    expect((await post({ origin })).status).toBe(404)
    expect((await post({ referer: `${origin}/campaigns?page=2` })).status).toBe(404)
    expect((await post({ 'sec-fetch-site': 'none' })).status).toBe(404)
    // Neither Origin nor Referer nor Sec-Fetch-Site: not a browser page (decision 020).
    expect((await post({})).status).toBe(404)
  })

  it('does not apply to the bearer-token platform API', async () => {
    const response = await fetch(`${origin}/ads/ad-auth/v1/logout`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(response.status).toBe(401)
  })
})

describe('upstream clients', () => {
  it('get the same answer in-process and over HTTP', async () => {
    const token = await t.tokenFor('agency@example.com')
    const context = { platformFetch: t.platform.fetch, requestId: 'test', cspNonce: '' }

    const previous = process.env.AUTH_SERVICE_URL
    delete process.env.AUTH_SERVICE_URL
    const inProcess = await authApi(context, token).session()
    const inProcessPincodes = await authApi(context, token).pincodes(['560001', '999999'])
    const inProcessRefusal = await authApi(context, 'not-a-token').session()

    process.env.AUTH_SERVICE_URL = `${origin}/ads/ad-auth`
    try {
      // platformFetch would fail loudly if it were still used.
      const remoteContext = { ...context, platformFetch: () => Promise.reject(new Error('in-process used')) }
      const overHttp = await authApi(remoteContext, token).session()
      const overHttpPincodes = await authApi(remoteContext, token).pincodes(['560001', '999999'])
      const overHttpRefusal = await authApi(remoteContext, 'not-a-token').session()

      expect(inProcess.ok).toBe(true)
      expect(overHttp).toEqual(inProcess)
      expect(overHttpPincodes).toEqual(inProcessPincodes)
      expect(inProcessPincodes.ok && inProcessPincodes.data.map((p) => p.pincode)).toEqual(['560001'])
      expect(overHttpRefusal).toEqual(inProcessRefusal)
      expect(inProcessRefusal).toMatchObject({ ok: false, status: 401, message: 'Invalid token' })
    } finally {
      if (previous === undefined) delete process.env.AUTH_SERVICE_URL
      else process.env.AUTH_SERVICE_URL = previous
    }
  })
})
