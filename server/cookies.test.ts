// The cookies the console sets, as it sets them over HTTPS (COOKIE_SECURE, on by default in production;
// issue 14, Security; decision 052): the session cookie is `__Host-console` with Secure, HttpOnly,
// SameSite=Lax, Path=/ and no Domain (the prefix makes a browser refuse it otherwise); the sign-in flow's
// sealed cookies are `__Host-` too; flash cookies carry the same flags; and the server's no-store rule
// recognises the secure name.
import type { Request } from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flashCookie } from '../app/flash.server'
import { pendingLogin } from '../app/models/sign-in-flow.server'
import { commitSession, destroySession, sessionCookieName } from '../app/session.server'
import { readConfig } from './config'
import { carriesSessionCookie } from './hardening'

const saved = { secret: process.env.SESSION_SECRET, secure: process.env.COOKIE_SECURE }
beforeAll(() => {
  process.env.SESSION_SECRET = 'cookie-test-secret-0123456789abcdefghijklmnop'
})
afterAll(() => {
  for (const [key, value] of [
    ['SESSION_SECRET', saved.secret],
    ['COOKIE_SECURE', saved.secure],
  ] as const) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

const SESSION = {
  token: 't'.repeat(43),
  role: 'SELLER' as const,
  userId: 1,
  userEmail: 'seller@example.com',
  sellerId: 100001,
  tncAcceptance: true,
  twoFactorRegistered: true,
  ipAddress: '127.0.0.1',
}

/** A Set-Cookie header's name and its attributes (lower-case names). */
function parse(setCookie: string) {
  const [pair, ...attributes] = setCookie.split(';').map((part) => part.trim())
  const name = pair!.slice(0, pair!.indexOf('='))
  const attrs = new Map(
    attributes.map((a) => {
      const [key, ...value] = a.split('=')
      return [key!.toLowerCase(), value.join('=')] as const
    }),
  )
  return { name, attrs }
}

function expectSecureFlags(setCookie: string, what: string) {
  const { attrs } = parse(setCookie)
  expect(attrs.has('secure'), `${what}: Secure`).toBe(true)
  expect(attrs.has('httponly'), `${what}: HttpOnly`).toBe(true)
  expect(attrs.get('samesite')?.toLowerCase(), `${what}: SameSite`).toBe('lax')
  expect(attrs.get('path'), `${what}: Path`).toBe('/')
  expect(attrs.has('domain'), `${what}: no Domain`).toBe(false)
}

describe('over HTTPS (COOKIE_SECURE=true)', () => {
  beforeAll(() => {
    process.env.COOKIE_SECURE = 'true'
  })

  it('the session cookie is __Host-console: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const set = await commitSession(SESSION)
    expect(parse(set).name).toBe('__Host-console')
    expect(sessionCookieName()).toBe('__Host-console')
    expectSecureFlags(set, 'session')
    // It is sealed: the bearer token is not readable in it.
    expect(set).not.toContain(SESSION.token)
    const cleared = await destroySession()
    expect(parse(cleared).name).toBe('__Host-console')
    expectSecureFlags(cleared, 'session cleared')
  })

  it("the sign-in flow's sealed cookie is __Host- too, and flash cookies carry the same flags", async () => {
    const pending = await pendingLogin.write({ email: 'seller@example.com', password: 'secret-password' })
    expect(parse(pending).name).toBe('__Host-console_pending_login')
    expectSecureFlags(pending, 'pending login')
    expect(pending).not.toContain('secret-password')
    const flash = await flashCookie(new Request('https://console.test/'), {
      kind: 'success',
      message: 'Saved',
    })
    expectSecureFlags(flash, 'flash')
  })

  it('the server treats a request with __Host-console as signed in (no-store)', () => {
    const req = (cookie: string) =>
      ({ get: (name: string) => (name === 'cookie' ? cookie : undefined) }) as Request
    expect(carriesSessionCookie(req('__Host-console=abc'))).toBe(true)
    expect(carriesSessionCookie(req('other=1; __Host-console=abc'))).toBe(true)
    expect(carriesSessionCookie(req('__Host-console='))).toBe(false)
  })
})

describe('COOKIE_SECURE', () => {
  it('is on by default in production, and off on a plain-HTTP local start', () => {
    expect(readConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).cookieSecure).toBe(true)
    expect(readConfig({}).cookieSecure).toBe(false)
  })

  it('off: the session cookie has no __Host- prefix (a browser would refuse it without Secure)', async () => {
    process.env.COOKIE_SECURE = 'false'
    const set = await commitSession(SESSION)
    expect(parse(set).name).toBe('console_session')
    expect(parse(set).attrs.has('httponly')).toBe(true)
    expect(parse(set).attrs.has('secure')).toBe(false)
  })
})
