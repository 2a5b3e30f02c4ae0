import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencyDocuments, agencyDocumentTypes as schemaDocumentTypes, auditLog, users } from '../db/schema'
import { hasControlCharacters } from '../rules/text'
import { agencyDocumentTypes, cleanFileName, documentTypeOfSlug, sniffDocumentKind } from '../rules/approvals'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { revokeUserSessions } from './sessions'

const BASE = '/ads/ad-auth'
const LISTING = `${BASE}/v1/approval/listing`
let t: TestPlatform
let superToken: string
const now = new Date('2026-11-23T05:00:00Z')

beforeAll(async () => {
  t = await createTestPlatform({ now, consoleUrl: 'https://console.example.in' })
  superToken = await t.tokenFor('superadmin@example.com')
})
afterAll(async () => {
  await t?.close()
})

let seq = 0
/** A fresh pending user of this test file (its own data). */
async function pendingUser(role: 'AGENCY' | 'BRAND' | 'SELLER' = 'AGENCY') {
  seq++
  const [row] = await t.db
    .insert(users)
    .values({
      name: `Approval Test ${role} ${seq}`,
      email: `approvals-${role.toLowerCase()}-${seq}-${Math.random().toString(36).slice(2)}@test.example`,
      role,
      accountStatus: 'PENDING',
      addedBy: 'ops@example.com',
      primaryContactNumber: '+919876543210',
      address: '12 MG Road, Bengaluru',
      pincode: 560001,
    })
    .returning()
  return row!
}

const patch = (
  user: { id: number; role: string },
  accountStatus: string,
  body: unknown,
  token = superToken,
) =>
  t.request(`${BASE}/v1/${user.role}/${user.id}?accountStatus=${accountStatus}`, {
    method: 'PATCH',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

function multipart(fileName: string, bytes: Uint8Array<ArrayBuffer>, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([bytes]), fileName)
  return form
}
const PDF = new TextEncoder().encode('%PDF-1.4\n% test document\n%%EOF\n')
const uploadPath = (agencyId: number, slug: string) => `${BASE}/v1/AGENCY/${agencyId}/documents/${slug}`
const upload = (agencyId: number, slug: string, body: BodyInit, token = superToken, headers?: HeadersInit) =>
  t.request(uploadPath(agencyId, slug), { method: 'POST', token, body, headers })

describe('who may call the approval endpoints', () => {
  it('refuses OPS, AGENCY, BRAND and SELLER with 403 on every call, and no token with 401', async () => {
    const target = await pendingUser()
    for (const email of [
      'ops@example.com',
      'agency@example.com',
      'brand@example.com',
      'seller@example.com',
    ]) {
      const token = await t.tokenFor(email)
      const calls = [
        t.request(LISTING, { token }),
        t.request(`${BASE}/v1/AGENCY/${target.id}`, { token }),
        patch(target, 'APPROVED', {}, token),
        upload(target.id, 'io-doc', multipart('a.pdf', PDF), token),
        t.request(uploadPath(target.id, 'io-doc'), { token }),
      ]
      for (const response of await Promise.all(calls)) expect(response.status, email).toBe(403)
    }
    expect((await t.request(LISTING)).status).toBe(401)
    expect((await t.request(`${BASE}/v1/AGENCY/${target.id}`)).status).toBe(401)
    expect((await t.db.select().from(users).where(eq(users.id, target.id)))[0]?.accountStatus).toBe('PENDING')
  })

  it('refuses a SUPERADMIN whose account was revoked (401): the token stops working at once', async () => {
    const [admin] = await t.db
      .insert(users)
      .values({
        name: 'Revoked Admin',
        email: 'approvals-revoked-admin@test.example',
        role: 'SUPERADMIN',
        accountStatus: 'APPROVED',
      })
      .returning()
    const token = await t.tokenFor(admin!.email)
    expect((await t.request(LISTING, { token })).status).toBe(200)
    await t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.id, admin!.id))
    const target = await pendingUser()
    expect((await t.request(LISTING, { token })).status).toBe(401)
    expect((await patch(target, 'APPROVED', {}, token)).status).toBe(401)
    expect((await t.request(`${BASE}/v1/AGENCY/${target.id}`, { token })).status).toBe(401)
    await revokeUserSessions(t.db, admin!.id, 'REVOKED', now)
  })
})

