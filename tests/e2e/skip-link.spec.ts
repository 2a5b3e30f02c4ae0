// The skip link on the pages outside the console shell (issue 9, decision 023): login and its steps,
// forgot password, the welcome, unauthorized, terms, terms-error and external-login pages, signed out
// and signed in. A keyboard user meets "Skip to main content" visible at the top, and Enter puts focus
// in <main>, never on <body>. The pages whose form puts the cursor in its first field on load (Login's
// User name, an OTP) already start inside <main>: there the skip link is the stop before that field.
import type { Page } from '@playwright/test'
import { pendingLogin, pendingReset } from '../../app/models/sign-in-flow.server'
import { expect, test } from './fixtures'

const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to main content' })

/** Focus is on an element inside <main> (or <main> itself), never on <body>. */
async function expectFocusInMain(page: Page) {
  const where = await page.evaluate(() => {
    const active = document.activeElement
    const main = document.querySelector('main')
    return {
      body: !active || active === document.body,
      inMain: Boolean(active && main?.contains(active)),
      what: active ? active.outerHTML.slice(0, 120) : 'nothing',
    }
  })
  expect(where.body, 'focus is not on <body>').toBe(false)
  expect(where.inMain, `focus is in main: ${where.what}`).toBe(true)
}

/** The skip link has focus and can be seen; Enter moves focus to main. */
async function followSkipLink(page: Page) {
  await expect(skipLink(page)).toBeFocused()
  await expect(skipLink(page)).toBeVisible()
  await expect(skipLink(page)).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.locator('main#main')).toBeFocused()
  await expectFocusInMain(page)
}

/** A freshly loaded page: the first Tab is the skip link. */
async function expectSkipLinkFirst(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await page.keyboard.press('Tab')
  await followSkipLink(page)
}

/** A page that focuses its first field on load: focus starts in main; the stop before it is the skip link. */
async function expectSkipLinkBefore(page: Page, heading: string | RegExp, field: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.getByLabel(field, { exact: true })).toBeFocused()
  await expectFocusInMain(page)
  await page.keyboard.press('Shift+Tab')
  await followSkipLink(page)
}

/** Puts a sealed console cookie (a Set-Cookie string from the app's own cookie code) into the browser. */
async function addConsoleCookie(page: Page, setCookie: string, baseURL: string) {
  const [pair] = setCookie.split(';')
  const separator = pair!.indexOf('=')
  await page
    .context()
    .addCookies([
      { name: pair!.slice(0, separator), value: pair!.slice(separator + 1), url: baseURL, httpOnly: true },
    ])
}

test.describe('signed out', () => {
  test('Login', async ({ page }) => {
    await page.goto('/')
    await expectSkipLinkBefore(page, 'Login', 'User name')
  })

  test('two-factor step of Login', async ({ page, e2eUser }) => {
    const user = e2eUser('seller-skiplink')
    await page.goto('/')
    await page.getByLabel('User name').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill(user.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL('/login/verify')
    // A fresh load of the step, as after a reload or with JavaScript off.
    await page.goto('/login/verify')
    await expectSkipLinkBefore(page, 'Two-factor authentication', 'OTP')
  })

  test('logged in elsewhere step of Login', async ({ page, baseURL, e2eUser }) => {
    const user = e2eUser('seller-skiplink')
    await addConsoleCookie(
      page,
      await pendingLogin.write({ email: user.email, password: user.password }),
      baseURL!,
    )
    await page.goto('/login/elsewhere')
    await expectSkipLinkFirst(page, 'You are logged in elsewhere')
  })

  test('Forgot Password and its code step', async ({ page, baseURL }) => {
    await page.goto('/forgot-password')
    await expectSkipLinkBefore(page, 'Forgot Password', 'User name')
    await addConsoleCookie(
      page,
      await pendingReset.write({
        email: 'nobody.skiplink@e2e.test',
        password: 'Skip@Link2026',
        sentAt: Date.now(),
        sends: 1,
      }),
      baseURL!,
    )
    await page.goto('/forgot-password/verify')
    await expectSkipLinkBefore(page, 'Enter OTP', 'OTP')
  })

  test('Unauthorized', async ({ page }) => {
    await page.goto('/unauthorized')
    await expectSkipLinkFirst(page, 'Unauthorized')
  })

  test('Terms and Conditions for visitors', async ({ page }) => {
    await page.goto('/StaticTnCPage')
    await expectSkipLinkFirst(page, 'Terms and Conditions')
  })

  test('Terms not accepted', async ({ page }) => {
    await page.goto('/terms-not-accepted')
    await expectSkipLinkFirst(page, 'Terms and Conditions not accepted')
  })

  test('external login landing', async ({ page }) => {
    await page.goto('/ads/auth/v1/external/login')
    await expectSkipLinkFirst(page, 'Sign-in link not accepted')
  })
})

test.describe('signed in', () => {
  test('Welcome (SELLER)', async ({ page, signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-welcome').email)
    await page.goto('/home')
    await expectSkipLinkFirst(page, /^Welcome, /)
  })

  test('Terms and Conditions to accept (SELLER)', async ({ page, signInAs, e2eAccount }) => {
    await signInAs(e2eAccount('seller-terms').email)
    await page.goto('/terms-and-conditions')
    await expectSkipLinkFirst(page, 'Terms and Conditions')
  })

  test('Terms and Conditions for a user who has not accepted them (BRAND)', async ({
    page,
    signInAs,
    e2eAccount,
  }) => {
    await signInAs(e2eAccount('brand-terms').email)
    await page.goto('/StaticTnCPage')
    await expectSkipLinkFirst(page, 'Terms and Conditions')
  })

  test('Terms and Conditions pending (OPS)', async ({ page, signInAs }) => {
    await signInAs('ops@example.com')
    await page.goto('/tncErrorPopup')
    await expectSkipLinkFirst(page, 'Terms and Conditions pending')
  })

  test('Unauthorized (SELLER)', async ({ page, signInAs }) => {
    await signInAs('seller@example.com')
    await page.goto('/unauthorized')
    await expectSkipLinkFirst(page, 'Unauthorized')
  })
})
