// Onboarding, the rejected agency's edit and the invitation through the real route modules' loaders and
// actions against the in-process test platform: the §5 messages word for word, values kept.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, currentTotp, users } from '../../platform/testing/console-tests'
import { action as onboardingAction, loader as onboardingLoader } from '../routes/admin.onboarding'
import { action as editAction, loader as editLoader } from '../routes/admin.userManagement_.$email_.edit'
import { action as invitationAction, loader as invitationLoader } from '../routes/invitation'
import { createRouteHarness, formErrors, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
let ops: string
let superadmin: string
beforeAll(async () => {
  h = await createRouteHarness()
  ops = await h.cookieFor('ops@example.com')
  superadmin = await h.cookieFor('superadmin@example.com')
  await h.t.db.insert(accounts).values({ id: 881_001, kind: 'SELLER', name: 'Route test seller' })
})
afterAll(async () => {
  await h?.close()
})

let n = 0
const unique = (what: string) => `${what}.${++n}@route.test`
const initialValue = (data: unknown) =>
  (data as { lastResult?: { initialValue?: Record<string, unknown> } }).lastResult?.initialValue ?? {}

describe('/admin/onboarding', () => {
  it('offers OPS every role but Super Admin, SUPERADMIN all five; an unknown ?role falls back', async () => {
    const opsPage = await h.load<{ role: string; roles: { label: string }[] }>(
      onboardingLoader,
      '/admin/onboarding?role=SUPERADMIN',
      { cookie: ops },
    )
    expect(opsPage.data.roles.map((r) => r.label)).toEqual(['Admin', 'Seller', 'Brand', 'Agency'])
    expect(opsPage.data.role).toBe('OPS')
    const superPage = await h.load<{ roles: { label: string }[] }>(onboardingLoader, '/admin/onboarding', {
      cookie: superadmin,
    })
    expect(superPage.data.roles.map((r) => r.label)).toEqual([
      'Admin',
      'Super Admin',
      'Seller',
      'Brand',
      'Agency',
    ])
  })

  it('sends a non-admin to Login', async () => {
    const answer = await h.load(onboardingLoader, '/admin/onboarding', {
      cookie: await h.cookieFor('agency@example.com'),
    })
    expect(answer.location).toBe('/')
  })

  it('gives the agency messages at their fields and keeps what was typed', async () => {
    const typed = {
      role: 'AGENCY',
      name: ' ',
      email: 'not-an-email',
      primaryContactNumber: '2123456789',
      secondaryContactNumber: '98',
      address: '',
      pincode: '56000',
    }
    const answer = await h.submit(onboardingAction, '/admin/onboarding?role=AGENCY', typed, { cookie: ops })
    expect(answer.status).toBe(400)
    expect(formErrors(answer.data)).toEqual({
      name: ['Name cannot be empty'],
      email: ['Email is invalid'],
      primaryContactNumber: ['Number is invalid'],
      secondaryContactNumber: ['Number is invalid'],
      address: ['Address cannot be empty'],
      pincode: ['Pincode is invalid'],
    })
    expect(initialValue(answer.data)).toMatchObject({
      email: 'not-an-email',
      primaryContactNumber: '2123456789',
    })
  })

  it("gives Seller/Brand 'ID is invalid'", async () => {
    for (const role of ['SELLER', 'BRAND']) {
      const answer = await h.submit(
        onboardingAction,
        '/admin/onboarding',
        { role, name: 'A', email: unique('id'), userId: '12ab' },
        { cookie: ops },
      )
      expect(formErrors(answer.data)).toEqual({ userId: ['ID is invalid'] })
    }
  })

  it('shows the server message in the error box and at the field (duplicate e-mail), keeping values', async () => {
    const answer = await h.submit(
      onboardingAction,
      '/admin/onboarding',
      { role: 'OPS', name: 'Copy', email: 'Seller@Example.com' },
      { cookie: ops },
    )
    expect(answer.status).toBe(409)
    expect((answer.data as { error: string }).error).toBe('A user with this email already exists')
    expect(formErrors(answer.data)).toEqual({ email: ['A user with this email already exists'] })
    expect(initialValue(answer.data)).toMatchObject({ name: 'Copy', email: 'Seller@Example.com' })
  })

  it('refuses control characters at the field (400, never 500), keeping the value', async () => {
    const answer = await h.submit(
      onboardingAction,
      '/admin/onboarding',
      { role: 'OPS', name: 'Bad\u0007name', email: unique('ctl') },
      { cookie: ops },
    )
    expect(answer.status).toBe(400)
    expect(formErrors(answer.data)).toEqual({ name: ['Remove control characters from this field'] })
  })

  it('refuses a Super Admin to OPS even when the form is forged', async () => {
    const answer = await h.submit(
      onboardingAction,
      '/admin/onboarding',
      { role: 'SUPERADMIN', name: 'Boss', email: unique('boss') },
      { cookie: ops },
    )
    expect(answer.status).toBe(403)
    expect((answer.data as { error: string }).error).toBe('You may not onboard this role')
  })

  it('looks a pincode up without onboarding (the Look up button) and keeps every value', async () => {
    const email = unique('lookup')
    const answer = await h.submit(
      onboardingAction,
      '/admin/onboarding',
      { role: 'AGENCY', intent: 'lookup', name: 'Look', email, pincode: '560001', address: '' },
      { cookie: ops },
    )
    expect(answer.status).toBe(200)
    expect(formErrors(answer.data)).toEqual({})
    expect((answer.data as { lookup: { district: string | null } }).lookup?.district).toBeTruthy()
    expect(initialValue(answer.data)).toMatchObject({ name: 'Look', email, pincode: '560001' })
    expect(await h.t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('onboards an agency: redirect with a success flash naming the user and the invitation', async () => {
    const email = unique('agency')
    const answer = await h.submit(
      onboardingAction,
      '/admin/onboarding',
      {
        role: 'AGENCY',
        name: 'Route Agency',
        email,
        primaryContactNumber: '9876543210',
        secondaryContactNumber: '',
        address: '1 Test Street',
        pincode: '560001',
      },
      { cookie: ops },
    )
    expect(answer.location).toBe('/admin/onboarding?role=AGENCY')
    expect(answer.cookies.some((c) => c.startsWith('console_flash='))).toBe(true)
    expect(await h.t.userByEmail(email)).toMatchObject({
      accountStatus: 'PENDING',
      addedBy: 'ops@example.com',
    })
    expect(h.t.sent.at(-1)?.to).toBe(email)
  })

  it('onboards a seller with its account id', async () => {
    const email = unique('seller')
    const answer = await h.submit(
      onboardingAction,
      '/admin/onboarding',
      { role: 'SELLER', name: 'Route Seller', email, userId: '881001' },
      { cookie: ops },
    )
    expect(answer.location).toBe('/admin/onboarding?role=SELLER')
    expect(await h.t.userByEmail(email)).toMatchObject({ id: 881_001, accountStatus: 'APPROVED' })
  })
})

describe('/admin/userManagement/:email/edit', () => {
  it('prefills a rejected agency, refuses bad input with §5 messages, and resubmits it as PENDING', async () => {
    const email = unique('rejected')
    await h.submit(
      onboardingAction,
      '/admin/onboarding',
      {
        role: 'AGENCY',
        name: 'To Reject',
        email,
        primaryContactNumber: '9876543210',
        address: '2 Test Street',
        pincode: '560001',
      },
      { cookie: ops },
    )
    await h.t.db
      .update(users)
      .set({ accountStatus: 'REJECTED', comments: 'No GST' })
      .where(eq(users.email, email))
    const params = { email }
    const page = await h.load<{ editable: boolean; details: { primaryContactNumber: string } }>(
      editLoader,
      `/admin/userManagement/${email}/edit`,
      { cookie: ops, params },
    )
    expect(page.data.editable).toBe(true)
    expect(page.data.details.primaryContactNumber).toBe('9876543210')

    const bad = await h.submit(
      editAction,
      `/admin/userManagement/${email}/edit`,
      { name: '', primaryContactNumber: '123', address: ' ', pincode: 'abcdef' },
      { cookie: ops, params },
    )
    expect(formErrors(bad.data)).toEqual({
      name: ['Name cannot be empty'],
      primaryContactNumber: ['Number is invalid'],
      address: ['Address cannot be empty'],
      pincode: ['Pincode is invalid'],
    })
    const good = await h.submit(
      editAction,
      `/admin/userManagement/${email}/edit`,
      { name: 'Fixed', primaryContactNumber: '9876543211', address: '3 Test Street', pincode: '110001' },
      { cookie: ops, params },
    )
    expect(good.location).toBe('/admin/userManagement')
    expect(await h.t.userByEmail(email)).toMatchObject({ accountStatus: 'PENDING', name: 'Fixed' })
  })

  it('shows no form for a user who is not a rejected agency', async () => {
    const page = await h.load<{ editable: boolean; error: string }>(
      editLoader,
      '/admin/userManagement/seller@example.com/edit',
      { cookie: ops, params: { email: 'seller@example.com' } },
    )
    expect(page.data.editable).toBe(false)
    expect(page.data.error).toBe('Only a rejected agency can be edited and sent for approval again')
  })
})

describe('/invitation', () => {
  it('walks the two steps with their messages; a used link then shows the invalid message', async () => {
    const email = unique('invited')
    await h.submit(
      onboardingAction,
      '/admin/onboarding',
      { role: 'OPS', name: 'Invited', email },
      { cookie: ops },
    )
    const token = /token=([A-Za-z0-9_-]{43})/.exec(h.t.sent.at(-1)!.text)![1]!
    const path = `/invitation?token=${token}`
    const first = await h.load<{ state: string }>(invitationLoader, path)
    expect(first.data.state).toBe('password')

    const mismatch = await h.submit(invitationAction, path, {
      token,
      intent: 'password',
      password: 'a-good-passw0rd',
      confirmPassword: 'another-one',
    })
    expect(formErrors(mismatch.data)).toEqual({ confirmPassword: ['Password does not match'] })
    const short = await h.submit(invitationAction, path, {
      token,
      intent: 'password',
      password: 'short',
      confirmPassword: 'short',
    })
    expect(formErrors(short.data)).toEqual({ password: ['Password must be at least 8 characters'] })

    const set = await h.submit(invitationAction, path, {
      token,
      intent: 'password',
      password: 'a-good-passw0rd',
      confirmPassword: 'a-good-passw0rd',
    })
    expect(set.location).toBe(path)
    const second = await h.load<{ state: string; enrolment: { secret: string } }>(invitationLoader, path)
    expect(second.data.state).toBe('totp')

    const empty = await h.submit(invitationAction, path, { token, intent: 'totp', otp: '' })
    expect(formErrors(empty.data)).toEqual({ otp: ['Enter a valid otp'] })
    const right = currentTotp(second.data.enrolment.secret)
    const wrong = String((Number(right) + 3) % 1_000_000).padStart(6, '0')
    const failed = await h.submit(invitationAction, path, { token, intent: 'totp', otp: wrong })
    expect(formErrors(failed.data)).toEqual({ otp: ['OTP verification failed'] })
    const done = await h.submit(invitationAction, path, { token, intent: 'totp', otp: right })
    expect(done.data).toEqual({ done: { email, accountStatus: 'APPROVED', canSignIn: true } })

    const used = await h.load<{ state: string; message: string }>(invitationLoader, path)
    expect(used.data).toMatchObject({
      state: 'invalid',
      message: 'This invitation link is not valid or has expired',
    })
  })

  it('shows the invalid message for a made-up token', async () => {
    const page = await h.load<{ state: string; message: string }>(invitationLoader, '/invitation?token=nope')
    expect(page.data).toMatchObject({
      state: 'invalid',
      message: 'This invitation link is not valid or has expired',
    })
  })
})
