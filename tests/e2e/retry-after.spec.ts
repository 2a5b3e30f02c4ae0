// A refused login says when to try again (issue 9, decision 021), with and without JavaScript: after
// five failed sign-ins for an e-mail the sixth is answered 429 with Retry-After, and the page says
// "… You can try again in N minutes." from it (15 minutes from the first failure). The e-mail is
// registered to nobody (its own per project), so no fixture user is locked; a locked account gets the
// same answer word for word (app/route-tests/retry-after.test.ts). The failures come from an address of
// their own (the e2e server trusts X-Forwarded-For from loopback), so they do not use up the 20 failed
// sign-ins per 5 minutes that every other spec shares on 127.0.0.1.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

async function tryLogin(page: Page, email: string, password: string) {
  await page.goto('/')
  await page.getByLabel('User name').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  const answer = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Login' }).click()
  return answer
}

test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.29' } })

test('the sixth failed login says when to try again', async ({ page }, testInfo) => {
  const email = `retry-after.${testInfo.project.name}@e2e.test`
  for (let attempt = 1; attempt <= 5; attempt++) {
    await tryLogin(page, email, `Wrong@Password${attempt}`)
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
  }
  const refused = await tryLogin(page, email, 'Wrong@Password6')
  expect(refused.status()).toBe(429)
  // The wait counts from the first failure (15 minutes), so a few seconds have gone by since.
  const retryAfter = Number(await refused.headerValue('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(900)
  const minutes = Math.ceil(retryAfter / 60)
  await expect(page.getByRole('alert')).toHaveText(
    `Too many requests. Please try again later. You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  )
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
})
