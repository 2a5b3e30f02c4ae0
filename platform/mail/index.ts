// Outgoing mail through nodemailer: SMTP_URL when set, otherwise each message is written to
// <dataDir>/outbox/ as an .eml file and its subject logged, so the demo works without a mail server.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { log } from '../log'

export type MailMessage = {
  to: string | string[]
  subject: string
  text: string
  html?: string
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[]
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from?: string }): Mailer {
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
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message })
      mkdirSync(options.outboxDir, { recursive: true })
      const file = path.join(options.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`)
      writeFileSync(file, info.message as Buffer)
      log.info('mail written to outbox', { subject: message.subject, file })
    },
    close: () => transport.close(),
  }
}
