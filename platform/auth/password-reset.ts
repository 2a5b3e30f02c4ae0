// Forgot password (spec accounts §2 "Forgot password", §7 user/totp and user/password/reset):
// an e-mailed 6-digit code, then a new password. A reset ends every session and leaves two-factor
// as it was, so the next sign-in still asks for the authenticator code (ASVS 5.0 6.4.3).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod/v4'
import { audit } from '../audit'
import { AuthMessages, PASSWORD_MAX, PASSWORD_MIN, passwordResetRequestSchema } from '../contracts/auth'
import { safeText, TEXT_MAX } from '../contracts/text'
import { users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest } from '../errors'
import { type Env, ok } from '../http'
import { log } from '../log'
import {
  consumeOneTimeCode,
  hashOneTimeCode,
  issueOneTimeCode,
  newOneTimeCode,
  ONE_TIME_CODE_TTL_MS,
} from './one-time-codes'
import { dummyPasswordHash, hashPassword, verifyPassword } from './password'
import { enforceRateLimits, RateRules } from './rate-limit'
import { actorOf, clientIp, normalizeEmail } from './request'
import { revokeUserSessions } from './sessions'
import { canSignIn, findUserByEmail } from './users'

export const PASSWORD_RESET_SUBJECT = 'Your Ad Console password reset code'
export const PASSWORD_CHANGED_SUBJECT = 'Your Ad Console password was reset'

const EMAIL_INVALID = 'Email is invalid'
const emailSchema = safeText({ max: TEXT_MAX.email, maxMessage: EMAIL_INVALID }).pipe(
  z.email({ error: EMAIL_INVALID }),
)

/** Password rules (ASVS 5.0 6.2.1, 6.2.5, 6.2.9): a length range, counted in characters, nothing else. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length
  if (length < PASSWORD_MIN) return AuthMessages.passwordTooShort
  if (length > PASSWORD_MAX) return AuthMessages.passwordTooLong
  return null
}

export function passwordResetRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec: POST /v1/user/totp?email — the same answer, in about the same time, for any e-mail.
  app.post('/v1/user/totp', async (c) => {
    const parsed = emailSchema.safeParse(normalizeEmail(c.req.query('email') ?? ''))
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? EMAIL_INVALID
      throw badRequest(message, { email: [message] })
    }
    const email = parsed.data
    const db = deps.database.db
    const now = deps.now()
    const ip = clientIp(c)
    await enforceRateLimits(
      db,
      [
        [RateRules.resetRequestEmail, email],
        [RateRules.resetRequestIp, ip],
      ],
      now,
    )

    const user = await findUserByEmail(db, email)
    if (!user || !canSignIn(user.accountStatus)) {
      // The work a known user costs (hashing a code), without storing or sending anything.
      await hashOneTimeCode(newOneTimeCode())
      if (user) {
        await audit(db, {
          action: 'PASSWORD_RESET_REQUESTED',
          entityType: 'user',
          entityId: user.id,
          after: { codeSent: false, reason: `ACCOUNT_${user.accountStatus}` },
          actor: actorOf(c, user),
          requestId: c.get('requestId'),
          at: now,
        })
      }
      return ok(c, null, AuthMessages.resetCodeSent)
    }

    const { code } = await db.transaction(async (tx) => {
      const issued = await issueOneTimeCode(tx, { userId: user.id, email, purpose: 'PASSWORD_RESET', now })
      await audit(tx, {
        action: 'PASSWORD_RESET_REQUESTED',
        entityType: 'user',
        entityId: user.id,
        after: { codeSent: true, expiresAt: issued.expiresAt.toISOString() },
        actor: actorOf(c, user),
        requestId: c.get('requestId'),
        at: now,
      })
      return issued
    })
    // Not awaited: a slow mail server must not make a known e-mail answer slower than an unknown one.
    deps.mailer
      .send({
        to: user.email,
        subject: PASSWORD_RESET_SUBJECT,
        text:
          `Your Ad Console password reset code is ${code}.\n\n` +
          `It is valid for ${ONE_TIME_CODE_TTL_MS / 60_000} minutes and can be used once. ` +
          'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
      })
      .catch((error: Error) =>
        log.error('password reset mail failed', { userId: user.id, error: error.message }),
      )
    return ok(c, null, AuthMessages.resetCodeSent)
  })

  // spec: POST /v1/user/password/reset {email, password, confirmPassword, otp}.
  app.post('/v1/user/password/reset', async (c) => {
    const body = passwordResetRequestSchema.parse(await c.req.json())
    const db = deps.database.db
    const now = deps.now()
    await enforceRateLimits(db, [[RateRules.resetSubmitIp, clientIp(c)]], now)
    if (body.password !== body.confirmPassword) throw badRequest(AuthMessages.passwordMismatch)
    const problem = passwordProblem(body.password)
    if (problem) throw badRequest(problem, { password: [problem] })

    // Hashed before the user is known, and an unknown e-mail checks a dummy code: the same work either way.
    const passwordHash = await hashPassword(body.password)
    const user = await findUserByEmail(db, normalizeEmail(body.email))
    if (!user) {
      await verifyPassword(await dummyPasswordHash(), body.otp)
      throw badRequest(AuthMessages.invalidResetCode)
    }
    const requestId = c.get('requestId')
    // One transaction that commits also on a wrong code: the used attempt must be remembered.
    const outcome = await db.transaction(async (tx) => {
      const used = await consumeOneTimeCode(tx, {
        userId: user.id,
        purpose: 'PASSWORD_RESET',
        code: body.otp,
        now,
      })
      if (!used.ok) {
        await audit(tx, {
          action: 'PASSWORD_RESET_FAILURE',
          entityType: 'user',
          entityId: user.id,
          after: { reason: used.reason },
          actor: actorOf(c, user),
          requestId,
          at: now,
        })
        return used
      }
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null, updatedAt: now })
        .where(eq(users.id, user.id))
      const sessionsEnded = await revokeUserSessions(tx, user.id, 'PASSWORD_RESET', now)
      await audit(tx, {
        action: 'PASSWORD_RESET',
        entityType: 'user',
        entityId: user.id,
        after: { sessionsEnded, oneTimeCodeId: used.id },
        actor: actorOf(c, user),
        requestId,
        at: now,
      })
      return used
    })
    if (!outcome.ok) throw badRequest(AuthMessages.invalidResetCode)
    // Tell the owner (ASVS 5.0 6.3.7), so that a reset they did not make does not go unnoticed.
    deps.mailer
      .send({
        to: user.email,
        subject: PASSWORD_CHANGED_SUBJECT,
        text:
          'The password of your Ad Console account was just reset, and every signed-in session was ended.\n\n' +
          'If this was not you, reset your password again at once and tell your Ad Console contact.',
      })
      .catch((error: Error) =>
        log.error('password changed mail failed', { userId: user.id, error: error.message }),
      )
    return ok(c, null, AuthMessages.passwordReset)
  })

  return app
}
