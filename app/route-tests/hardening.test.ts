// Issue 9 hardening through the real route modules (decision 021): a locked two-factor step answers
// 429 with Retry-After and says when to try again; logout with an invalid token goes to /unauthorized;
// control characters in a form field get the field's message, not a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_REQUESTS } from '../../platform/contracts/auth-messages'
import { CONTROL_CHARACTERS_MESSAGE } from '../../platform/rules/text'
import { DEMO_PASSWORD } from '../../platform/testing/platform'
import { loader as campaignsLoader } from '../routes/_advertiser.campaigns'
import { action as loginAction } from '../routes/_index'
import { action as forgotPasswordAction } from '../routes/forgot-password._index'
import { action as verifyAction } from '../routes/login.verify'
import { action as logoutAction } from '../routes/logout'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
beforeAll(async () => {
  h = await createRouteHarness()
})
afterAll(async () => {
  await h?.close()
})

describe('two-factor step after too many wrong codes', () => {
  it('answers 429 with Retry-After and tells when to try again', async () => {
    const login = await h.submit(loginAction, '/?index', {
      email: 'seller2@example.com',
      password: DEMO_PASSWORD,
      website: '',
    })
    expect(login.location).toBe('/login/verify')
    // Five wrong codes: the platform counts each, the page says 'Invalid OTP'.
    for (let i = 0; i < 5; i++) {
      const wrong = await h.submit(
        verifyAction,
        '/login/verify',
        { otp: '000000' },
        { cookie: login.cookies },
      )
      expect(wrong.status).toBe(400)
      expect(formErrors(wrong.data)).toEqual({ '': ['Invalid OTP'] })
    }
    const locked = await h.submit(verifyAction, '/login/verify', { otp: '000000' }, { cookie: login.cookies })
    expect(locked.status).toBe(429)
    expect(locked.headers.get('Retry-After')).toBe('300')
    expect(formErrors(locked.data)).toEqual({
      '': [`${TOO_MANY_REQUESTS} You can try again in 5 minutes.`],
    })
  })
})

describe('logout', () => {
  it("goes to /unauthorized when the platform answers 'Invalid token', and clears the cookie", async () => {
    const cookie = await h.cookieFor('seller@example.com')
    const first = await h.submit(logoutAction, '/logout', {}, { cookie })
    expect(first.location).toBe('/')
    // The same cookie again: its session has ended, the platform answers 401 'Invalid token'.
    const again = await h.submit(logoutAction, '/logout', {}, { cookie })
    expect(again.location).toBe('/unauthorized')
    expect(again.headers.get('Set-Cookie')).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
  })
})

describe('control characters in sign-in forms', () => {
  it('login e-mail with NUL: 400 with the field message, nobody signed in', async () => {
    const answer = await h.submit(loginAction, '/?index', {
      email: 'seller\u0000@example.com',
      password: DEMO_PASSWORD,
      website: '',
    })
    expect(answer.status).toBe(400)
    expect(answer.cookies).toEqual([])
    expect(formErrors(answer.data)).toEqual({ email: [CONTROL_CHARACTERS_MESSAGE] })
  })

  it('forgot-password e-mail with a control character: 400 with the field message', async () => {
    const answer = await h.submit(forgotPasswordAction, '/forgot-password?index', {
      email: 'seller\u0007@example.com',
    })
    expect(answer.status).toBe(400)
    expect(formErrors(answer.data).email).toEqual([CONTROL_CHARACTERS_MESSAGE])
  })
})

describe('campaign list search with control characters', () => {
  it('is not a 500: the platform refuses the search with a 400 and the page answers as for a bad filter', async () => {
    const cookie = await h.cookieFor('seller@example.com')
    for (const search of ['%00', 'sale%07', `${'a'.repeat(201)}`]) {
      const answer = await h.load(campaignsLoader, `/campaigns?search=${search}`, { cookie })
      expect(answer.status, search).toBeLessThan(500)
    }
  })
})