describe('GET /v1/approval/listing', () => {
  it('lists spec §3 items, PENDING first by default, filters by type and status, pages', async () => {
    const response = await t.request(`${LISTING}?size=100`, { token: superToken })
    expect(response.status).toBe(200)
    const body = await response.json()
    const items = body.data.items as {
      status: string
      user_type: string
      agencyId: number | null
      user_id: number
    }[]
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['added_by', 'agencyId', 'name', 'status', 'timestamp', 'user_id', 'user_type'].sort(),
    )
    const firstOther = items.findIndex((i) => i.status !== 'PENDING')
    expect(firstOther).toBeGreaterThan(0)
    expect(items.slice(firstOther).every((i) => i.status !== 'PENDING')).toBe(true)
    for (const item of items) expect(item.agencyId).toBe(item.user_type === 'AGENCY' ? item.user_id : null)

    const agencies = await (
      await t.request(`${LISTING}?userType=AGENCY&status=REJECTED`, { token: superToken })
    ).json()
    expect(agencies.data.items.length).toBeGreaterThan(0)
    for (const item of agencies.data.items)
      expect(item).toMatchObject({ user_type: 'AGENCY', status: 'REJECTED' })

    const page2 = await (
      await t.request(`${LISTING}?size=10&page=2&sort=timestamp&direction=asc`, { token: superToken })
    ).json()
    expect(page2.data).toMatchObject({ page: 2, size: 10 })
    const stamps = page2.data.items.map((i: { timestamp: string }) => i.timestamp)
    expect([...stamps].sort()).toEqual(stamps)
  })

  it('treats unknown filter values as their defaults, never a 500', async () => {
    const response = await t.request(`${LISTING}?userType=%00x&status=NOPE&page=-3&size=7`, {
      token: superToken,
    })
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ page: 1, size: 10 })
  })
})

describe('GET /v1/{userType}/{userId}', () => {
  it('gives the profile, all seven document kinds in order and the comments', async () => {
    const agency = await t.userByEmail('agency3@example.com')
    const body = await (await t.request(`${BASE}/v1/AGENCY/${agency.id}`, { token: superToken })).json()
    expect(body.data).toMatchObject({
      user_id: agency.id,
      user_type: 'AGENCY',
      email: agency.email,
      status: 'PENDING',
    })
    expect(body.data.agencyDocuments.map((d: { docType: string }) => d.docType)).toEqual([
      ...agencyDocumentTypes,
    ])
    // Seeded documents have a file name but no stored file: received offline, not viewable.
    const received = body.data.agencyDocuments.filter((d: { received: boolean }) => d.received)
    expect(received.length).toBe(3)
    for (const doc of received) expect(doc).toMatchObject({ viewable: false, fileName: expect.any(String) })
  })

  it('answers 404 when the id is not of that user type', async () => {
    const agency = await t.userByEmail('agency3@example.com')
    expect((await t.request(`${BASE}/v1/BRAND/${agency.id}`, { token: superToken })).status).toBe(404)
    expect((await t.request(`${BASE}/v1/AGENCY/999999999999`, { token: superToken })).status).toBe(404)
  })

  it('does not shadow other /v1/x/y calls (userManagement/details, linkedBrands/1)', async () => {
    const details = await t.request(`${BASE}/v1/userManagement/details`, { token: superToken })
    const linked = await t.request(`${BASE}/v1/linkedBrands/1`, { token: superToken })
    for (const response of [details, linked]) {
      const body = await response.json().catch(() => null)
      // Whatever those handlers answer, it is not this module's detail nor its 'User not found'.
      expect(body?.data?.agencyDocuments).toBeUndefined()
      expect(body?.message).not.toBe('User not found')
    }
    // A role-like but unknown segment is no detail either.
    expect((await t.request(`${BASE}/v1/agency/1`, { token: superToken })).status).toBe(404)
    expect((await (await t.request(`${BASE}/v1/agency/1`, { token: superToken })).json()).message).toBe(
      'Not found',
    )
  })
})

