// Outgoing mail through nodemailer: SMTP_URL when set, otherwise each message is written to
// <dataDir>/outbox/ as an .eml file (what a mail client opens) with a .json twin (what the Outbox page
// reads: recipients, subject, time, text and attachment names), its subject logged, and only the
// newest OUTBOX_KEEP messages kept, so the demo works without a mail server (decision 037).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { type OutboxMessage, outboxMessageSchema } from '../contracts/outbox'
import { log } from '../log'

export type MailMessage = {
  to: string | string[]
  subject: string
  text: string
  html?: string
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[]
}

/** The messages a mailer kept instead of sending them, newest first. */
export interface OutboxReader {
  list(options: { page: number; size: number }): { total: number; messages: OutboxMessage[] }
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
  /** Present when the mailer keeps messages in its outbox (no SMTP_URL). */
  outbox?: OutboxReader
}

/** How many messages the outbox keeps; older ones (both files) are deleted as new ones arrive. */
export const OUTBOX_KEEP = 500

export function createMailer(options: {
  smtpUrl?: string
  outboxDir: string
  from?: string
  /** How many messages the outbox keeps (OUTBOX_KEEP). */
  keep?: number
  /** The clock of the outbox's `sentAt` (tests). */
  now?: () => Date
}): Mailer {
  const from = options.from ?? 'Ad Console <no-reply@adconsole.example>'
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from, ...message })
        log.info('mail sent', { subject: message.subject })
      },
      close: () => transport.close(),
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const dir = options.outboxDir
  const keep = options.keep ?? OUTBOX_KEEP
  const now = options.now ?? (() => new Date())
  let sequence = 0
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      mkdirSync(dir, { recursive: true })
      const sentAt = now()
      // Names sort by time: 13-digit milliseconds, then a counter for messages of the same millisecond.
      sequence = (sequence + 1) % 1_000_000
      const stem = `${String(sentAt.getTime()).padStart(13, '0')}-${String(sequence).padStart(6, '0')}-${info.messageId.replace(/[^\w.-]/g, '').slice(0, 80)}`
      const record: OutboxMessage = {
        id: stem,
        to: (Array.isArray(message.to) ? message.to : [message.to]).map(String),
        subject: message.subject,
        sentAt: sentAt.toISOString(),
        text: message.text,
        attachments: (message.attachments ?? []).map((a) => a.filename),
      }
      writeFileSync(path.join(dir, `${stem}.eml`), info.message as Buffer)
      writeFileSync(path.join(dir, `${stem}.json`), JSON.stringify(record))
      log.info('mail written to outbox', { subject: message.subject, file: `${stem}.eml` })
      prune(dir, keep)
    },
    close: () => transport.close(),
    outbox: { list: (page) => readOutbox(dir, page) },
  }
}

/** The outbox's message names (without extension) of files ending in `ext`, newest first. */
function stems(dir: string, ext = '.json'): string[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return names
    .filter((name) => name.endsWith(ext))
    .map((name) => name.slice(0, -ext.length))
    .sort()
    .reverse()
}

/**
 * Deletes all but the newest `keep` messages (their .json and .eml). An .eml without a twin (written
 * before the twins existed) counts as a message too, so old outboxes shrink as well.
 */
function prune(dir: string, keep: number) {
  const all = [...new Set([...stems(dir, '.json'), ...stems(dir, '.eml')])].sort().reverse()
  for (const stem of all.slice(keep)) {
    rmSync(path.join(dir, `${stem}.json`), { force: true })
    rmSync(path.join(dir, `${stem}.eml`), { force: true })
  }
}

/** One page of the outbox, newest first. A file that does not parse is left out (and logged). */
export function readOutbox(dir: string, { page, size }: { page: number; size: number }) {
  const all = stems(dir)
  const messages: OutboxMessage[] = []
  for (const stem of all.slice((page - 1) * size, page * size)) {
    try {
      const parsed = outboxMessageSchema.safeParse(
        JSON.parse(readFileSync(path.join(dir, `${stem}.json`), 'utf8')),
      )
      if (parsed.success) messages.push(parsed.data)
      else log.warn('outbox file does not parse', { file: `${stem}.json` })
    } catch (error) {
      // Pruned by another send between the listing and the read, or not JSON.
      log.warn('outbox file unreadable', { file: `${stem}.json`, error: (error as Error).message })
    }
  }
  return { total: all.length, messages }
}
