// The Outbox page (issue 11, beyond the spec; decision 037) against servers of its own: the shared e2e
// server runs in production with SMTP, where the Outbox does not exist. Each test starts the built
// server on loopback over a fresh copy of the seeded PGlite template ('server' project, run once):
// - not production, no SMTP_URL: a forgot-password request on the real page is kept in the outbox; a
//   SUPERADMIN or OPS reads the code on /admin/outbox (JavaScript on and off) and it resets the
//   password; an invitation's link in the Outbox opens the invitation page;
// - SMTP_URL set, or production: /admin/outbox is the console's 404, the menu has no Outbox, the API 404s.
import AxeBuilder from '@axe-core/playwright'
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { pgliteStore, signIn, startServer, stopServer } from './server-process'

/** A fresh copy of the seeded template, with FULL sessions (made before the server starts) for the users. */
async function prepareData(name: string, emails: string[]) {
  const store = await pgliteStore(name)
  const handle = await store.open()
  const sessions: Record<string, Awaited<ReturnType<typeof signIn>>> = {}
  try {
    for (const email of emails) sessions[email] = await signIn(handle, email)
  } finally {
    await handle.close()
  }
  return { store, sessions }
}

/** A browser context carrying a signed-in console cookie (`name=value`). */
async function signedIn(browser: Browser, baseUrl: string, cookie: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled })
  const separator = cookie.indexOf('=')
  await context.addCookies([
    {
      name: cookie.slice(0, separator),
      value: cookie.slice(separator + 1),
      url: baseUrl,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ])
  return context
}

const menu = (page: Page) => page.getByRole('navigation', { name: /menu/i })

