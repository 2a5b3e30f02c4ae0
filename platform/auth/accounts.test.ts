import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, linkRequests } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

const account = async (token: string, id: number | string) =>
  t.request(`/ads/ad-auth/v1/accounts/${id}`, { token })

describe('which accounts a user may act for', () => {
  it('lets staff open any seller or brand, and refuses an unknown id', async () => {
    const seller = await t.userByEmail('seller@example.com')
    const brand = await t.userByEmail('brand@example.com')
    for (const email of ['superadmin@example.com', 'ops@example.com']) {
      const token = await t.tokenFor(email)
      const asSeller = await account(token, seller.accountId!)
      expect(asSeller.status).toBe(200)
      expect((await asSeller.json()).data).toMatchObject({ id: seller.accountId, kind: 'SELLER' })
      expect((await account(token, brand.accountId!)).status).toBe(200)
      expect((await account(token, 999_999_999)).status).toBe(403)
    }
  })

  it('lets a seller or brand open only itself', async () => {
    const seller = await t.userByEmail('seller@example.com')
    const brand = await t.userByEmail('brand@example.com')
    const sellerToken = await t.tokenFor('seller@example.com')
    expect((await account(sellerToken, seller.accountId!)).status).toBe(200)
    const refused = await account(sellerToken, brand.accountId!)
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe('unauthorized')
    const [otherSeller] = await t.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.kind, 'SELLER'), ne(accounts.id, seller.accountId!)))
      .limit(1)
    expect((await account(sellerToken, otherSeller!.id)).status).toBe(403)
    expect((await account(await t.tokenFor('brand@example.com'), seller.accountId!)).status).toBe(403)
  })

  it('lets an agency open only brands linked to it (approved), not pending or rejected ones', async () => {
    const agency = await t.userByEmail('agency@example.com')
    const token = await t.tokenFor('agency@example.com')
    const links = await t.db.select().from(linkRequests).where(eq(linkRequests.agencyId, agency.id))
    const approved = links.filter((l) => l.status === 'APPROVED')
    const notApproved = links.filter(
      (l) => l.status !== 'APPROVED' && !approved.some((a) => a.brandId === l.brandId),
    )
    expect(approved.length).toBeGreaterThan(0)
    expect(notApproved.length).toBeGreaterThan(0)
    for (const link of approved) expect((await account(token, link.brandId)).status).toBe(200)
    for (const link of notApproved) expect((await account(token, link.brandId)).status).toBe(403)
    const seller = await t.userByEmail('seller@example.com')
    expect((await account(token, seller.accountId!)).status).toBe(403)
  })

  it("answers a non-numeric id with 'ID is invalid'", async () => {
    const response = await account(await t.tokenFor('ops@example.com'), '12ab')
    expect(response.status).toBe(400)
    expect((await response.json()).errors).toEqual(['ID is invalid'])
  })
})

describe('the account picker: GET /v1/accounts', () => {
  const search = async (token: string, query: Record<string, string>) => {
    const response = await t.request(`/ads/ad-auth/v1/accounts?${new URLSearchParams(query)}`, { token })
    return { status: response.status, body: await response.json() }
  }

  it('finds any seller or brand for staff, by part of the name (any case) or the start of the id', async () => {
    const brand = await t.userByEmail('brand@example.com')
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, brand.accountId!))
    const part = account!.name.slice(1, 4).toUpperCase()
    for (const email of ['superadmin@example.com', 'ops@example.com']) {
      const token = await t.tokenFor(email)
      const byName = await search(token, { search: part })
      expect(byName.status).toBe(200)
      expect(byName.body.data.accounts).toContainEqual({
        id: account!.id,
        kind: 'BRAND',
        name: account!.name,
      })
      for (const found of byName.body.data.accounts) expect(found.name.toUpperCase()).toContain(part)

      const byId = await search(token, { search: String(account!.id) })
      expect(byId.body.data.accounts[0]).toEqual({ id: account!.id, kind: 'BRAND', name: account!.name })
      const byIdStart = await search(token, { search: String(account!.id).slice(0, 3) })
      for (const found of byIdStart.body.data.accounts) {
        expect(
          String(found.id).startsWith(String(account!.id).slice(0, 3)) ||
            found.name.includes(String(account!.id).slice(0, 3)),
        ).toBe(true)
      }
    }
  })

  it('lists at most `limit` accounts and says when more matched', async () => {
    const token = await t.tokenFor('ops@example.com')
    const total = await t.db.$count(accounts)
    const first = await search(token, { limit: '3' })
    expect(first.body.data.accounts).toHaveLength(3)
    expect(first.body.data.more).toBe(total > 3)
    const all = await search(token, { limit: '100' })
    expect(all.body.data.accounts).toHaveLength(Math.min(total, 100))
    const names = all.body.data.accounts.map((a: { name: string }) => a.name.toLowerCase())
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('treats % and _ in the search as text, not as wildcards', async () => {
    const token = await t.tokenFor('ops@example.com')
    expect((await search(token, { search: '%' })).body.data.accounts).toEqual([])
    expect((await search(token, { search: '_' })).body.data.accounts).toEqual([])
  })

  it('shows an agency only the brands linked to it (approved), whatever it searches', async () => {
    const agency = await t.userByEmail('agency@example.com')
    const token = await t.tokenFor('agency@example.com')
    const links = await t.db.select().from(linkRequests).where(eq(linkRequests.agencyId, agency.id))
    const approved = new Set(links.filter((l) => l.status === 'APPROVED').map((l) => l.brandId))
    const listed = (await search(token, { limit: '100' })).body.data.accounts as {
      id: number
      kind: string
    }[]
    expect(new Set(listed.map((a) => a.id))).toEqual(approved)
    for (const a of listed) expect(a.kind).toBe('BRAND')
    const seller = await t.userByEmail('seller@example.com')
    expect((await search(token, { search: String(seller.accountId) })).body.data.accounts).toEqual([])
  })

  it('shows a seller or a brand only itself', async () => {
    for (const email of ['seller@example.com', 'brand@example.com']) {
      const user = await t.userByEmail(email)
      const listed = (await search(await t.tokenFor(email), {})).body.data.accounts as { id: number }[]
      expect(listed.map((a) => a.id)).toEqual([user.accountId])
    }
  })

  it('refuses control characters and overlong searches with 400 and a field message, and needs a sign-in', async () => {
    const token = await t.tokenFor('ops@example.com')
    const nul = await search(token, { search: 'a\u0000b' })
    expect(nul.status).toBe(400)
    expect(JSON.stringify(nul.body)).toContain('Remove control characters from this field')
    const long = await search(token, { search: 'x'.repeat(201) })
    expect(long.status).toBe(400)
    expect(JSON.stringify(long.body)).toContain('Must be at most 200 characters')
    expect((await search(token, { limit: '0' })).status).toBe(400)
    expect((await t.request('/ads/ad-auth/v1/accounts')).status).toBe(401)
  })
})
