// Agency–brand links through the platform (decision 036): the role matrix of every call, duplicates,
// the spec's messages, audit rows, and a de-link that ends the agency's access to the brand at once.
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, auditLog, delinkRequests, linkRequests, users } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

const AUTH = '/ads/ad-auth'
const LIST = '/ads/ad-inventory/v1/campaign/loadHomePage'
let t: TestPlatform
const now = new Date('2026-11-23T06:00:00Z')
let serial = 0

beforeAll(async () => {
  t = await createTestPlatform({ now })
})
afterAll(async () => {
  await t.close()
})

/** A new APPROVED user of its own (so no test meets another's links); BRANDs get a brand account. */
async function newUser(
  role: 'AGENCY' | 'BRAND',
  options: { status?: 'APPROVED' | 'REVOKED'; name?: string } = {},
) {
  serial++
  const email = `links-${role.toLowerCase()}-${serial}@links.test`
  let id: number | undefined
  if (role === 'BRAND') {
    id = 880_000 + serial
    await t.db.insert(accounts).values({ id, kind: 'BRAND', name: options.name ?? `Links Brand ${serial}` })
  }
  const [user] = await t.db
    .insert(users)
    .values({
      ...(id ? { id, accountId: id } : {}),
      name: options.name ?? `Links ${role} ${serial}`,
      email,
      role,
      accountStatus: options.status ?? 'APPROVED',
      twoFactorRegistered: true,
      tncAcceptance: true,
    })
    .returning()
  const token = await t.tokenFor(email)
  return { id: user!.id, email, token, name: user!.name }
}

const json = async (response: Response) => ({ status: response.status, body: await response.json() })

const requestLink = (token: string, brandId: string | number) =>
  t.post(`${AUTH}/v1/brand/link-request?brandId=${encodeURIComponent(String(brandId))}`, undefined, { token })
const decideLink = (token: string, agencyId: number | string, approvalStatus: string) =>
  t.post(`${AUTH}/v1/brand/link?agencyId=${agencyId}&approvalStatus=${approvalStatus}`, undefined, { token })
const requestDelink = (token: string, body: unknown) =>
  t.post(`${AUTH}/v1/brand/de-link-request`, body, { token })
const decideDelink = (token: string, body: unknown) => t.post(`${AUTH}/v1/brand/de-link`, body, { token })

async function linked(agency: { token: string; id: number }, brand: { token: string; id: number }) {
  expect((await requestLink(agency.token, brand.id)).status).toBe(200)
  expect((await decideLink(brand.token, agency.id, 'APPROVED')).status).toBe(200)
}

async function auditRows(action: string, entityId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))))
}

