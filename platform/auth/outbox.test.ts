// GET /v1/outbox (decision 037): only SUPERADMIN and OPS, only where the outbox is on, newest first,
// paged, bodies as the plain text that was sent.
import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OutboxPage, outboxPageSchema } from '../contracts/outbox'
import { createMailer, type Mailer } from '../mail'
import { projectPath } from '../paths'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

const AUTH = '/ads/ad-auth'
let dir: string
let clock = new Date('2026-11-23T04:00:00Z')
let mailer: Mailer
let t: TestPlatform
let off: TestPlatform

beforeAll(async () => {
  dir = mkdtempSync(path.join(projectPath('.tmp'), 'outbox-platform-'))
  mailer = createMailer({ outboxDir: dir, now: () => clock })
  t = await createTestPlatform({ mailer, outboxEnabled: true, consoleUrl: 'http://console.test' })
  // Production or SMTP_URL set: the same platform without the outbox.
  off = await createTestPlatform({ mailer, outboxEnabled: false })
})
afterAll(async () => {
  await t.close()
  await off.close()
  rmSync(dir, { recursive: true, force: true })
})

async function send(subject: string, text = `Body of ${subject}`, to = 'someone@example.com') {
  clock = new Date(clock.getTime() + 1000)
  await mailer.send({ to, subject, text })
}

async function list(query = '', email = 'superadmin@example.com'): Promise<OutboxPage> {
  const response = await t.request(`${AUTH}/v1/outbox${query}`, { token: await t.tokenFor(email) })
  expect(response.status).toBe(200)
  const body = (await response.json()) as { data: unknown }
  return outboxPageSchema.parse(body.data)
}

describe('GET /v1/outbox', () => {
  it('answers SUPERADMIN and OPS; other roles 403; no token or a revoked user 401', async () => {
    await send('Role check')
    for (const email of ['superadmin@example.com', 'ops@example.com']) {
      const page = await list('', email)
      expect(page.messages.map((m) => m.subject)).toContain('Role check')
    }
    for (const email of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
      const response = await t.request(`${AUTH}/v1/outbox`, { token: await t.tokenFor(email) })
      expect(response.status, email).toBe(403)
    }
    expect((await t.request(`${AUTH}/v1/outbox`)).status).toBe(401)
    // superadmin2 is REVOKED in the demo data: the token stops working.
    const revoked = await t.request(`${AUTH}/v1/outbox`, {
      token: await t.tokenFor('superadmin2@example.com'),
    })
    expect(revoked.status).toBe(401)
    // A session half-way through sign-in is not enough.
    const halfway = await t.request(`${AUTH}/v1/outbox`, {
      token: await t.tokenFor('superadmin@example.com', 'PASSWORD'),
    })
    expect(halfway.status).toBe(401)
  })

  it('does not exist where the outbox is off: 404 Not found for everyone, even with mail kept', async () => {
    await send('Kept while off')
    for (const token of [await off.tokenFor('superadmin@example.com'), undefined]) {
      const response = await off.request(`${AUTH}/v1/outbox`, { token })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ code: 404, message: 'Not found' })
    }
  })

  it('lists newest first with a total, page by page', async () => {
    for (let i = 1; i <= 12; i++) await send(`Paging ${String(i).padStart(2, '0')}`)
    const first = await list('?page=1&size=10')
    expect(first).toMatchObject({ page: 1, size: 10, consoleUrl: 'http://console.test' })
    expect(first.messages).toHaveLength(10)
    expect(first.messages.slice(0, 3).map((m) => m.subject)).toEqual(['Paging 12', 'Paging 11', 'Paging 10'])
    const times = first.messages.map((m) => Date.parse(m.sentAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const second = await list(`?page=2&size=10`)
    expect(second.total).toBe(first.total)
    expect(second.messages[0]!.subject).toBe('Paging 02')
    expect(second.messages[1]!.subject).toBe('Paging 01')
    const ids = new Set([...first.messages, ...second.messages].map((m) => m.id))
    expect(ids.size).toBe(first.messages.length + second.messages.length)
    // Past the end: an empty page, same total.
    const past = await list('?page=99&size=10')
    expect(past).toMatchObject({ messages: [], total: first.total })
  })

  it('refuses a bad page or size with 400', async () => {
    const token = await t.tokenFor('ops@example.com')
    for (const [query, message] of [
      ['?page=0', 'Page is invalid'],
      ['?page=abc', 'Page is invalid'],
      ['?page=%01', 'Page is invalid'],
      [`?page=${'9'.repeat(5000)}`, 'Page is invalid'],
      ['?size=7', 'Page size is invalid'],
      ['?size=1e9', 'Page size is invalid'],
    ] as const) {
      const response = await t.request(`${AUTH}/v1/outbox${query}`, { token })
      expect(response.status, query).toBe(400)
      expect(await response.json(), query).toMatchObject({ message })
    }
  })

  it('gives a body with markup back as the plain text that was sent, recipients as a list', async () => {
    const hostile = 'Hello <script>alert(1)</script> & <b>bold</b>\nhttps://evil.example/x'
    await mailer.send({
      to: ['a@example.com', 'b@example.com'],
      subject: '<img src=x>',
      text: hostile,
      html: '<p>html part</p>',
    })
    const [latest] = (await list()).messages
    expect(latest).toMatchObject({
      subject: '<img src=x>',
      text: hostile,
      to: ['a@example.com', 'b@example.com'],
    })
    expect(JSON.stringify(latest)).not.toContain('html part')
  })

  it('keeps a real mail of the product: the forgot-password code', async () => {
    const response = await t.post(
      `${AUTH}/v1/user/totp?email=${encodeURIComponent('seller2@example.com')}`,
      undefined,
      {
        ip: '192.0.2.77',
      },
    )
    expect(response.status).toBe(200)
    // The platform does not wait for the mail (a slow server must not slow the answer): wait for it here.
    await expect
      .poll(async () => (await list()).messages.find((m) => m.to.includes('seller2@example.com'))?.text)
      .toMatch(/password reset code is \d{6}\b/)
  })
})
