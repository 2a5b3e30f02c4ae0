import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_REQUESTS, totpSignupResponseSchema, verifyTotpResponseSchema } from '../contracts/auth'
import { auditLog, sessions, users } from '../db/schema'
import { DEMO_PASSWORD, DEMO_TNC_VERSION, demoUser } from '../db/seed/users'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { hashToken } from './sessions'
import { currentTotp, totpStep } from './totp'

const AUTH = '/ads/ad-auth'
let t: TestPlatform
const start = new Date('2026-03-02T06:00:10Z')
beforeAll(async () => {
  t = await createTestPlatform({ now: start })
})
afterAll(async () => {
  await t.close()
})

let ipCounter = 0
const nextIp = () => `203.0.113.${++ipCounter}`

/** Signs in with the password; returns the PASSWORD-stage token. */
async function passwordStep(email: string, loginHere = false) {
  const response = await t.post(
    `${AUTH}/v1/login`,
    { email, password: DEMO_PASSWORD, loginHere },
    { ip: nextIp() },
  )
  expect(response.status).toBe(200)
  return (await response.json()).data.token as string
}

const signup = (query: string, init: { token?: string } = {}) =>
  t.request(`${AUTH}/v1/gauth2fa-signup?${query}`, init)

const verify = (token: string, userId: number, body: unknown, ip = nextIp()) =>
  t.post(
    `${AUTH}/v1/gauth2fa-verify-totp?token=${token}&userId=${userId}&ipAddress=10.1.2.3&regenerateToken=true`,
    body,
    {
      ip,
    },
  )

const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!

describe('GET /v1/gauth2fa-signup', () => {
  it('creates a secret once for a user not enrolled, and answers the otpauth URI and a PNG QR code', async () => {
    const email = 'newseller@example.com'
    const user = await t.userByEmail(email)
    expect(user.totpSecret).toBeNull()
    const token = await passwordStep(email)

    const response = await signup(`email=${email}&token=${token}&userId=${user.id}&ipAddress=10.1.2.3`)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ code: 200, errors: [] })
    const data = totpSignupResponseSchema.parse(body.data)
    expect(data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Ad%20Console:newseller%40example\.com\?/)
    const uri = new URL(data.otpauthUri)
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      issuer: 'Ad Console',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
    expect(data.qrCode).toMatch(/^data:image\/png;base64,/)
    expect(Buffer.from(data.qrCode.split(',')[1]!, 'base64').subarray(1, 4).toString()).toBe('PNG')

    const stored = await t.userByEmail(email)
    expect(stored.totpSecret).toBe(secretOf(data.otpauthUri))
    expect(stored.twoFactorRegistered).toBe(false)
    const created = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TWO_FACTOR_SECRET_CREATED'), eq(auditLog.actorUserId, user.id)))
    expect(created).toHaveLength(1)

    // Asked again (token in the header this time): the same secret, so the first scan stays good.
    const again = await signup(`email=${email}`, { token })
    expect(again.status).toBe(200)
    expect(secretOf((await again.json()).data.otpauthUri)).toBe(stored.totpSecret)
  })

  it('refuses an enrolled user, another user, a signed-in token and no token', async () => {
    const seller = await t.userByEmail('seller@example.com')
    const token = await passwordStep('seller@example.com')
    const enrolled = await signup(`userId=${seller.id}&token=${token}`)
    expect(enrolled.status).toBe(400)
    expect(await enrolled.json()).toMatchObject({
      message: 'Two-factor authentication is already set up',
      errors: ['Two-factor authentication is already set up'],
    })

    const other = await signup(`userId=${seller.id + 1}&token=${token}`)
    expect(other.status).toBe(403)
    expect((await signup(`email=someone@example.com&token=${token}`)).status).toBe(403)
    const full = await t.tokenFor('ops2@example.com')
    expect((await signup(`token=${full}`)).status).toBe(401)
    const none = await signup('email=seller@example.com')
    expect(none.status).toBe(401)
    expect((await none.json()).message).toBe('Invalid token')
  })
})

