import type { Page } from '@playwright/test'
import { currentTotp } from '../../platform/auth/totp'
import { expect, test } from './fixtures'
import { mailFor, waitForCode } from './mailbox'

const SECONDS = 1000

/** A code the server has not seen yet: `offset` steps ahead (the server accepts ±1 step, each step once). */
const code = (secret: string, offset = 0) => currentTotp(secret, new Date(Date.now() + offset * 30 * SECONDS))

/** The Login page, whether or not a no-JS post left `?index` on the URL. */
async function expectLoginPage(page: Page) {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
}

async function enterCredentials(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.getByLabel('User name').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

async function enterOtp(page: Page, otp: string) {
  await page.getByLabel('OTP', { exact: true }).fill(otp)
  await page.getByRole('button', { name: 'Verify' }).click()
}

test('a new SELLER enrols two-factor from the QR code, accepts the terms and lands on campaigns', async ({
  page,
  e2eUser,
}) => {
  const user = e2eUser('seller-new')
  await enterCredentials(page, user.email, user.password)
  await expect(page).toHaveURL('/login/verify')
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download QR code' })).toHaveAttribute('download', /\.png$/)
  const uri = await page.getByTestId('otpauth-link').getAttribute('href')
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/)
  const url = new URL(uri!)
  expect(url.searchParams.get('digits') ?? '6').toBe('6')
  expect(url.searchParams.get('period') ?? '30').toBe('30')

  // An empty code is refused before anything else.
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('Enter a valid otp')

  await enterOtp(page, code(url.searchParams.get('secret')!))
  await expect(page).toHaveURL('/terms-and-conditions')
  await page.getByLabel('I agree with the Terms and Conditions').check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL('/campaigns')
  await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible()
})

test('a registered user is asked only for the code, not shown a QR code; a wrong code is refused', async ({
  page,
  e2eUser,
}) => {
  const user = e2eUser('brand-login')
  await enterCredentials(page, user.email, user.password)
  await expect(page).toHaveURL('/login/verify')
  await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0)
  const wrong = String((Number(code(user.totpSecret)) + 500_000) % 1_000_000).padStart(6, '0')
  await enterOtp(page, wrong)
  await expect(page.getByRole('alert')).toHaveText('Invalid OTP')
  await enterOtp(page, code(user.totpSecret))
  // BRAND goes straight to its campaigns, acting for itself.
  await expect(page).toHaveURL('/campaigns')
})

test('an AGENCY signs in and selects a brand linked to it', async ({ page, e2eUser }) => {
  const user = e2eUser('agency-login')
  await enterCredentials(page, user.email, user.password)
  await enterOtp(page, code(user.totpSecret))
  await expect(page).toHaveURL('/select-account')
  await page.getByLabel('Enter brand or seller ID').fill('200001')
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page).toHaveURL('/campaigns')
  await expect(page.getByTestId('seller-id')).toContainText('200001')
})

test('an OPS user signs in and selects any seller', async ({ page, e2eUser }) => {
  const user = e2eUser('ops-login')
  await enterCredentials(page, user.email, user.password)
  await enterOtp(page, code(user.totpSecret))
  await expect(page).toHaveURL('/admin/select-account')
  await page.getByLabel('Enter brand or seller ID').fill('100002')
  await page.getByRole('button', { name: 'View Account' }).click()
  await expect(page).toHaveURL('/admin/campaigns')
  await expect(page.getByTestId('role-label')).toHaveText('ADMIN')
})

test('a second login elsewhere warns; Continue ends the first browser session', async ({
  browser,
  page,
  e2eUser,
}, testInfo) => {
  const user = e2eUser('seller-elsewhere')
  await enterCredentials(page, user.email, user.password)
  await enterOtp(page, code(user.totpSecret))
  await expect(page).toHaveURL('/campaigns')

  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  })
  const second = await other.newPage()
  try {
    await enterCredentials(second, user.email, user.password)
    await expect(second).toHaveURL('/login/elsewhere')
    await expect(second.getByRole('heading', { name: 'You are logged in elsewhere' })).toBeVisible()
    // Cancel goes back to Login and leaves the first session alone.
    await second.getByRole('button', { name: 'Cancel' }).click()
    await expect(second).toHaveURL('/')
    await page.reload()
    await expect(page).toHaveURL('/campaigns')

    await enterCredentials(second, user.email, user.password)
    await second.getByRole('button', { name: 'Continue' }).click()
    await expect(second).toHaveURL('/login/verify')
    await enterOtp(second, code(user.totpSecret, 1))
    await expect(second).toHaveURL('/campaigns')

    // The first browser's next request goes to Login.
    await page.reload()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  } finally {
    await other.close()
  }
})