describe('PATCH /v1/{userType}/{userId}', () => {
  it('approves a PENDING user with an empty comment, audits it and e-mails the terms link', async () => {
    const agency = await pendingUser()
    const sentBefore = t.sent.length
    const response = await patch(agency, 'APPROVED', { comments: 'ignored for an approval' })
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ status: 'APPROVED', comments: '', mailSent: true })
    const [stored] = await t.db.select().from(users).where(eq(users.id, agency.id))
    expect(stored).toMatchObject({ accountStatus: 'APPROVED', comments: '' })
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ACCOUNT_APPROVED'), eq(auditLog.entityId, String(agency.id))))
    expect(entry).toMatchObject({
      actorRole: 'SUPERADMIN',
      before: { accountStatus: 'PENDING' },
      after: { accountStatus: 'APPROVED', comments: '' },
    })
    const mail = t.sent.slice(sentBefore)
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ to: agency.email })
    expect(mail[0]!.text).toContain('https://console.example.in/terms-and-conditions')
    expect(mail[0]!.text).toMatch(/sign in/i)
  })

  it("requires comments to reject ('Comments are required'), then rejects, audits and e-mails them", async () => {
    const brand = await pendingUser('BRAND')
    for (const body of [{}, { comments: '' }, { comments: '   \n ' }]) {
      const refused = await patch(brand, 'REJECTED', body)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({
        message: 'Comments are required',
        fieldErrors: { comments: ['Comments are required'] },
      })
    }
    const sentBefore = t.sent.length
    const response = await patch(brand, 'REJECTED', { comments: '  GST document does not match  ' })
    expect(response.status).toBe(200)
    const [stored] = await t.db.select().from(users).where(eq(users.id, brand.id))
    expect(stored).toMatchObject({ accountStatus: 'REJECTED', comments: 'GST document does not match' })
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ACCOUNT_REJECTED'), eq(auditLog.entityId, String(brand.id))))
    expect(entries).toHaveLength(1)
    expect(t.sent.slice(sentBefore)[0]!.text).toContain('GST document does not match')
  })

  it('takes the comments as a plain-text body too', async () => {
    const seller = await pendingUser('SELLER')
    const response = await t.request(`${BASE}/v1/SELLER/${seller.id}?accountStatus=REJECTED`, {
      method: 'PATCH',
      token: superToken,
      headers: { 'content-type': 'text/plain' },
      body: 'Seller id belongs to another business',
    })
    expect(response.status).toBe(200)
    expect((await t.db.select().from(users).where(eq(users.id, seller.id)))[0]?.comments).toBe(
      'Seller id belongs to another business',
    )
  })

  it("acts only from PENDING: 409 'This user is not pending approval', nothing written", async () => {
    const agency = await pendingUser()
    expect((await patch(agency, 'APPROVED', {})).status).toBe(200)
    const auditsBefore = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(agency.id)))
    ).length
    for (const status of ['APPROVED', 'REJECTED']) {
      const again = await patch(agency, status, { comments: 'late' })
      expect(again.status).toBe(409)
      expect((await again.json()).message).toBe('This user is not pending approval')
    }
    expect((await t.db.select().from(users).where(eq(users.id, agency.id)))[0]).toMatchObject({
      accountStatus: 'APPROVED',
      comments: '',
    })
    expect(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(agency.id)))
      ).length,
    ).toBe(auditsBefore)
  })

  it('refuses hostile input with 400, never 500: other statuses, control characters, overlong comments, bad JSON', async () => {
    const agency = await pendingUser()
    expect((await patch(agency, 'REVOKED', { comments: 'x' })).status).toBe(400)
    expect((await patch(agency, 'PENDING', { comments: 'x' })).status).toBe(400)
    const control = await patch(agency, 'REJECTED', { comments: 'bad\u0000text' })
    expect(control.status).toBe(400)
    expect((await control.json()).message).toBe('Remove control characters from this field')
    expect((await patch(agency, 'REJECTED', { comments: 'x'.repeat(2001) })).status).toBe(400)
    expect((await patch(agency, 'REJECTED', { comments: 42 })).status).toBe(400)
    const malformed = await t.request(`${BASE}/v1/AGENCY/${agency.id}?accountStatus=REJECTED`, {
      method: 'PATCH',
      token: superToken,
      headers: { 'content-type': 'application/json' },
      body: '{"comments":',
    })
    expect(malformed.status).toBe(400)
    expect((await t.db.select().from(users).where(eq(users.id, agency.id)))[0]?.accountStatus).toBe('PENDING')
  })
})

