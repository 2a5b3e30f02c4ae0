import { demoUser, expect, test } from './fixtures'

const SELLER = demoUser('seller@example.com')
const BRAND = demoUser('brand@example.com')

// spec campaigns §6 / accounts §6: the menu each role gets, in order, with the /admin prefix for staff.
const cases = [
  {
    email: 'superadmin@example.com',
    sellerId: SELLER.id,
    path: '/admin/campaigns',
    label: 'SUPER ADMIN',
    menu: [
      ['Campaign', '/admin/campaigns'],
      ['Analytics', '/admin/analytics'],
      ['User Management', '/admin/userManagement'],
      ['Onboarding', '/admin/onboarding'],
      ['Approval', '/admin/approval'],
      ['Delink Approval', '/admin/requestApproval'],
      ['Payment', '/admin/billing'],
      ['Bulk Upload', '/admin/bulkUpload'],
      ['Background Jobs', '/admin/jobs'],
    ],
  },
  {
    email: 'ops@example.com',
    sellerId: SELLER.id,
    path: '/admin/campaigns',
    label: 'ADMIN',
    menu: [
      ['Campaign', '/admin/campaigns'],
      ['Analytics', '/admin/analytics'],
      ['User Management', '/admin/userManagement'],
      ['Onboarding', '/admin/onboarding'],
      ['Background Jobs', '/admin/jobs'],
    ],
  },
  {
    email: 'agency@example.com',
    sellerId: BRAND.id,
    path: '/campaigns',
    label: 'AGENCY',
    menu: [
      ['Campaign', '/campaigns'],
      ['Analytics', '/analytics'],
      ['Link Request', '/link'],
      ['Delink Request', '/delink'],
    ],
  },
  {
    email: 'brand@example.com',
    sellerId: undefined,
    path: '/campaigns',
    label: 'BRAND',
    menu: [
      ['Campaign', '/campaigns'],
      ['Analytics', '/analytics'],
      ['Link Approval', '/requestApproval'],
      ['Delink Request', '/delink'],
    ],
  },
  {
    email: 'seller@example.com',
    sellerId: undefined,
    path: '/campaigns',
    label: 'SELLER',
    menu: [
      ['Campaign', '/campaigns'],
      ['Analytics', '/analytics'],
    ],
  },
] as const

for (const role of cases) {
  test(`${role.label} sees the header and exactly its menu`, async ({ page, signInAs }) => {
    await signInAs(role.email, { sellerId: role.sellerId })
    await page.goto(role.path)
    await expect(page).toHaveURL(role.path)
    await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible()

    const header = page.getByRole('banner')
    await expect(header.getByTestId('role-label')).toHaveText(role.label)
    const expectedSeller = role.sellerId ?? demoUser(role.email).id
    await expect(header.getByTestId('seller-id')).toContainText(String(expectedSeller))
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible()
    const switchLink = header.getByRole('link', { name: 'Switch' })
    if (role.label === 'SELLER' || role.label === 'BRAND') await expect(switchLink).toHaveCount(0)
    else
      await expect(switchLink).toHaveAttribute(
        'href',
        role.path.startsWith('/admin') ? '/admin/select-account' : '/select-account',
      )

    const links = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')
    await expect(links).toHaveText(role.menu.map(([label]) => label))
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(role.menu.map(([, href]) => href))
    await expect(links.first()).toHaveAttribute('aria-current', 'page')
  })
}

test('signed out, a console page sends the visitor to Login without a menu', async ({ page }) => {
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
})

test('an unknown path redirects to / (and on to the signed-in home)', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/no/such/page')
  await expect(page).toHaveURL('/campaigns')
})

test('a role outside the route is sent to Login, which sends it home', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/admin/campaigns')
  await expect(page).toHaveURL('/campaigns')
})

test('an admin without a selected account is not shown the campaigns', async ({ page, signInAs }) => {
  await signInAs('ops@example.com', { sellerId: null })
  const response = await page.goto('/admin/campaigns')
  expect(response).not.toBeNull()
  await expect(page).not.toHaveURL('/admin/campaigns')
  await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toHaveCount(0)
})

test('Logout ends the session on the server: the old cookie no longer works', async ({
  page,
  context,
  signInAs,
}) => {
  await signInAs('brand@example.com')
  await page.goto('/campaigns')
  const before = await context.cookies()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  // Replaying the cookie from before logout must not get back in.
  await context.addCookies(before)
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/')
})

test('pages carry the security headers, and the page runs under the CSP', async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await signInAs('seller@example.com')
  const response = await page.goto('/campaigns')
  const headers = response!.headers()
  const csp = headers['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('same-origin')
  if (javaScriptEnabled) {
    // Client-side navigation works only if the nonce'd scripts ran.
    await page.getByRole('link', { name: 'Analytics' }).hover()
    await expect
      .poll(() => page.evaluate(() => typeof (window as { __remixContext?: unknown }).__remixContext))
      .toBe('object')
  }
  expect(violations).toEqual([])
})

test('a dead token on the terms page leads to /unauthorized (spec §8)', async ({
  page,
  context,
  signInAs,
}) => {
  await signInAs('newseller@example.com')
  await page.goto('/terms-and-conditions')
  await expect(page).toHaveURL('/terms-and-conditions')
  const before = await context.cookies()
  // Sign out (the platform ends the session), then come back with the old cookie.
  await page.goto('/unauthorized')
  await page.request.post('/logout', { headers: { origin: new URL(page.url()).origin } })
  await context.clearCookies()
  await context.addCookies(before)
  await page.goto('/terms-and-conditions')
  await expect(page).toHaveURL('/unauthorized')
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
})

// decision 015: an error or a 404 inside the console keeps the header and the menu, says what happened
// in a plain sentence and offers a way back; never a stack trace.
const consoleErrors = [
  {
    who: 'a seller, a campaign id that is no campaign id',
    email: 'seller@example.com',
    sellerId: undefined,
    path: '/campaigns/0/history',
    label: 'SELLER',
    menu: ['Campaign', 'Analytics'],
    home: '/campaigns',
  },
  {
    who: 'an admin, a campaign the platform does not know',
    email: 'ops@example.com',
    sellerId: SELLER.id,
    path: '/admin/campaigns/999999999/history',
    label: 'ADMIN',
    menu: ['Campaign', 'Analytics', 'User Management', 'Onboarding', 'Background Jobs'],
    home: '/admin/campaigns',
  },
] as const

for (const c of consoleErrors) {
  test(`a 404 inside the console keeps the header and the menu (${c.who})`, async ({ page, signInAs }) => {
    await signInAs(c.email, { sellerId: c.sellerId })
    const response = await page.goto(c.path)
    expect(response?.status()).toBe(404)
    await expect(page).toHaveURL(c.path)

    const header = page.getByRole('banner')
    await expect(header.getByTestId('role-label')).toHaveText(c.label)
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link')
    await expect(menu).toHaveText([...c.menu])

    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404 Page not found')
    await expect(main).toContainText('This page does not exist, or it is not available to you.')
    // Plain words only: no stack frame, source path or service message.
    const text = await page.locator('body').innerText()
    expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.tsx?:\d+|Error:|Not found/)

    // The way back: the user's home, the campaign list.
    await main.getByRole('link', { name: 'Go back to home page' }).click()
    await expect(page).toHaveURL(c.home)
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible()
  })
}

test('the menu still works from the error page', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/campaigns/not-a-number/delete')
  await expect(page.getByText('404 Page not found')).toBeVisible()
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Analytics' }).click()
  await expect(page).toHaveURL('/analytics')
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  await expect(page.getByText('404 Page not found')).toHaveCount(0)
})
