// A real SMTP listener for the browser tests (started by global-setup); each message is kept as a file,
// and tests read them back.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { E2E_DIR } from './paths'

export const MAIL_DIR = path.join(E2E_DIR, 'mail')

export async function startSmtpListener(): Promise<{ port: number; close: () => Promise<void> }> {
  mkdirSync(MAIL_DIR, { recursive: true })
  let counter = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        const file = path.join(MAIL_DIR, `${Date.now()}-${String(counter++).padStart(4, '0')}.json`)
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

export type ReceivedMail = { to: string[]; subject: string; body: string; file: string }

function read(file: string): ReceivedMail {
  const { to, raw } = JSON.parse(readFileSync(path.join(MAIL_DIR, file), 'utf8')) as {
    to: string[]
    raw: string
  }
  const split = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n')
  const headers = raw.slice(0, split)
  const subject = /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? ''
  // Undo quoted-printable soft breaks so codes and links read whole.
  const body = raw.slice(split).replace(/=\r?\n/g, '')
  return { to, subject, body, file }
}

/** All mail received so far for an address, oldest first. */
export function mailFor(address: string): ReceivedMail[] {
  let files: string[] = []
  try {
    files = readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort()
  } catch {
    return []
  }
  return files.map(read).filter((m) => m.to.includes(address.toLowerCase()))
}

/** The 6-digit code of the newest message to `address` after `count` earlier ones. */
export async function waitForCode(address: string, count: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mail = mailFor(address)
    if (mail.length > count) {
      const code = /\b(\d{6})\b/.exec(mail.at(-1)!.body)?.[1]
      if (code) return code
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no code mailed to ${address} within ${timeoutMs} ms`)
}
