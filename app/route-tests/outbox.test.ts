// The Outbox page's loader (decision 037) over the real platform: who may open it, the 404 where the
// outbox is off, newest first in IST, pages, bodies as text parts where only the console's own URLs
// become (relative) links; and the admin menu's Outbox entry only when the outbox is on.
//
// The route harness builds its test platform without options, so this file switches the platform's
// deps (outboxEnabled, mailer) in place: the auth service reads both on every request.
import { mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer, type Mailer } from '../../platform/testing/console-tests'
import { projectPath } from '../../platform/paths'
import { bodyParts, consolePath, type OutboxData } from '../models/outbox.server'
import { loader as adminLayoutLoader } from '../routes/admin'
import { loader as outboxLoader } from '../routes/admin.outbox'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

const PATH = '/admin/outbox'
let h: RouteHarness
let dir: string
let mailer: Mailer
let clock = Date.parse('2026-11-23T04:00:00Z')
const tick = () => {
  clock += 1000
  return new Date(clock)
}

beforeAll(async () => {
  h = await createRouteHarness()
  dir = mkdtempSync(path.join(projectPath('.tmp'), 'outbox-route-'))
  mailer = createMailer({ outboxDir: dir, now: tick })
  h.t.deps.mailer = mailer
  h.t.deps.outboxEnabled = true
})
afterAll(async () => {
  await h?.close()
  rmSync(dir, { recursive: true, force: true })
})

const open = async (email: string, query = '') =>
  h.load<OutboxData>(outboxLoader, `${PATH}${query}`, { cookie: await h.cookieFor(email) })

describe('/admin/outbox loader', () => {
  it('lists the kept mail newest first, times in IST, for SUPERADMIN and OPS', async () => {
    // 2026-11-23T04:00:01Z is 09:30:01 in IST.
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'one' })
    await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'Second', text: 'two' })
    for (const email of ['superadmin@example.com', 'ops@example.com']) {
      const answer = await open(email)
      expect(answer.status, email).toBe(200)
      const [second, first] = answer.data.messages
      expect(first).toMatchObject({ subject: 'First', to: 'first@example.com', time: '2026-11-23 09:30:01' })
      expect(second).toMatchObject({
        subject: 'Second',
        to: 'a@example.com, b@example.com',
        time: '2026-11-23 09:30:02',
      })
      expect(answer.data).toMatchObject({ page: 1, size: 10, total: 2, totalPages: 1, error: null })
    }
  })

  it('turns only http(s) URLs on the console origin into relative links; markup stays text', async () => {
    const text = [
      'Set your password: http://console.test/invitation?code=abc123#top.',
      'Elsewhere: https://evil.example/console.test/x and http://console.test.evil.example/y',
      'Tricks: http://console.test//evil.example/z http://user:pw@console.test/a javascript:alert(1)',
      '<script>alert("x")</script>',
    ].join('\n')
    await mailer.send({ to: 'x@example.com', subject: 'Links <b>', text })
    const answer = await open('superadmin@example.com')
    const [latest] = answer.data.messages
    expect(latest!.subject).toBe('Links <b>')
    const links = latest!.body.filter((part) => part.href)
    expect(links).toEqual([
      { text: 'http://console.test/invitation?code=abc123#top', href: '/invitation?code=abc123#top' },
    ])
    // Nothing lost, nothing added: the parts put together are the text as sent.
    expect(latest!.body.map((part) => part.text).join('')).toBe(text)
  })

  it('pages with the list kit: page and size from the URL, a bad value falls back', async () => {
    for (let i = 1; i <= 11; i++) await mailer.send({ to: 'p@example.com', subject: `Paged ${i}`, text: 'x' })
    const first = await open('ops@example.com', '?page=1&size=10')
    expect(first.data.messages).toHaveLength(10)
    expect(first.data.messages[0]!.subject).toBe('Paged 11')
    const total = first.data.total
    expect(first.data.totalPages).toBe(Math.ceil(total / 10))
    const second = await open('ops@example.com', '?page=2&size=10')
    expect(second.data.messages[0]!.subject).toBe('Paged 1')
    const bad = await open('ops@example.com', '?page=-3&size=7')
    expect(bad.data).toMatchObject({ page: 1, size: 10 })
    const wide = await open('ops@example.com', '?size=50')
    expect(wide.data.messages).toHaveLength(total)
  })

  it('sends other roles and a revoked user away; the platform refuses them too', async () => {
    for (const email of ['agency@example.com', 'brand@example.com', 'seller@example.com']) {
      const answer = await open(email)
      expect(answer.status, email).toBe(302)
      expect(answer.location).toBe('/')
    }
    const revoked = await open('superadmin2@example.com')
    expect(revoked.status).toBe(302)
    expect(revoked.location).toBe('/')
  })

  it("shows the platform's message when the outbox cannot be read (spec accounts §8)", async () => {
    h.t.deps.mailer = {
      ...mailer,
      outbox: {
        list() {
          throw new Error('disk gone')
        },
      },
    }
    try {
      const answer = await open('superadmin@example.com')
      expect(answer.status).toBe(200)
      expect(answer.data.messages).toEqual([])
      expect(answer.data.error).toMatch(/\S/)
      expect(answer.data.error).not.toContain('disk gone')
    } finally {
      h.t.deps.mailer = mailer
    }
  })

  it('is a 404 where the outbox is off (production or SMTP_URL set)', async () => {
    h.t.deps.outboxEnabled = false
    try {
      const answer = await open('superadmin@example.com')
      expect(answer.status).toBe(404)
    } finally {
      h.t.deps.outboxEnabled = true
    }
  })
})

describe('bodyParts and consolePath', () => {
  it('keeps sentence punctuation out of a link and refuses other schemes and a bad console URL', () => {
    expect(bodyParts('See http://console.test/a/b?c=1).', 'http://console.test')).toEqual([
      { text: 'See ' },
      { text: 'http://console.test/a/b?c=1', href: '/a/b?c=1' },
      { text: ').' },
    ])
    expect(bodyParts('http://console.test/a', 'not a url')).toEqual([{ text: 'http://console.test/a' }])
    expect(bodyParts('', 'http://console.test')).toEqual([{ text: '' }])
    expect(consolePath('http://console.test/\\evil.example', 'http://console.test')).toBeNull()
    expect(consolePath('HTTP://CONSOLE.TEST/Reset', 'http://console.test')).toBe('/Reset')
    expect(consolePath('http://console.test:8080/a', 'http://console.test')).toBeNull()
  })
})

describe('the admin menu', () => {
  async function menuLabels(outboxEnabled: boolean | undefined, email = 'superadmin@example.com') {
    const request = h.request('/admin/campaigns', { cookie: await h.cookieFor(email) })
    const context = { ...h.context(), outboxEnabled }
    const data = (await adminLayoutLoader({ request, context, params: {} })) as {
      user: { menu: { label: string; href: string }[] }
    }
    return data.user.menu.map((m) => m.label)
  }

  it('offers the Outbox to SUPERADMIN and OPS only when the outbox is on', async () => {
    expect(await menuLabels(true)).toContain('Outbox')
    expect(await menuLabels(true, 'ops@example.com')).toContain('Outbox')
    expect(await menuLabels(false)).not.toContain('Outbox')
    expect(await menuLabels(undefined, 'ops@example.com')).not.toContain('Outbox')
  })
})
