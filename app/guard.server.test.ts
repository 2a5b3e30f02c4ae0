import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { type GuardOptions, homePath, redirectForStatus, requireUser, shellUser } from './guard.server'
import { ROUTES, TREES } from './route-table'
import { commitSession } from './session.server'

let t: TestPlatform
beforeAll(async () => {
  process.env.SESSION_SECRET = 'unit-test-secret-0123456789abcdef'
  t = await createTestPlatform()
})
afterAll(async () => {
  await t?.close()
})

async function outcome(
  result: { ok: boolean; status: number; message?: string },
  role: Parameters<typeof redirectForStatus>[1],
) {
  try {
    await redirectForStatus(result, role)
    return null
  } catch (thrown) {
    const response = thrown as Response
    return {
      status: response.status,
      location: response.headers.get('Location'),
      cookie: response.headers.get('Set-Cookie'),
    }
  }
}

describe('what a failed platform call means for the page (spec accounts §6, §8)', () => {
  it("sends 403 and a 401 whose body is 'unauthorized' to /unauthorized", async () => {
    expect(await outcome({ ok: false, status: 403, message: 'unauthorized' }, 'SELLER')).toMatchObject({
      location: '/unauthorized',
    })
    expect(await outcome({ ok: false, status: 401, message: 'unauthorized' }, 'AGENCY')).toMatchObject({
      location: '/unauthorized',
    })
  })

  it('sends 406 to /tncErrorPopup for OPS and SUPERADMIN only', async () => {
    expect(await outcome({ ok: false, status: 406 }, 'OPS')).toMatchObject({ location: '/tncErrorPopup' })
    expect(await outcome({ ok: false, status: 406 }, 'SUPERADMIN')).toMatchObject({
      location: '/tncErrorPopup',
    })
    expect(await outcome({ ok: false, status: 406 }, 'SELLER')).toBeNull()
  })

  it('treats any other 401 as a session that is gone: Login, cookie cleared', async () => {
    const result = await outcome({ ok: false, status: 401, message: 'Invalid token' }, 'BRAND')
    expect(result?.location).toBe('/')
    expect(result?.cookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
  })

  it('leaves other failures and successes to the page', async () => {
    expect(await outcome({ ok: false, status: 400, message: 'ID is invalid' }, 'OPS')).toBeNull()
    expect(await outcome({ ok: true, status: 200 }, 'OPS')).toBeNull()
  })
})

describe('where Login sends a signed-in user', () => {
  it('follows the route table and the account-selection step', () => {
    expect(homePath('SUPERADMIN', 100001)).toBe('/admin/campaigns')
    expect(homePath('OPS', null)).toBe('/admin/select-account')
    expect(homePath('AGENCY', null)).toBe('/select-account')
    expect(homePath('AGENCY', 200001)).toBe('/campaigns')
    expect(homePath('BRAND', 200001)).toBe('/campaigns')
    expect(homePath('SELLER', 100001)).toBe('/campaigns')
  })
})

describe('the guard with route-table entries (spec accounts §2 "Route guard"), against the platform', () => {
  /** A request carrying a real session of a seeded user, with the given selected account. */
  async function requestAs(email: string, sellerId: number | null, options: { dead?: boolean } = {}) {
    const token = await t.tokenFor(email)
    if (options.dead) await t.post('/ads/ad-auth/v1/logout', undefined, { token })
    const cookie = await commitSession({
      token,
      role: 'SELLER',
      userId: 0,
      userEmail: email,
      sellerId,
      tncAcceptance: true,
      twoFactorRegistered: true,
      ipAddress: '127.0.0.1',
    })
    return new Request('http://console.test/page', { headers: { cookie: cookie.split(';')[0]! } })
  }

  // A fresh context per request, as Remix gives each request its own.
  const context = (): AppLoadContext => ({
    platformFetch: t.platform.fetch,
    requestId: 'guard',
    cspNonce: '',
  })

  /** 'pass' or where the guard sends the request. */
  async function answer(request: Request, entry: GuardOptions) {
    try {
      await requireUser(request, context(), entry)
      return 'pass'
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown
      return thrown.headers.get('Location') ?? `status ${thrown.status}`
    }
  }

  it('sends a role outside the entry to Login, and lets the spec roles through', async () => {
    expect(await answer(await requestAs('ops@example.com', null), ROUTES.adminBilling)).toBe('/')
    expect(await answer(await requestAs('superadmin@example.com', null), ROUTES.adminBilling)).toBe('pass')
    expect(await answer(await requestAs('seller@example.com', null), ROUTES.adminCampaigns)).toBe('/')
    expect(await answer(await requestAs('brand@example.com', null), ROUTES.requestApproval)).toBe('pass')
    expect(await answer(await requestAs('agency@example.com', null), ROUTES.requestApproval)).toBe('/')
  })

  it('needs a selected account except on the routes that pass without one', async () => {
    expect(await answer(await requestAs('ops@example.com', null), ROUTES.adminCampaigns)).toBe('/')
    expect(await answer(await requestAs('ops@example.com', 200001), ROUTES.adminCampaigns)).toBe('pass')
    expect(await answer(await requestAs('ops@example.com', null), ROUTES.adminSelectAccount)).toBe('pass')
    expect(await answer(await requestAs('agency@example.com', null), ROUTES.link)).toBe('pass')
    // SELLER acts for its own account whatever the cookie says.
    expect(await answer(await requestAs('seller@example.com', null), ROUTES.campaigns)).toBe('pass')
  })

  it('lets each layout through for its tree only, without an account', async () => {
    expect(await answer(await requestAs('ops@example.com', null), TREES.admin)).toBe('pass')
    expect(await answer(await requestAs('agency@example.com', null), TREES.admin)).toBe('/')
    expect(await answer(await requestAs('agency@example.com', null), TREES.advertiser)).toBe('pass')
    expect(await answer(await requestAs('superadmin@example.com', null), TREES.advertiser)).toBe('/')
    expect(await answer(await requestAs('superadmin@example.com', null), TREES.any)).toBe('pass')
  })

  it('holds a seller who has not accepted the terms on the terms page', async () => {
    const request = () => requestAs('newseller@example.com', null)
    expect(await answer(await request(), ROUTES.campaigns)).toBe('/terms-and-conditions')
    expect(await answer(await request(), ROUTES.terms)).toBe('pass')
  })

  it('sends a dead session to Login, or from the terms page to /unauthorized', async () => {
    expect(await answer(await requestAs('seller@example.com', null, { dead: true }), ROUTES.campaigns)).toBe(
      '/',
    )
    expect(await answer(await requestAs('newseller@example.com', null, { dead: true }), ROUTES.terms)).toBe(
      '/unauthorized',
    )
    expect(await answer(new Request('http://console.test/page'), ROUTES.campaigns)).toBe('/')
  })

  it("gives the shell the role's menu from the table and its home", async () => {
    const user = await requireUser(await requestAs('agency@example.com', null), context(), TREES.advertiser)
    const shell = shellUser(user)
    expect(shell.home).toBe('/select-account')
    expect(shell.menu.map((m) => [m.label, m.href])).toEqual([
      ['Campaign', '/campaigns'],
      ['Analytics', '/analytics'],
      ['Link Request', '/link'],
      ['Delink Request', '/delink'],
    ])
  })
})
