import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, oneTimeCodes } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import {
  consumeOneTimeCode,
  issueOneTimeCode,
  newOneTimeCode,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_TTL_MS,
} from './one-time-codes'
import { REPORT_CODE_SUBJECT } from './report-otp'

let t: TestPlatform
const now = new Date('2026-03-02T09:00:00Z')
beforeAll(async () => {
  t = await createTestPlatform({ now })
})
afterAll(async () => {
  await t.close()
})

describe('one-time codes', () => {
  it('are 6 random digits, leading zeros kept', () => {
    const codes = Array.from({ length: 200 }, newOneTimeCode)
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true)
    expect(new Set(codes).size).toBeGreaterThan(190)
  })

  it('are bound to their purpose, used once, and dead after their lifetime', async () => {
    const user = await t.userByEmail('seller@example.com')
    const { code } = await issueOneTimeCode(t.db, {
      userId: user.id,
      email: user.email,
      purpose: 'REPORT_DOWNLOAD',
      now,
    })
    const input = { userId: user.id, code, now }
    expect(await consumeOneTimeCode(t.db, { ...input, purpose: 'PASSWORD_RESET' })).toEqual({
      ok: false,
      reason: 'NO_LIVE_CODE',
    })
    expect(await consumeOneTimeCode(t.db, { ...input, code: '12345', purpose: 'REPORT_DOWNLOAD' })).toEqual({
      ok: false,
      reason: 'MALFORMED',
    })
    const used = await consumeOneTimeCode(t.db, { ...input, purpose: 'REPORT_DOWNLOAD' })
    expect(used.ok).toBe(true)
    expect(await consumeOneTimeCode(t.db, { ...input, purpose: 'REPORT_DOWNLOAD' })).toEqual({
      ok: false,
      reason: 'NO_LIVE_CODE',
    })

    const late = await issueOneTimeCode(t.db, {
      userId: user.id,
      email: user.email,
      purpose: 'REPORT_DOWNLOAD',
      now,
    })
    const expired = await consumeOneTimeCode(t.db, {
      userId: user.id,
      purpose: 'REPORT_DOWNLOAD',
      code: late.code,
      now: new Date(now.getTime() + ONE_TIME_CODE_TTL_MS),
    })
    expect(expired).toEqual({ ok: false, reason: 'NO_LIVE_CODE' })
  })

  it(`survive ${ONE_TIME_CODE_MAX_ATTEMPTS} wrong tries, then refuse even the right code`, async () => {
    const user = await t.userByEmail('brand@example.com')
    const { code, id } = await issueOneTimeCode(t.db, {
      userId: user.id,
      email: user.email,
      purpose: 'REPORT_DOWNLOAD',
      now,
    })
    const wrong = code === '000000' ? '000001' : '000000'
    for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS; i++) {
      const result = await consumeOneTimeCode(t.db, {
        userId: user.id,
        purpose: 'REPORT_DOWNLOAD',
        code: wrong,
        now,
      })
      expect(result).toEqual({ ok: false, reason: 'MISMATCH' })
    }
    const result = await consumeOneTimeCode(t.db, { userId: user.id, purpose: 'REPORT_DOWNLOAD', code, now })
    expect(result).toEqual({ ok: false, reason: 'TOO_MANY_ATTEMPTS' })
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, id))
    expect(row).toMatchObject({ attempts: ONE_TIME_CODE_MAX_ATTEMPTS, consumedAt: null })
  })
})

describe('POST /v1/generate-otp', () => {
  it('e-mails the signed-in user a report-download code and stores only its hash', async () => {
    const user = await t.userByEmail('ops@example.com')
    const token = await t.tokenFor('ops@example.com')
    const response = await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token, ip: '192.0.2.77' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ code: 200, data: null, errors: [] })
    const mail = t.sent.at(-1)!
    expect(mail).toMatchObject({ to: 'ops@example.com', subject: REPORT_CODE_SUBJECT })
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'REPORT_DOWNLOAD')))
    expect(row!.codeHash).toMatch(/^\$argon2id\$/)
    expect(row!.codeHash).not.toContain(code)
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'REPORT_OTP_SENT'), eq(auditLog.actorUserId, user.id)))
    expect(entry).toMatchObject({ actorRole: 'OPS', actorIp: '192.0.2.77' })
    expect(
      await consumeOneTimeCode(t.db, { userId: user.id, purpose: 'REPORT_DOWNLOAD', code, now }),
    ).toMatchObject({ ok: true })
  })

  it('needs a signed-in session and limits codes per user', async () => {
    const pending = await t.tokenFor('seller2@example.com', 'PASSWORD')
    expect((await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token: pending })).status).toBe(401)
    const token = await t.tokenFor('seller2@example.com')
    for (let i = 0; i < 10; i++) {
      expect((await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token })).status).toBe(200)
    }
    const refused = await t.post('/ads/ad-auth/v1/generate-otp', undefined, { token })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe(String(15 * 60))
  })
})
