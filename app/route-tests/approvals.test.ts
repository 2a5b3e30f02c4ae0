// The approval screens through the real route modules against the in-process test platform: the list,
// 'Comments are required' with what was typed kept, the rejection and approval with their flash, and the
// document upload and view passed through.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../platform/testing/console-tests'
import { loader as listLoader } from '../routes/admin.approval'
import { loader as detailLoader } from '../routes/admin.approval_.$userType.$userId'
import { action as approveAction } from '../routes/admin.approval_.$userType.$userId.approve'
import {
  action as documentAction,
  loader as documentLoader,
} from '../routes/admin.approval_.$userType.$userId.documents.$docType'
import {
  action as rejectAction,
  loader as rejectLoader,
} from '../routes/admin.approval_.$userType.$userId.reject'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
let cookie: string
beforeAll(async () => {
  h = await createRouteHarness()
  cookie = await h.cookieFor('superadmin@example.com')
})
afterAll(async () => {
  await h?.close()
})

let seq = 0
async function pendingAgency() {
  seq++
  const [row] = await h.t.db
    .insert(users)
    .values({
      name: `Route Test Agency ${seq}`,
      email: `route-approvals-${seq}-${Math.random().toString(36).slice(2)}@test.example`,
      role: 'AGENCY',
      accountStatus: 'PENDING',
      addedBy: 'ops@example.com',
    })
    .returning()
  const params = { userType: 'AGENCY', userId: String(row!.id) }
  return { row: row!, params, base: `/admin/approval/AGENCY/${row!.id}` }
}

describe('approval list', () => {
  it('lists registrations for SUPERADMIN and sends OPS to Login', async () => {
    const answer = await h.load<{ page: { items: { status: string }[] } }>(
      listLoader,
      '/admin/approval?status=PENDING',
      { cookie },
    )
    expect(answer.status).toBe(200)
    expect(answer.data.page.items.length).toBeGreaterThan(0)
    expect(answer.data.page.items.every((i) => i.status === 'PENDING')).toBe(true)
    const ops = await h.load(listLoader, '/admin/approval', { cookie: await h.cookieFor('ops@example.com') })
    expect(ops.location).toBe('/')
  })
})

