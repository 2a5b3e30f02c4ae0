import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_REQUESTS } from '../contracts/auth'
import { rateLimits } from '../db/schema'
import { DomainError } from '../errors'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { assertNotLimited, enforceRateLimits, hitRateLimit, type RateRule, rateLimitWait } from './rate-limit'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

const rule: RateRule = { name: 'test:window', limit: 3, windowMs: 60_000 }
const at = (ms: number) => new Date(Date.UTC(2026, 2, 2, 11) + ms)

describe('fixed-window rate limits', () => {
  it('counts hits in a window that starts at the first hit, and starts over after it', async () => {
    expect(await hitRateLimit(t.db, rule, 'Key', at(0))).toEqual({ count: 1, retryAfter: 60 })
    expect(await hitRateLimit(t.db, rule, 'key', at(10_000))).toEqual({ count: 2, retryAfter: 50 })
    await hitRateLimit(t.db, rule, 'key', at(20_000))
    expect(await rateLimitWait(t.db, rule, 'key', at(30_000))).toBe(30)
    expect(await rateLimitWait(t.db, rule, 'other', at(30_000))).toBeNull()
    expect(await hitRateLimit(t.db, rule, 'key', at(60_000))).toEqual({ count: 1, retryAfter: 60 })
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'test:window:key'))
    expect(row).toMatchObject({ count: 1, windowStart: at(60_000) })
  })

  it('refuses with 429, the console message and Retry-After once a key is over its limit', async () => {
    const checks = [[rule, 'enforced']] as const
    for (let i = 0; i < 3; i++) await enforceRateLimits(t.db, checks, at(0))
    const error = await enforceRateLimits(t.db, checks, at(15_000)).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DomainError)
    expect(error).toMatchObject({ status: 429, message: TOO_MANY_REQUESTS, headers: { 'Retry-After': '45' } })
    await expect(assertNotLimited(t.db, checks, at(59_000))).rejects.toMatchObject({ status: 429 })
    await expect(assertNotLimited(t.db, checks, at(60_000))).resolves.toBeUndefined()
  })
})