test('outside production without SMTP_URL, the Outbox shows the reset code that the product mailed, and it works', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const { store, sessions } = await prepareData('outbox-on', ['superadmin@example.com', 'ops@example.com'])
  const server = await startServer(store, { env: { NODE_ENV: 'development' } })
  const contexts: BrowserContext[] = []
  try {
    for (const [javaScriptEnabled, email, admin] of [
      [true, 'seller2@example.com', 'superadmin@example.com'],
      [false, 'seller3@example.com', 'ops@example.com'],
    ] as const) {
      // The person who forgot their password, on the real page.
      const visitor = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled })
      contexts.push(visitor)
      const page = await visitor.newPage()
      const newPassword = `outbox reset passphrase ${javaScriptEnabled ? 'on' : 'off'} 2026`
      await page.goto('/forgot-password')
      await page.getByLabel('User name').fill(email)
      await page.getByLabel('New Password').fill(newPassword)
      await page.getByLabel('Confirm Password').fill(newPassword)
      await page.getByRole('button', { name: 'Get OTP' }).click()
      await expect(page).toHaveURL('/forgot-password/verify')

      // The admin finds it on the Outbox page, from the menu.
      const staff = await signedIn(browser, server.baseUrl, sessions[admin]!.cookie, javaScriptEnabled)
      contexts.push(staff)
      const outbox = await staff.newPage()
      await outbox.goto('/admin/campaigns')
      await menu(outbox).getByRole('link', { name: 'Outbox' }).click()
      await expect(outbox).toHaveURL('/admin/outbox')
      await expect(outbox.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible()
      const message = outbox.getByTestId('outbox-message').filter({ hasText: email }).first()
      await expect(message).toContainText(/password reset/i)
      await expect(message).toContainText(/Time: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
      const body = message.getByTestId('outbox-body')
      await expect(body).toBeHidden()
      await message.locator('summary').click()
      await expect(body).toBeVisible()
      const code = /password reset code is (\d{6})/.exec((await body.textContent()) ?? '')?.[1]
      expect(code, 'the code in the kept mail').toBeTruthy()

      if (javaScriptEnabled) {
        // Keyboard: the summary takes focus and Enter closes it again.
        await message.locator('summary').focus()
        await outbox.keyboard.press('Enter')
        await expect(body).toBeHidden()
        const axe = await new AxeBuilder({ page: outbox })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
        const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
        await outbox.setViewportSize({ width: 360, height: 740 })
        await message.locator('summary').click()
        expect(
          await outbox.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0)
      }

      // The code from the Outbox resets the password.
      await page.getByLabel('OTP', { exact: true }).fill(code!)
      await page.getByRole('button', { name: 'Verify' }).click()
      await expect(page).toHaveURL('/forgot-password/done')

      // An invitation's link in the Outbox is a real link to the console's invitation page.
      const invitee = `outbox-invitee-${javaScriptEnabled ? 'on' : 'off'}@example.com`
      const onboarded = await fetch(`${server.baseUrl}/ads/ad-auth/v1/onBoardUsers`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sessions['superadmin@example.com']!.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          sendMail: true,
          users: [{ name: 'Outbox Invitee', email: invitee, role: 'OPS' }],
        }),
      })
      expect(onboarded.status, await onboarded.text()).toBe(200)
      await outbox.reload()
      const invitation = outbox.getByTestId('outbox-message').filter({ hasText: invitee }).first()
      await invitation.locator('summary').click()
      const link = invitation.getByTestId('outbox-body').getByRole('link', { name: /\/invitation\?token=/ })
      await expect(link).toHaveAttribute('href', /^\/invitation\?token=[^/]/)
      const visitorPage = await visitor.newPage()
      await visitorPage.goto((await link.getAttribute('href'))!)
      await expect(visitorPage.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible()
      // Clicked from the Outbox, it opens the same page.
      await link.click()
      await expect(outbox).toHaveURL(/\/invitation\?token=/)
    }

    // The platform's own answer, newest first, for the staff token.
    const api = await fetch(`${server.baseUrl}/ads/ad-auth/v1/outbox?size=10`, {
      headers: { authorization: `Bearer ${sessions['superadmin@example.com']!.token}` },
    })
    expect(api.status).toBe(200)
    const { data } = (await api.json()) as { data: { messages: { to: string[]; sentAt: string }[] } }
    expect(data.messages.map((m) => m.to[0])).toContain('seller3@example.com')
    const times = data.messages.map((m) => Date.parse(m.sentAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  } finally {
    for (const context of contexts) await context.close()
    await stopServer(server)
    await store.drop()
  }
})

test('with SMTP_URL set, or in production, there is no Outbox: a 404 page, no menu entry, a 404 API', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  for (const [name, env] of [
    // Nothing is sent in this test: the SMTP address is never dialled.
    ['outbox-smtp', { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' }],
    ['outbox-prod', { NODE_ENV: 'production' }],
  ] as const) {
    const { store, sessions } = await prepareData(name, ['superadmin@example.com'])
    const server = await startServer(store, { env })
    try {
      for (const javaScriptEnabled of [true, false]) {
        const context = await signedIn(
          browser,
          server.baseUrl,
          sessions['superadmin@example.com']!.cookie,
          javaScriptEnabled,
        )
        try {
          const page = await context.newPage()
          const response = await page.goto('/admin/outbox')
          expect(response?.status(), name).toBe(404)
          await expect(page.getByRole('heading', { name: '404 Page not found' })).toBeVisible()
          await expect(page.getByRole('heading', { name: 'Outbox' })).toHaveCount(0)
          await page.goto('/admin/campaigns')
          await expect(menu(page).getByRole('link', { name: 'Campaign' })).toBeVisible()
          await expect(menu(page).getByRole('link', { name: 'Outbox' })).toHaveCount(0)
        } finally {
          await context.close()
        }
      }
      const api = await fetch(`${server.baseUrl}/ads/ad-auth/v1/outbox`, {
        headers: { authorization: `Bearer ${sessions['superadmin@example.com']!.token}` },
      })
      expect(api.status, name).toBe(404)
    } finally {
      await stopServer(server)
      await store.drop()
    }
  }
})