describe('POST /v1/brand/link-request', () => {
  it('creates a PENDING request, audited, and refuses a second one while it is pending (409)', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const first = await json(await requestLink(agency.token, brand.id))
    expect(first).toMatchObject({
      status: 200,
      body: { data: { agencyId: agency.id, brandId: brand.id, status: 'PENDING' } },
    })
    const [row] = await t.db.select().from(linkRequests).where(eq(linkRequests.id, first.body.data.requestId))
    expect(row).toMatchObject({ status: 'PENDING', requestedBy: agency.id, actionedBy: null })
    const [entry] = await auditRows('LINK_REQUESTED', first.body.data.requestId)
    expect(entry).toMatchObject({ actorUserId: agency.id, actorRole: 'AGENCY', entityType: 'link_request' })

    const again = await json(await requestLink(agency.token, brand.id))
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'A link request for this brand is already pending' },
    })
  })

  it('refuses a brand that is already linked (409) and allows a new request after a rejection', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    await linked(agency, brand)
    expect(await json(await requestLink(agency.token, brand.id))).toMatchObject({
      status: 409,
      body: { message: 'This brand is already linked' },
    })
    const other = await newUser('BRAND')
    expect((await requestLink(agency.token, other.id)).status).toBe(200)
    expect((await decideLink(other.token, agency.id, 'REJECTED')).status).toBe(200)
    expect((await requestLink(agency.token, other.id)).status).toBe(200)
  })

  it('answers a race on the live-link index with 409, never 500', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const answers = await Promise.all([
      requestLink(agency.token, brand.id),
      requestLink(agency.token, brand.id),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it("says 'Brand ID is invalid' for non-digits, a seller's id, an unknown id and no id", async () => {
    const agency = await newUser('AGENCY')
    for (const brandId of ['abc', '12a', '100001', '999999999', '', ' 1 2']) {
      expect(await json(await requestLink(agency.token, brandId))).toMatchObject({
        status: 400,
        body: { message: 'Brand ID is invalid' },
      })
    }
    const none = await t.post(`${AUTH}/v1/brand/link-request`, undefined, { token: agency.token })
    expect(await json(none)).toMatchObject({ status: 400, body: { message: 'Brand ID is invalid' } })
    expect(await t.db.select().from(linkRequests).where(eq(linkRequests.agencyId, agency.id))).toEqual([])
  })

  it('is for agencies only: other roles 403, no token or a revoked or pending agency 401', async () => {
    const brand = await newUser('BRAND')
    for (const email of [
      'brand@example.com',
      'seller@example.com',
      'superadmin@example.com',
      'ops@example.com',
    ]) {
      expect((await requestLink(await t.tokenFor(email), brand.id)).status).toBe(403)
    }
    expect((await t.post(`${AUTH}/v1/brand/link-request?brandId=${brand.id}`)).status).toBe(401)
    const revoked = await newUser('AGENCY', { status: 'REVOKED' })
    expect((await requestLink(revoked.token, brand.id)).status).toBe(401)
    expect((await requestLink(await t.tokenFor('agency3@example.com'), brand.id)).status).toBe(401)
    // A live agency whose account is revoked afterwards loses its token at once.
    const agency = await newUser('AGENCY')
    await t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.id, agency.id))
    expect((await requestLink(agency.token, brand.id)).status).toBe(401)
  })
})

describe('POST /v1/brand/link', () => {
  it('lets the brand approve its own pending request: actionedBy/At set, audited', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const { body } = await json(await requestLink(agency.token, brand.id))
    const answer = await json(await decideLink(brand.token, agency.id, 'APPROVED'))
    expect(answer).toMatchObject({ status: 200, body: { data: { status: 'APPROVED' } } })
    const [row] = await t.db.select().from(linkRequests).where(eq(linkRequests.id, body.data.requestId))
    expect(row).toMatchObject({ status: 'APPROVED', actionedBy: brand.id })
    expect(row?.actionedAt?.getTime()).toBe(now.getTime())
    const [entry] = await auditRows('LINK_APPROVED', body.data.requestId)
    expect(entry).toMatchObject({ actorUserId: brand.id, before: { status: 'PENDING' } })
    // Nothing pending any more.
    expect((await decideLink(brand.token, agency.id, 'REJECTED')).status).toBe(404)
  })

  it("refuses another brand's request (404), other roles (403), bad input (400) and a revoked brand (401)", async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const other = await newUser('BRAND')
    await requestLink(agency.token, brand.id)
    expect((await decideLink(other.token, agency.id, 'APPROVED')).status).toBe(404)
    for (const email of [
      'agency@example.com',
      'superadmin@example.com',
      'ops@example.com',
      'seller@example.com',
    ]) {
      expect((await decideLink(await t.tokenFor(email), agency.id, 'APPROVED')).status).toBe(403)
    }
    expect((await decideLink(brand.token, agency.id, 'MAYBE')).status).toBe(400)
    expect(await json(await decideLink(brand.token, 'x', 'APPROVED'))).toMatchObject({
      status: 400,
      body: { message: 'Agency ID is invalid' },
    })
    expect((await decideLink(await t.tokenFor('brand4@example.com'), agency.id, 'APPROVED')).status).toBe(401)
    const [row] = await t.db.select().from(linkRequests).where(eq(linkRequests.agencyId, agency.id))
    expect(row?.status).toBe('PENDING')
  })

  it('records a rejection, which the agency then sees in its history', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND', { name: 'Rejecting Brand' })
    await requestLink(agency.token, brand.id)
    expect((await decideLink(brand.token, agency.id, 'REJECTED')).status).toBe(200)
    const history = await json(await t.request(`${AUTH}/v1/link-request/history`, { token: agency.token }))
    expect(history.body.data.items).toEqual([
      expect.objectContaining({
        brandId: brand.id,
        brandName: 'Rejecting Brand',
        status: 'REJECTED',
        timeStamp: now.toISOString(),
        approvedTimeStamp: now.toISOString(),
      }),
    ])
  })
})