describe('reject', () => {
  it("answers 'Comments are required' at the field and keeps what was typed", async () => {
    const { params, base, row } = await pendingAgency()
    for (const comments of ['', '   ']) {
      for (const intent of ['review', 'confirm']) {
        const answer = await h.submit(
          rejectAction,
          `${base}/reject`,
          { intent, comments },
          { cookie, params },
        )
        expect(answer.status, `${intent} '${comments}'`).toBe(400)
        expect(formErrors(answer.data)).toEqual({ comments: ['Comments are required'] })
        const typed = (answer.data as { lastResult: { initialValue: Record<string, string> } }).lastResult
          .initialValue
        // conform leaves an empty field out; spaces come back as typed.
        expect(typed.comments ?? '').toBe(comments)
      }
    }
    // Control characters are refused at the field too, the text kept.
    const hostile = await h.submit(
      rejectAction,
      `${base}/reject`,
      { intent: 'confirm', comments: 'bad\u0007' },
      { cookie, params },
    )
    expect(hostile.status).toBe(400)
    expect(formErrors(hostile.data)).toEqual({ comments: ['Remove control characters from this field'] })
    expect(
      (hostile.data as { lastResult: { initialValue: Record<string, string> } }).lastResult.initialValue
        .comments,
    ).toBe('bad\u0007')
    expect((await h.t.userByEmail(row.email)).accountStatus).toBe('PENDING')
  })

  it('opens the confirmation with the typed comments, then rejects and returns to the list with a message', async () => {
    const { params, base, row } = await pendingAgency()
    const review = await h.submit(
      rejectAction,
      `${base}/reject`,
      { intent: 'review', comments: 'Missing GST document' },
      { cookie, params },
    )
    expect(review.status).toBe(200)
    expect(
      (review.data as { lastResult: { initialValue: { comments: string } } }).lastResult.initialValue
        .comments,
    ).toBe('Missing GST document')
    expect((await h.t.userByEmail(row.email)).accountStatus).toBe('PENDING')

    const confirm = await h.submit(
      rejectAction,
      `${base}/reject`,
      { intent: 'confirm', comments: 'Missing GST document' },
      { cookie, params },
    )
    expect(confirm.status).toBe(302)
    expect(confirm.location).toBe('/admin/approval')
    expect(confirm.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
    expect(await h.t.userByEmail(row.email)).toMatchObject({
      accountStatus: 'REJECTED',
      comments: 'Missing GST document',
    })

    // No longer pending: the dialogs lead back to the detail.
    const again = await h.load(rejectLoader, `${base}/reject`, { cookie, params })
    expect(again.location).toBe(base)
  })
})

describe('approve', () => {
  it('approves, e-mails the terms link and returns to the list', async () => {
    const { params, base, row } = await pendingAgency()
    const sent = h.t.sent.length
    const answer = await h.submit(approveAction, `${base}/approve`, {}, { cookie, params })
    expect(answer.location).toBe('/admin/approval')
    expect((await h.t.userByEmail(row.email)).accountStatus).toBe('APPROVED')
    const mail = h.t.sent.slice(sent).find((m) => m.to === row.email)
    expect(mail?.text).toContain('/terms-and-conditions')
  })
})

describe('detail and documents', () => {
  it('answers 404 for a user of another type or a malformed id', async () => {
    const { row } = await pendingAgency()
    const wrongType = await h.load(detailLoader, `/admin/approval/BRAND/${row.id}`, {
      cookie,
      params: { userType: 'BRAND', userId: String(row.id) },
    })
    expect(wrongType.status).toBe(404)
    const bad = await h.load(detailLoader, '/admin/approval/AGENCY/1x', {
      cookie,
      params: { userType: 'AGENCY', userId: '1x' },
    })
    expect(bad.status).toBe(404)
  })

  it('uploads a PDF through the console and serves it back inline', async () => {
    const { params, base, row } = await pendingAgency()
    const form = new FormData()
    form.append(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], { type: 'application/pdf' }),
      'io.pdf',
    )
    const request = new Request(`http://console.test${base}/documents/io-doc`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: form,
    })
    const answer = (await documentAction({
      request,
      context: h.context(),
      params: { ...params, docType: 'io-doc' },
    })) as Response
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`${base}#documents`)
    const detail = await h.load<{ detail: { agencyDocuments: { slug: string; viewable: boolean }[] } }>(
      detailLoader,
      base,
      { cookie, params },
    )
    expect(detail.data.detail.agencyDocuments.find((d) => d.slug === 'io-doc')?.viewable).toBe(true)
    const view = await h.load(documentLoader, `${base}/documents/io-doc`, {
      cookie,
      params: { ...params, docType: 'io-doc' },
    })
    expect(view.status).toBe(200)
    expect(view.headers.get('content-type')).toBe('application/pdf')
    expect(view.headers.get('content-disposition')).toMatch(/^inline; filename="io\.pdf"/)
    const missing = await h.load(documentLoader, `${base}/documents/..`, {
      cookie,
      params: { ...params, docType: '..' },
    })
    expect(missing.status).toBe(404)
    expect(row.id).toBeGreaterThan(0)
  })
})

describe('a revoked SUPERADMIN', () => {
  it('is sent to Login by the list: the platform refuses its token at once', async () => {
    // Revoke the signed-in user's own account: the platform answers 401 and the console sends it to Login.
    const admin = await h.t.userByEmail('superadmin@example.com')
    await h.t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.id, admin.id))
    try {
      const answer = await h.load(listLoader, '/admin/approval', { cookie })
      expect(answer.location).toBe('/')
    } finally {
      await h.t.db.update(users).set({ accountStatus: 'APPROVED' }).where(eq(users.id, admin.id))
    }
  })
})

describe('Error panel (spec §8)', () => {
  /** A load context whose listing call fails with `answer`; every other call reaches the test platform. */
  function failingListing(answer: () => Response) {
    const context = h.context()
    return {
      ...context,
      platformFetch: (request: Request) =>
        new URL(request.url).pathname.endsWith('/v1/approval/listing')
          ? Promise.resolve(answer())
          : context.platformFetch(request),
    }
  }
  const listRequest = () => h.request('/admin/approval', { cookie })

  it("shows the server's message, else 'Something went wrong'", async () => {
    const withMessage = (await listLoader({
      request: listRequest(),
      context: failingListing(() =>
        Response.json(
          { code: 503, message: 'Service unavailable', errors: ['Service unavailable'] },
          { status: 503 },
        ),
      ),
      params: {},
    })) as { error: string | null; page: unknown }
    expect(withMessage).toMatchObject({ error: 'Service unavailable', page: null })

    const without = (await listLoader({
      request: listRequest(),
      context: failingListing(() => new Response(null, { status: 500 })),
      params: {},
    })) as { error: string | null }
    expect(without.error).toBe('Something went wrong')
  })
})
