import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, sessions } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { hashToken, SESSION_IDLE_MS } from './sessions'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

describe('bearer tokens', () => {
  it('answers who is signed in, in the spec envelope', async () => {
    const token = await t.tokenFor('seller@example.com')
    const response = await t.request('/ads/ad-auth/v1/session', { token })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({
      code: 200,
      errors: [],
      data: { email: 'seller@example.com', role: 'SELLER' },
    })
    const seller = await t.userByEmail('seller@example.com')
    expect(body.data.sellerId).toBe(seller.accountId)
  })

  it('refuses a missing, unknown or malformed token with 401 and the error fields', async () => {
    for (const authorization of [undefined, 'Bearer nope', 'Basic abc']) {
      const headers = authorization ? { authorization } : undefined
      const response = await t.request('/ads/ad-auth/v1/session', { headers })
      expect(response.status).toBe(401)
      const body = await response.json()
      expect(body).toMatchObject({
        code: 401,
        data: null,
        errorCode: 'INVALID_TOKEN',
        errors: ['Invalid token'],
      })
      expect(body.errorResponse.message).toBe('Invalid token')
    }
  })

  it('stores only a hash of the token', async () => {
    const token = await t.tokenFor('ops@example.com')
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions)
    expect(rows.some((r) => r.tokenHash === token)).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true)
  })

  it('ends a session that sat idle too long', async () => {
    const token = await t.tokenFor('brand@example.com')
    const start = t.deps.now()
    t.setNow(new Date(start.getTime() + SESSION_IDLE_MS + 1000))
    try {
      expect((await t.request('/ads/ad-auth/v1/session', { token })).status).toBe(401)
    } finally {
      t.setNow(start)
    }
  })

  it('ends a session at its absolute expiry, however recently it was used', async () => {
    const token = await t.tokenFor('brand@example.com')
    expect((await t.request('/ads/ad-auth/v1/session', { token })).status).toBe(200)
    const now = t.deps.now()
    // Still live one second before its expiry, refused one second after: the database compares.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
    expect((await t.request('/ads/ad-auth/v1/session', { token })).status).toBe(200)
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
    expect((await t.request('/ads/ad-auth/v1/session', { token })).status).toBe(401)
  })

  it('does not let a half-signed-in (password only) session call the services', async () => {
    const token = await t.tokenFor('seller@example.com', 'PASSWORD')
    expect((await t.request('/ads/ad-auth/v1/session', { token })).status).toBe(200)
    expect((await t.request('/ads/ad-auth/v1/pincodes/fetch?pincodes=110001', { token })).status).toBe(401)
    expect((await t.request('/ads/ad-inventory/v1/anything', { token })).status).toBe(401)
  })
})

describe('validateToken and logout', () => {
  it('validates a live token and refuses it after logout, auditing the logout', async () => {
    const token = await t.tokenFor('agency@example.com')
    const valid = await t.request(`/ads/ad-auth/v1/validateToken?token=${token}&ipAddress=127.0.0.1`)
    expect(valid.status).toBe(200)
    expect((await valid.json()).data.token).toBe(token)

    const logout = await t.request('/ads/ad-auth/v1/logout', { method: 'POST', token })
    expect(logout.status).toBe(200)
    expect((await logout.json()).code).toBe(200)

    expect((await t.request(`/ads/ad-auth/v1/validateToken?token=${token}`)).status).toBe(401)
    expect((await t.request('/ads/ad-auth/v1/session', { token })).status).toBe(401)
    const agency = await t.userByEmail('agency@example.com')
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'LOGOUT'), eq(auditLog.actorUserId, agency.id)))
    expect(entries).toHaveLength(1)
  })
})

describe('pincode lookup', () => {
  it('returns district and state for known pincodes', async () => {
    const token = await t.tokenFor('seller@example.com')
    const response = await t.request('/ads/ad-auth/v1/pincodes/fetch?pincodes=110001,400001', { token })
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(data).toHaveLength(2)
    const delhi = data.find((p: { pincode: string }) => p.pincode === '110001')
    expect(delhi.state.toLowerCase()).toContain('delhi')
  })

  it("refuses a pincode that isn't 6 digits with the spec's message", async () => {
    const token = await t.tokenFor('seller@example.com')
    const response = await t.request('/ads/ad-auth/v1/pincodes/fetch?pincodes=1100', { token })
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toEqual(['Pincode is invalid'])
  })
})
