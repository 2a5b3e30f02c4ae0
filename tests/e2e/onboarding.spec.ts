// Onboarding and the invitation (issue 11, decision 033), with JavaScript on and off: OPS onboards an
// agency, the invitation reaches the real SMTP listener, the agency sets a password and enrols its
// authenticator in the browser and is told it awaits approval; OPS onboards a seller who then signs in
// for real. Every user is new (unique e-mail per project and run) or a free marketplace account of
// this project, so the two projects never touch each other's data.
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  AUTH_API,
  acceptInvitation,
  invitationPath,
  onboardViaApi,
  poolToken,
  signInWithPassword,
  totpNow,
  uniqueEmail,
} from './accounts-kit'
import { e2eFreeAccountId } from './e2e-users'
import { expect, test } from './fixtures'
import { tabTo } from './keyboard-kit'
import { mailFor } from './mailbox'

const jsOn = () => test.info().project.name === 'js-on'

/** Chooses the role: with JavaScript the select shows its fields at once; without, the button does. */
async function chooseRole(page: Page, label: string) {
  await page.getByLabel('Role', { exact: true }).selectOption({ label })
  if (jsOn()) await expect(page).toHaveURL(/role=/)
  await page.getByRole('button', { name: 'Choose role' }).click()
  await expect(page.getByRole('heading', { name: `New ${label}` })).toBeVisible()
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test('OPS onboards an agency; the invitation e-mail leads to a password, TOTP enrolment and "awaiting approval"', async ({
  page,
  signInAs,
  e2eUser,
}, testInfo) => {
  const project = testInfo.project.name
  await signInAs(e2eUser('ops-onboard').email, { sellerId: null })
  await page.goto('/admin/onboarding')
  await expect(page.getByRole('heading', { name: 'Onboarding', level: 1 })).toBeVisible()
  // OPS may not onboard a Super Admin: the option is not there.
  await expect(page.getByLabel('Role', { exact: true }).locator('option')).toHaveText([
    'Admin',
    'Seller',
    'Brand',
    'Agency',
  ])
  await chooseRole(page, 'Agency')
  await expect(page.getByText('+91').first()).toBeVisible()

  // Every message of §5 at its field.
  await page.getByLabel('Primary Contact Number').fill('2123456789')
  await page.getByLabel('Secondary Contact Number (optional)').fill('98765')
  await page.getByLabel('Pincode').fill('5600')
  await page.getByRole('button', { name: 'Submit' }).click()
  for (const message of [
    'Name cannot be empty',
    'Email is invalid',
    'Address cannot be empty',
    'Pincode is invalid',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page.getByText('Number is invalid', { exact: true })).toHaveCount(2)
  // What was typed is kept.
  await expect(page.getByLabel('Primary Contact Number')).toHaveValue('2123456789')

  const email = uniqueEmail('onboard-agency', project)
  await page.getByLabel('Name', { exact: true }).fill('E2E Onboarded Agency')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Primary Contact Number').fill('9876543210')
  await page.getByLabel('Secondary Contact Number (optional)').fill('')
  await page.getByLabel('Address').fill('12 MG Road, Bengaluru')
  await page.getByLabel('Pincode').fill('560001')
  if (!jsOn()) await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByTestId('pincode-lookup')).toContainText('District:')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByTestId('flash')).toContainText(
    `An invitation to set a password was e-mailed to ${email}`,
  )
  await expect(page.getByTestId('flash')).toContainText('pending approval')
  // The form is empty again.
  await expect(page.getByLabel('E-mail')).toHaveValue('')

  // The invitation arrived at the real SMTP listener; open its link.
  const link = await invitationPath(email)
  expect(mailFor(email).at(-1)?.subject).toBe('You are invited to the Ad Console')
  await page.context().clearCookies()
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible()
  await page.getByLabel('New Password').fill('a-good-passw0rd')
  await page.getByLabel('Confirm Password').fill('another-passw0rd')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('Password does not match', { exact: true })).toBeVisible()
  await page.getByLabel('New Password').fill('a-good-passw0rd')
  await page.getByLabel('Confirm Password').fill('a-good-passw0rd')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Enter a valid otp', { exact: true })).toBeVisible()
  const right = totpNow(secret)
  await page.getByLabel('OTP').fill(String((Number(right) + 5) % 1_000_000).padStart(6, '0'))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('OTP verification failed', { exact: true })).toBeVisible()
  await page.getByLabel('OTP').fill(totpNow(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText(/Your account is awaiting approval/)).toBeVisible()

  // The link works once.
  await page.goto(link)
  await expect(page.getByText('This invitation link is not valid or has expired')).toBeVisible()
  await expect(page.getByLabel('New Password')).toHaveCount(0)
})

