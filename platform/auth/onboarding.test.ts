import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthMessages } from '../contracts/auth-messages'
import { accounts, auditLog, users } from '../db/schema'
import { CONTROL_CHARACTERS_MESSAGE } from '../rules/text'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { currentTotp } from './totp'

const BASE = '/ads/ad-auth'
const ONBOARD = `${BASE}/v1/onBoardUsers`
let t: TestPlatform
const now = new Date('2026-11-23T09:00:00Z')
let opsToken: string
let superToken: string

const SELLER_ACCOUNT = 880_001
const BRAND_ACCOUNT = 880_002
const SELLER_ACCOUNT_2 = 880_003

beforeAll(async () => {
  t = await createTestPlatform({ now })
  await t.db.insert(accounts).values([
    { id: SELLER_ACCOUNT, kind: 'SELLER', name: 'Onboard seller' },
    { id: BRAND_ACCOUNT, kind: 'BRAND', name: 'Onboard brand' },
    { id: SELLER_ACCOUNT_2, kind: 'SELLER', name: 'Onboard seller 2' },
  ])
  opsToken = await t.tokenFor('ops@example.com')
  superToken = await t.tokenFor('superadmin@example.com')
})
afterAll(async () => {
  await t.close()
})

let n = 0
const email = (what: string) => `${what}.${++n}@onboard.test`
const agency = (overrides: Record<string, unknown> = {}) => ({
  name: 'Acme Media',
  email: email('agency'),
  role: 'AGENCY',
  primaryContactNumber: '9876543210',
  secondaryContactNumber: '6123456789',
  address: '12 MG Road, Bengaluru',
  pincode: '560001',
  ...overrides,
})
const onboard = (body: unknown, token = opsToken) => t.post(ONBOARD, body, { token })
const json = async (response: Response) =>
  (await response.json()) as {
    code: number
    message: string
    data: unknown
    fieldErrors?: Record<string, string[]>
  }
const tokenOfMail = (text: string) => /\/invitation\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''

