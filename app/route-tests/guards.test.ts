// What the route guard answers, seen through real route modules' loaders and actions (spec accounts
// §2 "Route guard"): who is sent where, with the real session check against the test platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as campaignsLoader } from '../routes/_advertiser.campaigns'
import { loader as selectAccountLoader } from '../routes/_advertiser.select-account'
import { loader as adminBillingLoader } from '../routes/admin.billing'
import { loader as adminCampaignsLoader } from '../routes/admin.campaigns'
import { action as logoutAction } from '../routes/logout'
import type { AccountPickerData } from '../models/select-account.server'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
beforeAll(async () => {
  h = await createRouteHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('the guard as a browser meets it', () => {
  it('sends a signed-out visitor to Login', async () => {
    for (const [loader, path] of [
      [campaignsLoader, '/campaigns'],
      [adminCampaignsLoader, '/admin/campaigns'],
      [selectAccountLoader, '/select-account'],
    ] as const) {
      const answer = await h.load(loader, path)
      expect(answer.status, path).toBe(302)
      expect(answer.location, path).toBe('/')
    }
  })

  it('sends a role the route does not allow to Login, and lets an allowed one in', async () => {
    const seller = await h.cookieFor('seller@example.com')
    expect((await h.load(adminCampaignsLoader, '/admin/campaigns', { cookie: seller })).location).toBe('/')
    const ops = await h.cookieFor('ops@example.com', { sellerId: 100001 })
    expect((await h.load(adminBillingLoader, '/admin/billing', { cookie: ops })).location).toBe('/')
    const allowed = await h.load(adminCampaignsLoader, '/admin/campaigns', { cookie: ops })
    expect(allowed.status).toBe(200)
    expect(allowed.location).toBeNull()
  })

  it('holds a seller who has not accepted the terms on /terms-and-conditions', async () => {
    const cookie = await h.cookieFor('newseller@example.com')
    const answer = await h.load(campaignsLoader, '/campaigns', { cookie })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/terms-and-conditions')
  })

  it('sends an agency with no account selected away from a page that needs one, not from account selection', async () => {
    const cookie = await h.cookieFor('agency@example.com')
    expect((await h.load(campaignsLoader, '/campaigns', { cookie })).location).toBe('/')
    const selection = await h.load<AccountPickerData>(selectAccountLoader, '/select-account', { cookie })
    expect(selection.status).toBe(200)
    expect(selection.data.current).toBeNull()
    expect(selection.data.accounts.length).toBeGreaterThan(0)
  })

  it('treats a session ended by logout as signed out, and clears its cookie', async () => {
    const cookie = await h.cookieFor('seller@example.com')
    expect((await h.load(campaignsLoader, '/campaigns', { cookie })).status).toBe(200)
    const logout = await h.submit(logoutAction, '/logout', {}, { cookie })
    expect(logout.location).toBe('/')
    const after = await h.load(campaignsLoader, '/campaigns', { cookie })
    expect(after.location).toBe('/')
    expect(after.headers.get('Set-Cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
  })
})