describe('POST /v1/brand/de-link-request', () => {
  it('lets the agency (by its e-mail) ask once per link; a second pending ask is 409; audited', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    await linked(agency, brand)
    const body = {
      agencyId: agency.email.toUpperCase(),
      brandId: String(brand.id),
      deLinkReason: '  Contract over  ',
    }
    const first = await json(await requestDelink(agency.token, body))
    expect(first).toMatchObject({
      status: 200,
      body: { data: { agencyId: agency.id, brandId: brand.id, status: 'PENDING' } },
    })
    const [row] = await t.db
      .select()
      .from(delinkRequests)
      .where(eq(delinkRequests.id, first.body.data.requestId))
    expect(row).toMatchObject({ reason: 'Contract over', requestedBy: agency.id, status: 'PENDING' })
    expect(await auditRows('DELINK_REQUESTED', first.body.data.requestId)).toHaveLength(1)
    expect(await json(await requestDelink(brand.token, { ...body, agencyId: agency.id }))).toMatchObject({
      status: 409,
      body: { message: 'A de-link request for this link is already pending' },
    })
  })

  it('lets the brand ask for itself, and refuses the other side of someone else (403)', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const stranger = await newUser('AGENCY')
    const otherBrand = await newUser('BRAND')
    await linked(agency, brand)
    await linked(stranger, otherBrand)
    const ask = { agencyId: agency.email, brandId: brand.id, deLinkReason: 'No longer working together' }
    expect((await requestDelink(stranger.token, ask)).status).toBe(403)
    expect((await requestDelink(otherBrand.token, ask)).status).toBe(403)
    for (const email of ['superadmin@example.com', 'ops@example.com', 'seller@example.com']) {
      expect((await requestDelink(await t.tokenFor(email), ask)).status).toBe(403)
    }
    expect((await requestDelink(await t.tokenFor('brand4@example.com'), ask)).status).toBe(401)
    expect((await requestDelink(brand.token, ask)).status).toBe(200)
  })

  it("gives the spec's messages for bad fields and 409 when there is no link", async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const good = { agencyId: agency.email, brandId: brand.id, deLinkReason: 'Reason' }
    const cases: [unknown, number, string][] = [
      [{ ...good, deLinkReason: '   ' }, 400, 'Delink reason cannot be empty'],
      [{ ...good, deLinkReason: undefined }, 400, 'Delink reason cannot be empty'],
      [{ ...good, agencyId: 'not an e-mail' }, 400, 'Agency ID is invalid'],
      [{ ...good, agencyId: 'nobody@links.test' }, 400, 'Agency ID is invalid'],
      [{ ...good, agencyId: 'brand@example.com' }, 400, 'Agency ID is invalid'],
      [{ ...good, brandId: 'B-1' }, 400, 'Brand ID is invalid'],
      [{ ...good, brandId: 100001 }, 400, 'Brand ID is invalid'],
      [{ ...good, deLinkReason: 'bad\u0000text' }, 400, 'Remove control characters from this field'],
      [{ ...good, deLinkReason: 'x'.repeat(1001) }, 400, 'Must be at most 1000 characters'],
      [good, 409, 'This agency and brand are not linked'],
    ]
    for (const [body, status, message] of cases) {
      expect(await json(await requestDelink(agency.token, body))).toMatchObject({ status, body: { message } })
    }
    const malformed = await t.request(`${AUTH}/v1/brand/de-link-request`, {
      method: 'POST',
      token: agency.token,
      headers: { 'content-type': 'application/json' },
      body: '{"agencyId":',
    })
    expect(malformed.status).toBe(400)
  })
})

