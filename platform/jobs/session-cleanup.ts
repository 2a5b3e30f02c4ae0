// Hourly: delete sessions that ended more than a day ago, and e-mailed codes past their use.
import { lt, or, isNotNull, and } from 'drizzle-orm'
import { oneTimeCodes, sessions } from '../db/schema'
import type { JobDefinition } from '.'

const DAY_MS = 24 * 60 * 60 * 1000

export const sessionCleanup: JobDefinition = {
  name: 'session-cleanup',
  cron: '17 * * * *',
  async run(deps) {
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
    return { sessions: ended.length, codes: codes.length }
  },
}
