import Papa from 'papaparse'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userListResponseSchema, userProfileSchema } from '../contracts/users'
import { accounts, auditLog, linkRequests, users } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

const UM = '/ads/ad-auth/v1/userManagement'
const SESSION = '/ads/ad-auth/v1/session'
let t: TestPlatform
const now = new Date('2026-11-23T06:00:00Z')
let superToken: string
let opsToken: string

beforeAll(async () => {
  t = await createTestPlatform({ now })
  superToken = await t.tokenFor('superadmin@example.com')
  opsToken = await t.tokenFor('ops@example.com')
})
afterAll(async () => {
  await t.close()
})

let serial = 0
/** A user of its own for a test that changes data. */
async function makeUser(
  role: 'SUPERADMIN' | 'OPS' | 'AGENCY' | 'SELLER' | 'BRAND',
  values: Partial<typeof users.$inferInsert> = {},
) {
  serial++
  const email = `um-${role.toLowerCase()}-${serial}@example.test`
  let accountId: number | null = null
  if (role === 'SELLER' || role === 'BRAND') {
    accountId = 880_000 + serial
    await t.db.insert(accounts).values({ id: accountId, kind: role, name: `UM account ${serial}` })
  }
  const [row] = await t.db
    .insert(users)
    .values({
      ...(accountId ? { id: accountId } : {}),
      name: `UM ${role} ${serial}`,
      email,
      role,
      accountId,
      accountStatus: 'APPROVED',
      addedBy: 'superadmin@example.com',
      ...values,
    })
    .returning()
  return row!
}

const get = (path: string, token?: string) => t.request(path, { token })
const put = (path: string, query: Record<string, string>, token?: string) =>
  t.request(`${path}?${new URLSearchParams(query)}`, { method: 'PUT', token })

const auditRows = (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))

describe('who may call', () => {
  const reads = [
    `${UM}/details`,
    `${UM}/userProfileDetails/${encodeURIComponent('seller@example.com')}`,
    `${UM}/downloadProfileDetails`,
    `${UM}/brandDetails/${encodeURIComponent('agency@example.com')}`,
  ]

  it('refuses every call to AGENCY, BRAND and SELLER (403) and without a token (401)', async () => {
    for (const email of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
      const token = await t.tokenFor(email)
      for (const path of reads) expect((await get(path, token)).status, `${email} ${path}`).toBe(403)
      const role = await put(
        `${UM}/updateRole`,
        { email: 'ops2@example.com', newRole: 'SUPERADMIN', comments: 'x' },
        token,
      )
      expect(role.status).toBe(403)
      const status = await put(
        `${UM}/updateAccountStatus`,
        { email: 'seller2@example.com', action: 'REVOKE', comments: 'x' },
        token,
      )
      expect(status.status).toBe(403)
    }
    for (const path of reads) expect((await get(path)).status).toBe(401)
  })

  it('lets OPS read but refuses OPS the role and status changes (403), changing nothing', async () => {
    for (const path of reads) expect((await get(path, opsToken)).status, path).toBe(200)
    const target = await makeUser('OPS')
    const role = await put(
      `${UM}/updateRole`,
      { email: target.email, newRole: 'SUPERADMIN', comments: 'promote' },
      opsToken,
    )
    expect(role.status).toBe(403)
    const status = await put(
      `${UM}/updateAccountStatus`,
      { email: target.email, action: 'REVOKE', comments: 'bye' },
      opsToken,
    )
    expect(status.status).toBe(403)
    expect(await t.userByEmail(target.email)).toMatchObject({ role: 'OPS', accountStatus: 'APPROVED' })
  })

  it("refuses a revoked SUPERADMIN's token (401) for reads and changes", async () => {
    const admin = await makeUser('SUPERADMIN')
    const token = await t.tokenFor(admin.email)
    expect((await get(`${UM}/details`, token)).status).toBe(200)
    await t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.id, admin.id))
    for (const path of reads) expect((await get(path, token)).status).toBe(401)
    const target = await makeUser('SELLER')
    const response = await put(
      `${UM}/updateAccountStatus`,
      { email: target.email, action: 'REVOKE', comments: 'x' },
      token,
    )
    expect(response.status).toBe(401)
    expect((await t.userByEmail(target.email)).accountStatus).toBe('APPROVED')
  })
})