describe('POST /v1/onBoardUsers', () => {
  it('onboards an agency as PENDING with +91 numbers, addedBy, an audit row and an invitation e-mail', async () => {
    const body = agency()
    const before = t.sent.length
    const response = await onboard({ sendMail: true, users: [body] })
    expect(response.status).toBe(200)
    const stored = await t.userByEmail(body.email)
    expect(stored).toMatchObject({
      role: 'AGENCY',
      accountStatus: 'PENDING',
      addedBy: 'ops@example.com',
      primaryContactNumber: '+919876543210',
      secondaryContactNumber: '+916123456789',
      address: '12 MG Road, Bengaluru',
      pincode: 560001,
      passwordHash: null,
    })
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'USER_ONBOARDED'), eq(auditLog.entityId, String(stored.id))))
    expect(entry).toMatchObject({ actorRole: 'OPS', after: { role: 'AGENCY', accountStatus: 'PENDING' } })
    const mail = t.sent.slice(before)
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ to: body.email, subject: 'You are invited to the Ad Console' })
    expect(mail[0]!.text).toContain('http://console.test/invitation?token=')
    expect(mail[0]!.text).toContain('72 hours')
  })

  it('onboards a SELLER and a BRAND as APPROVED with the account id as user id; staff too', async () => {
    const seller = {
      name: 'New Seller',
      email: email('seller'),
      role: 'SELLER',
      userId: String(SELLER_ACCOUNT),
    }
    const brand = { name: 'New Brand', email: email('brand'), role: 'BRAND', userId: BRAND_ACCOUNT }
    const ops = { name: 'New Ops', email: email('ops'), role: 'OPS' }
    const response = await onboard({ sendMail: false, users: [seller, brand, ops] })
    expect(response.status).toBe(200)
    expect(await t.userByEmail(seller.email)).toMatchObject({
      id: SELLER_ACCOUNT,
      accountId: SELLER_ACCOUNT,
      accountStatus: 'APPROVED',
    })
    expect(await t.userByEmail(brand.email)).toMatchObject({ id: BRAND_ACCOUNT, accountStatus: 'APPROVED' })
    expect(await t.userByEmail(ops.email)).toMatchObject({ role: 'OPS', accountStatus: 'APPROVED' })
  })

  it('refuses an account that does not exist, is of the other kind, or has a console user', async () => {
    const missing = await onboard({
      sendMail: false,
      users: [{ name: 'X', email: email('s'), role: 'SELLER', userId: '123' }],
    })
    expect(missing.status).toBe(400)
    expect((await json(missing)).message).toBe('Seller 123 is not a marketplace seller account')
    const wrongKind = await onboard({
      sendMail: false,
      users: [{ name: 'X', email: email('s'), role: 'BRAND', userId: String(SELLER_ACCOUNT_2) }],
    })
    expect(wrongKind.status).toBe(400)
    const taken = await onboard({
      sendMail: false,
      users: [{ name: 'X', email: email('s'), role: 'SELLER', userId: '100001' }],
    })
    expect(taken.status).toBe(409)
    const body = await json(taken)
    expect(body.message).toBe('Seller 100001 already has a console user')
    expect(body.fieldErrors).toEqual({ 'users.0.userId': ['Seller 100001 already has a console user'] })
  })

  it('gives every §5 message at its field', async () => {
    const response = await onboard({
      sendMail: false,
      users: [
        {
          name: '  ',
          email: 'not-an-email',
          role: 'AGENCY',
          primaryContactNumber: '1234567890',
          secondaryContactNumber: '98765',
          address: '',
          pincode: '5600',
        },
        { name: 'Seller', email: email('s'), role: 'SELLER', userId: '12a' },
      ],
    })
    expect(response.status).toBe(400)
    const body = await json(response)
    expect(body.fieldErrors).toEqual({
      'users.0.name': ['Name cannot be empty'],
      'users.0.email': ['Email is invalid'],
      'users.0.primaryContactNumber': ['Number is invalid'],
      'users.0.secondaryContactNumber': ['Number is invalid'],
      'users.0.address': ['Address cannot be empty'],
      'users.0.pincode': ['Pincode is invalid'],
      'users.1.userId': ['ID is invalid'],
    })
  })

  it('refuses a pincode that is not in the directory', async () => {
    const response = await onboard({ sendMail: false, users: [agency({ pincode: '999999' })] })
    expect(response.status).toBe(400)
    expect(await json(response)).toMatchObject({
      message: 'Pincode is invalid',
      fieldErrors: { 'users.0.pincode': ['Pincode is invalid'] },
    })
  })

  it('refuses a duplicate e-mail whatever its case (409), also inside one call', async () => {
    const response = await onboard({
      sendMail: false,
      users: [{ name: 'Dup', email: 'OPS@Example.com', role: 'OPS' }],
    })
    expect(response.status).toBe(409)
    expect((await json(response)).message).toBe('A user with this email already exists')
    const same = email('twice')
    const twice = await onboard({
      sendMail: false,
      users: [
        { name: 'A', email: same, role: 'OPS' },
        { name: 'B', email: same.toUpperCase(), role: 'OPS' },
      ],
    })
    expect(twice.status).toBe(409)
  })

  it('writes all users or none: a bad second user leaves nothing and sends nothing', async () => {
    const first = agency()
    const before = t.sent.length
    const response = await onboard({
      sendMail: true,
      users: [first, { name: 'Taken', email: 'seller@example.com', role: 'OPS' }],
    })
    expect(response.status).toBe(409)
    const rows = await t.db.select().from(users).where(eq(users.email, first.email))
    expect(rows).toHaveLength(0)
    expect(t.sent.length).toBe(before)
  })

  it('lets SUPERADMIN onboard a Super Admin and refuses it to OPS (403)', async () => {
    const admin = { name: 'Boss', email: email('super'), role: 'SUPERADMIN' }
    const refused = await onboard({ sendMail: false, users: [admin] })
    expect(refused.status).toBe(403)
    expect(await t.db.select().from(users).where(eq(users.email, admin.email))).toHaveLength(0)
    const allowed = await onboard({ sendMail: false, users: [admin] }, superToken)
    expect(allowed.status).toBe(200)
  })

  it('refuses AGENCY, BRAND and SELLER (403), no token (401) and a revoked staff user (401)', async () => {
    const body = { sendMail: false, users: [{ name: 'X', email: email('x'), role: 'OPS' }] }
    for (const who of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
      const response = await onboard(body, await t.tokenFor(who))
      expect(response.status).toBe(403)
    }
    expect((await t.post(ONBOARD, body)).status).toBe(401)
    const revokedToken = await t.tokenFor('ops2@example.com')
    await t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.email, 'ops2@example.com'))
    expect((await onboard(body, revokedToken)).status).toBe(401)
  })

  it('answers 400 (not 500) to control characters and overlong text', async () => {
    const control = await onboard({ sendMail: false, users: [agency({ name: 'Bad\u0000name' })] })
    expect(control.status).toBe(400)
    expect((await json(control)).fieldErrors?.['users.0.name']).toEqual([CONTROL_CHARACTERS_MESSAGE])
    const long = await onboard({ sendMail: false, users: [agency({ address: 'x'.repeat(5000) })] })
    expect(long.status).toBe(400)
    const huge = await onboard({ sendMail: false, users: [agency({ email: `${'a'.repeat(300)}@x.com` })] })
    expect(huge.status).toBe(400)
    expect((await json(huge)).fieldErrors?.['users.0.email']).toEqual(['Email is invalid'])
  })
})

