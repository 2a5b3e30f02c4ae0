// Server hardening against the real production server (decision 020): signed-in answers are not stored,
// public pages and static files keep their caching, and an oversize form post is refused with 413.
import { expect, test } from './fixtures'

test('a signed-in page is sent with Cache-Control: no-store; static files keep theirs', async ({
  page,
  signInAs,
}) => {
  await signInAs('seller@example.com')
  const response = await page.goto('/campaigns')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toMatch(/^text\/html/)
  expect(response?.headers()['cache-control']).toBe('no-store')

  // The page's own script and style files, fetched with the same session cookie, stay cacheable.
  const asset = await page.locator('link[href^="/build/"]').first().getAttribute('href')
  expect(asset).toBeTruthy()
  const assetResponse = await page.request.get(asset!)
  expect(assetResponse.status()).toBe(200)
  expect(assetResponse.headers()['cache-control']).toContain('immutable')
})

test('a public page without a session is not marked no-store', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
  expect(response?.headers()['cache-control'] ?? '').not.toContain('no-store')
})

test('an oversize anonymous form post is refused with 413 before the console reads it', async ({
  request,
  baseURL,
}) => {
  const response = await request.post('/', {
    headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded' },
    data: `email=${'a'.repeat(200 * 1024)}&password=x`,
  })
  expect(response.status()).toBe(413)
  expect(response.headers()['content-type']).toMatch(/^text\/plain/)
  expect(await response.text()).toBe('This request is too large. Go back and send less.')
})
