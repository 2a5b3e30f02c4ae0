import { hash } from '@node-rs/argon2'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALREADY_LOGGED_IN, loginResponseSchema, TOO_MANY_REQUESTS } from '../contracts/auth'
import { auditLog, sessions, users } from '../db/schema'
import { DEMO_PASSWORD, demoUser } from '../db/seed/users'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { LOCKOUT_BASE_MS, LOCKOUT_MAX_MS, lockoutDuration } from './login'
import { verifyPassword } from './password'
import { hitRateLimit, RateRules } from './rate-limit'
import { hashToken, SESSION_IDLE_MS } from './sessions'
import { currentTotp } from './totp'

const LOGIN = '/ads/ad-auth/v1/login'
const MINUTE = 60_000

let t: TestPlatform
const start = new Date('2026-03-02T06:00:00Z')
beforeAll(async () => {
  t = await createTestPlatform({ now: start })
})
afterAll(async () => {
  await t.close()
})

let ipCounter = 0
/** A fresh caller address per test, so that per-IP limits of one test do not leak into the next. */
const nextIp = () => `198.51.100.${++ipCounter}`

const login = (email: string, password: string, ip: string, loginHere?: boolean) =>
  t.post(LOGIN, { email, password, ...(loginHere === undefined ? {} : { loginHere }) }, { ip })

const auditFor = (action: string, userId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, userId)))

describe('POST /v1/login', () => {
  it('signs in with any case of the e-mail and answers a PASSWORD-stage token', async () => {
    const ip = nextIp()
    const response = await login('Seller@Example.COM', DEMO_PASSWORD, ip)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ code: 200, message: 'Login successful', errors: [] })
    const data = loginResponseSchema.parse(body.data)
    const seller = await t.userByEmail('seller@example.com')
    expect(data).toMatchObject({
      userId: seller.id,
      email: 'seller@example.com',
      role: 'SELLER',
      twoFactorRegistered: true,
    })

    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.token)))
    expect(row).toMatchObject({ userId: seller.id, stage: 'PASSWORD', ipAddress: ip, revokedAt: null })
    expect(new Date(data.expireTime).getTime()).toBe(row!.expiresAt.getTime())
    // Half-way: the token is not a signed-in one.
    expect((await t.request(`/ads/ad-auth/v1/validateToken?token=${data.token}`)).status).toBe(401)

    const [entry] = await auditFor('LOGIN_SUCCESS', seller.id)
    expect(entry).toMatchObject({
      actorRole: 'SELLER',
      actorIp: ip,
      entityType: 'session',
      entityId: row!.id,
    })
  })

  it('refuses a wrong password and an unknown e-mail with the same 401, and audits both', async () => {
    const ip = nextIp()
    const wrong = await login('seller2@example.com', 'not the password', ip)
    const unknown = await login('nobody@example.com', DEMO_PASSWORD, ip)
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401)
      const body = await response.json()
      expect(body).toMatchObject({
        code: 401,
        data: null,
        message: 'Invalid email or password',
        errors: ['Invalid email or password'],
        errorCode: 'INVALID_CREDENTIALS',
      })
    }
    const seller2 = await t.userByEmail('seller2@example.com')
    expect(seller2.failedLoginCount).toBe(1)
    const [failure] = await auditFor('LOGIN_FAILURE', seller2.id)
    expect(failure).toMatchObject({ actorRole: 'SELLER', actorIp: ip, after: { reason: 'WRONG_PASSWORD' } })
    const anonymous = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'LOGIN_FAILURE'), eq(auditLog.actorIp, ip)))
    expect(anonymous.some((e) => e.actorUserId === null && (e.after as { email?: string }).email)).toBe(true)
    // A success resets the count.
    expect((await login('seller2@example.com', DEMO_PASSWORD, ip)).status).toBe(200)
    expect((await t.userByEmail('seller2@example.com')).failedLoginCount).toBe(0)
  })

  it('tells the account state only after a correct password', async () => {
    const ip = nextIp()
    const cases = [
      ['seller4@example.com', 'Your account is awaiting approval', 'ACCOUNT_PENDING'],
      ['seller5@example.com', 'Your account registration was rejected', 'ACCOUNT_REJECTED'],
      ['brand4@example.com', 'Your account has been revoked', 'ACCOUNT_REVOKED'],
    ] as const
    for (const [email, message, errorCode] of cases) {
      const right = await login(email, DEMO_PASSWORD, ip)
      expect(right.status).toBe(401)
      expect(await right.json()).toMatchObject({ message, errorCode, errors: [message] })
      const wrong = await login(email, 'wrong password', ip)
      expect(wrong.status).toBe(401)
      expect((await wrong.json()).message).toBe('Invalid email or password')
      const user = await t.userByEmail(email)
      const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
      expect(rows).toHaveLength(0)
    }
  })

  it('validates the body', async () => {
    const response = await t.post(LOGIN, { email: '', password: 'x' }, { ip: nextIp() })
    expect(response.status).toBe(400)
    expect((await response.json()).errorCode).toBe('VALIDATION_FAILED')
  })
})

