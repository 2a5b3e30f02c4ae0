// User management through the real route modules against the in-process test platform: the list's
// rows and edit icons per viewer, the detail's controls, and the dialogs' reason rule (spec accounts §5
// 'Reason cannot be empty'), kept values, server refusals and the success redirect with a banner.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { loadUserList, UserDetailData } from '../models/users.server'
import { loader as listLoader } from '../routes/admin.userManagement'
import { loader as allAdvertisersLoader } from '../routes/admin.userManagement.all-advertisers'
import { loader as detailLoader } from '../routes/admin.userManagement_.$email'
import { action as accessAction, loader as accessLoader } from '../routes/admin.userManagement_.$email.access'
import { loader as brandsLoader } from '../routes/admin.userManagement_.$email.brands'
import { action as reactivateAction } from '../routes/admin.userManagement_.$email.reactivate'
import { action as revokeAction, loader as revokeLoader } from '../routes/admin.userManagement_.$email.revoke'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

type ListData = Awaited<ReturnType<typeof loadUserList>>

let h: RouteHarness
let superCookie: string
let opsCookie: string
beforeAll(async () => {
  h = await createRouteHarness()
  superCookie = await h.cookieFor('superadmin@example.com')
  opsCookie = await h.cookieFor('ops@example.com')
})
afterAll(async () => {
  await h?.close()
})

let serial = 0
async function makeUser(role: 'OPS' | 'AGENCY', status: 'APPROVED' | 'REJECTED' | 'REVOKED' = 'APPROVED') {
  serial++
  const email = `route-${role.toLowerCase()}-${serial}@example.test`
  // Raw SQL: console tests may not import the platform's schema (tests/architecture.test.ts).
  await h.t.db.execute(
    sql`insert into users (name, email, role, account_status, added_by)
        values (${`Route ${role} ${serial}`}, ${email}, ${role}, ${status}, 'route-test')`,
  )
  return email
}

const enc = encodeURIComponent
const detail = (email: string) => `/admin/userManagement/${enc(email)}`

