import { beforeAll, describe, expect, it } from 'vitest'
import { homePath, redirectForStatus } from './guard.server'

beforeAll(() => {
  process.env.SESSION_SECRET = 'unit-test-secret-0123456789abcdef'
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