describe('lockout', () => {
  it('locks after the fifth wrong password, refuses the sixth try even when right, then lets in', async () => {
    const email = 'seller-nocredit@example.com'
    const user = await t.userByEmail(email)
    for (let i = 1; i <= 5; i++) {
      const response = await login(email, `wrong ${i}`, nextIp())
      expect(response.status).toBe(401)
    }
    const locked = await t.userByEmail(email)
    expect(locked.failedLoginCount).toBe(5)
    expect(locked.lockedUntil?.getTime()).toBe(start.getTime() + 15 * MINUTE)
    const [lockEntry] = await auditFor('LOGIN_LOCKED', user.id)
    expect(lockEntry).toMatchObject({ actorRole: 'SELLER', after: { failedLoginCount: 5 } })

    const sixth = await login(email, DEMO_PASSWORD, nextIp())
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toBe(String(15 * 60))
    expect(await sixth.json()).toMatchObject({
      code: 429,
      message: TOO_MANY_REQUESTS,
      errors: [TOO_MANY_REQUESTS],
      errorCode: 'TOO_MANY_REQUESTS',
    })
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)

    t.setNow(new Date(start.getTime() + 15 * MINUTE + 1000))
    try {
      const after = await login(email, DEMO_PASSWORD, nextIp())
      expect(after.status).toBe(200)
      const reset = await t.userByEmail(email)
      expect(reset.failedLoginCount).toBe(0)
      expect(reset.lockedUntil).toBeNull()
    } finally {
      t.setNow(start)
    }
  })

  it('doubles each further lock while the failures go on', async () => {
    const email = 'seller3@example.com'
    for (let i = 0; i < 5; i++) await login(email, 'wrong', nextIp())
    const first = (await t.userByEmail(email)).lockedUntil!
    expect(first.getTime() - start.getTime()).toBe(15 * MINUTE)
    const later = new Date(first.getTime() + 1000)
    t.setNow(later)
    try {
      for (let i = 0; i < 5; i++) expect((await login(email, 'wrong', nextIp())).status).toBe(401)
      const second = await t.userByEmail(email)
      expect(second.failedLoginCount).toBe(10)
      expect(second.lockedUntil!.getTime() - later.getTime()).toBe(30 * MINUTE)
      expect((await login(email, DEMO_PASSWORD, nextIp())).status).toBe(429)
    } finally {
      t.setNow(start)
    }
    expect(lockoutDuration(1)).toBe(LOCKOUT_BASE_MS)
    expect(lockoutDuration(3)).toBe(60 * MINUTE)
    expect(lockoutDuration(7)).toBe(16 * 60 * MINUTE)
    expect(lockoutDuration(8)).toBe(LOCKOUT_MAX_MS)
    expect(lockoutDuration(40)).toBe(LOCKOUT_MAX_MS)
  })

  it('answers an unknown e-mail the same way: refused for 15 minutes after five failures', async () => {
    const email = 'ghost@example.com'
    for (let i = 0; i < 5; i++) expect((await login(email, 'guess', nextIp())).status).toBe(401)
    const sixth = await login(email, 'guess', nextIp())
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBe(15 * 60)
  })

  it('answers a locked account exactly as a rate-limited unknown e-mail: status, code, message, wait', async () => {
    const known = 'agency3@example.com'
    const unknown = 'nobody-here@example.com'
    for (let i = 0; i < 5; i++) {
      expect((await login(known, 'guess', nextIp())).status).toBe(401)
      expect((await login(unknown, 'guess', nextIp())).status).toBe(401)
    }
    const answer = async (response: Response) => {
      const { requestId: _requestId, ...body } = await response.json()
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body }
    }
    const locked = await answer(await login(known, DEMO_PASSWORD, nextIp()))
    const limited = await answer(await login(unknown, 'guess', nextIp()))
    expect(locked).toEqual(limited)
    expect(locked).toMatchObject({
      status: 429,
      retryAfter: String(15 * 60),
      body: { errorCode: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS },
    })
  })
})