test('forgot password end to end: code by e-mail, old password refused, next login still asks for TOTP', async ({
  page,
  e2eUser,
}) => {
  const user = e2eUser('seller-forgot')
  const newPassword = 'a much longer passphrase, 2026'
  await page.goto('/')
  await page.getByRole('link', { name: 'Forgot Password' }).click()
  await expect(page).toHaveURL('/forgot-password')
  await page.getByLabel('User name').fill(user.email)
  await page.getByLabel('New Password').fill(newPassword)
  await page.getByLabel('Confirm Password').fill(`${newPassword}!`)
  await page.getByRole('button', { name: 'Get OTP' }).click()
  await expect(page.getByText('Password does not match')).toBeVisible()
  await expect(page.getByLabel('User name')).toHaveValue(user.email)

  const before = mailFor(user.email).length
  await page.getByLabel('New Password').fill(newPassword)
  await page.getByLabel('Confirm Password').fill(newPassword)
  await page.getByRole('button', { name: 'Get OTP' }).click()
  await expect(page).toHaveURL('/forgot-password/verify')
  await expect(page.getByTestId('resend-timer')).toHaveText(/Resend OTP in 00:4\d/)
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled()

  const otp = await waitForCode(user.email, before)
  expect(mailFor(user.email).at(-1)!.subject).toContain('password reset')
  const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0')
  await enterOtp(page, wrong)
  await expect(page.getByRole('alert')).toHaveText('OTP verification failed')
  await enterOtp(page, otp)
  await expect(page).toHaveURL('/forgot-password/done')
  await expect(page.getByRole('heading', { name: 'Password reset successful' })).toBeVisible()

  await enterCredentials(page, user.email, user.password)
  await expectLoginPage(page)
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password')

  await enterCredentials(page, user.email, newPassword)
  await expect(page).toHaveURL('/login/verify')
  await enterOtp(page, code(user.totpSecret))
  await expect(page).toHaveURL('/campaigns')
})

test('a replayed TOTP code is refused', async ({ page, e2eUser }) => {
  const user = e2eUser('seller-replay')
  const otp = code(user.totpSecret)
  await enterCredentials(page, user.email, user.password)
  await enterOtp(page, otp)
  await expect(page).toHaveURL('/campaigns')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')

  await enterCredentials(page, user.email, user.password)
  await enterOtp(page, otp)
  await expect(page).toHaveURL('/login/verify')
  await expect(page.getByRole('alert')).toHaveText('Invalid OTP')
})

test('the sixth wrong password is refused even when right, with the rate-limit message', async ({
  page,
  e2eUser,
}) => {
  const user = e2eUser('seller-lockout')
  for (let attempt = 1; attempt <= 5; attempt++) {
    await enterCredentials(page, user.email, `wrong password ${attempt}`)
    await expectLoginPage(page)
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  }
  await enterCredentials(page, user.email, user.password)
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many requests\. Please try again later\. You can try again in \d+ minutes?\.$/,
  )
  await expectLoginPage(page)
})

test('a cross-site form post is refused and changes nothing', async ({ page, signInAs, baseURL }) => {
  await signInAs('seller2@example.com')
  await page.goto('/campaigns')
  // A page from another origin (about:blank, Origin: null) posts a form at the console's logout.
  await page.goto('about:blank')
  await page.setContent(`<form method="post" action="${baseURL}/logout"><button>Win a prize</button></form>`)
  const [response] = await Promise.all([
    page.waitForNavigation(),
    page.getByRole('button', { name: 'Win a prize' }).click(),
  ])
  expect(response?.status()).toBe(403)
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/campaigns')
})

test('a bot that fills the honeypot is not signed in', async ({ page, e2eUser }) => {
  const user = e2eUser('seller-welcome')
  const response = await page.request.post('/?index', {
    form: { email: user.email, password: user.password, website: 'https://spam.example' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('Something went wrong')
})