describe('POST /v1/gauth2fa-verify-totp', () => {
  it('enrols on the first good code: ends the PASSWORD session and answers a new signed-in token', async () => {
    const email = 'newseller@example.com'
    const user = await t.userByEmail(email)
    const token = await passwordStep(email)
    const uri = (await (await signup(`token=${token}`)).json()).data.otpauthUri as string
    const ip = nextIp()

    const empty = await verify(token, user.id, { email, totp: '' }, ip)
    expect(empty.status).toBe(400)
    expect((await empty.json()).errors).toEqual(['Enter a valid otp'])
    expect((await verify(token, user.id, { email, totp: '12a456' }, ip)).status).toBe(400)

    const wrongCode = currentTotp(secretOf(uri), new Date(start.getTime() + 10 * 60_000))
    const wrong = await verify(token, user.id, { email, totp: wrongCode }, ip)
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({
      code: 401,
      message: 'Invalid OTP',
      errors: ['Invalid OTP'],
      errorCode: 'INVALID_OTP',
    })

    const response = await verify(token, user.id, { email, totp: currentTotp(secretOf(uri), start) }, ip)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ code: 200, errors: [] })
    const data = verifyTotpResponseSchema.parse(body.data)
    expect(data).toMatchObject({
      userId: user.id,
      email,
      role: 'SELLER',
      ipAddress: '10.1.2.3',
      tncVersion: DEMO_TNC_VERSION,
      tncAcceptance: false,
      sellerId: user.accountId,
    })
    expect(data.token).not.toBe(token)

    const enrolled = await t.userByEmail(email)
    expect(enrolled.twoFactorRegistered).toBe(true)
    expect(enrolled.totpLastStep).toBe(totpStep(start))
    const [pending] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
    expect(pending?.revokedAt).not.toBeNull()
    const [full] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.token)))
    expect(full).toMatchObject({ stage: 'FULL', revokedAt: null, userId: user.id })
    expect((await t.request(`${AUTH}/v1/validateToken?token=${data.token}`)).status).toBe(200)
    expect((await t.request(`${AUTH}/v1/session`, { token })).status).toBe(401)

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id))).map(
      (e) => e.action,
    )
    expect(actions).toEqual(
      expect.arrayContaining(['TWO_FACTOR_FAILURE', 'TWO_FACTOR_ENROLLED', 'LOGIN_COMPLETE']),
    )
    const [complete] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'LOGIN_COMPLETE'), eq(auditLog.actorUserId, user.id)))
    expect(complete).toMatchObject({ actorRole: 'SELLER', actorIp: ip, entityId: full!.id })

    // Enrolled now: no QR code any more.
    const fresh = await passwordStep(email, true)
    expect((await signup(`token=${fresh}`)).status).toBe(400)
  })

  it('accepts a code once only: the same code again is refused, the next one works', async () => {
    const email = 'seller2@example.com'
    const user = await t.userByEmail(email)
    const secret = demoUser(email).totpSecret!
    const first = await passwordStep(email)
    expect((await verify(first, user.id, { email, totp: currentTotp(secret, start) })).status).toBe(200)

    const second = await passwordStep(email, true)
    const replay = await verify(second, user.id, { email, totp: currentTotp(secret, start) })
    expect(replay.status).toBe(401)
    expect((await replay.json()).message).toBe('Invalid OTP')
    const [failure] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TWO_FACTOR_FAILURE'), eq(auditLog.actorUserId, user.id)))
    expect(failure?.after).toMatchObject({ reason: 'REPLAYED' })
    expect((await t.userByEmail(email)).totpLastStep).toBe(totpStep(start))

    const next = new Date(start.getTime() + 30_000)
    expect((await verify(second, user.id, { email, totp: currentTotp(secret, next) })).status).toBe(200)
    expect((await t.userByEmail(email)).totpLastStep).toBe(totpStep(next))
  })

  it('refuses a code for another e-mail and a signed-in token', async () => {
    const email = 'seller3@example.com'
    const user = await t.userByEmail(email)
    const token = await passwordStep(email)
    const code = currentTotp(demoUser(email).totpSecret!, start)
    expect((await verify(token, user.id, { email: 'seller@example.com', totp: code })).status).toBe(403)
    const full = await t.tokenFor('ops@example.com')
    expect((await verify(full, user.id, { email, totp: code })).status).toBe(401)
  })

  it('stops after 5 wrong codes in 5 minutes with 429, even for the right code', async () => {
    const email = 'brand2@example.com'
    const user = await t.userByEmail(email)
    const secret = demoUser(email).totpSecret!
    const token = await passwordStep(email)
    const wrong = currentTotp(secret, new Date(start.getTime() + 3_600_000))
    for (let i = 0; i < 5; i++) {
      expect((await verify(token, user.id, { email, totp: wrong })).status).toBe(401)
    }
    const refused = await verify(token, user.id, { email, totp: currentTotp(secret, start) })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBe(300)
    expect((await refused.json()).message).toBe(TOO_MANY_REQUESTS)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.totpLastStep).toBeNull()
  })
})
