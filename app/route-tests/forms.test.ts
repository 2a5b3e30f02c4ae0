// The console's form rules, word for word from the spec (accounts §5, campaigns §2), through the real
// route modules' actions and loaders against the in-process test platform.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../platform/testing/platform'
import { addDays, istDate } from '../../platform/rules/time'
import type { AccountPickerData } from '../models/select-account.server'
import {
  action as selectAccountAction,
  loader as selectAccountLoader,
} from '../routes/_advertiser.select-account'
import {
  action as adminSelectAccountAction,
  loader as adminSelectAccountLoader,
} from '../routes/admin.select-account'
import { loader as adminLayoutLoader } from '../routes/admin'
import { loader as campaignsLoader } from '../routes/_advertiser.campaigns'
import { action as loginAction } from '../routes/_index'
import { action as forgotPasswordAction } from '../routes/forgot-password._index'
import { action as verifyAction } from '../routes/login.verify'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
beforeAll(async () => {
  h = await createRouteHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('Login (/)', () => {
  it('names both empty fields and signs nobody in', async () => {
    const answer = await h.submit(loginAction, '/?index', { email: '', password: '', website: '' })
    expect(answer.status).toBe(400)
    expect(answer.cookies).toEqual([])
    expect(formErrors(answer.data)).toEqual({
      email: ['User name is required'],
      password: ['Password is required'],
    })
  })

  it('refuses a filled honeypot even with the right password', async () => {
    const answer = await h.submit(loginAction, '/?index', {
      email: 'seller@example.com',
      password: DEMO_PASSWORD,
      website: 'https://spam.example',
    })
    expect(answer.status).toBe(400)
    expect(answer.location).toBeNull()
    expect(formErrors(answer.data)).toEqual({ '': ['Something went wrong'] })
  })
})

describe('two-factor step (/login/verify)', () => {
  it("answers 'Enter a valid otp' for a code that is not six digits, after a real password step", async () => {
    const login = await h.submit(loginAction, '/?index', {
      email: 'seller@example.com',
      password: DEMO_PASSWORD,
      website: '',
    })
    expect(login.location).toBe('/login/verify')
    expect(login.cookies).toHaveLength(1)

    for (const otp of ['', '12345', '12a456']) {
      const answer = await h.submit(verifyAction, '/login/verify', { otp }, { cookie: login.cookies })
      expect(answer.status, otp).toBe(400)
      expect(formErrors(answer.data), otp).toEqual({ otp: ['Enter a valid otp'] })
    }
  })
})

describe('Forgot Password (/forgot-password)', () => {
  it("answers 'Password does not match' and sends no code", async () => {
    const answer = await h.submit(forgotPasswordAction, '/forgot-password?index', {
      email: 'seller@example.com',
      password: 'New@Password2026',
      confirmPassword: 'New@Password2026!',
      website: '',
    })
    expect(answer.status).toBe(400)
    expect(formErrors(answer.data)).toEqual({ confirmPassword: ['Password does not match'] })
    expect(h.t.sent).toEqual([])
  })
})

describe('account selection (/select-account)', () => {
  it("shows 'ID is invalid' for anything but digits and selects nothing", async () => {
    const cookie = await h.cookieFor('agency@example.com')
    for (const accountId of ['', 'abc', '12.5', '-1', '1234567890123456']) {
      const answer = await h.submit(selectAccountAction, '/select-account', { accountId }, { cookie })
      expect(answer.status, accountId).toBe(400)
      // Only the spec's sentence: an id that breaks the form's rule is never sent to the platform.
      expect(formErrors(answer.data).accountId, accountId).toEqual(['ID is invalid'])
      expect(answer.cookies, accountId).toEqual([])
    }
  })
})

describe('the account picker (/admin/select-account, /select-account)', () => {
  it('finds accounts by name for staff, and the chosen name and id reach the header', async () => {
    const cookie = await h.cookieFor('ops@example.com')
    const found = await h.load<AccountPickerData>(adminSelectAccountLoader, '/admin/select-account?q=VOLT', {
      cookie,
    })
    expect(found.status).toBe(200)
    expect(found.data.accounts).toContainEqual({ id: 200001, kind: 'BRAND', name: 'Voltix' })
    for (const account of found.data.accounts) expect(account.name.toLowerCase()).toContain('volt')

    const chosen = await h.submit(
      adminSelectAccountAction,
      '/admin/select-account?q=VOLT',
      { accountId: '200001' },
      { cookie },
    )
    expect(chosen.status).toBe(302)
    expect(chosen.location).toBe('/admin/campaigns')
    const session = chosen.cookies.find((c) => c.startsWith('console_session='))!
    const shell = await h.load<{ user: { sellerId: number; sellerName: string } }>(
      adminLayoutLoader,
      '/admin/campaigns',
      { cookie: session },
    )
    expect(shell.data.user).toMatchObject({ sellerId: 200001, sellerName: 'Voltix' })
    const picker = await h.load<AccountPickerData>(adminSelectAccountLoader, '/admin/select-account', {
      cookie: session,
    })
    expect(picker.data.current).toEqual({ id: 200001, name: 'Voltix' })
  })

  it('lists only linked brands to an agency, before and after a search', async () => {
    const cookie = await h.cookieFor('agency@example.com')
    const all = await h.load<AccountPickerData>(selectAccountLoader, '/select-account', { cookie })
    expect(all.data.accounts.length).toBeGreaterThan(0)
    for (const account of all.data.accounts) expect(account.kind).toBe('BRAND')
    const seller = await h.load<AccountPickerData>(selectAccountLoader, '/select-account?q=100001', {
      cookie,
    })
    expect(seller.data.accounts).toEqual([])
  })

  it('answers a search holding control characters or too long with 400 and the field message, keeping the text', async () => {
    const cookie = await h.cookieFor('ops@example.com')
    const nul = await h.load<AccountPickerData>(
      adminSelectAccountLoader,
      '/admin/select-account?q=volt%00ix',
      {
        cookie,
      },
    )
    expect(nul.status).toBe(400)
    expect(nul.data.searchError).toBe('Remove control characters from this field')
    expect(nul.data.q).toBe('volt\u0000ix')
    const long = await h.load<AccountPickerData>(
      adminSelectAccountLoader,
      `/admin/select-account?q=${'x'.repeat(201)}`,
      { cookie },
    )
    expect(long.status).toBe(400)
    expect(long.data.searchError).toBe('Must be at most 200 characters')
  })

  it('refuses a seller the picker, whatever the console shows', async () => {
    const cookie = await h.cookieFor('seller@example.com')
    const answer = await h.load(selectAccountLoader, '/select-account', { cookie })
    expect(answer.status).toBe(302)
    const platform = await h.t.request('/ads/ad-auth/v1/accounts?search=volt', {
      token: await h.t.tokenFor('seller@example.com'),
    })
    expect((await platform.json()).data.accounts.map((a: { name: string }) => a.name)).toEqual([])
  })
})

describe('campaign list custom dates (/campaigns)', () => {
  type ListData = { dateError: string | null }
  const list = async (query: string) => {
    const cookie = await h.cookieFor('seller@example.com')
    return h.load<ListData>(campaignsLoader, `/campaigns?dateFilterType=CUSTOM&${query}`, { cookie })
  }

  it("answers 'Enter a valid date' for a missing, malformed or impossible date", async () => {
    for (const query of [
      'fromDate=&toDate=2026-01-10',
      'fromDate=10/01/2026&toDate=2026-01-10',
      'fromDate=2026-02-30&toDate=2026-03-10',
    ]) {
      const answer = await list(query)
      expect(answer.status, query).toBe(200)
      expect(answer.data.dateError, query).toBe('Enter a valid date')
    }
  })

  it("answers 'Future dates are not allowed' for an end after today (IST)", async () => {
    const today = istDate(new Date())
    const answer = await list(`fromDate=${addDays(today, -3)}&toDate=${addDays(today, 1)}`)
    expect(answer.data.dateError).toBe('Future dates are not allowed')
    const ok = await list(`fromDate=${addDays(today, -3)}&toDate=${today}`)
    expect(ok.data.dateError).toBeNull()
  })
})
