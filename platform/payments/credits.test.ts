import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accounts,
  adGroups,
  campaigns,
  creditLimits,
  payments,
  performanceDaily,
  promoCredits,
} from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { availableCredit, availableCreditsOf } from './credits'

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

  it('raises by a payment for the advertiser at 0', async () => {
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
})

// The formula (docs/decisions/010): the newest credit limit in force + promo credits valid today +
// payments made − everything spent. One fresh advertiser, each part added in turn; every expected
// value is in paise, worked out by hand in the comment beside it.
describe('the credit formula, part by part', () => {
  const sellerId = 990_001
  const available = async () => {
    const response = await check(await t.tokenFor('ops@example.com'), sellerId)
    expect(response.status).toBe(200)
    return (await response.json()).data
  }
  const now = () => t.deps.now()
  const today = () => istDate(now())
  const hoursAgo = (h: number) => new Date(now().getTime() - h * 3_600_000)

  it('starts at 0, disabled, for an advertiser with nothing', async () => {
    await t.db.insert(accounts).values({ id: sellerId, kind: 'SELLER', name: 'Formula test seller' })
    expect(await available()).toEqual({ sellerId, totalAvailableCredit: 0, creditsEnabled: false })
  })

  it('takes the newest credit limit in force, not an older or a future one', async () => {
    await t.db.insert(creditLimits).values([
      { sellerId, creditLimit: 100_000, effectiveFrom: hoursAgo(24 * 30) },
      { sellerId, creditLimit: 250_000, effectiveFrom: hoursAgo(24) },
      // Not yet in force.
      { sellerId, creditLimit: 999_999, effectiveFrom: new Date(now().getTime() + 3_600_000) },
    ])
    // The limit of a day ago replaces the one of 30 days ago: 250,000.
    expect(await available()).toEqual({ sellerId, totalAvailableCredit: 250_000, creditsEnabled: true })
  })

  it('adds promo credits only inside their validity window (both ends inclusive)', async () => {
    await t.db.insert(promoCredits).values([
      { sellerId, amount: 20_000, validFrom: addDays(today(), -3), validTo: addDays(today(), 3) },
      { sellerId, amount: 5_000, validFrom: addDays(today(), -5), validTo: null },
      { sellerId, amount: 700, validFrom: today(), validTo: today() },
      // Ended yesterday; starts tomorrow.
      { sellerId, amount: 30_000, validFrom: addDays(today(), -10), validTo: addDays(today(), -1) },
      { sellerId, amount: 40_000, validFrom: addDays(today(), 1), validTo: addDays(today(), 9) },
    ])
    // 250,000 + 20,000 + 5,000 + 700 = 275,700.
    expect(await available()).toEqual({ sellerId, totalAvailableCredit: 275_700, creditsEnabled: true })
  })

  it('adds payments made so far', async () => {
    await t.db.insert(payments).values([
      { sellerId, transactionId: 'TXN-FORMULA-1', amount: 12_345, paidAt: hoursAgo(48) },
      { sellerId, transactionId: 'TXN-FORMULA-2', amount: 655, paidAt: hoursAgo(1) },
      // Dated after now: not counted yet.
      {
        sellerId,
        transactionId: 'TXN-FORMULA-3',
        amount: 80_000,
        paidAt: new Date(now().getTime() + 60_000),
      },
    ])
    // 275,700 + 12,345 + 655 = 288,700.
    expect(await available()).toEqual({ sellerId, totalAvailableCredit: 288_700, creditsEnabled: true })
  })

  it('subtracts everything spent, a deleted campaign included', async () => {
    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        jmcampaignId: 9_900_001,
        name: 'Formula spend',
        sellerId,
        campaignClass: 'Sponsored',
        state: 1,
        status: 1,
        submission: 'SUBMITTED',
        startTime: hoursAgo(24 * 10),
      })
      .returning()
    const [group] = await t.db
      .insert(adGroups)
      .values({ jmAdgroupId: 9_900_001, campaignId: campaign!.id, name: 'Formula group' })
      .returning()
    await t.db.insert(performanceDaily).values([
      {
        day: addDays(today(), -2),
        campaignId: campaign!.id,
        adGroupId: group!.id,
        keyword: 'a',
        spend: 1_500,
      },
      {
        day: addDays(today(), -1),
        campaignId: campaign!.id,
        adGroupId: group!.id,
        keyword: 'a',
        spend: 2_500,
      },
      { day: addDays(today(), -1), campaignId: campaign!.id, adGroupId: group!.id, keyword: 'b', spend: 200 },
    ])
    // 288,700 − (1,500 + 2,500 + 200) = 284,500.
    expect(await available()).toEqual({ sellerId, totalAvailableCredit: 284_500, creditsEnabled: true })

    await t.db.update(campaigns).set({ deletedAt: now() }).where(eq(campaigns.id, campaign!.id))
    expect((await available()).totalAvailableCredit).toBe(284_500)
  })

  it('goes negative after overspend and disables credits; the credits-enabled flag agrees', async () => {
    const [campaign] = await t.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.jmcampaignId, 9_900_001))
    const [group] = await t.db
      .select({ id: adGroups.id })
      .from(adGroups)
      .where(eq(adGroups.jmAdgroupId, 9_900_001))
    await t.db
      .insert(performanceDaily)
      .values({ day: today(), campaignId: campaign!.id, adGroupId: group!.id, keyword: 'a', spend: 284_600 })
    // 284,500 − 284,600 = −100.
    expect(await available()).toEqual({ sellerId, totalAvailableCredit: -100, creditsEnabled: false })
    const flag = await t.request(`/ads/ad-payments/payment/post-paid/credits-enabled?sellerId=${sellerId}`, {
      token: await t.tokenFor('ops@example.com'),
    })
    expect((await flag.json()).data).toBe(false)
  })
})

