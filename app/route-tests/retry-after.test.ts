// A refused sign-in says when to try again (issue 9, decision 021): the login page answers the platform's
// 429 with status 429, its Retry-After, and "… You can try again in 15 minutes." — for a locked account
// and for a rate-limited unknown e-mail alike (one answer, so the page does not tell which e-mails are
// registered). "Log in here" carries the same words to the login page. One wording rule for every step
// (app/models/sign-in-retry.ts; the two-factor step's own test is in hardening.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_REQUESTS } from '../../platform/contracts/auth-messages'
import { DEMO_PASSWORD } from '../../platform/testing/platform'
import { tooManyRequests, tryAgainIn } from '../models/sign-in-retry'
import { pendingLogin } from '../models/sign-in-flow.server'
import { loader as rootLoader } from '../root'
import { action as loginAction, headers as loginHeaders } from '../routes/_index'
import { action as elsewhereAction } from '../routes/login.elsewhere'
import {
  action as forgotPasswordAction,
  headers as forgotPasswordHeaders,
} from '../routes/forgot-password._index'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

const FIFTEEN_MINUTES = `${TOO_MANY_REQUESTS} You can try again in 15 minutes.`

let h: RouteHarness
beforeAll(async () => {
  h = await createRouteHarness()
})
afterAll(async () => {
  await h?.close()
})

const login = (email: string, password: string) =>
  h.submit(loginAction, '/?index', { email, password, website: '' })

describe('the wording', () => {
  it('says seconds under a minute and whole minutes, rounded up, from a minute on', () => {
    expect(tryAgainIn(1)).toBe('You can try again in 1 second.')
    expect(tryAgainIn(45)).toBe('You can try again in 45 seconds.')
    expect(tryAgainIn(60)).toBe('You can try again in 1 minute.')
    expect(tryAgainIn(61)).toBe('You can try again in 2 minutes.')
    expect(tryAgainIn(900)).toBe('You can try again in 15 minutes.')
  })

  it('passes the wait on as Retry-After, in whole seconds, with a minute when none came', () => {
    expect(tooManyRequests(899.2)).toEqual({
      message: FIFTEEN_MINUTES,
      status: 429,
      headers: { 'Retry-After': '900' },
    })
    expect(tooManyRequests(undefined).headers).toEqual({ 'Retry-After': '60' })
  })
})

describe('login', () => {
  it('a locked account: 429, Retry-After and when to try again, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await login('seller3@example.com', 'Wrong@Password1')
      expect(wrong.status).toBe(400)
      expect(formErrors(wrong.data)).toEqual({ '': ['Invalid email or password'] })
    }
    for (const password of ['Wrong@Password1', DEMO_PASSWORD]) {
      const locked = await login('seller3@example.com', password)
      expect(locked.status).toBe(429)
      expect(locked.headers.get('Retry-After')).toBe('900')
      expect(locked.cookies).toEqual([])
      expect(formErrors(locked.data)).toEqual({ '': [FIFTEEN_MINUTES] })
      // The route's headers export keeps Retry-After on the page and its data request.
      expect(loginHeaders({ actionHeaders: locked.headers } as Parameters<typeof loginHeaders>[0])).toEqual({
        'Retry-After': '900',
      })
    }
  })

  it('an unknown e-mail after as many failures gets the same answer, word for word', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('nobody-here@example.com', 'Wrong@Password1')).status).toBe(400)
    }
    const limited = await login('nobody-here@example.com', 'Wrong@Password1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('900')
    expect(formErrors(limited.data)).toEqual({ '': [FIFTEEN_MINUTES] })
  })
})

describe('log in here', () => {
  it('a locked account: back to Login, which shows when to try again', async () => {
    for (let i = 0; i < 5; i++) await login('seller2@example.com', 'Wrong@Password1')
    const pending = (
      await pendingLogin.write({ email: 'seller2@example.com', password: DEMO_PASSWORD })
    ).split(';')[0]!
    const answer = await h.submit(
      elsewhereAction,
      '/login/elsewhere',
      { intent: 'continue' },
      { cookie: pending },
    )
    expect(answer.location).toBe('/')
    const flash = answer.cookies.find((cookie) => cookie.startsWith('console_flash='))
    expect(flash).toBeDefined()
    const page = await h.load<{ flash: { kind: string; message: string } | null }>(rootLoader, '/', {
      cookie: flash!,
    })
    expect(page.data.flash).toEqual({ kind: 'error', message: FIFTEEN_MINUTES })
  })
})

describe('forgot password', () => {
  it('a fourth code for one e-mail within 15 minutes: 429, Retry-After and when to try again', async () => {
    const ask = () =>
      h.submit(forgotPasswordAction, '/forgot-password?index', {
        email: 'brand2@example.com',
        password: 'New@Password2026',
        confirmPassword: 'New@Password2026',
        website: '',
      })
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(302)
    const limited = await ask()
    expect(limited.status).toBe(429)
    const wait = Number(limited.headers.get('Retry-After'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(900)
    expect(formErrors(limited.data)).toEqual({ '': [`${TOO_MANY_REQUESTS} ${tryAgainIn(wait)}`] })
    expect(
      forgotPasswordHeaders({ actionHeaders: limited.headers } as Parameters<
        typeof forgotPasswordHeaders
      >[0]),
    ).toEqual({ 'Retry-After': String(wait) })
  })
})