describe('GET /details', () => {
  it('answers the spec list item, a page and the total', async () => {
    const response = await get(`${UM}/details?size=20`, superToken)
    expect(response.status).toBe(200)
    const { data } = await response.json()
    const page = userListResponseSchema.parse(data)
    expect(page).toEqual(data)
    expect(page.size).toBe(20)
    expect(page.users.length).toBeLessThanOrEqual(20)
    expect(page.totalPages).toBe(Math.ceil(page.totalCount / 20))
  })

  it('filters by user type and status on the server', async () => {
    const { data } = await (
      await get(`${UM}/details?userType=AGENCY&status=REJECTED&size=100`, superToken)
    ).json()
    expect(data.users.length).toBeGreaterThan(0)
    expect(
      data.users.every(
        (u: { role: string; accountStatus: string }) => u.role === 'AGENCY' && u.accountStatus === 'REJECTED',
      ),
    ).toBe(true)
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'AGENCY'), eq(users.accountStatus, 'REJECTED')))) as [{ n: number }]
    expect(data.totalCount).toBe(n)
  })

  it('sorts by timestamp newest or oldest first and pages', async () => {
    const base = new Date('2031-01-01T00:00:00Z').getTime()
    const made = []
    for (let i = 0; i < 3; i++) {
      made.push(
        await makeUser('BRAND', {
          createdAt: new Date(base + i * 1000),
          accountStatus: 'PENDING',
          addedBy: 'sort-test',
        }),
      )
    }
    const newest = await (await get(`${UM}/details?userType=BRAND&status=PENDING&size=10`, superToken)).json()
    expect(newest.data.users.slice(0, 3).map((u: { email: string }) => u.email)).toEqual(
      [...made].reverse().map((u) => u.email),
    )
    const oldest = await (
      await get(`${UM}/details?userType=BRAND&status=PENDING&direction=asc&size=10`, superToken)
    ).json()
    const stamps = oldest.data.users.map((u: { timestamp: string }) => u.timestamp)
    expect([...stamps].sort()).toEqual(stamps)
    const total = newest.data.totalCount
    const page2 = await (
      await get(`${UM}/details?userType=BRAND&status=PENDING&size=10&page=2`, superToken)
    ).json()
    expect(page2.data.page).toBe(2)
    expect(page2.data.users.length).toBe(Math.max(0, Math.min(10, total - 10)))
  })

  it("lists an agency's approved brands only", async () => {
    const agency = await makeUser('AGENCY')
    const brandA = await makeUser('BRAND')
    const brandB = await makeUser('BRAND')
    await t.db.insert(linkRequests).values([
      { agencyId: agency.id, brandId: brandA.accountId!, status: 'APPROVED', requestedAt: now },
      { agencyId: agency.id, brandId: brandB.accountId!, status: 'REJECTED', requestedAt: now },
    ])
    const { data } = await (
      await get(`${UM}/userProfileDetails/${encodeURIComponent(agency.email)}`, superToken)
    ).json()
    expect(data.brandDetails).toEqual([
      { brandId: brandA.accountId, brandName: `UM account ${brandA.accountId! - 880_000}` },
    ])
  })

  it('falls back to nothing: unknown filters and sizes are 400 with a message, never 500', async () => {
    expect((await get(`${UM}/details?size=7`, superToken)).status).toBe(400)
    expect((await get(`${UM}/details?userType=ROOT`, superToken)).status).toBe(400)
    expect((await get(`${UM}/details?page=0`, superToken)).status).toBe(400)
  })
})

