import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaigns, creditLimits, payments, performanceDaily } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { availableCredit } from './credits'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

const check = (token: string, sellerId: number | string) =>
  t.request(`/ads/ad-payments/payment/post-paid/check-available-credit?sellerId=${sellerId}`, { token })

describe('available credit', () => {
  it('is exactly 0 and disabled for seller-nocredit', async () => {
    const response = await check(await t.tokenFor('seller-nocredit@example.com'), 100007)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ code: 200, errors: [] })
    expect(body.data).toEqual({ sellerId: 100007, totalAvailableCredit: 0, creditsEnabled: false })
  })

  it('follows the formula: newest limit + promo + payments − spend', async () => {
    const sellerId = 100001
    const [limit] = await t.db
      .select({ v: creditLimits.creditLimit })
      .from(creditLimits)
      .where(eq(creditLimits.sellerId, sellerId))
      .orderBy(sql`${creditLimits.effectiveFrom} desc`)
      .limit(1)
    const [spend] = await t.db
      .select({ v: sql<string>`coalesce(sum(${performanceDaily.spend}),0)` })
      .from(performanceDaily)
      .innerJoin(campaigns, eq(campaigns.id, performanceDaily.campaignId))
      .where(eq(campaigns.sellerId, sellerId))
    const before = await availableCredit(t.db, sellerId, t.deps.now())
    expect(Number.isInteger(before)).toBe(true)
    expect(before).toBeGreaterThan(0)
    expect(limit!.v).toBeGreaterThan(0)
    expect(Number(spend!.v)).toBeGreaterThan(0)

    const response = await check(await t.tokenFor('seller@example.com'), sellerId)
    expect(response.status).toBe(200)
    expect((await response.json()).data).toEqual({
      sellerId,
      totalAvailableCredit: before,
      creditsEnabled: true,
    })

    // A payment raises the available credit by its amount.
    await t.db.insert(payments).values({
      sellerId: 100007,
      transactionId: 'TXN-TEST-CREDIT-1',
      amount: 12_345,
      paidAt: new Date(t.deps.now().getTime() - 60_000),
    })
    const after = await check(await t.tokenFor('seller-nocredit@example.com'), 100007)
    expect((await after.json()).data).toEqual({
      sellerId: 100007,
      totalAvailableCredit: 12_345,
      creditsEnabled: true,
    })
  })

  it('refuses a seller asking for another advertiser with 403', async () => {
    const token = await t.tokenFor('seller@example.com')
    for (const other of [100007, 200001]) {
      const response = await check(token, other)
      expect(response.status).toBe(403)
      const body = await response.json()
      expect(body).toMatchObject({ code: 403, data: null, errorCode: 'FORBIDDEN' })
      expect(JSON.stringify(body)).not.toContain('totalAvailableCredit')
    }
  })

  it('lets an agency check linked brands only, and staff any account', async () => {
    const agency = await t.tokenFor('agency@example.com')
    expect((await check(agency, 200001)).status).toBe(200)
    expect((await check(agency, 100001)).status).toBe(403)
    expect((await check(await t.tokenFor('ops@example.com'), 100001)).status).toBe(200)
  })

  it('answers 400 to a malformed seller id and 401 without a token', async () => {
    const bad = await check(await t.tokenFor('ops@example.com'), 'abc')
    expect(bad.status).toBe(400)
    expect((await bad.json()).errors).toEqual(['ID is invalid'])
    const anonymous = await t.request('/ads/ad-payments/payment/post-paid/check-available-credit?sellerId=1')
    expect(anonymous.status).toBe(401)
  })
})

describe('credits-enabled flag', () => {
  const flag = (token: string, sellerId: number) =>
    t.request(`/ads/ad-payments/payment/post-paid/credits-enabled?sellerId=${sellerId}`, { token })

  it('is a boolean by seller id: true with credit, false at zero', async () => {
    const withCredit = await flag(await t.tokenFor('seller@example.com'), 100001)
    expect(withCredit.status).toBe(200)
    expect((await withCredit.json()).data).toBe(true)
    const ops = await t.tokenFor('ops@example.com')
    const response = await flag(ops, 100007)
    const body = await response.json()
    expect(typeof body.data).toBe('boolean')
    expect(body.data).toBe((await availableCredit(t.db, 100007, t.deps.now())) > 0)
  })

  it("refuses another advertiser's flag", async () => {
    const response = await flag(await t.tokenFor('seller@example.com'), 100007)
    expect(response.status).toBe(403)
  })
})