describe('agency documents: upload and view', () => {
  it('stores an uploaded PDF, marks the document received, audits it and serves it inline', async () => {
    const agency = await pendingUser()
    const response = await upload(agency.id, 'gst-doc', multipart('../../GST certificate.pdf', PDF))
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({
      docType: 'GST Doc',
      received: true,
      viewable: true,
      fileName: 'GST certificate.pdf',
    })
    const [row] = await t.db
      .select()
      .from(agencyDocuments)
      .where(and(eq(agencyDocuments.agencyId, agency.id), eq(agencyDocuments.docType, 'GST Doc')))
    expect(row?.storagePath).toMatch(new RegExp(`^agency-documents/${agency.id}/gst-doc-[0-9a-f-]+\\.pdf$`))
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'AGENCY_DOCUMENT_UPLOADED'), eq(auditLog.entityId, row!.id)))
    expect(entry?.after).toMatchObject({ agencyId: agency.id, docType: 'GST Doc', kind: 'pdf' })

    const view = await t.request(uploadPath(agency.id, 'gst-doc'), { token: superToken })
    expect(view.status).toBe(200)
    expect(view.headers.get('content-type')).toBe('application/pdf')
    expect(view.headers.get('x-content-type-options')).toBe('nosniff')
    expect(view.headers.get('content-disposition')).toMatch(/^inline; filename="GST certificate\.pdf"/)
    expect(new Uint8Array(await view.arrayBuffer())).toEqual(PDF)

    const detail = await (await t.request(`${BASE}/v1/AGENCY/${agency.id}`, { token: superToken })).json()
    expect(detail.data.agencyDocuments.find((d: { slug: string }) => d.slug === 'gst-doc')).toMatchObject({
      viewable: true,
    })

    // A second upload replaces the file.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
    expect((await upload(agency.id, 'gst-doc', multipart('scan.png', png))).status).toBe(200)
    const again = await t.request(uploadPath(agency.id, 'gst-doc'), { token: superToken })
    expect(again.headers.get('content-type')).toBe('image/png')
  })

  it('refuses a file that is not PDF, PNG or JPEG by its content, whatever its name', async () => {
    const agency = await pendingUser()
    const response = await upload(
      agency.id,
      'pan-card',
      multipart('evil.pdf', new TextEncoder().encode('<html><script>alert(1)</script>')),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe('Upload a PDF, PNG or JPEG file')
    const rows = await t.db.select().from(agencyDocuments).where(eq(agencyDocuments.agencyId, agency.id))
    expect(rows).toHaveLength(0)
  })

  it('refuses an oversize file while it streams (413), without reading it all', async () => {
    const agency = await pendingUser()
    const chunk = new Uint8Array(1024 * 1024)
    chunk.set(PDF)
    let sent = 0
    const boundary = 'approvalsboundary'
    const encoder = new TextEncoder()
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
        )
      },
      pull(controller) {
        // 30 MB on offer; the platform must stop well before taking it all.
        if (sent >= 30) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`))
          controller.close()
          return
        }
        sent++
        controller.enqueue(chunk)
      },
    })
    const response = await t.request(uploadPath(agency.id, 'io-doc'), {
      method: 'POST',
      token: superToken,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect((await response.json()).message).toBe('File size exceeds 10MB limit')
    expect(sent).toBeLessThan(20)
    expect(
      await t.db.select().from(agencyDocuments).where(eq(agencyDocuments.agencyId, agency.id)),
    ).toHaveLength(0)
  })

  it('refuses a declared oversize body before reading it', async () => {
    const agency = await pendingUser()
    const response = await upload(agency.id, 'io-doc', multipart('a.pdf', PDF), superToken, {
      'content-length': String(50 * 1024 * 1024),
    })
    expect(response.status).toBe(413)
  })

  it('refuses path traversal and unknown document types (404), and non-agencies', async () => {
    const agency = await pendingUser()
    for (const slug of ['..%2F..%2Fetc%2Fpasswd', '..', 'IO%20Doc', 'io-doc%00', 'unknown']) {
      const response = await upload(agency.id, slug, multipart('a.pdf', PDF))
      expect(response.status, slug).toBe(404)
      expect((await t.request(uploadPath(agency.id, slug), { token: superToken })).status, slug).toBe(404)
    }
    const brand = await pendingUser('BRAND')
    expect((await upload(brand.id, 'io-doc', multipart('a.pdf', PDF))).status).toBe(404)
    expect(
      await t.db.select().from(agencyDocuments).where(eq(agencyDocuments.agencyId, agency.id)),
    ).toHaveLength(0)
  })

  it('answers 404 for a document received offline (no file) and 400 for a form without a file', async () => {
    const agency = await t.userByEmail('agency3@example.com')
    const view = await t.request(uploadPath(agency.id, 'io-doc'), { token: superToken })
    expect(view.status).toBe(404)
    expect((await view.json()).message).toBe('This document was received offline; no file is stored')
    const other = await pendingUser()
    expect((await upload(other.id, 'io-doc', multipart('a.pdf', PDF, 'other'))).status).toBe(400)
    expect(
      (await upload(other.id, 'io-doc', 'plain', superToken, { 'content-type': 'text/plain' })).status,
    ).toBe(400)
  })
})

describe('approval rules', () => {
  it('keeps the document list equal to the schema, maps slugs both ways and sniffs by content', () => {
    expect([...agencyDocumentTypes]).toEqual([...schemaDocumentTypes])
    expect(documentTypeOfSlug('professional-certificate')).toBe('Professional Certificate')
    expect(documentTypeOfSlug('../io-doc')).toBeNull()
    expect(sniffDocumentKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(sniffDocumentKind(new TextEncoder().encode('GIF89a'))).toBeNull()
    expect(cleanFileName('C:\\fakepath\\scan\u0007.pdf', 'x.pdf')).toBe('scan.pdf')
    expect(cleanFileName('..', 'x.pdf')).toBe('x.pdf')
  })
})

describe('hostile text in every field of these endpoints (fast-check, decision 021)', () => {
  const controlCharacter = fc
    .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
    .map((code) => String.fromCharCode(code))
  const withControl = fc
    .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
    .map(([before, control, after]) => `x${before}${control}${after}x`)
  // Over COMMENTS_MAX (2,000) even after trimming a trailing tab or line break.
  const overlong = fc
    .tuple(fc.integer({ min: 2002, max: 6000 }), fc.option(controlCharacter))
    .map(([length, control]) => `${'a'.repeat(length - 1)}${control ?? 'b'}`)
  const hostile = fc.oneof(withControl, overlong)
  /** Comments are multi-line: tab and line breaks are text there, every other control character is not. */
  const hostileComments = hostile.filter((value) => hasControlCharacters(value, true) || value.length > 2000)
  const RUNS = 40

  it('listing query: any value falls back to its default, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostile,
        fc.constantFrom('userType', 'status', 'sort', 'direction', 'page', 'size'),
        async (value, name) => {
          const response = await t.request(`${LISTING}?${new URLSearchParams({ [name]: value })}`, {
            token: superToken,
          })
          expect(response.status).toBe(200)
        },
      ),
      { numRuns: RUNS },
    )
  }, 60_000)

  it('PATCH comments (JSON and text) and accountStatus: 400 with a message, nothing written', async () => {
    const agency = await pendingUser()
    await fc.assert(
      fc.asyncProperty(hostileComments, fc.constantFrom('json', 'text', 'status'), async (value, where) => {
        const response =
          where === 'json'
            ? await patch(agency, 'REJECTED', { comments: value })
            : where === 'status'
              ? await patch(agency, value, { comments: 'fine' })
              : await t.request(`${BASE}/v1/AGENCY/${agency.id}?accountStatus=REJECTED`, {
                  method: 'PATCH',
                  token: superToken,
                  headers: { 'content-type': 'text/plain' },
                  body: value,
                })
        expect(response.status).toBe(400)
        expect((await response.json()).message).toEqual(expect.any(String))
      }),
      { numRuns: RUNS },
    )
    expect((await t.db.select().from(users).where(eq(users.id, agency.id)))[0]?.accountStatus).toBe('PENDING')
  }, 60_000)

  it('document type in the path and the file name of an upload: never a 500', async () => {
    const agency = await pendingUser()
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        const slug = encodeURIComponent(value.slice(0, 300))
        expect((await t.request(uploadPath(agency.id, slug), { token: superToken })).status).toBe(404)
        const named = await upload(agency.id, 'io-doc', multipart(value.slice(0, 500), PDF))
        // A name the multipart parser cannot read (an '=' inside it) is a 400 saying so; a read one is cleaned.
        expect([200, 400]).toContain(named.status)
        if (named.status !== 200) {
          expect((await named.json()).message).toMatch(/^The upload could not be read/)
          return
        }
        const { fileName } = (await named.json()).data as { fileName: string }
        expect(hasControlCharacters(fileName)).toBe(false)
        expect(fileName).not.toMatch(/["\\/]/)
        expect(fileName.length).toBeLessThanOrEqual(120)
      }),
      { numRuns: 20 },
    )
  }, 60_000)
})
