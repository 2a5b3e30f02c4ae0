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
