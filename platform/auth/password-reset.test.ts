import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_REQUESTS } from '../contracts/auth'
import { auditLog, oneTimeCodes, sessions, users } from '../db/schema'
import { DEMO_PASSWORD } from '../db/seed/users'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { ONE_TIME_CODE_TTL_MS } from './one-time-codes'
import { PASSWORD_CHANGED_SUBJECT, PASSWORD_RESET_SUBJECT } from './password-reset'
import { verifyPassword } from './password'
import { hashToken } from './sessions'

const AUTH = '/ads/ad-auth'
const SENT_MESSAGE = 'If the e-mail is registered, an OTP has been sent'
const NEW_PASSWORD = 'a long new passphrase'
let t: TestPlatform
const start = new Date('2026-03-02T08:00:00Z')
beforeAll(async () => {
  t = await createTestPlatform({ now: start })
})
afterAll(async () => {
  await t.close()
})

let ipCounter = 0
const nextIp = () => `192.0.2.${++ipCounter}`

const requestCode = (email: string, ip = nextIp()) =>
  t.post(`${AUTH}/v1/user/totp?email=${encodeURIComponent(email)}`, undefined, { ip })

const reset = (body: Record<string, unknown>, ip = nextIp()) =>
  t.post(`${AUTH}/v1/user/password/reset`, body, { ip })

/** The code in the last mail sent to an address. */
function lastCodeFor(email: string) {
  const mail = [...t.sent].reverse().find((m) => m.to === email)
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

const codesOf = (userId: number) => t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId))

describe('POST /v1/user/totp (forgot password)', () => {
  it('e-mails a known user a 6-digit code valid 10 minutes, stored only as a hash', async () => {
    const email = 'seller2@example.com'
    const user = await t.userByEmail(email)
    const response = await requestCode(email)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ code: 200, message: SENT_MESSAGE, data: null, errors: [] })

    const mail = t.sent.at(-1)!
    expect(mail).toMatchObject({ to: email, subject: PASSWORD_RESET_SUBJECT })
    const code = lastCodeFor(email)
    const [row] = await codesOf(user.id)
    expect(row).toMatchObject({ purpose: 'PASSWORD_RESET', email, attempts: 0, consumedAt: null })
    expect(row!.codeHash).toMatch(/^\$argon2id\$/)
    expect(row!.codeHash).not.toContain(code)
    expect(await verifyPassword(row!.codeHash, code)).toBe(true)
    expect(row!.expiresAt.getTime()).toBe(start.getTime() + ONE_TIME_CODE_TTL_MS)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PASSWORD_RESET_REQUESTED'), eq(auditLog.actorUserId, user.id)))
    expect(entry).toMatchObject({ actorRole: 'SELLER', after: { codeSent: true } })
  })

  it('answers an unknown or unusable e-mail exactly the same, sending and storing nothing', async () => {
    const before = t.sent.length
    const codesBefore = (await t.db.select().from(oneTimeCodes)).length
    for (const email of ['nobody@example.com', 'seller4@example.com']) {
      const response = await requestCode(email)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ code: 200, message: SENT_MESSAGE, data: null, errors: [] })
    }
    expect(t.sent.length).toBe(before)
    expect((await t.db.select().from(oneTimeCodes)).length).toBe(codesBefore)
  })

  it('answers an unknown e-mail exactly as a known one (no timing in unit tests: both paths hash once)', async () => {
    const answer = async (email: string) => {
      const response = await requestCode(email)
      return { status: response.status, body: await response.json() }
    }
    const known = await answer('brand@example.com')
    const unknown = await answer('nobody-here@example.com')
    expect(known.status).toBe(200)
    expect(unknown).toEqual(known)
  })

  it('refuses a fourth request for one e-mail in 15 minutes with 429 and Retry-After', async () => {
    const email = 'ops2@example.com'
    for (let i = 0; i < 3; i++) expect((await requestCode(email)).status).toBe(200)
    const refused = await requestCode(email)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60)
    expect((await refused.json()).message).toBe(TOO_MANY_REQUESTS)
    expect(t.sent.filter((m) => m.to === email)).toHaveLength(3)
  })

  it('refuses an address after 10 requests in 15 minutes, known e-mails or not', async () => {
    const ip = nextIp()
    for (let i = 0; i < 10; i++) expect((await requestCode(`spray${i}@example.com`, ip)).status).toBe(200)
    expect((await requestCode('seller@example.com', ip)).status).toBe(429)
  })

  it('refuses a malformed e-mail', async () => {
    const response = await requestCode('not-an-email')
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe('Email is invalid')
  })
})

