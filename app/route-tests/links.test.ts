// The agency-link screens through their real route modules against the in-process test platform
// (decision 036): each form message of spec accounts §5, values kept, prefills, the dialogs, the CSV
// files, and an agency sent back to account selection once its brand is de-linked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { AGENCY_LOST_BRAND } from '../models/campaign-page.server'
import { loader as campaignsLoader } from '../routes/_advertiser.campaigns'
import { action as delinkAction, loader as delinkLoader } from '../routes/_advertiser.delink'
import { action as linkAction, loader as linkLoader } from '../routes/_advertiser.link'
import { loader as linkedBrandsLoader } from '../routes/_advertiser.link_.linked-brands'
import { loader as requestApprovalLoader } from '../routes/_advertiser.requestApproval'
import {
  action as approveAction,
  loader as approveLoader,
} from '../routes/_advertiser.requestApproval.$requestId.approve'
import {
  action as rejectAction,
  loader as rejectLoader,
} from '../routes/_advertiser.requestApproval.$requestId.reject'
import { loader as linkedAgenciesLoader } from '../routes/_advertiser.requestApproval_.linked-agencies'
import { loader as adminListLoader } from '../routes/admin.requestApproval'
import { loader as adminDetailLoader } from '../routes/admin.requestApproval_.$requestId'
import {
  action as adminDelinkAction,
  loader as adminDelinkLoader,
} from '../routes/admin.requestApproval_.$requestId.delink'
import { action as adminRejectAction } from '../routes/admin.requestApproval_.$requestId.reject'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
let serial = 0
beforeAll(async () => {
  h = await createRouteHarness()
})
afterAll(async () => {
  await h?.close()
})

/** A user of its own, signed in (a console cookie); BRANDs get their own brand account. */
async function newUser(role: 'AGENCY' | 'BRAND', name?: string) {
  serial++
  const email = `route-links-${role.toLowerCase()}-${serial}@links.test`
  const shown = name ?? `Route ${role} ${serial}`
  // Plain SQL: console tests reach the platform only through its test harness (tests/architecture.test.ts).
  const brandId = role === 'BRAND' ? 870_000 + serial : null
  if (brandId)
    await h.t.db.execute(sql`insert into accounts (id, kind, name) values (${brandId}, 'BRAND', ${shown})`)
  const inserted = (await h.t.db.execute(sql`
    insert into users (id, account_id, name, email, role, account_status, two_factor_registered, tnc_acceptance)
    values (coalesce(${brandId}::bigint, nextval('user_id_seq')), ${brandId}, ${shown}, ${email}, ${role},
            'APPROVED', true, true)
    returning id`)) as unknown as { rows: { id: string | number }[] }
  const id = Number(inserted.rows[0]?.id)
  const cookie = await h.cookieFor(email, { sellerId: brandId })
  return { id, email, name: shown, cookie }
}

type Reply = { lastResult: { initialValue?: Record<string, unknown> }; error: string | null }
const kept = (data: unknown) => (data as Reply).lastResult.initialValue
const panel = (data: unknown) => (data as Reply).error

async function requestLink(agency: { cookie: string }, brandId: number | string) {
  return h.submit(linkAction, '/link', { brandId: String(brandId) }, { cookie: agency.cookie })
}

async function pendingRequestId(brand: { cookie: string }) {
  const list = await h.load<{ rows: { requestId: number }[] }>(requestApprovalLoader, '/requestApproval', {
    cookie: brand.cookie,
  })
  return String(list.data.rows[0]?.requestId)
}

async function linked(agency: { cookie: string }, brand: { id: number; cookie: string }) {
  expect((await requestLink(agency, brand.id)).status).toBe(302)
  const requestId = await pendingRequestId(brand)
  const path = `/requestApproval/${requestId}/approve`
  const answer = await h.submit(approveAction, path, {}, { cookie: brand.cookie, params: { requestId } })
  expect(answer.location).toBe('/requestApproval')
}

