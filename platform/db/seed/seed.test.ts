import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../auth/password'
import { currentTotp, verifyTotp } from '../../auth/totp'
import { type DatabaseHandle, openDatabase } from '../client'
import * as schema from '../schema'
import { addDays, istDate, istEndOfDay, istStartOfDay } from '../../rules/time'
import {
  CampaignState,
  DEMO_PASSWORD,
  demoTotpSecret,
  demoUser,
  demoUsers,
  HISTORY_DAYS,
  isDatabaseEmpty,
  MatchType,
  resetDatabase,
  seedDemo,
} from '.'
import { budgetViolations, checksum, type Data, groupBy, loadAll } from './seed-checks'

// 14:00 IST: today is partly delivered.
const NOW = new Date('2026-03-15T08:30:00Z')
// 00:20 IST, a different day of the week: the budget story must hold at any time of day.
const JUST_AFTER_MIDNIGHT = new Date('2026-07-01T18:50:00Z')
const SEED_TIMEOUT = 120_000

/** Checksum of the first database seeded at NOW, compared with a second run below. */
let firstChecksum: string | undefined

describe('seedDemo', () => {
  let handle: DatabaseHandle
  let data: Data
  let summaryCounts: Record<string, number>

  beforeAll(async () => {
    handle = await openDatabase({ memory: true })
    expect(await isDatabaseEmpty(handle.db)).toBe(true)
    summaryCounts = (await seedDemo(handle.db, { now: NOW })).counts
    data = await loadAll(handle.db)
    firstChecksum = checksum(data)
  }, SEED_TIMEOUT)

  afterAll(async () => {
    await handle?.close()
  })

  it('reports row counts and refuses a second run', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false)
    expect(summaryCounts.campaigns).toBe(data.campaigns.length)
    expect(summaryCounts.performance_daily).toBe(data.performance.length)
    expect(summaryCounts.settings).toBe(3)
    await expect(seedDemo(handle.db, { now: NOW })).rejects.toThrow(/empty database/)
  })

  it('creates the demo users as documented, with working password and TOTP secrets', async () => {
    expect(data.users).toHaveLength(demoUsers.length)
    for (const demo of demoUsers) {
      const row = data.users.find((u) => u.email === demo.email)!
      expect(row, demo.email).toBeDefined()
      expect(row.id).toBe(demo.id)
      expect(row.role).toBe(demo.role)
      expect(row.accountStatus).toBe(demo.accountStatus)
      expect(row.twoFactorRegistered).toBe(demo.totpRegistered)
      expect(row.totpSecret).toBe(demo.totpSecret)
      expect(row.tncAcceptance).toBe(demo.tncAccepted)
      if (demo.role === 'SELLER' || demo.role === 'BRAND') {
        expect(row.accountId).toBe(row.id)
        expect(data.accounts.find((a) => a.id === row.id)?.kind).toBe(demo.role)
      } else {
        expect(row.accountId).toBeNull()
        expect(row.id).toBeGreaterThanOrEqual(9_000_001)
      }
    }
    for (const [email, role] of [
      ['superadmin@example.com', 'SUPERADMIN'],
      ['ops@example.com', 'OPS'],
      ['agency@example.com', 'AGENCY'],
      ['brand@example.com', 'BRAND'],
      ['seller@example.com', 'SELLER'],
    ] as const) {
      const u = demoUser(email)
      expect([u.role, u.accountStatus, u.totpRegistered, u.tncAccepted]).toEqual([
        role,
        'APPROVED',
        true,
        true,
      ])
    }
    for (const role of ['SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER']) {
      expect(data.users.filter((u) => u.role === role).length).toBeGreaterThanOrEqual(2)
    }
    expect(new Set(data.users.map((u) => u.accountStatus))).toEqual(
      new Set(['APPROVED', 'PENDING', 'REJECTED', 'REVOKED', 'REACTIVATED']),
    )
    const newSeller = demoUser('newseller@example.com')
    expect([newSeller.role, newSeller.totpRegistered, newSeller.totpSecret, newSeller.tncAccepted]).toEqual([
      'SELLER',
      false,
      null,
      false,
    ])
    expect(
      demoUsers.some((u) => u.role === 'AGENCY' && u.accountStatus === 'APPROVED' && !u.tncAccepted),
    ).toBe(true)

    const seller = data.users.find((u) => u.email === 'seller@example.com')!
    expect(await verifyPassword(seller.passwordHash, DEMO_PASSWORD)).toBe(true)
    expect(await verifyPassword(seller.passwordHash, 'wrong')).toBe(false)
    expect(seller.totpSecret).toBe(demoTotpSecret('seller@example.com'))
    expect(
      verifyTotp({ secret: seller.totpSecret!, code: currentTotp(seller.totpSecret!), lastStep: null }).ok,
    ).toBe(true)

    for (const agency of data.users.filter((u) => u.role === 'AGENCY')) {
      expect(agency.primaryContactNumber).toMatch(/^[6-9]\d{9}$/)
      expect(agency.address).toBeTruthy()
      expect(agency.pincode).toBeGreaterThan(99_999)
    }
    const documents = await handle.db.select().from(schema.agencyDocuments)
    expect(documents.some((d) => d.received)).toBe(true)
    expect(documents.some((d) => !d.received)).toBe(true)

    // New users continue the id sequence after the seeded staff.
    const { rows } = await handle.executeSql("select nextval('user_id_seq') as n")
    expect(Number(rows[0]!.n)).toBeGreaterThan(
      Math.max(...demoUsers.map((u) => u.id).filter((id) => id > 9_000_000)),
    )
  })

  it('fills the marketplace directory, the catalogue and the pincode directory', () => {
    const sellers = data.accounts.filter((a) => a.kind === 'SELLER')
    const brands = data.accounts.filter((a) => a.kind === 'BRAND')
    expect(sellers.length).toBeGreaterThanOrEqual(21)
    expect(brands.length).toBeGreaterThanOrEqual(10)
    expect(sellers.some((s) => s.id === 1)).toBe(true)
    for (const s of sellers) if (s.id !== 1) expect(String(s.id)).toMatch(/^\d{6}$/)

    expect(data.products.length).toBeGreaterThanOrEqual(5000)
    const brandNames = new Map(brands.map((b) => [b.id, b.name]))
    const sellersByProduct = groupBy(data.productSellers, (p) => p.productId)
    for (const p of data.products) {
      expect(String(p.productId)).toMatch(/^\d{8}$/)
      expect(p.markedPrice).toBeGreaterThanOrEqual(p.effectivePrice)
      expect(p.effectivePrice).toBeGreaterThan(0)
      expect(p.discount).toBe(p.markedPrice - p.effectivePrice)
      expect(p.discountPct).toBe(((p.discount / p.markedPrice) * 100).toFixed(2))
      expect(p.brand).toBe(brandNames.get(p.brandId!))
      expect(p.imagePath).toBe(`/images/products/${p.productId}.jpg`)
      expect([p.categoryLevel0, p.categoryLevel1, p.categoryLevel2, p.categoryLevel3].every(Boolean)).toBe(
        true,
      )
      const sellerIds = (sellersByProduct.get(p.productId) ?? []).map((s) => s.sellerId)
      expect(sellerIds.length).toBeGreaterThanOrEqual(1)
      expect(sellerIds.length).toBeLessThanOrEqual(3)
      if (!p.availableAt3pSeller) expect(sellerIds).toEqual([1])
      else expect(sellerIds).not.toContain(1)
    }
    expect(data.products.some((p) => !p.categoryLevel4)).toBe(true)
    expect(data.products.some((p) => !p.availableAt3pSeller)).toBe(true)
    expect(data.products.filter((p) => p.inStock).length / data.products.length).toBeGreaterThan(0.85)

    const keywordsByProduct = groupBy(data.productKeywords, (k) => k.productId)
    expect(keywordsByProduct.size / data.products.length).toBeGreaterThan(0.5)
    for (const list of keywordsByProduct.values()) {
      expect(list.length).toBeGreaterThanOrEqual(3)
      expect(list.length).toBeLessThanOrEqual(8)
    }
    for (const k of data.productKeywords) {
      expect(k.keyword).toMatch(/^[a-z0-9 -]+$/)
      expect(k.bidPriceSuggestion).toBeGreaterThanOrEqual(200)
      expect(k.bidPriceSuggestion).toBeLessThanOrEqual(2500)
      expect(k.source).toBe('SEED')
    }
  })

  it('loads one row per pincode of the India Post directory', async () => {
    expect(summaryCounts.pincodes).toBe(19_159)
    const [delhi] = await handle.db.select().from(schema.pincodes).where(eq(schema.pincodes.pincode, 110001))
    expect(delhi).toEqual({ pincode: 110001, district: 'Central Delhi', state: 'Delhi' })
  })

  it('links agency@example.com to brands in every link and de-link state', async () => {
    const agency = demoUser('agency@example.com')
    const links = (await handle.db.select().from(schema.linkRequests)).filter((l) => l.agencyId === agency.id)
    const approved = links.filter((l) => l.status === 'APPROVED').map((l) => l.brandId)
    expect(approved).toContain(demoUser('brand@example.com').id)
    expect(approved.length).toBeGreaterThanOrEqual(3)
    expect(links.some((l) => l.status === 'PENDING')).toBe(true)
    expect(links.some((l) => l.status === 'REJECTED')).toBe(true)
    const delinked = links.find((l) => l.status === 'DELINKED')!
    const delinks = await handle.db.select().from(schema.delinkRequests)
    expect(delinks.find((d) => d.linkRequestId === delinked.id)?.status).toBe('APPROVED')
    expect(delinks.some((d) => d.status === 'PENDING')).toBe(true)
  })

  it('creates campaigns following the spec field rules', () => {
    const cs = data.campaigns
    expect(cs.length).toBeGreaterThanOrEqual(60)
    expect(new Set(cs.map((c) => c.state))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, null]))
    expect(new Set(cs.map((c) => c.campaignClass))).toEqual(new Set(['Sponsored', 'Privilege']))
    expect(cs.filter((c) => c.sellerId === 100001).length).toBeGreaterThanOrEqual(8)
    expect(cs.filter((c) => c.sellerId === 200001).length).toBeGreaterThanOrEqual(8)
    expect(new Set(cs.map((c) => c.jmcampaignId)).size).toBe(cs.length)
    expect(cs.some((c) => c.submission === 'DRAFT')).toBe(true)
    expect(cs.some((c) => c.expireTime === null)).toBe(true)
    expect(new Set(cs.map((c) => c.pincodeFilter))).toEqual(new Set(['ALL', 'CUSTOM', 'EXCEPT']))
    const pincodesByCampaign = groupBy(data.campaignPincodes, (p) => p.campaignId)
    const today = istDate(NOW)
    const userIds = new Set(data.users.map((u) => u.id))

    for (const c of cs) {
      expect(String(c.jmcampaignId)).toMatch(/^\d{7}$/)
      expect(c.name).not.toMatch(/[%^₹`()."']/)
      expect(c.startTime.getTime()).toBe(istStartOfDay(istDate(c.startTime)).getTime())
      if (c.expireTime) {
        expect(c.expireTime.getTime()).toBe(istEndOfDay(istDate(c.expireTime)).getTime())
        expect(c.expireTime.getTime()).toBeGreaterThan(c.startTime.getTime())
      }
      const started = c.startTime <= NOW
      const ended = c.expireTime !== null && c.expireTime < NOW
      if (c.state === CampaignState.ScheduledPaused || c.state === null) expect(started).toBe(false)
      if (c.state === CampaignState.Expired || c.state === CampaignState.Archived) expect(ended).toBe(true)
      if ([1, 2, 4, 5, 8, 9].includes(c.state ?? 0)) expect([started, ended]).toEqual([true, false])
      expect(c.status).toBe(c.state === CampaignState.Paused ? 0 : 1)
      if (c.state === null) expect(c.submission).toBe('DRAFT')
      expect(c.adFormatType).toBe(c.targetingType === 'Keyword' ? 1 : 2)
      if (c.targetingType !== 'Keyword') expect(c.cpm).toBeGreaterThan(0)
      if (c.budgetPacing === 4) expect(c.budgetDailyLimit).toBeGreaterThan(0)
      expect([1, 4]).toContain(c.budgetPacing)
      expect(c.createdByUserId !== null && userIds.has(c.createdByUserId)).toBe(true)
      expect(c.campaignCreatedBy).toMatch(/@example\.com$/)
      if (c.campaignClass === 'Privilege') {
        expect(c.budgetTotalLimit).toBeNull()
        expect(c.cpd).toBeGreaterThan(0)
        expect(c.tag).toMatch(/^[A-Za-z]{1,20}$/)
        expect([c.newRevenueType, c.isPrivileged]).toEqual([4, true])
      } else {
        expect(c.budgetTotalLimit).toBeGreaterThanOrEqual(500_000)
        expect(c.budgetTotalLimit).toBeLessThanOrEqual(50_000_000)
        expect(c.budgetDailyLimit === -1 || c.budgetDailyLimit <= c.budgetTotalLimit!).toBe(true)
        expect([c.newRevenueType, c.isPrivileged]).toEqual([2, false])
      }
      const listed = pincodesByCampaign.get(c.id) ?? []
      expect(listed.length > 0).toBe(c.pincodeFilter !== 'ALL')
    }
    expect(cs.filter((c) => c.pincodeFilter === 'ALL').length / cs.length).toBeGreaterThan(0.5)
    expect(today).toBe('2026-03-15')
  })

  it('gives campaigns ad groups with owned products and keyword targets', () => {
    const groupsByCampaign = groupBy(data.adGroups, (g) => g.campaignId)
    const productsByGroup = groupBy(data.adGroupProducts, (p) => p.adGroupId)
    const targetsByGroup = groupBy(data.keywordTargets, (t) => t.adGroupId)
    const products = new Map(data.products.map((p) => [p.productId, p]))
    const sellersByProduct = groupBy(data.productSellers, (p) => p.productId)
    const staffIds = new Set(
      data.users.filter((u) => u.role === 'SUPERADMIN' || u.role === 'OPS').map((u) => u.id),
    )

    for (const c of data.campaigns) {
      const groups = groupsByCampaign.get(c.id) ?? []
      expect(groups.length).toBeGreaterThanOrEqual(1)
      expect(groups.length).toBeLessThanOrEqual(3)
      expect(groups.some((g) => g.state === 1)).toBe(true)
      for (const g of groups) {
        expect(g.name).not.toMatch(/[%^₹`,.()]/)
        const items = productsByGroup.get(g.id) ?? []
        expect(items.length).toBeGreaterThanOrEqual(1)
        expect(items.length).toBeLessThanOrEqual(10)
        for (const item of items) {
          const p = products.get(item.productId)!
          const owned =
            c.sellerId === 1
              ? !p.availableAt3pSeller
              : p.brandId === c.sellerId ||
                (sellersByProduct.get(p.productId) ?? []).some((s) => s.sellerId === c.sellerId)
          expect(owned, `product ${p.productId} of campaign ${c.id}`).toBe(true)
          if (c.targetingType === 'Product') expect(p.categoryLevel4).toBeTruthy()
        }
        const targets = targetsByGroup.get(g.id) ?? []
        if (c.targetingType !== 'Keyword') {
          expect(targets).toHaveLength(0)
          continue
        }
        expect(targets.length).toBeGreaterThanOrEqual(3)
        expect(targets.length).toBeLessThanOrEqual(15)
        for (const t of targets) {
          expect([MatchType.Exact, MatchType.Phrase, MatchType.Broad]).toContain(t.matchType)
          if (t.matchType === MatchType.Broad) expect(staffIds.has(c.createdByUserId!)).toBe(true)
          expect(t.keyword).toMatch(/^[a-z0-9 -]+$/)
          if (c.campaignClass === 'Sponsored') {
            expect(t.bidPrice).toBeGreaterThanOrEqual(200)
            expect(t.bidPrice).toBeLessThanOrEqual(2500)
            if (c.budgetDailyLimit > 0) expect(t.bidPrice).toBeLessThanOrEqual(c.budgetDailyLimit)
          }
        }
      }
    }
    const statuses = data.adGroups.map((g) => g.processingStatus)
    expect(statuses.filter((s) => s === 3)).toHaveLength(1)
    expect(statuses.filter((s) => s === 0)).toHaveLength(1)
    expect(statuses.filter((s) => s === 2).length).toBe(statuses.length - 2)
    expect(data.adGroups.filter((g) => g.state === 2)).toHaveLength(1)
    expect(new Set(data.keywordTargets.map((t) => t.matchType))).toEqual(new Set([0, 1, 2]))
  })

  it('simulates delivery that never overspends and matches each budget state', () => {
    expect(data.performance.length).toBeGreaterThan(10_000)
    expect(budgetViolations(data, NOW)).toEqual([])
    const today = istDate(NOW)
    expect(data.performance.some((r) => r.day === today)).toBe(true)
    expect(data.performance.some((r) => r.day === addDays(today, -HISTORY_DAYS))).toBe(true)
    expect(data.performance.some((r) => r.keyword !== '' && r.productId === 0)).toBe(true)
    expect(data.performance.some((r) => r.keyword === '' && r.productId > 0)).toBe(true)
  })

  it('writes settings and scheduled reports', async () => {
    const settings = await handle.db.select().from(schema.settings)
    expect(Object.fromEntries(settings.map((s) => [s.key, s.value]))).toEqual({
      phraseMatchEnabled: true,
      pdpTargetingEnabled: true,
      tncVersion: '2026-01',
    })
    const reports = await handle.db.select().from(schema.reportEntities)
    const schedules = await handle.db.select().from(schema.reportSchedules)
    for (const email of ['seller@example.com', 'agency@example.com']) {
      const own = reports.filter((r) => r.ownerUserId === demoUser(email).id)
      expect(own.some((r) => schedules.some((s) => s.reportEntityId === r.reportEntityId))).toBe(true)
    }
    expect(reports.some((r) => r.dateFilter.dateFilterType === 'LAST_7D')).toBe(true)
    const audit = await handle.db.select().from(schema.auditLog)
    expect(audit).toHaveLength(0)
  })
})