describe('POST /v1/user/password/reset', () => {
  it('checks the passwords before the code', async () => {
    const mismatch = await reset({
      email: 'x@example.com',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgi',
      otp: '1',
    })
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).errors).toEqual(['Password does not match'])
    const short = await reset({
      email: 'x@example.com',
      password: 'abc',
      confirmPassword: 'abc',
      otp: '123456',
    })
    expect(short.status).toBe(400)
    expect((await short.json()).errors).toEqual(['Password must be at least 8 characters'])
    const long = 'x'.repeat(129)
    const tooLong = await reset({
      email: 'x@example.com',
      password: long,
      confirmPassword: long,
      otp: '123456',
    })
    expect((await tooLong.json()).errors).toEqual(['Password must be at most 128 characters'])
  })

  it('resets with the right code: new hash, code used, every session ended, two-factor kept', async () => {
    const email = 'seller3@example.com'
    const user = await t.userByEmail(email)
    await t.db.update(users).set({ failedLoginCount: 3 }).where(eq(users.id, user.id))
    const live = await t.tokenFor(email)
    const pending = await t.tokenFor(email, 'PASSWORD')
    expect((await requestCode(email)).status).toBe(200)
    const code = lastCodeFor(email)
    const wrongCode = code === '000000' ? '000001' : '000000'

    const wrong = await reset({
      email,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      otp: wrongCode,
    })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({
      message: 'Invalid or expired OTP',
      errors: ['Invalid or expired OTP'],
    })
    expect((await codesOf(user.id))[0]?.attempts).toBe(1)

    const ip = nextIp()
    const ok = await reset(
      { email: 'Seller3@Example.com', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, otp: code },
      ip,
    )
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ code: 200, data: null, errors: [] })

    const stored = await t.userByEmail(email)
    expect(await verifyPassword(stored.passwordHash, NEW_PASSWORD)).toBe(true)
    expect(stored.passwordChangedAt?.getTime()).toBe(start.getTime())
    expect(stored.failedLoginCount).toBe(0)
    expect(stored.twoFactorRegistered).toBe(true)
    expect(stored.totpSecret).toBe(user.totpSecret)
    const [used] = await codesOf(user.id)
    expect(used?.consumedAt?.getTime()).toBe(start.getTime())
    for (const token of [live, pending]) {
      const [row] = await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
      expect(row?.revokedReason).toBe('PASSWORD_RESET')
    }
    expect((await t.request(`${AUTH}/v1/session`, { token: live })).status).toBe(401)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'PASSWORD_RESET'), eq(auditLog.actorUserId, user.id)))
    expect(entry).toMatchObject({ actorRole: 'SELLER', actorIp: ip, after: { sessionsEnded: 2 } })
    expect(t.sent.at(-1)).toMatchObject({ to: email, subject: PASSWORD_CHANGED_SUBJECT })

    // The code works once; the old password is gone; the new one still leads to the second factor.
    const again = await reset({
      email,
      password: 'another password',
      confirmPassword: 'another password',
      otp: code,
    })
    expect(again.status).toBe(400)
    const old = await t.post(`${AUTH}/v1/login`, { email, password: DEMO_PASSWORD }, { ip: nextIp() })
    expect(old.status).toBe(401)
    const fresh = await t.post(`${AUTH}/v1/login`, { email, password: NEW_PASSWORD }, { ip: nextIp() })
    expect(fresh.status).toBe(200)
    expect((await fresh.json()).data).toMatchObject({ twoFactorRegistered: true })
  })

  it('refuses an expired code', async () => {
    const email = 'brand@example.com'
    expect((await requestCode(email)).status).toBe(200)
    const code = lastCodeFor(email)
    t.setNow(new Date(start.getTime() + ONE_TIME_CODE_TTL_MS + 1000))
    try {
      const expired = await reset({ email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, otp: code })
      expect(expired.status).toBe(400)
      expect((await expired.json()).message).toBe('Invalid or expired OTP')
    } finally {
      t.setNow(start)
    }
    expect(await verifyPassword((await t.userByEmail(email)).passwordHash, DEMO_PASSWORD)).toBe(true)
  })

  it('accepts only the newest code, and kills a code after 5 wrong tries', async () => {
    const email = 'agency@example.com'
    const later = new Date(start.getTime() + 20 * 60_000)
    t.setNow(later)
    try {
      expect((await requestCode(email)).status).toBe(200)
      const first = lastCodeFor(email)
      t.setNow(new Date(later.getTime() + 1000))
      expect((await requestCode(email)).status).toBe(200)
      const second = lastCodeFor(email)
      const user = await t.userByEmail(email)
      const rows = (await codesOf(user.id))
        .filter((r) => r.createdAt >= later)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      expect(rows).toHaveLength(2)
      // Issuing the second code ended the first one.
      expect(rows[0]!.expiresAt.getTime()).toBe(later.getTime() + 1000)
      expect(rows[1]!.expiresAt.getTime()).toBe(later.getTime() + 1000 + ONE_TIME_CODE_TTL_MS)
      if (first !== second) {
        const superseded = await reset({
          email,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          otp: first,
        })
        expect(superseded.status).toBe(400)
      }
      const wrong = second === '999999' ? '999998' : '999999'
      const attemptsLeft = first !== second ? 4 : 5
      for (let i = 0; i < attemptsLeft; i++) {
        const response = await reset({
          email,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          otp: wrong,
        })
        expect(response.status).toBe(400)
      }
      const dead = await reset({ email, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, otp: second })
      expect(dead.status).toBe(400)
      expect((await codesOf(user.id)).find((r) => r.id === rows[1]!.id)?.attempts).toBe(5)
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true)
      const failures = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'PASSWORD_RESET_FAILURE'), eq(auditLog.actorUserId, user.id)))
      expect(failures.at(-1)?.after).toMatchObject({ reason: 'TOO_MANY_ATTEMPTS' })
    } finally {
      t.setNow(start)
    }
  })

  it('answers an unknown e-mail like a wrong code', async () => {
    const response = await reset({
      email: 'nobody@example.com',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      otp: '123456',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe('Invalid or expired OTP')
  })

  it('refuses an address after 10 submissions in 15 minutes', async () => {
    const ip = nextIp()
    const body = {
      email: 'nobody@example.com',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      otp: '1',
    }
    for (let i = 0; i < 10; i++) expect((await reset(body, ip)).status).toBe(400)
    const refused = await reset(body, ip)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60))
  })
})