test('OPS onboards a free marketplace seller, who accepts the invitation and signs in for real', async ({
  page,
  request,
  signInAs,
  e2eUser,
}, testInfo) => {
  const project = testInfo.project.name
  const sellerId = e2eFreeAccountId('SELLER', project, 0)
  await signInAs(e2eUser('ops-onboard').email, { sellerId: null })
  await page.goto('/admin/onboarding?role=SELLER')
  await expect(page.getByRole('heading', { name: 'New Seller' })).toBeVisible()
  await page.getByLabel('Seller ID').fill('12ab')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('ID is invalid', { exact: true })).toBeVisible()

  const email = uniqueEmail('onboard-seller', project)
  await page.getByLabel('Name', { exact: true }).fill('E2E Onboarded Seller')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Seller ID').fill(String(sellerId))
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByTestId('flash')).toContainText(`was onboarded as Seller`)

  // The same account again: the server's message in the error panel, headed Error.
  await page.getByLabel('Name', { exact: true }).fill('Second try')
  await page.getByLabel('E-mail').fill(uniqueEmail('onboard-seller-again', project))
  await page.getByLabel('Seller ID').fill(String(sellerId))
  await page.getByRole('button', { name: 'Submit' }).click()
  const panel = page.getByTestId('backend-error')
  await expect(panel.getByRole('heading', { name: 'Error' })).toBeVisible()
  await expect(panel).toContainText(`Seller ${sellerId} already has a console user`)

  const { password, totpSecret } = await acceptInvitation(request, email)
  await page.context().clearCookies()
  // The enrolment used this 30-second step's code: sign in with the next one.
  await signInWithPassword(page, email, password, totpSecret, { totpOffset: 1 })
  await expect(page).toHaveURL('/terms-and-conditions')
})

/** A new agency (through the platform), rejected by a super admin with a comment; its e-mail. */
async function rejectedAgency(request: APIRequestContext, ops: string, superadmin: string, project: string) {
  const email = uniqueEmail('onboard-rejected', project)
  const created = await onboardViaApi(request, poolToken(ops), {
    sendMail: false,
    users: [
      {
        name: 'E2E Rejected Agency',
        email,
        role: 'AGENCY',
        primaryContactNumber: '9876543210',
        address: '1 Old Street',
        pincode: '560001',
      },
    ],
  })
  expect(created.status).toBe(200)
  const id = created.body.data?.users[0]?.id
  const rejected = await request.patch(`${AUTH_API}/v1/AGENCY/${id}?accountStatus=REJECTED`, {
    data: { comments: 'GST document missing' },
    headers: { authorization: `Bearer ${poolToken(superadmin)}` },
  })
  expect(rejected.status(), await rejected.text()).toBe(200)
  return email
}

test('OPS corrects a rejected agency in edit mode (titled User Management) and sends it for approval again', async ({
  page,
  request,
  signInAs,
  e2eUser,
}, testInfo) => {
  const ops = e2eUser('ops-onboard').email
  const email = await rejectedAgency(request, ops, e2eUser('superadmin-onboard').email, testInfo.project.name)

  await signInAs(ops, { sellerId: null })
  await page.goto(`/admin/userManagement/${encodeURIComponent(email)}/edit`)
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible()
  await expect(page.getByText('GST document missing')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('E2E Rejected Agency')
  await expect(page.getByLabel('Primary Contact Number')).toHaveValue('9876543210')
  await page.getByLabel('Primary Contact Number').fill('12')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Number is invalid', { exact: true })).toBeVisible()
  await page.getByLabel('Primary Contact Number').fill('9123456789')
  await page.getByLabel('Address').fill('2 New Street, Delhi')
  await page.getByLabel('Pincode').fill('110001')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL('/admin/userManagement')
  await expect(page.getByTestId('flash')).toContainText('was sent for approval again')

  const details = await request.get(`${AUTH_API}/v1/onBoardUsers/${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${poolToken(ops)}` },
  })
  expect((await details.json()).data).toMatchObject({
    accountStatus: 'PENDING',
    primaryContactNumber: '9123456789',
    pincode: '110001',
  })
  // Now PENDING: the edit page offers no form.
  await page.goto(`/admin/userManagement/${encodeURIComponent(email)}/edit`)
  await expect(
    page.getByText('Only a rejected agency can be edited and sent for approval again'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)
})

