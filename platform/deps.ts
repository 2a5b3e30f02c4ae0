import type { DatabaseHandle } from './db/client'
import type { Mailer } from './mail'

/** Everything a platform service needs from outside; tests build their own. */
export interface PlatformDeps {
  database: DatabaseHandle
  mailer: Mailer
  /** The platform's clock (tests move it). */
  now: () => Date
  /** Where uploads, reports and the mail outbox live. */
  dataDir: string
  /**
   * The console's public address, for links in e-mails (invitation, terms link, reports): PUBLIC_URL,
   * else http://HOST:PORT of this server. No trailing slash.
   */
  consoleUrl: string
  /**
   * Mail is kept in <dataDir>/outbox instead of being sent (no SMTP_URL, not production): the
   * Outbox page may list it (issue 11). False in production and whenever SMTP_URL is set.
   */
  outboxEnabled: boolean
  /**
   * Shared secret of the seller portal's signed login links (EXTERNAL_LOGIN_SECRET; at least 32
   * random bytes). Without it, POST /v1/external/login answers 403 (docs/decisions/008).
   */
  externalLoginSecret?: string
  /**
   * Key of the signed report links (HMAC-SHA256; docs/decisions/038). The server derives it from
   * SESSION_SECRET; tests pass their own.
   */
  signingSecret: string
  /**
   * Machine token of the ad server's performance ingest (FACTS_INGEST_TOKEN, 32+ characters). Unset:
   * POST /ads/adinventory/v1/facts answers 403.
   */
  ingestToken?: string
  /**
   * Demo mode (SEED_DEMO, on outside production): the delivery simulator's job plays the last hour's
   * searches so states, credits and reports move (issue 12).
   */
  demoMode?: boolean
  /**
   * Asks the background jobs to run a queue now, after a write it should see (an ad group submitted →
   * `ad-group-processing`). Set by the server once its jobs run; absent (tests, a web-only process), the
   * queue's cron picks the work up. Never throws: a failed wake only delays the work to the next cron.
   */
  wake?: (job: string) => void
}
