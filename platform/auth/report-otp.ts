// POST /v1/generate-otp: e-mails the signed-in user a code that a report download then asks for
// (spec accounts §2 "Download opens a one-time-password dialog", §7). The download calls
// consumeOneTimeCode(tx, { userId, purpose: 'REPORT_DOWNLOAD', code, now }).
import { Hono } from 'hono'
import { audit } from '../audit'
import { AuthMessages } from '../contracts/auth'
import type { PlatformDeps } from '../deps'
import { type Env, ok } from '../http'
import { requireAuth } from './authorize'
import { issueOneTimeCode, ONE_TIME_CODE_TTL_MS } from './one-time-codes'
import { enforceRateLimits, RateRules } from './rate-limit'
import { actorOf } from './request'

export const REPORT_CODE_SUBJECT = 'Your Ad Console report download code'

export function reportOtpRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  app.post('/v1/generate-otp', requireAuth(), async (c) => {
    const { user } = c.get('auth')
    const db = deps.database.db
    const now = deps.now()
    await enforceRateLimits(db, [[RateRules.reportCodeUser, user.id]], now)
    const { code, expiresAt } = await db.transaction(async (tx) => {
      const issued = await issueOneTimeCode(tx, {
        userId: user.id,
        email: user.email,
        purpose: 'REPORT_DOWNLOAD',
        now,
      })
      await audit(tx, {
        action: 'REPORT_OTP_SENT',
        entityType: 'user',
        entityId: user.id,
        after: { expiresAt: issued.expiresAt.toISOString() },
        actor: actorOf(c, user),
        requestId: c.get('requestId'),
        at: now,
      })
      return issued
    })
    // Awaited: the caller is signed in, so timing tells nothing, and a mail failure should show.
    await deps.mailer.send({
      to: user.email,
      subject: REPORT_CODE_SUBJECT,
      text:
        `Your Ad Console report download code is ${code}.\n\n` +
        `It is valid for ${ONE_TIME_CODE_TTL_MS / 60_000} minutes (until ${expiresAt.toISOString()}) and can be used once.`,
    })
    return ok(c, null, AuthMessages.reportCodeSent)
  })

  return app
}