describe('POST /v1/brand/de-link', () => {
  it('approving ends the agency’s access to the brand at once; both rows and the audit say so', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const listAsAgency = () => t.request(`${LIST}?userId=${brand.id}`, { token: agency.token })
    expect((await listAsAgency()).status).toBe(403)
    await linked(agency, brand)
    expect((await listAsAgency()).status).toBe(200)
    const asked = await json(
      await requestDelink(brand.token, { agencyId: agency.id, brandId: brand.id, deLinkReason: 'Done' }),
    )
    // Asking is not de-linking: access stays until the super admin approves.
    expect((await listAsAgency()).status).toBe(200)
    const superadmin = await t.tokenFor('superadmin@example.com')
    const decision = { agencyId: agency.id, brandId: brand.id, approvalStatus: 'APPROVED', isDelink: true }
    expect(await json(await decideDelink(superadmin, decision))).toMatchObject({
      status: 200,
      body: { data: { status: 'APPROVED' } },
    })
    expect((await listAsAgency()).status).toBe(403)
    const accountCheck = await t.request(`${AUTH}/v1/accounts/${brand.id}`, { token: agency.token })
    expect(accountCheck.status).toBe(403)

    const [link] = await t.db.select().from(linkRequests).where(eq(linkRequests.agencyId, agency.id))
    expect(link).toMatchObject({ status: 'DELINKED' })
    const [delink] = await t.db
      .select()
      .from(delinkRequests)
      .where(eq(delinkRequests.id, asked.body.data.requestId))
    const superadminUser = await t.userByEmail('superadmin@example.com')
    expect(delink).toMatchObject({ status: 'APPROVED', actionedBy: superadminUser.id })
    expect(await auditRows('DELINK_APPROVED', asked.body.data.requestId)).toHaveLength(1)
    expect(await auditRows('LINK_DELINKED', link!.id)).toHaveLength(1)
    // The history shows it, and the agency may ask for a new link.
    const history = await json(await t.request(`${AUTH}/v1/link-request/history`, { token: agency.token }))
    expect(history.body.data.items[0]).toMatchObject({ status: 'DELINKED' })
    expect((await requestLink(agency.token, brand.id)).status).toBe(200)
  })

  it('rejecting keeps the link; only SUPERADMIN decides; isDelink must agree; nothing pending is 404', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    await linked(agency, brand)
    await requestDelink(agency.token, { agencyId: agency.email, brandId: brand.id, deLinkReason: 'Why not' })
    const reject = { agencyId: agency.id, brandId: brand.id, approvalStatus: 'REJECTED', isDelink: false }
    for (const email of [
      'ops@example.com',
      'agency@example.com',
      'brand@example.com',
      'seller@example.com',
    ]) {
      expect((await decideDelink(await t.tokenFor(email), reject)).status).toBe(403)
    }
    expect((await decideDelink(await t.tokenFor('superadmin2@example.com'), reject)).status).toBe(401)
    const superadmin = await t.tokenFor('superadmin@example.com')
    expect((await decideDelink(superadmin, { ...reject, isDelink: true })).status).toBe(400)
    expect((await decideDelink(superadmin, { ...reject, brandId: 'x' })).status).toBe(400)
    expect((await decideDelink(superadmin, reject)).status).toBe(200)
    expect((await decideDelink(superadmin, reject)).status).toBe(404)
    const [link] = await t.db.select().from(linkRequests).where(eq(linkRequests.agencyId, agency.id))
    expect(link?.status).toBe('APPROVED')
    expect((await t.request(`${LIST}?userId=${brand.id}`, { token: agency.token })).status).toBe(200)
    const rows = await t.db.select().from(delinkRequests).where(eq(delinkRequests.agencyId, agency.id))
    expect(rows.map((r) => r.status)).toEqual(['REJECTED'])
    expect(await auditRows('DELINK_REJECTED', rows[0]!.id)).toHaveLength(1)
  })
})