describe('GET /userProfileDetails/{email}', () => {
  it("answers the profile with an agency's seven document kinds", async () => {
    const response = await get(
      `${UM}/userProfileDetails/${encodeURIComponent('AGENCY@example.com')}`,
      opsToken,
    )
    expect(response.status).toBe(200)
    const { data } = await response.json()
    expect(userProfileSchema.parse(data)).toEqual(data)
    expect(data).toMatchObject({ email: 'agency@example.com', role: 'AGENCY' })
    expect(data.userOnBoardingDetails.agencyDocuments.length).toBeGreaterThan(0)
  })

  it("answers 404 'User not found' for an unknown e-mail and 400 for control characters", async () => {
    const missing = await get(
      `${UM}/userProfileDetails/${encodeURIComponent('nobody@example.com')}`,
      superToken,
    )
    expect(missing.status).toBe(404)
    expect((await missing.json()).message).toBe('User not found')
    const hostile = await get(
      `${UM}/userProfileDetails/${encodeURIComponent('a\u0000b@example.com')}`,
      superToken,
    )
    expect(hostile.status).toBe(400)
    expect((await hostile.json()).message).toBe('Remove control characters from this field')
    const long = await get(`${UM}/userProfileDetails/${'a'.repeat(300)}`, superToken)
    expect(long.status).toBe(400)
  })
})

describe('GET /downloadProfileDetails (All Advertisers)', () => {
  it('streams the spec columns for sellers, brands and agencies, formulas neutralised', async () => {
    const evil = await makeUser('AGENCY', { name: '=HYPERLINK("http://evil.example","click")' })
    const seller = await makeUser('SELLER')
    const response = await get(`${UM}/downloadProfileDetails`, superToken)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    expect(response.headers.get('content-disposition')).toContain('All Advertisers.csv')
    const text = await response.text()
    const parsed = Papa.parse<string[]>(text.trim(), { newline: '\r\n' })
    expect(parsed.data[0]).toEqual(['Entity Type', 'Entity Id', 'Entity Name', 'Entity Email'])
    const rows = parsed.data.slice(1)
    expect(rows).toContainEqual([
      'AGENCY',
      String(evil.id),
      `'=HYPERLINK("http://evil.example","click")`,
      evil.email,
    ])
    expect(rows).toContainEqual(['SELLER', String(seller.accountId), seller.name, seller.email])
    expect(rows.some((r) => r[0] === 'SUPERADMIN' || r[0] === 'OPS')).toBe(false)
    const [{ n }] = (await t.db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.role, ['SELLER', 'BRAND', 'AGENCY']))) as [{ n: number }]
    expect(rows.length).toBe(n)
  })

  it("an agency's brand list CSV holds the same brands as the list, formula-safe", async () => {
    const agency = await makeUser('AGENCY')
    const brand = await makeUser('BRAND')
    await t.db.update(accounts).set({ name: '+SUM(1,2)' }).where(eq(accounts.id, brand.accountId!))
    await t.db
      .insert(linkRequests)
      .values({ agencyId: agency.id, brandId: brand.accountId!, status: 'APPROVED', requestedAt: now })
    const text = await (await get(`${UM}/brandDetails/${encodeURIComponent(agency.email)}`, opsToken)).text()
    expect(text).toBe(`Brand Id,Brand Name\r\n${brand.accountId},"'+SUM(1,2)"`)
  })
})

