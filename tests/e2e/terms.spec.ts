// The terms (spec accounts §2 "Terms page", "Route guard"; §5 "Terms: the checkbox must be ticked").
// Acceptance changes the user for good, so it is tried on this project's own e2e users; the demo users
// used below are only looked at, never changed.
import { expect, test } from './fixtures'

const ACCEPT_CASES = [
  { name: 'seller-terms', start: '/campaigns', home: '/campaigns' },
  { name: 'brand-terms', start: '/campaigns', home: '/campaigns' },
  // An agency has not picked a brand yet: it goes on to account selection.
  { name: 'agency-terms', start: '/select-account', home: '/select-account' },
] as const

for (const { name, start, home } of ACCEPT_CASES) {
  test(`${name}: ticking the box and Continue stores the acceptance and leads to ${home}`, async ({
    page,
    signInAs,
    e2eUser,
    javaScriptEnabled,
  }) => {
    await signInAs(e2eUser(name).email)
    await page.goto(start)
    await expect(page).toHaveURL('/terms-and-conditions')
    await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible()
    await expect(page.locator('iframe[title="Terms and Conditions"]')).toHaveAttribute('src', '/tnc.pdf')
    // The terms pages have no menu (spec accounts §2).
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)

    const box = page.getByLabel('I agree with the Terms and Conditions')
    const continueButton = page.getByRole('button', { name: 'Continue' })
    if (javaScriptEnabled) await expect(continueButton).toBeDisabled()
    await box.check()
    await expect(continueButton).toBeEnabled()
    await continueButton.click()

    await expect(page).toHaveURL(home)
    await expect(page.getByTestId('flash')).toContainText('Thank you for accepting the Terms and Conditions.')
    // The platform, which the guard asks on every request, now says accepted.
    await page.reload()
    await expect(page).toHaveURL(home)
    await page.goto('/terms-and-conditions')
    await expect(page).toHaveURL('/unauthorized')
  })
}

test('Continue without ticking the box is refused', async ({ page, signInAs, javaScriptEnabled }) => {
  await signInAs('newseller@example.com')
  await page.goto('/terms-and-conditions')
  const continueButton = page.getByRole('button', { name: 'Continue' })
  if (javaScriptEnabled) {
    await expect(continueButton).toBeDisabled()
    // Ticking and unticking again leaves it disabled.
    const box = page.getByLabel('I agree with the Terms and Conditions')
    await box.check()
    await expect(continueButton).toBeEnabled()
    await box.uncheck()
    await expect(continueButton).toBeDisabled()
  } else {
    await continueButton.click()
    await expect(page).toHaveURL('/terms-and-conditions')
    await expect(page.getByRole('alert')).toHaveText('Please accept the Terms and Conditions')
    await expect(page.getByLabel('I agree with the Terms and Conditions')).not.toBeChecked()
  }
  // Whatever the browser does, the server refuses a post without the box (same cookie, same origin).
  const response = await page.request.post('/terms-and-conditions', {
    form: { intent: 'accept' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('Please accept the Terms and Conditions')
  // Still not accepted: the guard keeps sending the seller to the terms.
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/terms-and-conditions')
})

test('Decline signs the user out and explains why', async ({ page, context, signInAs }) => {
  await signInAs('agency2@example.com')
  await page.goto('/terms-and-conditions')
  const before = await context.cookies()
  await page.getByRole('button', { name: 'Decline' }).click()
  await expect(page).toHaveURL('/terms-not-accepted')
  await expect(page.getByRole('heading', { name: 'Terms and Conditions not accepted' })).toBeVisible()
  await expect(page.getByText('The Ad Console can only be used after accepting')).toBeVisible()
  await page.getByRole('link', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  // The session ended on the server too: the old cookie does not get back in (a failed token check on
  // the terms pages goes to /unauthorized, spec §8), and the console is still closed to it.
  await context.addCookies(before)
  await page.goto('/terms-and-conditions')
  await expect(page).toHaveURL('/unauthorized')
  await context.addCookies(before)
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/')
})

test('a user who has accepted is not shown the terms pages again', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  await page.goto('/terms-and-conditions')
  await expect(page).toHaveURL('/unauthorized')
  await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
  await page.goto('/StaticTnCPage')
  await expect(page).toHaveURL('/unauthorized')
})

test('the click-wrap page is not for staff', async ({ page, signInAs }) => {
  await signInAs('ops@example.com', { sellerId: null })
  await page.goto('/terms-and-conditions')
  await expect(page).toHaveURL('/unauthorized')
  // Nor can staff post to it.
  const response = await page.request.post('/terms-and-conditions', {
    form: { intent: 'accept', tncAcceptance: 'on' },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/unauthorized')
})

test('signed out, the click-wrap page sends the visitor to Login', async ({ page }) => {
  await page.goto('/terms-and-conditions')
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
})

test('signed out, /StaticTnCPage shows the terms PDF and a summary', async ({ page }) => {
  await page.goto('/StaticTnCPage')
  await expect(page).toHaveURL('/StaticTnCPage')
  await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible()
  await expect(page.locator('iframe[title="Terms and Conditions"]')).toHaveAttribute('src', '/tnc.pdf')
  await expect(page.getByRole('link', { name: 'Open the Terms and Conditions (PDF)' })).toHaveAttribute(
    'href',
    '/tnc.pdf',
  )
  await expect(page.getByRole('heading', { name: 'The terms in brief' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL('/')
})

test('a signed-in user who has not accepted may read /StaticTnCPage', async ({ page, signInAs }) => {
  await signInAs('brand3@example.com')
  await page.goto('/StaticTnCPage')
  await expect(page).toHaveURL('/StaticTnCPage')
  await expect(page.locator('iframe[title="Terms and Conditions"]')).toHaveAttribute('src', '/tnc.pdf')
})

test('/tnc.pdf is a real PDF of the terms that only this site may frame', async ({ page, request }) => {
  const response = await request.get('/tnc.pdf')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/pdf')
  expect(response.headers()['x-frame-options']).toBe('SAMEORIGIN')
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self'")
  const body = await response.body()
  const text = body.toString('latin1')
  expect(text.startsWith('%PDF-1.')).toBe(true)
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
  // The xref table the trailer points at is where it says it is.
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1])
  expect(text.slice(startxref, startxref + 4)).toBe('xref')
  expect(text).toContain('/Type /Catalog')
  expect(text).toContain('(Ad Console: Advertiser Terms and Conditions) Tj')
  expect(text).toContain('I agree with')

  // The page that frames it allows it (frame-src 'self') and the frame loads it.
  const framed = page.waitForResponse((r) => new URL(r.url()).pathname === '/tnc.pdf')
  const pageResponse = await page.goto('/StaticTnCPage')
  expect(pageResponse!.headers()['content-security-policy']).toContain("frame-src 'self'")
  expect((await framed).status()).toBe(200)
})