test.describe('the pages themselves', () => {
  // Several pages under axe in one test: a busy two-core machine takes seconds per page (30 s ran out).
  test.describe.configure({ timeout: 120_000 })
  // axe is a script: the js-off project keeps the engine on but refuses the page's own scripts (as a11y.spec).
  test.use({ javaScriptEnabled: true })
  test.beforeEach(async ({ page }, testInfo) => {
    if (testInfo.project.name !== 'js-off') return
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    )
  })

  async function seriousViolations(page: Page) {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }

  test('onboarding and invitation pages: axe, 360 px without sideways scroll, keyboard with visible focus', async ({
    page,
    signInAs,
    e2eUser,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 800 })
    await signInAs(e2eUser('ops-onboard').email, { sellerId: null })
    await page.goto('/admin/onboarding?role=AGENCY')
    await expect(page.getByRole('heading', { name: 'New Agency' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    // With the messages shown too (the server's: with the page's scripts refused, the browser would
    // otherwise stop the post with its own constraint bubbles).
    await page.getByRole('form', { name: 'New Agency' }).evaluate((form) => {
      ;(form as HTMLFormElement).noValidate = true
    })
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Name cannot be empty')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    // Keyboard only: from the role select to Submit, every stop visible.
    // Back up to the role select (with JavaScript the failed check put focus on Name), then forward.
    await tabTo(page, page.getByLabel('Role', { exact: true }), 80, 'Shift+Tab')
    if (testInfo.project.name === 'js-on') {
      // With JavaScript the arrow keys change the role at once, and focus stays on the select.
      await page.keyboard.press('ArrowUp')
      await expect(page).toHaveURL(/role=BRAND/)
      await expect(page.getByRole('heading', { name: 'New Brand' })).toBeVisible()
      await expect(page.getByLabel('Role', { exact: true })).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(page.getByRole('heading', { name: 'New Agency' })).toBeVisible()
      await expect(page.getByLabel('Role', { exact: true })).toBeFocused()
    }
    await tabTo(page, page.getByLabel('Name', { exact: true }))
    await page.keyboard.type('Keyboard Agency')
    await tabTo(page, page.getByRole('button', { name: 'Submit' }))

    // An invitation at its two steps (a new OPS user: nothing to approve).
    const email = uniqueEmail('onboard-a11y', testInfo.project.name)
    await page.goto('/admin/onboarding?role=OPS')
    await page.getByLabel('Name', { exact: true }).fill('E2E A11y Ops')
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByTestId('flash')).toContainText(email)
    const link = await invitationPath(email)
    await page.context().clearCookies()
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await tabTo(page, page.getByRole('button', { name: 'Continue' }))
    const password = 'a-good-passw0rd'
    const token = new URL(link, 'http://x').searchParams.get('token')!
    const step1 = await request.post('/ads/ad-auth/v1/invitation/password', {
      data: { token, password, confirmPassword: password },
    })
    expect(step1.status()).toBe(200)
    await page.reload()
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await tabTo(page, page.getByRole('button', { name: 'Verify' }))
  })

  test('the rejected agency edit page: axe and 360 px without sideways scroll', async ({
    page,
    request,
    signInAs,
    e2eUser,
  }, testInfo) => {
    const ops = e2eUser('ops-onboard').email
    const email = await rejectedAgency(
      request,
      ops,
      e2eUser('superadmin-onboard').email,
      testInfo.project.name,
    )
    await page.setViewportSize({ width: 360, height: 800 })
    await signInAs(ops, { sellerId: null })
    await page.goto(`/admin/userManagement/${encodeURIComponent(email)}/edit`)
    await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible()
    await expect(page.getByTestId('pincode-lookup')).toContainText('District:')
    expect(await seriousViolations(page)).toEqual([])
    expect(await overflow(page)).toBeLessThanOrEqual(0)
  })
})