describe('the invitation', () => {
  async function invite(body: Record<string, unknown>) {
    const before = t.sent.length
    const response = await onboard({ sendMail: true, users: [body] })
    expect(response.status).toBe(200)
    return tokenOfMail(t.sent.slice(before)[0]!.text)
  }
  const info = (token: string) => t.request(`${BASE}/v1/invitation?token=${encodeURIComponent(token)}`)
  const setPassword = (token: string, password = 'a-good-passw0rd', confirmPassword = password) =>
    t.post(`${BASE}/v1/invitation/password`, { token, password, confirmPassword })
  const enrol = (token: string, totp: string) => t.post(`${BASE}/v1/invitation/totp`, { token, totp })

  it('sets a password and enrols the authenticator; a PENDING agency still cannot sign in; single use', async () => {
    const body = agency()
    const token = await invite(body)
    const first = await info(token)
    expect(first.status).toBe(200)
    expect((await json(first)).data).toMatchObject({
      email: body.email,
      role: 'AGENCY',
      accountStatus: 'PENDING',
      passwordSet: false,
      enrolment: null,
    })

    const mismatch = await setPassword(token, 'a-good-passw0rd', 'another-one')
    expect(mismatch.status).toBe(400)
    expect(await json(mismatch)).toMatchObject({
      message: 'Password does not match',
      fieldErrors: { confirmPassword: ['Password does not match'] },
    })
    const short = await setPassword(token, 'short')
    expect((await json(short)).message).toBe(AuthMessages.passwordTooShort)

    const step1 = await setPassword(token)
    expect(step1.status).toBe(200)
    const { otpauthUri, secret, qrCode } = (await json(step1)).data as Record<string, string>
    expect(otpauthUri).toContain(`secret=${secret}`)
    expect(qrCode).toMatch(/^data:image\/png;base64,/)
    expect((await json(await info(token))).data).toMatchObject({ passwordSet: true, enrolment: { secret } })

    const empty = await enrol(token, '12')
    expect((await json(empty)).message).toBe('Enter a valid otp')
    const right = currentTotp(secret!, now)
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0')
    const failed = await enrol(token, wrong)
    expect(failed.status).toBe(400)
    expect((await json(failed)).message).toBe('OTP verification failed')
    const done = await enrol(token, right)
    expect(done.status).toBe(200)
    expect((await json(done)).data).toEqual({ email: body.email, accountStatus: 'PENDING', canSignIn: false })
    expect(await t.userByEmail(body.email)).toMatchObject({ twoFactorRegistered: true })

    // Used up: every call now refuses the token.
    expect((await json(await info(token))).message).toBe('This invitation link is not valid or has expired')
    expect((await setPassword(token)).status).toBe(400)

    const login = await t.post(`${BASE}/v1/login`, { email: body.email, password: 'a-good-passw0rd' })
    expect(login.status).toBe(401)
    expect((await json(login)).message).toBe(AuthMessages.accountPending)

    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, String((await t.userByEmail(body.email)).id)),
          inArray(auditLog.action, ['INVITATION_PASSWORD_SET', 'INVITATION_ACCEPTED', 'TWO_FACTOR_FAILURE']),
        ),
      )
    expect(actions.map((a) => a.action).sort()).toEqual([
      'INVITATION_ACCEPTED',
      'INVITATION_PASSWORD_SET',
      'TWO_FACTOR_FAILURE',
    ])
  })

  it('lets an APPROVED user sign in with the password afterwards', async () => {
    const body = { name: 'Invited Ops', email: email('ops-invited'), role: 'OPS' }
    const token = await invite(body)
    const { secret } = (await json(await setPassword(token))).data as Record<string, string>
    const done = await enrol(token, currentTotp(secret!, now))
    expect((await json(done)).data).toMatchObject({ canSignIn: true, accountStatus: 'APPROVED' })
    const login = await t.post(`${BASE}/v1/login`, { email: body.email, password: 'a-good-passw0rd' })
    expect(login.status).toBe(200)
  })

  it('expires after 72 hours, and a new invitation replaces the old one', async () => {
    const body = agency()
    const token = await invite(body)
    const resent = await t.post(`${BASE}/v1/invitation/resend`, { email: body.email }, { token: opsToken })
    expect(resent.status).toBe(200)
    expect((await info(token)).status).toBe(400)
    const fresh = tokenOfMail(t.sent.at(-1)!.text)
    expect((await info(fresh)).status).toBe(200)
    const later = new Date(now.getTime() + 72 * 3600 * 1000 + 1000)
    t.setNow(later)
    try {
      const expired = await info(fresh)
      expect(expired.status).toBe(400)
      expect((await json(expired)).message).toBe('This invitation link is not valid or has expired')
    } finally {
      t.setNow(now)
    }
  })

  it('refuses made-up and malformed tokens with the same message, and control characters with 400', async () => {
    for (const token of ['', 'abc', 'A'.repeat(43)]) {
      const response = await info(token)
      expect(response.status).toBe(400)
      expect((await json(response)).message).toBe('This invitation link is not valid or has expired')
    }
    const hostile = await t.post(`${BASE}/v1/invitation/password`, {
      token: 'x\u0007',
      password: 'a-good-passw0rd',
      confirmPassword: 'a-good-passw0rd',
    })
    expect(hostile.status).toBe(400)
  })

  it('resend is for staff only', async () => {
    const response = await t.post(
      `${BASE}/v1/invitation/resend`,
      { email: 'agency2@example.com' },
      { token: await t.tokenFor('agency@example.com') },
    )
    expect(response.status).toBe(403)
  })
})