describe('seedDemo determinism', () => {
  it(
    'writes identical campaigns and performance for the same now, and keeps the rules at another time of day',
    async () => {
      const checksums: string[] = []
      for (const now of [NOW, JUST_AFTER_MIDNIGHT]) {
        const handle = await openDatabase({ memory: true })
        try {
          await seedDemo(handle.db, { now })
          const data = await loadAll(handle.db)
          checksums.push(checksum(data))
          if (now === JUST_AFTER_MIDNIGHT) expect(budgetViolations(data, now)).toEqual([])
        } finally {
          await handle.close()
        }
      }
      expect(firstChecksum).toMatch(/^[0-9a-f]{64}$/)
      expect(checksums[0]).toBe(firstChecksum)
      expect(checksums[1]).not.toBe(firstChecksum)
    },
    SEED_TIMEOUT * 2,
  )
})

describe('resetDatabase', () => {
  it('drops all data and leaves an empty migrated database', async () => {
    const handle = await openDatabase({ memory: true })
    try {
      await handle.db.insert(schema.accounts).values({ id: 1, kind: 'SELLER', name: 'x' })
      await handle.db.insert(schema.users).values({ name: 'x', email: 'x@example.com', role: 'OPS' })
      await handle.executeSql('create schema pgboss; create table pgboss.job (id int)')
      await resetDatabase(handle)
      expect(await isDatabaseEmpty(handle.db)).toBe(true)
      expect(await handle.db.$count(schema.accounts)).toBe(0)
      const { rows } = await handle.executeSql(
        "select count(*)::int as n from information_schema.schemata where schema_name = 'pgboss'",
      )
      expect(rows[0]!.n).toBe(0)
      // Sequences start over too.
      const [user] = await handle.db
        .insert(schema.users)
        .values({ name: 'y', email: 'y@example.com', role: 'OPS' })
        .returning({ id: schema.users.id })
      expect(user!.id).toBe(9_000_001)
    } finally {
      await handle.close()
    }
  })
})