describe('PUT /updateRole', () => {
  it('moves an OPS user to SUPERADMIN with a reason, audited; their next request carries the new role', async () => {
    const target = await makeUser('OPS')
    const token = await t.tokenFor(target.email)
    expect((await (await get(SESSION, token)).json()).data.role).toBe('OPS')
    const response = await put(
      `${UM}/updateRole`,
      { email: target.email, newRole: 'SUPERADMIN', comments: '  Covers billing  ' },
      superToken,
    )
    expect(response.status).toBe(200)
    expect((await response.json()).data).toEqual({
      email: target.email,
      role: 'SUPERADMIN',
      accountStatus: 'APPROVED',
    })
    expect((await (await get(SESSION, token)).json()).data.role).toBe('SUPERADMIN')
    const superadmin = await t.userByEmail('superadmin@example.com')
    const [entry] = await auditRows('USER_ROLE_CHANGED', target.id)
    expect(entry).toMatchObject({
      actorUserId: superadmin.id,
      actorRole: 'SUPERADMIN',
      before: { role: 'OPS' },
      after: { role: 'SUPERADMIN', comments: 'Covers billing' },
    })
    // And back.
    const back = await put(
      `${UM}/updateRole`,
      { email: target.email, newRole: 'OPS', comments: 'Done' },
      superToken,
    )
    expect(back.status).toBe(200)
    expect((await (await get(SESSION, token)).json()).data.role).toBe('OPS')
  })

  it("requires a reason ('Reason cannot be empty'), refuses control characters and overlong text", async () => {
    const target = await makeUser('OPS')
    for (const comments of ['', '   ']) {
      const response = await put(
        `${UM}/updateRole`,
        { email: target.email, newRole: 'SUPERADMIN', comments },
        superToken,
      )
      expect(response.status).toBe(400)
      expect((await response.json()).message).toBe('Reason cannot be empty')
    }
    const missing = await t.request(
      `${UM}/updateRole?email=${encodeURIComponent(target.email)}&newRole=SUPERADMIN`,
      {
        method: 'PUT',
        token: superToken,
      },
    )
    expect(missing.status).toBe(400)
    expect((await missing.json()).message).toBe('Reason cannot be empty')
    const control = await put(
      `${UM}/updateRole`,
      { email: target.email, newRole: 'SUPERADMIN', comments: 'a\u0007b' },
      superToken,
    )
    expect(control.status).toBe(400)
    expect((await control.json()).message).toBe('Remove control characters from this field')
    const long = await put(
      `${UM}/updateRole`,
      { email: target.email, newRole: 'SUPERADMIN', comments: 'x'.repeat(501) },
      superToken,
    )
    expect(long.status).toBe(400)
    expect((await t.userByEmail(target.email)).role).toBe('OPS')
    expect(await auditRows('USER_ROLE_CHANGED', target.id)).toHaveLength(0)
  })

  it("refuses advertisers, the same role, one's own role (409) and unknown users (404)", async () => {
    const seller = await makeUser('SELLER')
    const asSeller = await put(
      `${UM}/updateRole`,
      { email: seller.email, newRole: 'OPS', comments: 'x' },
      superToken,
    )
    expect(asSeller.status).toBe(409)
    expect((await t.userByEmail(seller.email)).role).toBe('SELLER')
    const ops = await makeUser('OPS')
    expect(
      (await put(`${UM}/updateRole`, { email: ops.email, newRole: 'OPS', comments: 'x' }, superToken)).status,
    ).toBe(409)
    const own = await put(
      `${UM}/updateRole`,
      { email: 'superadmin@example.com', newRole: 'OPS', comments: 'x' },
      superToken,
    )
    expect(own.status).toBe(409)
    expect((await own.json()).message).toBe('You cannot change your own access')
    expect((await t.userByEmail('superadmin@example.com')).role).toBe('SUPERADMIN')
    const unknown = await put(
      `${UM}/updateRole`,
      { email: 'ghost@example.com', newRole: 'OPS', comments: 'x' },
      superToken,
    )
    expect(unknown.status).toBe(404)
    expect(
      (await put(`${UM}/updateRole`, { email: ops.email, newRole: 'AGENCY', comments: 'x' }, superToken))
        .status,
    ).toBe(400)
  })
})

