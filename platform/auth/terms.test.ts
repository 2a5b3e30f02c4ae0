import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema'
import { DEMO_TNC_VERSION } from '../db/seed/users'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

const TNC = '/ads/ad-auth/v1/tnc'
let t: TestPlatform
const now = new Date('2026-03-02T07:30:00Z')
beforeAll(async () => {
  t = await createTestPlatform({ now })
})
afterAll(async () => {
  await t.close()
})

const body = (userId: number, tncAcceptance = true) => ({
  userId,
  ipAddress: '198.51.100.23',
  timestamp: '2026-03-02T07:29:58.000Z',
  tncAcceptance,
})

describe('POST /v1/tnc', () => {
  it('records the acceptance with the version in force, server time and address, and audits it', async () => {
    const agency = await t.userByEmail('agency2@example.com')
    expect(agency.tncAcceptance).toBe(false)
    const token = await t.tokenFor('agency2@example.com')
    const response = await t.post(TNC, body(agency.id), { token, ip: '192.0.2.9' })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ code: 200, data: { tncAcceptance: true }, errors: [] })

    const stored = await t.userByEmail('agency2@example.com')
    expect(stored).toMatchObject({
      tncAcceptance: true,
      tncVersion: DEMO_TNC_VERSION,
      tncIpAddress: '198.51.100.23',
    })
    expect(stored.tncAcceptedAt?.getTime()).toBe(now.getTime())
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TNC_ACCEPTED'), eq(auditLog.entityId, String(agency.id))))
    expect(entry).toMatchObject({ actorUserId: agency.id, actorRole: 'AGENCY', actorIp: '192.0.2.9' })
    expect(entry?.before).toEqual({ tncAcceptance: false })
    expect(
      (await t.request('/ads/ad-auth/v1/session', { token }).then((r) => r.json())).data.tncAcceptance,
    ).toBe(true)
  })

  it('refuses an unticked box with 400 and changes nothing', async () => {
    const seller = await t.userByEmail('newseller@example.com')
    const token = await t.tokenFor('newseller@example.com')
    const response = await t.post(TNC, body(seller.id, false), { token })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      message: 'Please accept the Terms and Conditions',
      errors: ['Please accept the Terms and Conditions'],
    })
    const stored = await t.userByEmail('newseller@example.com')
    expect(stored.tncAcceptance).toBe(false)
    expect(stored.tncAcceptedAt).toBeNull()
  })

  it("refuses another user's id with 403, staff with 406, and a half-signed-in or missing token with 401", async () => {
    const seller = await t.userByEmail('newseller@example.com')
    const other = await t.tokenFor('seller@example.com')
    const forbidden = await t.post(TNC, body(seller.id), { token: other })
    expect(forbidden.status).toBe(403)
    expect((await forbidden.json()).message).toBe('unauthorized')

    const ops = await t.userByEmail('ops@example.com')
    const staff = await t.post(TNC, body(ops.id), { token: await t.tokenFor('ops@example.com') })
    expect(staff.status).toBe(406)
    expect((await staff.json()).errorCode).toBe('TNC_NOT_APPLICABLE')

    const pending = await t.tokenFor('newseller@example.com', 'PASSWORD')
    expect((await t.post(TNC, body(seller.id), { token: pending })).status).toBe(401)
    expect((await t.post(TNC, body(seller.id))).status).toBe(401)
    expect((await t.userByEmail('newseller@example.com')).tncAcceptance).toBe(false)
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'TNC_ACCEPTED'), eq(auditLog.entityId, String(seller.id))))
    expect(entries).toHaveLength(0)
  })

  it('validates the body', async () => {
    const seller = await t.userByEmail('seller@example.com')
    const token = await t.tokenFor('seller@example.com')
    const response = await t.post(TNC, { userId: String(seller.id), tncAcceptance: 'yes' }, { token })
    expect(response.status).toBe(400)
    expect((await response.json()).errorCode).toBe('VALIDATION_FAILED')
  })
})
