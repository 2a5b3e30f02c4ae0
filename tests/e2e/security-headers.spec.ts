// Security headers on every page of the route table (issue 14, Security; decision 052), signed out and
// as each kind of user, every redirect hop included: a CSP whose nonce is new on every answer and is
// carried by every inline script (no 'unsafe-inline' for scripts), frame-ancestors 'none', nosniff, a
// Referrer-Policy, HSTS only when a trusted proxy says HTTPS, and Cache-Control: no-store on every answer
// to a signed-in browser (pages, redirects, file downloads). The walk is split between the two projects
// so that each page is requested once: js-off walks it over the request context, js-on walks the other
// users and also loads their pages in Chromium, where a CSP refusal of any script would be reported.
// The platform's API gets the same checks in server/headers.test.ts; the session cookie's flags over
// HTTPS in server/cookies.test.ts.
import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import { ROUTE_LIST, ROUTES, type RouteEntry } from '../../app/route-table'
import { expect, test } from './fixtures'
import { samplePath } from './route-params'

type State = { name: string; email?: string; sellerId?: number | null; project: 'js-on' | 'js-off' }

const STATES: State[] = [
  { name: 'signed out', project: 'js-off' },
  { name: 'SELLER', email: 'seller@example.com', sellerId: 100001, project: 'js-off' },
  { name: 'BRAND', email: 'brand@example.com', sellerId: 200001, project: 'js-off' },
  { name: 'SUPERADMIN with an account', email: 'superadmin@example.com', sellerId: 100001, project: 'js-on' },
  { name: 'AGENCY with a brand', email: 'agency@example.com', sellerId: 200001, project: 'js-on' },
]

const QUERY: Partial<Record<string, string>> = { externalLogin: '?token=security-headers' }

function cspOf(response: APIResponse): Map<string, string[]> {
  return new Map(
    (response.headers()['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

/** Checks one answer's headers (and an HTML page's scripts); returns its nonce. */
async function checkAnswer(response: APIResponse, url: string, signedIn: boolean): Promise<string> {
  const where = `${url} → ${response.status()}`
  const headers = response.headers()
  const csp = cspOf(response)
  const scripts = csp.get('script-src') ?? []
  const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1) ?? ''
  expect(nonce, `${where}: a nonce in script-src`).toMatch(/^[A-Za-z0-9+/]{22}==$/)
  expect(scripts, where).not.toContain("'unsafe-inline'")
  expect(scripts, where).not.toContain("'unsafe-eval'")
  expect(csp.get('object-src'), where).toEqual(["'none'"])
  expect(csp.get('base-uri'), where).toEqual(["'none'"])
  // Only the terms PDF may be framed, by our own click-wrap page.
  const framing = new URL(url, 'http://x').pathname.endsWith('.pdf') ? "'self'" : "'none'"
  expect(csp.get('frame-ancestors'), where).toEqual([framing])
  expect(headers['x-content-type-options'], where).toBe('nosniff')
  expect(headers['referrer-policy'], where).toBe('same-origin')
  expect(headers['strict-transport-security'], `${where}: no HSTS over plain HTTP`).toBeUndefined()
  if (signedIn) expect(headers['cache-control'], `${where}: signed in`).toBe('no-store')

  if (response.status() === 200 && (headers['content-type'] ?? '').startsWith('text/html')) {
    const html = await response.text()
    const tags = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!)
    expect(tags.length, `${where}: the page has scripts`).toBeGreaterThan(0)
    for (const attributes of tags) {
      const src = /\bsrc="([^"]*)"/.exec(attributes)?.[1]
      if (src) {
        expect(src, `${where}: a script file of our own`).toMatch(/^\/build\//)
      } else {
        expect(/\bnonce="([^"]*)"/.exec(attributes)?.[1], `${where}: inline <script${attributes}>`).toBe(
          nonce,
        )
      }
    }
    // No inline event handlers either (a nonce does not cover them), and no style attributes: style-src
    // 'self' refuses them, so what they style does not apply (the honeypot showed that way).
    expect(html, `${where}: an inline event handler`).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i)
    expect(html, `${where}: a style attribute`).not.toMatch(/<[a-z][^>]*\sstyle=/i)
  }
  return nonce
}

/** Requests `url` and follows its redirects hop by hop, checking each answer; the final answer. */
async function walk(request: APIRequestContext, url: string, signedIn: boolean, nonces: string[]) {
  let next = url
  for (let hop = 0; hop < 6; hop++) {
    const response = await request.get(next, { maxRedirects: 0 })
    nonces.push(await checkAnswer(response, next, signedIn))
    const location = response.headers().location
    if (response.status() < 300 || response.status() >= 400 || !location) return response
    next = location
  }
  throw new Error(`${url}: more than 6 redirects`)
}

async function firstCampaign(request: APIRequestContext, state: State): Promise<number> {
  if (!state.email) return 1
  const list = state.email.startsWith('superadmin') ? ROUTES.adminCampaigns.path : ROUTES.campaigns.path
  const html = await (await request.get(list)).text()
  const id = Number(/data-campaign-id="(\d+)"/.exec(html)?.[1])
  expect(id, `a campaign on ${list}`).toBeGreaterThan(0)
  return id
}