describe('rate limits', () => {
  it('refuses an address after 20 failed sign-ins in 5 minutes, with Retry-After', async () => {
    const ip = nextIp()
    for (let i = 0; i < 20; i++) {
      expect((await login(`stuffing${i}@example.com`, 'password1', ip)).status).toBe(401)
    }
    const refused = await login('seller@example.com', DEMO_PASSWORD, ip)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBe(5 * 60)
    expect((await refused.json()).message).toBe(TOO_MANY_REQUESTS)
    // Another address is not affected.
    expect((await login('stuffing0@example.com', 'password1', nextIp())).status).toBe(401)
  })

  it('refuses an e-mail that has had 10 failures in 15 minutes, whatever the address', async () => {
    const now = t.deps.now()
    for (let i = 0; i < 10; i++) await hitRateLimit(t.db, RateRules.loginAccount, 'ops@example.com', now)
    const refused = await login('OPS@example.com', DEMO_PASSWORD, nextIp())
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60)
  })
})

describe('one active session per user', () => {
  it('refuses a second sign-in while a signed-in session is live, with the exact message', async () => {
    const email = 'brand@example.com'
    const live = await t.tokenFor(email)
    const response = await login(email, DEMO_PASSWORD, nextIp())
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({
      message: ALREADY_LOGGED_IN,
      errors: ['User already Logged in from another device!'],
      errorCode: 'ALREADY_LOGGED_IN',
    })
    const brand = await t.userByEmail(email)
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, brand.id))
    expect(rows).toHaveLength(1)
    expect((await t.request('/ads/ad-auth/v1/session', { token: live })).status).toBe(200)
  })

  it('does not count a session that sat idle past its timeout', async () => {
    const email = 'brand2@example.com'
    await t.tokenFor(email)
    t.setNow(new Date(start.getTime() + SESSION_IDLE_MS + 1000))
    try {
      expect((await login(email, DEMO_PASSWORD, nextIp())).status).toBe(200)
    } finally {
      t.setNow(start)
    }
  })

  it('with loginHere, signs in and ends the other session once the second factor is done', async () => {
    const email = 'agency@example.com'
    const agency = await t.userByEmail(email)
    const first = await t.tokenFor(email)
    const ip = nextIp()
    const second = await login(email, DEMO_PASSWORD, ip, true)
    expect(second.status).toBe(200)
    const { data } = await second.json()
    // A password alone does not end the other device's session…
    expect((await t.request('/ads/ad-auth/v1/session', { token: first })).status).toBe(200)

    const code = currentTotp(demoUser(email).totpSecret!, t.deps.now())
    const verified = await t.post(
      `/ads/ad-auth/v1/gauth2fa-verify-totp?token=${data.token}&userId=${agency.id}&regenerateToken=true`,
      { email, totp: code },
      { ip },
    )
    expect(verified.status).toBe(200)
    // …the completed sign-in does.
    expect((await t.request('/ads/ad-auth/v1/session', { token: first })).status).toBe(401)
    const [old] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first)))
    expect(old?.revokedReason).toBe('LOGIN_ELSEWHERE')
    const [entry] = await auditFor('LOGIN_ELSEWHERE', agency.id)
    expect(entry).toMatchObject({ actorRole: 'AGENCY', actorIp: ip, after: { sessionsEnded: 1 } })
  })
})

describe('password hashes', () => {
  it('re-hashes a password stored with older parameters at the next sign-in', async () => {
    const email = 'superadmin@example.com'
    const old = await hash(DEMO_PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 })
    await t.db.update(users).set({ passwordHash: old }).where(eq(users.email, email))
    expect((await login(email, DEMO_PASSWORD, nextIp())).status).toBe(200)
    const stored = (await t.userByEmail(email)).passwordHash!
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$/)
    expect(await verifyPassword(stored, DEMO_PASSWORD)).toBe(true)
  })
})