describe('who may check available credit', () => {
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

  it('is a boolean by seller id: false with nothing, true from 1 paisa of credit', async () => {
    const withCredit = await flag(await t.tokenFor('seller@example.com'), 100001)
    expect(withCredit.status).toBe(200)
    expect((await withCredit.json()).data).toBe(true)
    const ops = await t.tokenFor('ops@example.com')
    await t.db.insert(accounts).values({ id: 990_002, kind: 'BRAND', name: 'Flag test brand' })
    expect(await (await flag(ops, 990_002)).json()).toMatchObject({ code: 200, data: false })
    await t.db.insert(creditLimits).values({ sellerId: 990_002, creditLimit: 1, effectiveFrom: t.deps.now() })
    expect(await (await flag(ops, 990_002)).json()).toMatchObject({ code: 200, data: true })
  })

  it("refuses another advertiser's flag", async () => {
    const response = await flag(await t.tokenFor('seller@example.com'), 100007)
    expect(response.status).toBe(403)
  })
})

describe('several advertisers at once (the state job)', () => {
  it('gives each advertiser the same credit as the one-advertiser call, in one statement', async () => {
    // The demo advertisers (with limits, promos, payments, spend), this file's own (after the tests
    // above: a negative one and a limit of 1 paisa), one with nothing, and an id with no account.
    const ids = [100001, 100002, 100003, 100007, 990_001, 990_002, 999_999_999]
    const now = t.deps.now()
    const together = await availableCreditsOf(t.db, [...ids, 100001], now)
    expect([...together.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
    for (const id of ids) expect(together.get(id), String(id)).toBe(await availableCredit(t.db, id, now))
    // The figures differ between them (so the parts are correlated with each id, not one advertiser's).
    expect(new Set(together.values()).size).toBeGreaterThan(2)
    expect(await availableCreditsOf(t.db, [], now)).toEqual(new Map())
  })
})