describe('listings', () => {
  it("a brand's pending requests, with the agency's name and e-mail; its own only; brands only", async () => {
    const agency = await newUser('AGENCY', { name: 'Listing Agency' })
    const brand = await newUser('BRAND', { name: 'Listing Brand' })
    const other = await newUser('BRAND')
    await requestLink(agency.token, brand.id)
    const listing = await json(await t.request(`${AUTH}/v1/link-request/listing`, { token: brand.token }))
    expect(listing.body.data).toEqual([
      expect.objectContaining({
        agencyId: agency.id,
        agencyName: 'Listing Agency',
        agencyEmail: agency.email,
        brandId: brand.id,
        brandName: 'Listing Brand',
        requestedBy: 'Listing Agency',
        timeStamp: now.toISOString(),
      }),
    ])
    const elsewhere = await json(await t.request(`${AUTH}/v1/link-request/listing`, { token: other.token }))
    expect(elsewhere.body.data).toEqual([])
    expect((await t.request(`${AUTH}/v1/link-request/listing`, { token: agency.token })).status).toBe(403)
    expect((await t.request(`${AUTH}/v1/link-request/listing`)).status).toBe(401)
  })

  it('pending de-links and one de-link request for the super admin only', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND', { name: 'Delist Brand' })
    await linked(agency, brand)
    const asked = await json(
      await requestDelink(agency.token, {
        agencyId: agency.email,
        brandId: brand.id,
        deLinkReason: 'Budget cut',
      }),
    )
    const superadmin = await t.tokenFor('superadmin@example.com')
    const listing = await json(await t.request(`${AUTH}/v1/de-link-request/listing`, { token: superadmin }))
    expect(listing.body.data).toContainEqual(
      expect.objectContaining({
        requestId: asked.body.data.requestId,
        brandName: 'Delist Brand',
        reason: 'Budget cut',
      }),
    )
    expect(listing.body.data.every((item: { status: string }) => item.status === 'PENDING')).toBe(true)
    const one = await json(
      await t.request(`${AUTH}/v1/de-link-request/${asked.body.data.requestId}`, { token: superadmin }),
    )
    expect(one.body.data).toMatchObject({
      agencyId: agency.id,
      brandId: brand.id,
      status: 'PENDING',
      actionedBy: null,
    })
    expect((await t.request(`${AUTH}/v1/de-link-request/99999999`, { token: superadmin })).status).toBe(404)
    expect((await t.request(`${AUTH}/v1/de-link-request/abc`, { token: superadmin })).status).toBe(400)
    for (const email of ['ops@example.com', 'agency@example.com', 'brand@example.com']) {
      const token = await t.tokenFor(email)
      expect((await t.request(`${AUTH}/v1/de-link-request/listing`, { token })).status).toBe(403)
      expect(
        (await t.request(`${AUTH}/v1/de-link-request/${asked.body.data.requestId}`, { token })).status,
      ).toBe(403)
    }
  })

  it('the agency history is paged (5 by default, 5/10/15) and for agencies only', async () => {
    const agency = await newUser('AGENCY')
    for (let i = 0; i < 7; i++) await requestLink(agency.token, (await newUser('BRAND')).id)
    const first = await json(await t.request(`${AUTH}/v1/link-request/history`, { token: agency.token }))
    expect(first.body.data).toMatchObject({ page: 1, size: 5, totalCount: 7, totalPages: 2 })
    expect(first.body.data.items).toHaveLength(5)
    const second = await json(
      await t.request(`${AUTH}/v1/link-request/history?page=2&size=5`, { token: agency.token }),
    )
    expect(second.body.data.items).toHaveLength(2)
    const odd = await json(await t.request(`${AUTH}/v1/link-request/history?size=7`, { token: agency.token }))
    expect(odd.body.data.size).toBe(5)
    const brand = await t.tokenFor('brand@example.com')
    expect((await t.request(`${AUTH}/v1/link-request/history`, { token: brand })).status).toBe(403)
  })

  it('linked brands and agencies: the account itself or staff, JSON or formula-safe CSV', async () => {
    const agency = await newUser('AGENCY', { name: '@SUM(1+1)' })
    const brand = await newUser('BRAND', { name: '=HYPERLINK("http://evil.test","x")' })
    await linked(agency, brand)
    const brands = await json(
      await t.request(`${AUTH}/v1/linkedBrands/${agency.id}`, { token: agency.token }),
    )
    expect(brands.body.data).toEqual([
      { brandId: brand.id, brandName: brand.name, linkedOn: now.toISOString() },
    ])
    const csv = await t.request(`${AUTH}/v1/linkedBrands/${agency.id}?format=csv`, { token: agency.token })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = await csv.text()
    expect(text.split('\r\n')[0]).toBe('Brand Id,Brand Name,Linked On')
    expect(text).toContain(`${brand.id},"'=HYPERLINK(""http://evil.test"",""x"")",2026-11-23 11:30:00`)
    const agenciesCsv = await (
      await t.request(`${AUTH}/v1/linkedAgencies/${brand.id}?format=csv`, { token: brand.token })
    ).text()
    expect(agenciesCsv).toContain(`${agency.id},'@SUM(1+1),${agency.email},2026-11-23 11:30:00`)

    const staff = await t.tokenFor('ops@example.com')
    expect((await t.request(`${AUTH}/v1/linkedBrands/${agency.id}`, { token: staff })).status).toBe(200)
    expect((await t.request(`${AUTH}/v1/linkedAgencies/${brand.id}`, { token: staff })).status).toBe(200)
    const strangerAgency = await t.tokenFor('agency@example.com')
    const strangerBrand = await t.tokenFor('brand@example.com')
    expect((await t.request(`${AUTH}/v1/linkedBrands/${agency.id}`, { token: strangerAgency })).status).toBe(
      403,
    )
    expect((await t.request(`${AUTH}/v1/linkedBrands/${agency.id}`, { token: brand.token })).status).toBe(403)
    expect((await t.request(`${AUTH}/v1/linkedAgencies/${brand.id}`, { token: strangerBrand })).status).toBe(
      403,
    )
    expect((await t.request(`${AUTH}/v1/linkedAgencies/${brand.id}`, { token: agency.token })).status).toBe(
      403,
    )
    expect((await t.request(`${AUTH}/v1/linkedAgencies/${brand.id}`)).status).toBe(401)
    // Only live links are listed.
    const ids = await t.db
      .select({ id: linkRequests.id })
      .from(linkRequests)
      .where(and(eq(linkRequests.agencyId, agency.id), inArray(linkRequests.status, ['APPROVED'])))
    expect(ids).toHaveLength(1)
  })
  it('refuses every read to a revoked user (401) and to a wrong role (403)', async () => {
    const revokedAgency = await newUser('AGENCY', { status: 'REVOKED' })
    const revokedBrand = await t.tokenFor('brand4@example.com')
    const revokedSuperadmin = await t.tokenFor('superadmin2@example.com')
    const reads: [string, string][] = [
      ['/v1/link-request/listing', revokedBrand],
      ['/v1/linkedAgencies/200004', revokedBrand],
      ['/v1/de-link-request/listing', revokedSuperadmin],
      ['/v1/de-link-request/2', revokedSuperadmin],
      ['/v1/link-request/history', revokedAgency.token],
      [`/v1/linkedBrands/${revokedAgency.id}`, revokedAgency.token],
    ]
    for (const [path, token] of reads)
      expect((await t.request(`${AUTH}${path}`, { token })).status, path).toBe(401)
    const seller = await t.tokenFor('seller@example.com')
    for (const path of [
      '/v1/link-request/listing',
      '/v1/de-link-request/listing',
      '/v1/link-request/history',
    ]) {
      expect((await t.request(`${AUTH}${path}`, { token: seller })).status, path).toBe(403)
    }
    expect((await t.request(`${AUTH}/v1/linkedBrands/9000003`, { token: seller })).status).toBe(403)
    expect((await t.request(`${AUTH}/v1/linkedAgencies/200001`, { token: seller })).status).toBe(403)
  })
})
