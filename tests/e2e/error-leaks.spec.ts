// One error of each kind on the console's pages (issue 14, Security; decision 052): no answer shows a
// stack trace, SQL, a table, constraint or index name, an internal path or an exception class name, and
// none where the caller is at fault is a 500. The API's JSON gets the same in server/error-leaks.test.ts.
import type { APIResponse } from '@playwright/test'
import { ROUTES } from '../../app/route-table'
import { UNREADABLE_FORM_PAGE } from '../../app/utils/read-form'
import { leaksIn } from '../../server/leak-check'
import { expect, test } from './fixtures'

async function expectClean(what: string, response: APIResponse, status?: number | number[]) {
  const body = await response.text()
  if (typeof status === 'number') expect(response.status(), what).toBe(status)
  else if (status) expect(status, `${what}: ${response.status()}`).toContain(response.status())
  expect(response.status(), `${what}: not a 500`).toBeLessThan(500)
  expect(leaksIn(body), what).toEqual([])
  return body
}

test('pages signed out: validation, malformed and wrong-type bodies, CSRF, huge URL and headers', async ({
  page,
  baseURL,
}) => {
  const request = page.request
  const own = { origin: baseURL! }
  // 400 validation: the login form without its values.
  await expectClean(
    'empty login',
    await request.post('/?index', { headers: own, form: { email: '', password: '' }, maxRedirects: 0 }),
    400,
  )
  // Wrong content types to a form action: 415 before the action reads it (its formData() threw: a 500).
  for (const [type, data] of [
    ['application/json', '{"email":'],
    ['text/plain', 'email=a&password=b'],
  ] as const) {
    await expectClean(
      type,
      await request.post('/?index', { headers: { ...own, 'content-type': type }, data, maxRedirects: 0 }),
      415,
    )
  }
  // A malformed form body.
  await expectClean(
    'malformed form',
    await request.post('/?index', {
      headers: { ...own, 'content-type': 'application/x-www-form-urlencoded' },
      data: '%E0%A4%A=%ZZ&email=%',
      maxRedirects: 0,
    }),
    400,
  )
  // A forged session cookie: back to Login, nothing else said.
  await page.context().addCookies([{ name: 'console_session', value: 'forged', url: baseURL! }])
  await expectClean('forged session', await request.get(ROUTES.campaigns.path, { maxRedirects: 0 }), [302])
  await page.context().clearCookies()
  // CSRF refusal.
  const csrf = await request.post('/?index', {
    headers: { origin: 'https://evil.example' },
    form: { email: 'a@example.com', password: 'x' },
  })
  expect(await expectClean('CSRF', csrf, 403)).toBe('Cross-site form posts are not accepted.')
  // 413.
  await expectClean(
    '413',
    await request.post('/?index', {
      headers: { ...own, 'content-type': 'application/x-www-form-urlencoded' },
      data: `email=${'a'.repeat(100 * 1024)}`,
    }),
    413,
  )
  // 431: a URL or headers past Node's limit (16 KiB), answered before any route runs.
  await expectClean('huge URL', await request.get(`/forgot-password?x=${'a'.repeat(20_000)}`), 431)
  await expectClean(
    'huge header',
    await request.get('/', { headers: { 'x-filler': 'a'.repeat(20_000) } }),
    431,
  )
  // A path Express cannot decode.
  await expectClean('bad escape', await request.get('/campaigns/%E0%A4%A', { maxRedirects: 0 }), 400)
})

test('a form post whose body arrives broken: the page says it could not be read, not a 500', async ({
  page,
}) => {
  // Login's own form, submitted by the browser; on its way the body is replaced by what a broken client or
  // proxy might send. Without JS that is the document post; with JS, Remix's fetch of the action's data.
  // The multipart reader threw on each of these and the answer was a 500 page (decision 052).
  // Three sign-in pages, each loaded and (with JS) hydrated: 25 s on the loaded 2-core machine.
  test.setTimeout(90_000)
  const bodies = [
    {
      what: 'a boundary that never appears',
      type: 'multipart/form-data; boundary=nothing-follows',
      data: '--x\r\n',
    },
    { what: 'no boundary', type: 'multipart/form-data', data: 'email=seller%40example.com' },
    {
      what: 'a part that never ends',
      type: 'multipart/form-data; boundary=b',
      data: '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nseller@exam',
    },
  ]
  for (const body of bodies) {
    await page.goto('/')
    const statuses: number[] = []
    await page.route(
      (url) => url.pathname === '/' || url.pathname.endsWith('.data'),
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        const headers = { ...route.request().headers(), 'content-type': body.type }
        const response = await route.fetch({ headers, postData: body.data })
        statuses.push(response.status())
        await route.fulfill({ response })
      },
    )
    await page.getByLabel('User name').fill('seller@example.com')
    await page.getByLabel('Password', { exact: true }).fill('not the password')
    await page.getByRole('button', { name: 'Login' }).click()
    const error = page.getByTestId('error-page')
    await expect(error.getByRole('heading', { level: 1 }), body.what).toHaveText('400 Bad request')
    await expect(error, body.what).toContainText(UNREADABLE_FORM_PAGE)
    expect(statuses, body.what).toEqual([400])
    expect(leaksIn(await page.content()), body.what).toEqual([])
    await page.unrouteAll()
  }
})

test('pages signed in: 404, 405, a loader that meets a bad parameter, a date the database refused', async ({
  page,
  signInAs,
  baseURL,
}) => {
  await signInAs('seller@example.com')
  const request = page.request
  const html = await (await request.get(ROUTES.campaigns.path)).text()
  const id = Number(/data-campaign-id="(\d+)"/.exec(html)?.[1])
  expect(id).toBeGreaterThan(0)

  // 404 inside the shell: a saved report that does not exist, a campaign that does not exist.
  const report = await request.get('/saved-reports/00000000-0000-4000-8000-000000000000')
  expect(await expectClean('404 report', report, 404)).toContain('<h1')
  await expectClean('404 campaign', await request.get('/campaigns/999999999/history'), [404, 200, 302])
  // 405: a post to a page without an action.
  await expectClean(
    '405',
    await request.post(`/campaigns/${id}/history`, { headers: { origin: baseURL! }, form: { x: '1' } }),
    405,
  )
  // An unknown intent to a page with an action.
  await expectClean(
    'unknown intent',
    await request.post(`/campaigns/${id}/delete`, {
      headers: { origin: baseURL! },
      form: { intent: 'nope' },
    }),
  )
  // Parameters a loader cannot use: words for ids, huge numbers, page past the end, a bad sort, a date
  // the calendar does not have (the database refused 2026-02-30 with a 500 before).
  for (const url of [
    '/campaigns/abc/history',
    '/campaigns/99999999999999999999999/history',
    '/campaigns/-1/class',
    '/campaigns?page=99999999999999999999',
    '/campaigns?size=7&sort=nope&direction=sideways',
    '/campaigns?dateFilterType=CUSTOM&fromDate=2026-02-30&toDate=2026-03-05',
    '/campaigns?dateFilterType=CUSTOM&fromDate=2026-13-45&toDate=2026-03-05',
    '/analytics?reportType=NOPE&from=%00',
    '/saved-reports/not-a-uuid',
    '/campaigns.data?_route=routes%2Fnope',
  ]) {
    await expectClean(url, await request.get(url, { maxRedirects: 0 }))
  }
})
