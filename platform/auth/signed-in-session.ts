// The one way a sign-in completes: every other session of the user ends (one active login per user,
// spec §1) and a FULL-stage session starts, both audited, in the caller's transaction.
import type { Context } from 'hono'
import { audit } from '../audit'
import type { Tx } from '../db/client'
import type { Env } from '../http'
import { actorOf } from './request'
import { createSession, revokeUserSessions } from './sessions'

export async function startSignedInSession(
  tx: Tx,
  c: Context<Env>,
  user: { id: number; role: string },
  options: { ipAddress: string | null; now: Date },
) {
  const requestId = c.get('requestId')
  const endedElsewhere = await revokeUserSessions(tx, user.id, 'LOGIN_ELSEWHERE', options.now)
  const session = await createSession(tx, {
    userId: user.id,
    stage: 'FULL',
    ipAddress: options.ipAddress,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    now: options.now,
  })
  if (endedElsewhere > 0) {
    await audit(tx, {
      action: 'LOGIN_ELSEWHERE',
      entityType: 'user',
      entityId: user.id,
      after: { sessionsEnded: endedElsewhere, newSession: session.sessionId },
      actor: actorOf(c, user),
      requestId,
      at: options.now,
    })
  }
  return session
}
