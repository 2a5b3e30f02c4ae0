// Hourly: delete sessions that ended more than a day ago, e-mailed codes past their use, rate-limit
// windows long over, and external-login nonces whose links can no longer be accepted anyway.
import { and, isNotNull, lt, or } from 'drizzle-orm'
import { externalLoginNonces, oneTimeCodes, rateLimits, sessions } from '../db/schema'
import type { JobDefinition } from '.'
import { RETRY_HOURLY } from './boss'

const DAY_MS = 24 * 60 * 60 * 1000

export const sessionCleanup: JobDefinition = {
  name: 'session-cleanup',
  cron: '17 * * * *',
  retry: RETRY_HOURLY,
  async run(deps) {
    // Every window, lifetime and link validity in platform/auth is a day or less.
    const cutoff = new Date(deps.now().getTime() - DAY_MS)
    const db = deps.database.db
    const ended = await db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, cutoff),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
        ),
      )
      .returning({ id: sessions.id })
    const codes = await db
      .delete(oneTimeCodes)
      .where(lt(oneTimeCodes.expiresAt, cutoff))
      .returning({ id: oneTimeCodes.id })
    const windows = await db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, cutoff))
      .returning({ key: rateLimits.key })
    const nonces = await db
      .delete(externalLoginNonces)
      .where(lt(externalLoginNonces.usedAt, cutoff))
      .returning({ nonce: externalLoginNonces.nonce })
    return { sessions: ended.length, codes: codes.length, rateLimits: windows.length, nonces: nonces.length }
  },
}