/** Scripts Chromium refused under the CSP while loading `url`. */
async function cspRefusals(page: Page, url: string): Promise<string[]> {
  const refused: string[] = []
  const listener = (message: { text(): string }) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(`${url}: ${message.text()}`)
  }
  page.on('console', listener)
  await page.goto(url)
  refused.push(
    ...(await page.evaluate(() => (window as { __cspRefusals?: string[] }).__cspRefusals ?? [])).map(
      (r) => `${url}: ${r}`,
    ),
  )
  page.off('console', listener)
  return refused
}

for (const state of STATES) {
  test(`every page of the route table, ${state.name}: security headers, nonce on every inline script, no-store`, async ({
    page,
    signInAs,
  }, testInfo) => {
    test.setTimeout(300_000)
    if (testInfo.project.name !== state.project) {
      // This user's walk runs in the other project (see the top of the file); here: one page only.
      const response = await page.request.get(ROUTES.login.path, { maxRedirects: 0 })
      await checkAnswer(response, ROUTES.login.path, false)
      return
    }
    if (state.email) await signInAs(state.email, { sellerId: state.sellerId ?? null })
    const request = page.request
    const campaignId = await firstCampaign(request, state)
    const nonces: string[] = []
    const pages: string[] = []
    for (const entry of ROUTE_LIST as RouteEntry[]) {
      const url = samplePath(entry, campaignId) + (QUERY[entry.id] ?? '')
      const final = await walk(request, url, Boolean(state.email), nonces)
      if (final.status() === 200 && (final.headers()['content-type'] ?? '').startsWith('text/html')) {
        pages.push(new URL(final.url()).pathname + new URL(final.url()).search)
      }
    }
    // Every answer had its own nonce.
    expect(new Set(nonces).size).toBe(nonces.length)
    expect(pages.length).toBeGreaterThan(5)

    if (testInfo.project.name === 'js-on') {
      // In the browser: no script refused by the CSP on any page this user reaches (hydration included).
      await page.addInitScript(() => {
        const refusals: string[] = []
        ;(window as { __cspRefusals?: string[] }).__cspRefusals = refusals
        document.addEventListener('securitypolicyviolation', (event) => {
          refusals.push(`${event.violatedDirective} ${event.blockedURI}`)
        })
      })
      const refused: string[] = []
      for (const url of [...new Set(pages)]) refused.push(...(await cspRefusals(page, url)))
      expect(refused, refused.join('\n')).toEqual([])
      // And the page is hydrated (its scripts ran).
      expect(await page.evaluate(() => '__remixRouter' in window)).toBe(true)
    }
  })
}

test('the nonce differs between two loads of the same page', async ({ page }) => {
  const first = await page.request.get(ROUTES.login.path)
  const second = await page.request.get(ROUTES.login.path)
  const nonceA = await checkAnswer(first, ROUTES.login.path, false)
  const nonceB = await checkAnswer(second, ROUTES.login.path, false)
  expect(nonceA).not.toBe(nonceB)
  // The page's inline scripts carry the nonce of their own answer.
  expect(await second.text()).toContain(`nonce="${nonceB}"`)
  expect(await second.text()).not.toContain(nonceA)
})

test('HSTS is sent when the trusted proxy (TRUST_PROXY=loopback here) says HTTPS, and only then', async ({
  page,
  signInAs,
}) => {
  await signInAs('seller@example.com')
  const overHttps = await page.request.get(ROUTES.campaigns.path, {
    headers: { 'x-forwarded-proto': 'https' },
  })
  expect(overHttps.status()).toBe(200)
  expect(overHttps.headers()['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains$/)
  expect(overHttps.headers()['cache-control']).toBe('no-store')
  const overHttp = await page.request.get(ROUTES.campaigns.path, { headers: { 'x-forwarded-proto': 'http' } })
  expect(overHttp.headers()['strict-transport-security']).toBeUndefined()
  const plain = await page.request.get(ROUTES.login.path)
  expect(plain.headers()['strict-transport-security']).toBeUndefined()
})

test('a file download to a signed-in user is sent with no-store', async ({ page, signInAs }) => {
  await signInAs('seller@example.com')
  const id = await firstCampaign(page.request, {
    name: 'seller',
    email: 'seller@example.com',
    project: 'js-on',
  })
  const response = await page.request.get(samplePath(ROUTES.campaignDownload, id))
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/csv/)
  expect(response.headers()['cache-control']).toBe('no-store')
  await checkAnswer(response, samplePath(ROUTES.campaignDownload, id), true)
})

test('the honeypot of the public forms is hidden from people (by a class the CSP allows)', async ({
  page,
}) => {
  for (const path of [ROUTES.login.path, ROUTES.forgotPassword.path]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('input[name="website"]')).toBeHidden()
    await expect(page.getByText('Leave this field empty')).toBeHidden()
  }
})