describe('/link (AGENCY)', () => {
  it("says 'Brand ID is invalid' for an empty or non-digit id, keeping what was typed", async () => {
    const agency = await newUser('AGENCY')
    for (const typed of ['', '12ab', '  ', '1 2']) {
      const answer = await requestLink(agency, typed)
      expect(answer.status).toBe(400)
      expect(formErrors(answer.data)).toEqual({ brandId: ['Brand ID is invalid'] })
      if (typed.trim()) expect(kept(answer.data)).toEqual({ brandId: typed })
    }
  })

  it('puts the platform’s refusal of an id that is not a brand at the field', async () => {
    const agency = await newUser('AGENCY')
    const answer = await requestLink(agency, '100001')
    expect(answer.status).toBe(400)
    expect(formErrors(answer.data)).toEqual({ brandId: ['Brand ID is invalid'] })
    expect(kept(answer.data)).toEqual({ brandId: '100001' })
  })

  it('creates the request (redirect with a flash), then shows a duplicate in the Error panel', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND', 'Route Pending Brand')
    const created = await requestLink(agency, brand.id)
    expect(created).toMatchObject({ status: 302, location: '/link' })
    expect(created.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
    const again = await requestLink(agency, brand.id)
    expect(again.status).toBe(409)
    expect(panel(again.data)).toBe('A link request for this brand is already pending')
    expect(kept(again.data)).toEqual({ brandId: String(brand.id) })

    const page = await h.load<Awaited<ReturnType<typeof linkLoader>>>(linkLoader, '/link', {
      cookie: agency.cookie,
    })
    expect(page.data.history?.rows).toEqual([
      expect.objectContaining({
        brandName: 'Route Pending Brand',
        status: 'PENDING',
        statusLabel: 'Pending',
        tone: 'amber',
        actioned: '—',
      }),
    ])
    expect(page.data.history).toMatchObject({ page: 1, size: 5, totalCount: 1 })
  })

  it('pages the history 5 by default, 5/10/15 from the URL, a bad size falls back', async () => {
    const agency = await newUser('AGENCY')
    for (let i = 0; i < 6; i++) await requestLink(agency, (await newUser('BRAND')).id)
    type Page = Awaited<ReturnType<typeof linkLoader>>
    const first = await h.load<Page>(linkLoader, '/link', { cookie: agency.cookie })
    expect(first.data.history).toMatchObject({ size: 5, totalPages: 2 })
    expect(first.data.history?.rows).toHaveLength(5)
    const ten = await h.load<Page>(linkLoader, '/link?size=10', { cookie: agency.cookie })
    expect(ten.data.history?.rows).toHaveLength(6)
    const odd = await h.load<Page>(linkLoader, '/link?size=7&page=x', { cookie: agency.cookie })
    expect(odd.data.history).toMatchObject({ size: 5, page: 1 })
  })

  it('is for agencies: a brand is sent to Login', async () => {
    const brand = await newUser('BRAND')
    expect((await h.load(linkLoader, '/link', { cookie: brand.cookie })).location).toBe('/')
    expect((await requestLink(brand, '200001')).location).toBe('/')
  })
})

describe('/requestApproval (BRAND)', () => {
  it('lists the request with the agency’s e-mail; the dialogs ask the spec’s question; Link approves', async () => {
    const agency = await newUser('AGENCY', 'Route Agency One')
    const brand = await newUser('BRAND')
    await requestLink(agency, brand.id)
    const list = await h.load<Awaited<ReturnType<typeof requestApprovalLoader>>>(
      requestApprovalLoader,
      '/requestApproval',
      { cookie: brand.cookie },
    )
    expect(list.data.rows).toEqual([
      expect.objectContaining({
        agencyName: 'Route Agency One',
        agencyEmail: agency.email,
        requestedBy: 'Route Agency One',
      }),
    ])
    const requestId = String(list.data.rows[0]?.requestId)
    const init = { cookie: brand.cookie, params: { requestId } }
    const approve = await h.load<{ verb: string; agencyName: string }>(
      approveLoader,
      `/requestApproval/${requestId}/approve`,
      init,
    )
    expect(approve.data).toMatchObject({ verb: 'approve', agencyName: 'Route Agency One' })
    const reject = await h.load<{ verb: string }>(rejectLoader, `/requestApproval/${requestId}/reject`, init)
    expect(reject.data.verb).toBe('reject')
    const done = await h.submit(approveAction, `/requestApproval/${requestId}/approve`, {}, init)
    expect(done).toMatchObject({ status: 302, location: '/requestApproval' })
    // Answered: the dialog's URL now leads back to the list with a note.
    const stale = await h.load(approveLoader, `/requestApproval/${requestId}/approve`, init)
    expect(stale).toMatchObject({ status: 302, location: '/requestApproval' })

    const page = await h.load<Awaited<ReturnType<typeof linkLoader>>>(linkLoader, '/link', {
      cookie: agency.cookie,
    })
    expect(page.data.history?.rows[0]).toMatchObject({
      status: 'APPROVED',
      statusLabel: 'Approved',
      tone: 'green',
    })
  })

  it('Reject rejects; the history shows it red with its words', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    await requestLink(agency, brand.id)
    const requestId = await pendingRequestId(brand)
    const init = { cookie: brand.cookie, params: { requestId } }
    const done = await h.submit(rejectAction, `/requestApproval/${requestId}/reject`, {}, init)
    expect(done.location).toBe('/requestApproval')
    const page = await h.load<Awaited<ReturnType<typeof linkLoader>>>(linkLoader, '/link', {
      cookie: agency.cookie,
    })
    expect(page.data.history?.rows[0]).toMatchObject({
      status: 'REJECTED',
      statusLabel: 'Rejected',
      tone: 'red',
    })
  })

  it("another brand's request id is not found: back to the list", async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const other = await newUser('BRAND')
    await requestLink(agency, brand.id)
    const requestId = await pendingRequestId(brand)
    const answer = await h.submit(
      approveAction,
      `/requestApproval/${requestId}/approve`,
      {},
      { cookie: other.cookie, params: { requestId } },
    )
    expect(answer.location).toBe('/requestApproval')
    expect(await pendingRequestId(brand)).toBe(requestId)
  })
})