describe('PUT /v1/onBoardUsers/{email} (edit mode for a rejected agency)', () => {
  const put = (target: string, body: unknown, token = opsToken) =>
    t.request(`${ONBOARD}/${encodeURIComponent(target)}`, {
      method: 'PUT',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const details = {
    name: 'Fixed Agency',
    primaryContactNumber: '9123456789',
    address: 'New address',
    pincode: '110001',
  }

  it('puts a rejected agency back to PENDING with its new details, audited', async () => {
    const body = agency()
    await onboard({ sendMail: false, users: [body] })
    await t.db
      .update(users)
      .set({ accountStatus: 'REJECTED', comments: 'Wrong GST' })
      .where(eq(users.email, body.email))
    const read = await t.request(`${ONBOARD}/${encodeURIComponent(body.email)}`, { token: opsToken })
    expect((await json(read)).data).toMatchObject({ primaryContactNumber: '9876543210', pincode: '560001' })
    const response = await put(body.email, details)
    expect(response.status).toBe(200)
    const stored = await t.userByEmail(body.email)
    expect(stored).toMatchObject({
      name: 'Fixed Agency',
      accountStatus: 'PENDING',
      primaryContactNumber: '+919123456789',
      secondaryContactNumber: null,
      pincode: 110001,
    })
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'USER_RESUBMITTED'), eq(auditLog.entityId, String(stored.id))))
    expect(entry).toMatchObject({
      before: { accountStatus: 'REJECTED' },
      after: { accountStatus: 'PENDING' },
    })
    // Now PENDING: a second submit is refused.
    const again = await put(body.email, details)
    expect(again.status).toBe(400)
  })

  it('refuses other users, advertisers, and bad fields', async () => {
    expect((await put('seller@example.com', details)).status).toBe(400)
    expect((await put('agency@example.com', details, await t.tokenFor('agency@example.com'))).status).toBe(
      403,
    )
    const bad = await put('agency@example.com', { ...details, primaryContactNumber: '12' })
    expect((await json(bad)).fieldErrors).toEqual({ primaryContactNumber: ['Number is invalid'] })
  })
})

