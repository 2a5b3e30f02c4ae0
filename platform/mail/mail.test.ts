// The mailer without SMTP_URL (decision 037): an .eml and a .json twin per message, the newest kept.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { outboxMessageSchema } from '../contracts/outbox'
import { projectPath } from '../paths'
import { createMailer, OUTBOX_KEEP, readOutbox } from '.'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(projectPath('.tmp'), 'outbox-mail-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('createMailer without SMTP_URL', () => {
  it('writes the .eml and a .json twin holding what the Outbox page shows', async () => {
    const at = new Date('2026-11-23T04:05:06.789Z')
    const mailer = createMailer({ outboxDir: path.join(dir, 'outbox'), now: () => at })
    await mailer.send({
      to: 'new.user@example.com',
      subject: 'Set your password',
      text: 'Open http://console.test/invitation?code=abc to set it.',
      html: '<p>Open <a href="http://console.test/invitation?code=abc">this</a></p>',
      attachments: [{ filename: 'report.csv', content: 'a,b\n' }],
    })
    const files = readdirSync(path.join(dir, 'outbox')).sort()
    expect(files).toHaveLength(2)
    const [eml, json] = files as [string, string]
    expect(eml).toMatch(/^1795\d{9}-000001-.+\.eml$/)
    expect(json).toBe(eml.replace(/\.eml$/, '.json'))
    expect(readFileSync(path.join(dir, 'outbox', eml), 'utf8')).toContain('Subject: Set your password')
    const record = outboxMessageSchema.parse(JSON.parse(readFileSync(path.join(dir, 'outbox', json), 'utf8')))
    expect(record).toEqual({
      id: json.replace(/\.json$/, ''),
      to: ['new.user@example.com'],
      subject: 'Set your password',
      sentAt: '2026-11-23T04:05:06.789Z',
      text: 'Open http://console.test/invitation?code=abc to set it.',
      attachments: ['report.csv'],
    })
    // The HTML part stays in the .eml only: nothing the page reads can carry markup to render.
    expect(readFileSync(path.join(dir, 'outbox', json), 'utf8')).not.toContain('<a href')
    expect(mailer.outbox?.list({ page: 1, size: 10 })).toEqual({ total: 1, messages: [record] })
  })

  it('keeps only the newest messages, deleting both files of older ones', async () => {
    let ms = Date.parse('2026-11-23T00:00:00Z')
    const tick = () => {
      ms += 1000
      return new Date(ms)
    }
    const mailer = createMailer({ outboxDir: dir, keep: 3, now: tick })
    // An .eml of an older outbox, from before the .json twins: pruned like any old message.
    writeFileSync(path.join(dir, '1700000000000-legacy.eml'), 'Subject: old')
    for (let i = 1; i <= 5; i++)
      await mailer.send({ to: 'x@example.com', subject: `Message ${i}`, text: 'x' })
    expect(readdirSync(dir)).toHaveLength(6)
    const { total, messages } = readOutbox(dir, { page: 1, size: 10 })
    expect(total).toBe(3)
    expect(messages.map((m) => m.subject)).toEqual(['Message 5', 'Message 4', 'Message 3'])
    expect(OUTBOX_KEEP).toBe(500)
  })

  it('orders messages of the same millisecond by sending order', async () => {
    const at = new Date('2026-11-23T00:00:00Z')
    const mailer = createMailer({ outboxDir: dir, now: () => at })
    for (const subject of ['first', 'second', 'third'])
      await mailer.send({ to: 'x@example.com', subject, text: 'x' })
    expect(readOutbox(dir, { page: 1, size: 2 }).messages.map((m) => m.subject)).toEqual(['third', 'second'])
    expect(readOutbox(dir, { page: 2, size: 2 }).messages.map((m) => m.subject)).toEqual(['first'])
  })

  it('reads an empty or missing outbox as empty and skips a file that does not parse', async () => {
    expect(readOutbox(path.join(dir, 'missing'), { page: 1, size: 10 })).toEqual({ total: 0, messages: [] })
    writeFileSync(path.join(dir, '0000000000001-000001-bad.json'), '{not json')
    writeFileSync(path.join(dir, '0000000000002-000001-odd.json'), JSON.stringify({ subject: 1 }))
    const mailer = createMailer({ outboxDir: dir })
    await mailer.send({ to: 'x@example.com', subject: 'good', text: 'x' })
    const { messages } = readOutbox(dir, { page: 1, size: 10 })
    expect(messages.map((m) => m.subject)).toEqual(['good'])
  })
})