describe('CSV files', () => {
  it('View Linked Brands and View Linked Agencies are the platform’s formula-safe CSVs', async () => {
    const agency = await newUser('AGENCY', '-Route Agency')
    const brand = await newUser('BRAND', '+Route Brand')
    await linked(agency, brand)
    const brands = await h.load<string>(linkedBrandsLoader, '/link/linked-brands', { cookie: agency.cookie })
    expect(brands.headers.get('content-type')).toContain('text/csv')
    expect(brands.data).toContain('Brand Id,Brand Name,Linked On')
    expect(brands.data).toContain(`${brand.id},'+Route Brand,`)
    const agencies = await h.load<string>(linkedAgenciesLoader, '/requestApproval/linked-agencies', {
      cookie: brand.cookie,
    })
    expect(agencies.data).toContain(`${agency.id},'-Route Agency,${agency.email},`)
  })
})

describe('/delink (AGENCY, BRAND)', () => {
  it("prefills a brand's own id and an agency's own e-mail", async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const forBrand = await h.load<{ prefill: { initialValue: Record<string, string> } }>(
      delinkLoader,
      '/delink',
      {
        cookie: brand.cookie,
      },
    )
    expect(forBrand.data.prefill.initialValue).toEqual({ brandId: String(brand.id) })
    const forAgency = await h.load<{ prefill: { initialValue: Record<string, string> } }>(
      delinkLoader,
      '/delink',
      {
        cookie: agency.cookie,
      },
    )
    expect(forAgency.data.prefill.initialValue).toEqual({ agencyId: agency.email })
  })

  it("gives the spec's three messages, keeping what was typed", async () => {
    const agency = await newUser('AGENCY')
    const empty = await h.submit(
      delinkAction,
      '/delink',
      { brandId: '', agencyId: '', deLinkReason: '' },
      {
        cookie: agency.cookie,
      },
    )
    expect(empty.status).toBe(400)
    expect(formErrors(empty.data)).toEqual({
      brandId: ['Brand ID is invalid'],
      agencyId: ['Agency ID is invalid'],
      deLinkReason: ['Delink reason cannot be empty'],
    })
    const typed = { brandId: 'B12', agencyId: 'not-an-email', deLinkReason: '   ' }
    const bad = await h.submit(delinkAction, '/delink', typed, { cookie: agency.cookie })
    expect(formErrors(bad.data)).toEqual({
      brandId: ['Brand ID is invalid'],
      agencyId: ['Agency ID is invalid'],
      deLinkReason: ['Delink reason cannot be empty'],
    })
    expect(kept(bad.data)).toEqual(typed)
    const control = await h.submit(
      delinkAction,
      '/delink',
      { brandId: '200001', agencyId: agency.email, deLinkReason: 'bad\u0007bell' },
      { cookie: agency.cookie },
    )
    expect(formErrors(control.data)).toEqual({ deLinkReason: ['Remove control characters from this field'] })
  })

  it('shows the platform’s refusals: another agency at the field, no link in the Error panel', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    const form = { brandId: String(brand.id), agencyId: agency.email, deLinkReason: 'Ending the contract' }
    const notLinked = await h.submit(delinkAction, '/delink', form, { cookie: agency.cookie })
    expect(notLinked.status).toBe(409)
    expect(panel(notLinked.data)).toBe('This agency and brand are not linked')
    expect(kept(notLinked.data)).toEqual(form)
    const other = await newUser('AGENCY')
    const notMine = await h.submit(delinkAction, '/delink', form, { cookie: other.cookie })
    expect(notMine.status).toBe(403)
    expect(formErrors(notMine.data)).toEqual({
      agencyId: ['You can request a de-link only for your own agency'],
    })
  })
})