describe('hostile text in every text field of these endpoints: 400, never 500', () => {
  const nul = 'a\u0000b'
  const long = 'x'.repeat(10_000)
  const onboardBody = (field: string, value: string) => ({
    sendMail: false,
    users: [{ ...agency(), [field]: value }],
  })
  const cases: [string, (value: string) => Promise<Response>][] = [
    ...[
      'name',
      'email',
      'role',
      'userId',
      'primaryContactNumber',
      'secondaryContactNumber',
      'address',
      'pincode',
    ].map(
      (field) =>
        [`onBoardUsers ${field}`, (value: string) => onboard(onboardBody(field, value))] as [
          string,
          (value: string) => Promise<Response>,
        ],
    ),
    ...['name', 'primaryContactNumber', 'secondaryContactNumber', 'address', 'pincode'].map(
      (field) =>
        [
          `PUT onBoardUsers ${field}`,
          (value: string) =>
            t.request(`${ONBOARD}/agency%40example.com`, {
              method: 'PUT',
              token: opsToken,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                name: 'A',
                primaryContactNumber: '9876543210',
                address: 'x',
                pincode: '560001',
                [field]: value,
              }),
            }),
        ] as [string, (value: string) => Promise<Response>],
    ),
    [
      'GET invitation token',
      (value) => t.request(`${BASE}/v1/invitation?token=${encodeURIComponent(value)}`),
    ],
    ...['token', 'password', 'confirmPassword'].map(
      (field) =>
        [
          `invitation/password ${field}`,
          (value: string) =>
            t.post(`${BASE}/v1/invitation/password`, {
              token: 'A'.repeat(43),
              password: 'a-good-passw0rd',
              confirmPassword: 'a-good-passw0rd',
              [field]: value,
            }),
        ] as [string, (value: string) => Promise<Response>],
    ),
    ...['token', 'totp'].map(
      (field) =>
        [
          `invitation/totp ${field}`,
          (value: string) =>
            t.post(`${BASE}/v1/invitation/totp`, { token: 'A'.repeat(43), totp: '123456', [field]: value }),
        ] as [string, (value: string) => Promise<Response>],
    ),
    [
      'invitation/resend email',
      (value) => t.post(`${BASE}/v1/invitation/resend`, { email: value }, { token: opsToken }),
    ],
  ]
  it.each(cases)('%s', async (_name, send) => {
    for (const value of [nul, long]) {
      const response = await send(value)
      expect(response.status, JSON.stringify(value.slice(0, 5))).toBe(400)
    }
  })

  it('onBoardUsers/{email} with a hostile path is a 400, not a 500', async () => {
    for (const value of [nul, long]) {
      const read = await t.request(`${ONBOARD}/${encodeURIComponent(value)}`, { token: opsToken })
      expect(read.status).toBe(400)
      const write = await t.request(`${ONBOARD}/${encodeURIComponent(value)}`, {
        method: 'PUT',
        token: opsToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'A',
          primaryContactNumber: '9876543210',
          address: 'x',
          pincode: '560001',
        }),
      })
      expect(write.status).toBe(400)
    }
  })
})

describe('the staff calls refuse advertisers (403) and a revoked staff user (401)', () => {
  it('GET and PUT onBoardUsers/{email}, invitation/resend', async () => {
    const revoked = 'superadmin2@example.com'
    const revokedToken = await t.tokenFor(revoked)
    await t.db.update(users).set({ accountStatus: 'REVOKED' }).where(eq(users.email, revoked))
    const calls: [string, (token: string) => Promise<Response>][] = [
      ['read', (token) => t.request(`${ONBOARD}/agency%40example.com`, { token })],
      [
        'resubmit',
        (token) =>
          t.request(`${ONBOARD}/agency%40example.com`, {
            method: 'PUT',
            token,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'A',
              primaryContactNumber: '9876543210',
              address: 'x',
              pincode: '560001',
            }),
          }),
      ],
      [
        'resend',
        (token) => t.post(`${BASE}/v1/invitation/resend`, { email: 'agency2@example.com' }, { token }),
      ],
    ]
    for (const [name, call] of calls) {
      for (const who of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
        expect((await call(await t.tokenFor(who))).status, `${name} as ${who}`).toBe(403)
      }
      expect((await call(revokedToken)).status, `${name} revoked`).toBe(401)
    }
  })
})
