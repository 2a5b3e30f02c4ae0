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
}
