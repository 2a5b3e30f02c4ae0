// External login landing (spec accounts §2, §7): the seller portal's signed, single-use hand-off.
// seller-external has one session at a time (a hand-off ends the others), so one test signs it in.
import { externalLoginQuery } from '../../platform/auth/external-login'
import { e2eAccountId } from './e2e-users'
import { expect, test } from './fixtures'

const LANDING = '/ads/auth/v1/external/login'

function secret() {
  const value = process.env.EXTERNAL_LOGIN_SECRET
  if (!value) throw new Error('EXTERNAL_LOGIN_SECRET is not set (global-setup sets it)')
  return value
}

test('a signed link signs the seller in once; reused it is refused', async ({
  page,
  context,
  e2eUser,
  javaScriptEnabled,
}, testInfo) => {
  const email = e2eUser('seller-external').email
  const sellerId = e2eAccountId('seller-external', testInfo.project.name)
  const link = `${LANDING}?${externalLoginQuery({ secret: secret(), sellerId, email })}`

  await page.goto(link)
  if (!javaScriptEnabled) {
    await expect(page.getByRole('heading', { name: 'Redirecting...' })).toBeVisible()
    await page.getByRole('button', { name: 'Continue' }).click()
  }
  // With JavaScript the page posts itself.
  await expect(page).toHaveURL('/campaigns')
  await expect(page.getByTestId('seller-id')).toContainText(String(sellerId))
  await expect(page.getByTestId('role-label')).toHaveText('SELLER')

  // Signed in, the landing page sends the seller home without using the link it was given.
  const unused = `${LANDING}?${externalLoginQuery({ secret: secret(), sellerId, email })}`
  await page.goto(unused)
  await expect(page).toHaveURL('/campaigns')

  // Signed out, the first link no longer works…
  await context.clearCookies()
  await page.goto(link)
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-in link not accepted' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('This login link has already been used')
  await page.goto('/campaigns')
  await expect(page).toHaveURL('/')

  // …but the one the signed-in visit did not use still does.
  await page.goto(unused)
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL('/campaigns')
})

test('a tampered link is refused with a way back to Login', async ({
  page,
  e2eUser,
  javaScriptEnabled,
}, testInfo) => {
  const email = e2eUser('seller-external').email
  const sellerId = e2eAccountId('seller-external', testInfo.project.name)
  const query = externalLoginQuery({ secret: secret(), sellerId, email })
  // Signed for one seller, pointed at another.
  query.set('sellerId', String(sellerId + 1))

  await page.goto(`${LANDING}?${query}`)
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { name: 'Sign-in link not accepted' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('Invalid login link')
  await page.getByRole('link', { name: 'Go to Login' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
})

test('a link signed with another secret or too old is refused', async ({
  page,
  e2eUser,
  javaScriptEnabled,
}, testInfo) => {
  const email = e2eUser('seller-external').email
  const sellerId = e2eAccountId('seller-external', testInfo.project.name)
  const cases = [
    {
      query: externalLoginQuery({ secret: 'not-the-shared-secret-0123456789abcdef', sellerId, email }),
      message: 'Invalid login link',
    },
    {
      query: externalLoginQuery({
        secret: secret(),
        sellerId,
        email,
        now: new Date(Date.now() - 30 * 60_000),
      }),
      message: 'This login link has expired',
    },
  ]
  for (const { query, message } of cases) {
    await page.goto(`${LANDING}?${query}`)
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('alert')).toHaveText(message)
    await page.goto('/campaigns')
    await expect(page).toHaveURL('/')
  }
})

test('the landing page without a link says so and does not post', async ({ page }) => {
  await page.goto(LANDING)
  await expect(page.getByRole('heading', { name: 'Sign-in link not accepted' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('This login link is incomplete')
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
})
