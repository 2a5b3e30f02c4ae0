// What the platform needs from outside, from the server's configuration: one place for the web server's
// main thread and its render threads (server/render-threads.ts), so both run the same platform.
import { createHmac } from 'node:crypto'
import path from 'node:path'
import type { DatabaseHandle } from '../platform/db/client'
import type { PlatformDeps } from '../platform/deps'
import { createMailer } from '../platform/mail'
import type { ServerConfig } from './config'

/** `sessionSecret` is the one the server resolved (server/config.ts sessionSecret). */
export function platformDeps(
  config: ServerConfig,
  database: DatabaseHandle,
  sessionSecret: string,
): PlatformDeps {
  return {
    database,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
    }),
    now: () => new Date(),
    dataDir: config.dataDir,
    consoleUrl: config.publicUrl,
    outboxEnabled: !config.production && !config.smtpUrl,
    externalLoginSecret: config.externalLoginSecret,
    signingSecret: createHmac('sha256', sessionSecret).update('report-links').digest('hex'),
    ingestToken: config.factsIngestToken,
    demoMode: config.seedDemo,
  }
}