describe('/admin/requestApproval (SUPERADMIN) and the agency losing the brand', () => {
  it('a brand asks, the super admin de-links, and the agency’s campaign list sends it to account selection', async () => {
    const agency = await newUser('AGENCY', 'Route Delink Agency')
    const brand = await newUser('BRAND', 'Route Delink Brand')
    await linked(agency, brand)
    const agencyOnBrand = await h.cookieFor(agency.email, { sellerId: brand.id })
    const before = await h.load(campaignsLoader, '/campaigns', { cookie: agencyOnBrand })
    expect(before.status).toBe(200)

    const asked = await h.submit(
      delinkAction,
      '/delink',
      { brandId: String(brand.id), agencyId: agency.email, deLinkReason: 'Moving in house' },
      { cookie: brand.cookie },
    )
    expect(asked).toMatchObject({ status: 302, location: '/delink' })

    const superadmin = await h.cookieFor('superadmin@example.com')
    type Row = { requestId: number; brandName: string; reason: string; detail: string }
    const list = await h.load<{ rows: Row[] }>(adminListLoader, '/admin/requestApproval', {
      cookie: superadmin,
    })
    const row = list.data.rows.find((r) => r.brandName === 'Route Delink Brand')
    expect(row).toMatchObject({
      reason: 'Moving in house',
      detail: `/admin/requestApproval/${row?.requestId}`,
    })
    const requestId = String(row?.requestId)
    const init = { cookie: superadmin, params: { requestId } }
    const detail = await h.load<{ status: string; agencyName: string }>(adminDetailLoader, row!.detail, init)
    expect(detail.data).toMatchObject({ status: 'PENDING', agencyName: 'Route Delink Agency' })
    const dialog = await h.load<{ back: string }>(adminDelinkLoader, `${row!.detail}/delink`, init)
    expect(dialog.data.back).toBe(row!.detail)
    const done = await h.submit(adminDelinkAction, `${row!.detail}/delink`, {}, init)
    expect(done).toMatchObject({ status: 302, location: '/admin/requestApproval' })
    // Decided: the dialog leads back to the detail, which says so.
    expect((await h.load(adminDelinkLoader, `${row!.detail}/delink`, init)).location).toBe(row!.detail)
    expect((await h.load<{ status: string }>(adminDetailLoader, row!.detail, init)).data.status).toBe(
      'APPROVED',
    )

    const after = await h.load(campaignsLoader, '/campaigns', { cookie: agencyOnBrand })
    expect(after).toMatchObject({ status: 302, location: '/select-account' })
    expect(after.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
    expect(AGENCY_LOST_BRAND).toMatch(/no longer linked/)
  })

  it('Reject keeps the link; other roles are sent away; an unknown id is 404', async () => {
    const agency = await newUser('AGENCY')
    const brand = await newUser('BRAND')
    await linked(agency, brand)
    await h.submit(
      delinkAction,
      '/delink',
      { brandId: String(brand.id), agencyId: agency.email, deLinkReason: 'Maybe' },
      { cookie: agency.cookie },
    )
    const superadmin = await h.cookieFor('superadmin@example.com')
    const list = await h.load<{ rows: { requestId: number; agencyEmail: string }[] }>(
      adminListLoader,
      '/admin/requestApproval',
      { cookie: superadmin },
    )
    const requestId = String(list.data.rows.find((r) => r.agencyEmail === agency.email)?.requestId)
    const path = `/admin/requestApproval/${requestId}/reject`
    const done = await h.submit(adminRejectAction, path, {}, { cookie: superadmin, params: { requestId } })
    expect(done.location).toBe('/admin/requestApproval')
    const agencyOnBrand = await h.cookieFor(agency.email, { sellerId: brand.id })
    expect((await h.load(campaignsLoader, '/campaigns', { cookie: agencyOnBrand })).status).toBe(200)

    const ops = await h.cookieFor('ops@example.com')
    expect((await h.load(adminListLoader, '/admin/requestApproval', { cookie: ops })).location).toBe('/')
    const missing = await h.load(adminDetailLoader, '/admin/requestApproval/99999999', {
      cookie: superadmin,
      params: { requestId: '99999999' },
    })
    expect(missing.status).toBe(404)
  })
})
