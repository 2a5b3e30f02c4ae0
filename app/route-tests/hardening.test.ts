// Issue 9 hardening through the real route modules (decision 021): a locked two-factor step answers
// 429 with Retry-After and says when to try again; logout with an invalid token goes to /unauthorized;
// control characters in a form field get the field's message, not a 500. A form body an action cannot
// read answers 400 with one sentence, not a 500 (decision 052).
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ActionFunctionArgs } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_MANY_REQUESTS } from '../../platform/contracts/auth-messages'
import { CONTROL_CHARACTERS_MESSAGE } from '../../platform/rules/text'
import { DEMO_PASSWORD } from '../../platform/testing/platform'
import { loader as campaignsLoader } from '../routes/_advertiser.campaigns'
import { action as campaignsAction } from '../routes/_advertiser.campaigns'
import { action as saveScheduleAction } from '../routes/_advertiser.save-schedule-report'
import { action as selectAccountAction } from '../routes/_advertiser.select-account'
import { action as editorAction } from '../routes/_any.create-campaign'
import { action as loginAction } from '../routes/_index'
import { action as bulkUploadAction } from '../routes/admin.bulkUpload'
import { action as externalLoginAction } from '../routes/ads.auth.v1.external.login'
import { action as forgotPasswordAction } from '../routes/forgot-password._index'
import { action as invitationAction } from '../routes/invitation'
import { action as verifyAction } from '../routes/login.verify'
import { action as logoutAction } from '../routes/logout'
import { action as termsAction } from '../routes/terms-and-conditions'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'
import { UNREADABLE_FORM_PAGE } from '../utils/read-form'

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

describe('a form body the action cannot read', () => {
  const BOUNDARY = 'read-form-test-boundary'
  const encode = (text: string) => new TextEncoder().encode(text)
  /** A body that stops arriving: the sender's connection dropped after `sent`. */
  const cutOff = (sent: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encode(sent))
        controller.error(new Error('aborted'))
      },
    })
  type Broken = { what: string; type: string; body: () => BodyInit }
  const MULTIPART: Broken[] = [
    { what: 'multipart without a boundary', type: 'multipart/form-data', body: () => 'intent=pause' },
    {
      what: 'a part that never ends',
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\npau`,
    },
    {
      what: 'a multipart body cut off while a file arrives',
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      body: () =>
        cutOff(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="m.csv"\r\nContent-Type: text/csv\r\n\r\nkeywords,product_ids\n`,
        ),
    },
  ]
  /** Only the browser's form reader refuses this one; the multipart parser of uploads reads no fields. */
  const NO_BOUNDARY_IN_BODY: Broken = {
    what: 'multipart whose boundary never appears',
    type: 'multipart/form-data; boundary=nothing-follows',
    body: () => '--x\r\n',
  }
  const PLAIN: Broken[] = [
    {
      what: 'a form body cut off',
      type: 'application/x-www-form-urlencoded',
      body: () => cutOff('email=a%40'),
    },
    // The server answers 415 before an action sees these (server/error-leaks.test.ts); an action that is
    // reached anyway (the external login lives under /ads/, which that check leaves alone) says 400.
    { what: 'JSON', type: 'application/json', body: () => '{"email":' },
    { what: 'no type', type: '', body: () => 'email=a' },
  ]

  type Action = (args: ActionFunctionArgs) => unknown
  /** Posts `broken` as Remix would hand it to the action; the status and body the browser would get. */
  async function post(action: Action, url: string, broken: Broken, cookie?: string) {
    const headers = new Headers()
    if (broken.type) headers.set('Content-Type', broken.type)
    if (cookie) headers.set('Cookie', cookie)
    const request = new Request(new URL(url, 'http://console.test'), {
      method: 'POST',
      headers,
      body: broken.body(),
      duplex: 'half',
    } as RequestInit)
    let result: unknown
    try {
      result = await action({ request, context: h.context(), params: {} })
    } catch (thrown) {
      // A thrown Response is the answer (Remix renders it in the error boundary); anything else a 500.
      if (!(thrown instanceof Response)) throw thrown
      result = thrown
    }
    if (result instanceof Response) return { status: result.status, body: await result.text() }
    // data(value, init): the page re-rendered with the action's answer.
    const answered = result as { data?: unknown; init?: ResponseInit | null }
    return { status: answered.init?.status ?? 200, body: JSON.stringify(answered.data) }
  }

  let cookies: Record<'seller' | 'agency' | 'agency2' | 'superadmin', string>
  let dataDir: string
  beforeAll(async () => {
    // The upload kit spools under DATA_DIR: this test's own folder, checked empty afterwards.
    dataDir = await mkdtemp(path.join(tmpdir(), 'read-form-test-'))
    process.env.DATA_DIR = dataDir
    cookies = {
      seller: await h.cookieFor('seller@example.com', { sellerId: 100001 }),
      agency: await h.cookieFor('agency@example.com', { sellerId: 200001 }),
      // An approved agency that has not accepted the terms: the terms page's action is its to post.
      agency2: await h.cookieFor('agency2@example.com'),
      superadmin: await h.cookieFor('superadmin@example.com'),
    }
  })
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const readers: { page: string; action: Action; url: string; who?: keyof typeof cookies }[] = [
    { page: 'Login', action: loginAction, url: '/?index' },
    { page: 'external login', action: externalLoginAction, url: '/ads/auth/v1/external/login' },
    { page: 'invitation', action: invitationAction, url: '/invitation' },
    { page: 'terms', action: termsAction, url: '/terms-and-conditions', who: 'agency2' },
    { page: 'campaign list', action: campaignsAction, url: '/campaigns', who: 'seller' },
    { page: 'account selection', action: selectAccountAction, url: '/select-account', who: 'agency' },
  ]
  for (const reader of readers) {
    it(`${reader.page}: 400 with the sentence, never a 500`, async () => {
      for (const broken of [...MULTIPART, NO_BOUNDARY_IN_BODY, ...PLAIN]) {
        const answer = await post(reader.action, reader.url, broken, reader.who && cookies[reader.who])
        expect(answer, broken.what).toEqual({ status: 400, body: UNREADABLE_FORM_PAGE })
      }
    })
  }

  // Forms that may carry a small file: the editor's pincode CSV, the schedule's e-mail list.
  for (const reader of [
    { page: 'campaign editor', action: editorAction, url: '/create-campaign' },
    { page: 'save and schedule report', action: saveScheduleAction, url: '/save-schedule-report' },
  ]) {
    it(`${reader.page}: 400 with the sentence, never a 500`, async () => {
      for (const broken of [...MULTIPART, ...PLAIN]) {
        const answer = await post(reader.action, reader.url, broken, cookies.seller)
        expect(answer, broken.what).toEqual({ status: 400, body: UNREADABLE_FORM_PAGE })
      }
      // The multipart parser reads no fields from it: the page answers as for an empty form.
      const empty = await post(reader.action, reader.url, NO_BOUNDARY_IN_BODY, cookies.seller)
      expect(empty.status, NO_BOUNDARY_IN_BODY.what).toBeLessThan(500)
    })
  }

  it('upload kit (bulk upload): 400 with the sentence on the page, nothing left on disk', async () => {
    for (const broken of MULTIPART) {
      const answer = await post(bulkUploadAction, '/admin/bulkUpload', broken, cookies.superadmin)
      expect(answer.status, broken.what).toBe(400)
      expect(JSON.parse(answer.body).upload.message, broken.what).toBe(UNREADABLE_FORM_PAGE)
    }
    expect(await readdir(path.join(dataDir, 'uploads', 'incoming'))).toEqual([])
  })
})
