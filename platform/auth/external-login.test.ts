import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { externalLoginResponseSchema } from '../contracts/auth'
import { auditLog, externalLoginNonces, sessions } from '../db/schema'
import { sessionCleanup } from '../jobs/session-cleanup'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { externalLoginQuery, signExternalLogin } from './external-login'
import { createAuthService } from './index'
import { hashToken } from './sessions'

const SECRET = 'test-secret-0123456789abcdef0123456789abcdef'
const PATH = '/ads/ad-auth/v1/external/login'
let t: TestPlatform
const now = new Date('2026-03-02T10:00:00Z')
beforeAll(async () => {
  t = await createTestPlatform({ now, externalLoginSecret: SECRET })
})
afterAll(async () => {
  await t.close()
})

let ipCounter = 0
const nextIp = () => `198.18.0.${++ipCounter}`

const link = (
  sellerId: number,
  email: string,
  options: { at?: Date; nonce?: string; secret?: string } = {},
) =>
  externalLoginQuery({
    secret: options.secret ?? SECRET,
    sellerId,
    email,
    now: options.at ?? now,
    nonce: options.nonce,
  })

const handOff = (query: URLSearchParams, ip = nextIp()) => t.post(`${PATH}?${query}`, undefined, { ip })

describe('signExternalLogin', () => {
  it('is hex HMAC-SHA256 over seller id, lower-case e-mail, timestamp and nonce, one per line', () => {
    const claims = {
      sellerId: 100001,
      email: 'Seller@Example.com',
      ts: 1772445600,
      nonce: 'abcdefghijklmnop',
    }
    const expected = createHmac('sha256', SECRET)
      .update('100001\nseller@example.com\n1772445600\nabcdefghijklmnop')
      .digest('hex')
    expect(signExternalLogin({ secret: SECRET, ...claims })).toBe(expected)
    const query = externalLoginQuery({ secret: SECRET, sellerId: 100001, email: 'Seller@Example.com', now })
    expect(query.get('ts')).toBe(String(now.getTime() / 1000))
    expect(query.get('nonce')).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(query.get('sig')).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('POST /v1/external/login', () => {
  it('signs a seller in with a signed link, ending the other sessions, and audits it', async () => {
    const seller = await t.userByEmail('seller@example.com')
    const earlier = await t.tokenFor('seller@example.com')
    const query = link(seller.accountId!, 'SELLER@example.com')
    const ip = nextIp()
    const response = await handOff(query, ip)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ code: 200, errors: [] })
    const data = externalLoginResponseSchema.parse(body.data)
    expect(data).toMatchObject({
      userId: seller.id,
      sellerId: seller.accountId,
      role: 'SELLER',
      tncAcceptance: true,
      email: 'seller@example.com',
      twoFactorRegistered: true,
    })

    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(data.token)))
    expect(row).toMatchObject({ stage: 'FULL', userId: seller.id, revokedAt: null })
    expect((await t.request(`/ads/ad-auth/v1/validateToken?token=${data.token}`)).status).toBe(200)
    const [old] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(earlier)))
    expect(old?.revokedReason).toBe('LOGIN_ELSEWHERE')
    const [nonce] = await t.db
      .select()
      .from(externalLoginNonces)
      .where(eq(externalLoginNonces.nonce, query.get('nonce')!))
    expect(nonce).toMatchObject({ sellerId: seller.accountId })
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'EXTERNAL_LOGIN'), eq(auditLog.actorUserId, seller.id)))
    expect(entry).toMatchObject({ actorRole: 'SELLER', actorIp: ip, entityId: row!.id })

    // The same link again: refused.
    const replay = await handOff(query)
    expect(replay.status).toBe(401)
    expect(await replay.json()).toMatchObject({
      message: 'This login link has already been used',
      errorCode: 'LINK_USED',
    })
  })

  it('refuses a forged or altered link without looking further', async () => {
    const seller2 = await t.userByEmail('seller2@example.com')
    const forged = link(seller2.accountId!, 'seller2@example.com', {
      secret: 'another-secret-of-sufficient-length!!',
    })
    const altered = link(seller2.accountId!, 'seller2@example.com')
    altered.set('email', 'seller@example.com')
    for (const query of [forged, altered]) {
      const response = await handOff(query)
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({
        message: 'Invalid login link',
        errorCode: 'INVALID_SIGNATURE',
      })
    }
    expect(
      await t.db
        .select()
        .from(externalLoginNonces)
        .where(eq(externalLoginNonces.nonce, forged.get('nonce')!)),
    ).toHaveLength(0)
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, seller2.id))).toHaveLength(0)
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'EXTERNAL_LOGIN_FAILURE'))
    expect(failures.some((f) => (f.after as { reason: string }).reason === 'INVALID_SIGNATURE')).toBe(true)
  })

  it('refuses a link more than 5 minutes old or ahead', async () => {
    const seller2 = await t.userByEmail('seller2@example.com')
    for (const offset of [-301_000, 301_000]) {
      const stale = link(seller2.accountId!, 'seller2@example.com', { at: new Date(now.getTime() + offset) })
      const response = await handOff(stale)
      expect(response.status).toBe(401)
      expect((await response.json()).message).toBe('This login link has expired')
    }
    const edge = link(seller2.accountId!, 'seller2@example.com', { at: new Date(now.getTime() - 300_000) })
    expect((await handOff(edge)).status).toBe(200)
  })

  it('refuses a seller id and e-mail that do not belong together, non-sellers and inactive sellers', async () => {
    const seller = await t.userByEmail('seller3@example.com')
    const brand = await t.userByEmail('brand@example.com')
    const pending = await t.userByEmail('seller4@example.com')
    for (const query of [
      link(seller.accountId! + 1, 'seller3@example.com'),
      link(brand.accountId!, 'brand@example.com'),
      link(pending.accountId!, 'seller4@example.com'),
    ]) {
      const response = await handOff(query)
      expect(response.status).toBe(403)
      expect((await response.json()).errorCode).toBe('SELLER_NOT_ACTIVE')
    }
  })

  it('refuses a malformed link with 400', async () => {
    const query = link(100001, 'seller@example.com')
    query.set('sig', 'zz')
    expect((await handOff(query)).status).toBe(400)
    query.delete('sig')
    expect((await handOff(query)).status).toBe(400)
  })

  it('stops an address after 20 refused links in 5 minutes', async () => {
    const ip = nextIp()
    for (let i = 0; i < 20; i++) {
      const query = link(100001, 'seller@example.com', { secret: 'wrong-secret-wrong-secret-wrong-secret' })
      expect((await handOff(query, ip)).status).toBe(401)
    }
    const refused = await handOff(link(100002, 'seller2@example.com'), ip)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('300')
  })

  it('answers 403 when no secret is configured', async () => {
    const app = createAuthService({ ...t.deps, externalLoginSecret: undefined })
    const response = await app.request(`${PATH}?${link(100001, 'seller@example.com')}`, { method: 'POST' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({
      message: 'External login is not enabled',
      errorCode: 'EXTERNAL_LOGIN_DISABLED',
    })
  })

  it('lets the hourly cleanup delete nonces of links that can no longer be used', async () => {
    const before = await t.db.select().from(externalLoginNonces)
    expect(before.length).toBeGreaterThan(0)
    t.setNow(new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000))
    try {
      const result = (await sessionCleanup.run(t.deps)) as { nonces: number; rateLimits: number }
      expect(result.nonces).toBe(before.length)
      expect(result.rateLimits).toBeGreaterThan(0)
    } finally {
      t.setNow(now)
    }
    expect(await t.db.select().from(externalLoginNonces)).toHaveLength(0)
  })
})