describe('the list', () => {
  it('gives SUPERADMIN the detail icon except on PENDING/REJECTED rows, OPS only the edit on REJECTED agencies', async () => {
    const asSuper = await h.load<ListData>(listLoader, '/admin/userManagement?size=100', {
      cookie: superCookie,
    })
    expect(asSuper.status).toBe(200)
    for (const row of asSuper.data.page!.rows) {
      const expected = row.accountStatus === 'PENDING' || row.accountStatus === 'REJECTED' ? null : 'detail'
      expect(row.edit, `${row.email} ${row.accountStatus}`).toBe(expected)
    }
    const asOps = await h.load<ListData>(listLoader, '/admin/userManagement?size=100&userType=AGENCY', {
      cookie: opsCookie,
    })
    const rows = asOps.data.page!.rows
    expect(rows.some((r) => r.accountStatus === 'REJECTED')).toBe(true)
    for (const row of rows) expect(row.edit).toBe(row.accountStatus === 'REJECTED' ? 'edit' : null)
    expect(rows.every((r) => r.brandCount !== null)).toBe(true)
    // IST table format.
    expect(rows[0]!.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('falls back to the defaults for bad query values instead of failing', async () => {
    const answer = await h.load<ListData>(listLoader, '/admin/userManagement?size=7&userType=ROOT&page=-1', {
      cookie: superCookie,
    })
    expect(answer.status).toBe(200)
    expect(answer.data.state).toMatchObject({ size: 10, userType: 'ALL', page: 1 })
    expect(answer.data.error).toBeNull()
  })

  it("shows the server's message in the Error panel, else 'Something went wrong' (spec §8)", async () => {
    const failing = (body: string) => ({
      ...h.context(),
      platformFetch: async (request: Request) =>
        new URL(request.url).pathname.endsWith('/userManagement/details')
          ? new Response(body, { status: 500, headers: { 'content-type': 'application/json' } })
          : h.t.platform.fetch(request),
    })
    const run = (body: string) =>
      listLoader({
        request: h.request('/admin/userManagement', { cookie: superCookie }),
        context: failing(body),
        params: {},
      }) as Promise<ListData>
    const withMessage = await run(JSON.stringify({ code: 500, message: 'Directory offline', errors: [] }))
    expect(withMessage).toMatchObject({ error: 'Directory offline', page: null })
    const bare = await run('')
    expect(bare).toMatchObject({ error: 'Something went wrong', page: null })
  })

  it('sends advertisers to Login and passes the CSVs through', async () => {
    const seller = await h.cookieFor('seller@example.com', { sellerId: 100001 })
    const refused = await h.load(listLoader, '/admin/userManagement', { cookie: seller })
    expect(refused.status).toBe(302)
    expect(refused.location).toBe('/')
    const all = await h.load(allAdvertisersLoader, '/admin/userManagement/all-advertisers', {
      cookie: opsCookie,
    })
    expect(all.status).toBe(200)
    expect(all.headers.get('content-type')).toContain('text/csv')
    expect(String(all.data).split('\r\n')[0]).toBe('Entity Type,Entity Id,Entity Name,Entity Email')
    const brands = await h.load(brandsLoader, `${detail('agency@example.com')}/brands`, {
      cookie: opsCookie,
      params: { email: 'agency@example.com' },
    })
    expect(brands.status).toBe(200)
    expect(String(brands.data).split('\r\n')[0]).toBe('Brand Id,Brand Name')
  })
})

describe('the detail', () => {
  it('shows SUPERADMIN the access and status controls, OPS none, and an Error panel for an unknown user', async () => {
    const email = await makeUser('OPS')
    const asSuper = await h.load<UserDetailData>(detailLoader, detail(email), {
      cookie: superCookie,
      params: { email },
    })
    expect(asSuper.data.controls).toEqual({ access: true, status: 'revoke' })
    const asOps = await h.load<UserDetailData>(detailLoader, detail(email), {
      cookie: opsCookie,
      params: { email },
    })
    expect(asOps.data.profile?.email).toBe(email)
    expect(asOps.data.controls).toEqual({ access: false, status: null })
    const self = await h.load<UserDetailData>(detailLoader, detail('superadmin@example.com'), {
      cookie: superCookie,
      params: { email: 'superadmin@example.com' },
    })
    expect(self.data.controls).toEqual({ access: false, status: null })
    const missing = await h.load<UserDetailData>(detailLoader, detail('ghost@example.com'), {
      cookie: superCookie,
      params: { email: 'ghost@example.com' },
    })
    expect(missing.status).toBe(404)
    expect(missing.data.error).toBe('User not found')
  })

  it('sends OPS away from the dialogs (SUPERADMIN only)', async () => {
    const email = await makeUser('OPS')
    const answer = await h.load(revokeLoader, `${detail(email)}/revoke`, {
      cookie: opsCookie,
      params: { email },
    })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/')
  })
})

describe('the dialogs', () => {
  it("access: an empty or blank reason gets 'Reason cannot be empty' at the field; nothing changes", async () => {
    const email = await makeUser('OPS')
    for (const reason of ['', '   ']) {
      const answer = await h.submit(
        accessAction,
        `${detail(email)}/access`,
        { reason, newRole: 'SUPERADMIN' },
        {
          cookie: superCookie,
          params: { email },
        },
      )
      expect(answer.status).toBe(400)
      expect(formErrors(answer.data)).toEqual({ reason: ['Reason cannot be empty'] })
    }
    expect((await h.t.userByEmail(email)).role).toBe('OPS')
  })

  it('access: offers only the other role, and a good reason changes it and redirects with a banner', async () => {
    const email = await makeUser('OPS')
    const dialog = await h.load<{ newRole: string }>(accessLoader, `${detail(email)}/access`, {
      cookie: superCookie,
      params: { email },
    })
    expect(dialog.data.newRole).toBe('SUPERADMIN')
    const answer = await h.submit(
      accessAction,
      `${detail(email)}/access`,
      { reason: 'Covers billing' },
      {
        cookie: superCookie,
        params: { email },
      },
    )
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(detail(email))
    expect(answer.cookies.join(';')).toMatch(/flash/i)
    expect((await h.t.userByEmail(email)).role).toBe('SUPERADMIN')
  })

  it('revoke: keeps what was typed when the server refuses it, puts control characters at the field', async () => {
    const email = await makeUser('AGENCY')
    const hostile = await h.submit(
      revokeAction,
      `${detail(email)}/revoke`,
      { reason: 'bad\u0007reason' },
      {
        cookie: superCookie,
        params: { email },
      },
    )
    expect(hostile.status).toBe(400)
    expect(formErrors(hostile.data)).toEqual({ reason: ['Remove control characters from this field'] })
    const long = 'x'.repeat(501)
    const tooLong = await h.submit(
      revokeAction,
      `${detail(email)}/revoke`,
      { reason: long },
      {
        cookie: superCookie,
        params: { email },
      },
    )
    expect(tooLong.status).toBe(400)
    expect(formErrors(tooLong.data)).toEqual({ reason: ['Must be at most 500 characters'] })
    expect(
      (tooLong.data as { lastResult: { initialValue: Record<string, string> } }).lastResult.initialValue
        .reason,
    ).toBe(long)
    expect((await h.t.userByEmail(email)).accountStatus).toBe('APPROVED')
  })

  it('revoke then reactivate with reasons; a stale dialog goes back to the detail', async () => {
    const email = await makeUser('AGENCY')
    const revoked = await h.submit(
      revokeAction,
      `${detail(email)}/revoke`,
      { reason: 'Unpaid invoices' },
      {
        cookie: superCookie,
        params: { email },
      },
    )
    expect(revoked.status).toBe(302)
    expect(revoked.location).toBe(detail(email))
    const row = await h.t.userByEmail(email)
    expect(row).toMatchObject({ accountStatus: 'REVOKED', comments: 'Unpaid invoices' })
    // Revoking again: the dialog no longer applies.
    const stale = await h.load(revokeLoader, `${detail(email)}/revoke`, {
      cookie: superCookie,
      params: { email },
    })
    expect(stale.status).toBe(302)
    expect(stale.location).toBe(detail(email))
    const empty = await h.submit(
      reactivateAction,
      `${detail(email)}/reactivate`,
      { reason: '' },
      {
        cookie: superCookie,
        params: { email },
      },
    )
    expect(formErrors(empty.data)).toEqual({ reason: ['Reason cannot be empty'] })
    const back = await h.submit(
      reactivateAction,
      `${detail(email)}/reactivate`,
      { reason: 'Paid' },
      {
        cookie: superCookie,
        params: { email },
      },
    )
    expect(back.status).toBe(302)
    expect((await h.t.userByEmail(email)).accountStatus).toBe('REACTIVATED')
  })
})