describe('PUT /updateAccountStatus', () => {
  it('REVOKE ends the live sessions at once (401 on the next request), audited with the reason', async () => {
    const target = await makeUser('SELLER')
    const token1 = await t.tokenFor(target.email)
    const token2 = await t.tokenFor(target.email)
    expect((await get(SESSION, token1)).status).toBe(200)
    const response = await put(
      `${UM}/updateAccountStatus`,
      { email: target.email, action: 'REVOKE', comments: 'Fraud check' },
      superToken,
    )
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ accountStatus: 'REVOKED' })
    expect((await get(SESSION, token1)).status).toBe(401)
    expect((await get(SESSION, token2)).status).toBe(401)
    const stored = await t.userByEmail(target.email)
    expect(stored).toMatchObject({ accountStatus: 'REVOKED', comments: 'Fraud check' })
    const [entry] = await auditRows('USER_REVOKED', target.id)
    expect(entry).toMatchObject({
      before: { accountStatus: 'APPROVED' },
      after: { accountStatus: 'REVOKED', comments: 'Fraud check', sessionsEnded: 2 },
      actorRole: 'SUPERADMIN',
    })
    // A revoked user cannot sign in; reactivated, they can.
    const refused = await t.post('/ads/ad-auth/v1/login', {
      email: target.email,
      password: 'whatever-password',
    })
    expect(refused.status).not.toBe(200)

    const again = await put(
      `${UM}/updateAccountStatus`,
      { email: target.email, action: 'REVOKE', comments: 'x' },
      superToken,
    )
    expect(again.status).toBe(409)

    const reactivated = await put(
      `${UM}/updateAccountStatus`,
      { email: target.email, action: 'REACTIVATE', comments: 'Cleared' },
      superToken,
    )
    expect(reactivated.status).toBe(200)
    expect((await t.userByEmail(target.email)).accountStatus).toBe('REACTIVATED')
    const [back] = await auditRows('USER_REACTIVATED', target.id)
    expect(back).toMatchObject({
      before: { accountStatus: 'REVOKED' },
      after: { accountStatus: 'REACTIVATED', comments: 'Cleared' },
    })
    const fresh = await t.tokenFor(target.email)
    expect((await get(SESSION, fresh)).status).toBe(200)
    // REACTIVATED may be revoked again.
    expect(
      (
        await put(
          `${UM}/updateAccountStatus`,
          { email: target.email, action: 'REVOKE', comments: 'Again' },
          superToken,
        )
      ).status,
    ).toBe(200)
  })

  it('a reactivated user signs in again with their password', async () => {
    const demo = await t.userByEmail('seller2@example.com')
    expect(demo.accountStatus).toBe('APPROVED')
    await put(
      `${UM}/updateAccountStatus`,
      { email: demo.email, action: 'REVOKE', comments: 'Test' },
      superToken,
    )
    const { DEMO_PASSWORD } = await import('../testing/platform')
    const refused = await t.post(
      '/ads/ad-auth/v1/login',
      { email: demo.email, password: DEMO_PASSWORD },
      { ip: '192.0.2.77' },
    )
    expect(refused.status).toBe(401)
    expect((await refused.json()).errorCode).toBe('ACCOUNT_REVOKED')
    await put(
      `${UM}/updateAccountStatus`,
      { email: demo.email, action: 'REACTIVATE', comments: 'Back' },
      superToken,
    )
    const allowed = await t.post(
      '/ads/ad-auth/v1/login',
      { email: demo.email, password: DEMO_PASSWORD },
      { ip: '192.0.2.78' },
    )
    expect(allowed.status).toBe(200)
  })

  it('refuses the wrong transitions (409), oneself (409), no reason (400) and hostile text (400)', async () => {
    const pending = await makeUser('AGENCY', { accountStatus: 'PENDING' })
    const rejected = await makeUser('AGENCY', { accountStatus: 'REJECTED' })
    const approved = await makeUser('BRAND')
    for (const [email, action] of [
      [pending.email, 'REVOKE'],
      [rejected.email, 'REVOKE'],
      [pending.email, 'REACTIVATE'],
      [rejected.email, 'REACTIVATE'],
      [approved.email, 'REACTIVATE'],
    ] as const) {
      const response = await put(`${UM}/updateAccountStatus`, { email, action, comments: 'x' }, superToken)
      expect(response.status, `${email} ${action}`).toBe(409)
    }
    const own = await put(
      `${UM}/updateAccountStatus`,
      { email: 'superadmin@example.com', action: 'REVOKE', comments: 'x' },
      superToken,
    )
    expect(own.status).toBe(409)
    const empty = await put(
      `${UM}/updateAccountStatus`,
      { email: approved.email, action: 'REVOKE', comments: ' ' },
      superToken,
    )
    expect(empty.status).toBe(400)
    expect((await empty.json()).message).toBe('Reason cannot be empty')
    const hostile = await put(
      `${UM}/updateAccountStatus`,
      { email: approved.email, action: 'REVOKE', comments: 'line\r\nforged' },
      superToken,
    )
    expect(hostile.status).toBe(400)
    const badAction = await put(
      `${UM}/updateAccountStatus`,
      { email: approved.email, action: 'DELETE', comments: 'x' },
      superToken,
    )
    expect(badAction.status).toBe(400)
    expect((await t.userByEmail(approved.email)).accountStatus).toBe('APPROVED')
    expect((await t.userByEmail(pending.email)).accountStatus).toBe('PENDING')
    expect(await auditRows('USER_REVOKED', approved.id)).toHaveLength(0)
  })
})
