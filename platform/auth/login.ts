// POST /v1/login: the password step of sign-in (spec accounts §2 "Login flow", §4 "Login session").
// Success gives a PASSWORD-stage session; the second factor (two-factor.ts) turns it into a signed-in one.
// Numbers (lockout, rate limits) and their reasons: docs/decisions/007-authentication-numbers.md.
import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit'
import { ALREADY_LOGGED_IN, AuthMessages, loginRequestSchema, type LoginResponse } from '../contracts/auth'
import type { Tx } from '../db/client'
import { users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { dummyPasswordHash, hashPassword, passwordNeedsRehash, verifyPassword } from './password'
import { assertNotLimited, hitRateLimit, RateRules } from './rate-limit'
import { actorOf, clientIp, normalizeEmail, tooManyRequests } from './request'
import { createSession, hasLiveFullSession } from './sessions'
import { canSignIn, findUserByEmail, type UserRow } from './users'

/** Consecutive failed passwords that lock an account. */
export const LOCKOUT_THRESHOLD = 5
/** The first lock lasts this long; each further one twice as long as the one before… */
export const LOCKOUT_BASE_MS = 15 * 60 * 1000
/** …up to this. */
export const LOCKOUT_MAX_MS = 24 * 60 * 60 * 1000

/** How long the `n`th lock (1, 2, 3…) since the last successful sign-in lasts. */
export const lockoutDuration = (n: number) =>
  Math.min(LOCKOUT_BASE_MS * 2 ** Math.max(0, n - 1), LOCKOUT_MAX_MS)

const statusRefusal: Record<string, { code: string; message: string }> = {
  PENDING: { code: 'ACCOUNT_PENDING', message: AuthMessages.accountPending },
  REJECTED: { code: 'ACCOUNT_REJECTED', message: AuthMessages.accountRejected },
  REVOKED: { code: 'ACCOUNT_REVOKED', message: AuthMessages.accountRevoked },
}

/**
 * Counts a wrong password against a user; every LOCKOUT_THRESHOLD-th consecutive one locks the
 * account. The counter is not reset by a lock, so the lock number is count / threshold.
 */
async function recordFailure(tx: Tx, user: UserRow, now: Date) {
  const [row] = await tx
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, user.id))
    .returning({ count: users.failedLoginCount })
  const count = row?.count ?? user.failedLoginCount + 1
  if (count % LOCKOUT_THRESHOLD !== 0) return { count, lockedUntil: null }
  const lockedUntil = new Date(now.getTime() + lockoutDuration(count / LOCKOUT_THRESHOLD))
  await tx.update(users).set({ lockedUntil }).where(eq(users.id, user.id))
  return { count, lockedUntil }
}

export function loginRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  // Made now so that the first unknown e-mail does not answer slower than a known one.
  void dummyPasswordHash()

  app.post('/v1/login', async (c) => {
    const body = loginRequestSchema.parse(await c.req.json())
    const db = deps.database.db
    const now = deps.now()
    const ip = clientIp(c)
    const email = normalizeEmail(body.email)
    const requestId = c.get('requestId')

    await assertNotLimited(
      db,
      [
        [RateRules.loginIp, ip],
        [RateRules.loginAccount, email],
      ],
      now,
    )
    const user = await findUserByEmail(db, email)

    // A locked account is refused before its password is looked at, so guessing stops entirely. The
    // answer is the rate limit's, word for word (decision 021): a lock must not tell that the e-mail
    // is registered, and an unknown e-mail is limited the same way after the same five failures.
    if (user?.lockedUntil && user.lockedUntil > now) {
      await audit(db, {
        action: 'LOGIN_FAILURE',
        entityType: 'user',
        entityId: user.id,
        after: { reason: 'LOCKED', lockedUntil: user.lockedUntil.toISOString() },
        actor: actorOf(c, user),
        requestId,
        at: now,
      })
      throw tooManyRequests((user.lockedUntil.getTime() - now.getTime()) / 1000)
    }
    if (!user) await assertNotLimited(db, [[RateRules.loginUnknown, email]], now)

    // Unknown e-mails and users without a password verify against a dummy hash: same work, same time.
    const stored = user?.passwordHash ?? null
    const matches = await verifyPassword(stored ?? (await dummyPasswordHash()), body.password)
    if (!user || !stored || !matches) {
      await db.transaction(async (tx) => {
        await hitRateLimit(tx, RateRules.loginIp, ip, now)
        await hitRateLimit(tx, RateRules.loginAccount, email, now)
        if (!user) {
          await hitRateLimit(tx, RateRules.loginUnknown, email, now)
          await audit(tx, {
            action: 'LOGIN_FAILURE',
            entityType: 'user',
            after: { reason: 'UNKNOWN_EMAIL', email },
            actor: actorOf(c),
            requestId,
            at: now,
          })
          return
        }
        const { count, lockedUntil } = await recordFailure(tx, user, now)
        await audit(tx, {
          action: 'LOGIN_FAILURE',
          entityType: 'user',
          entityId: user.id,
          after: { reason: stored ? 'WRONG_PASSWORD' : 'NO_PASSWORD', failedLoginCount: count },
          actor: actorOf(c, user),
          requestId,
          at: now,
        })
        if (lockedUntil) {
          await audit(tx, {
            action: 'LOGIN_LOCKED',
            entityType: 'user',
            entityId: user.id,
            after: { failedLoginCount: count, lockedUntil: lockedUntil.toISOString() },
            actor: actorOf(c, user),
            requestId,
            at: now,
          })
        }
      })
      throw new DomainError(401, 'INVALID_CREDENTIALS', AuthMessages.invalidCredentials)
    }

    // The password is right: only now may the answer tell the account's state.
    const refusal = canSignIn(user.accountStatus) ? null : statusRefusal[user.accountStatus]
    if (refusal) {
      await audit(db, {
        action: 'LOGIN_FAILURE',
        entityType: 'user',
        entityId: user.id,
        after: { reason: `ACCOUNT_${user.accountStatus}` },
        actor: actorOf(c, user),
        requestId,
        at: now,
      })
      throw new DomainError(401, refusal.code, refusal.message)
    }

    const rehashed = passwordNeedsRehash(stored) ? await hashPassword(body.password) : null
    const session = await db.transaction(async (tx) => {
      if (user.failedLoginCount > 0 || user.lockedUntil || rehashed) {
        await tx
          .update(users)
          .set({ failedLoginCount: 0, lockedUntil: null, ...(rehashed ? { passwordHash: rehashed } : {}) })
          .where(eq(users.id, user.id))
      }
      // One active session per user (spec §1): a second sign-in must say "log in here". The other
      // sessions end when this one completes its second factor (verify-totp), not now: a password
      // alone must not be enough to throw the owner out.
      const elsewhere = await hasLiveFullSession(tx, user.id, now)
      if (elsewhere && !body.loginHere) {
        await audit(tx, {
          action: 'LOGIN_FAILURE',
          entityType: 'user',
          entityId: user.id,
          after: { reason: 'ALREADY_LOGGED_IN' },
          actor: actorOf(c, user),
          requestId,
          at: now,
        })
        return null
      }
      const created = await createSession(tx, {
        userId: user.id,
        stage: 'PASSWORD',
        ipAddress: ip,
        userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
        now,
      })
      await audit(tx, {
        action: 'LOGIN_SUCCESS',
        entityType: 'session',
        entityId: created.sessionId,
        after: { stage: 'PASSWORD', loginHere: Boolean(body.loginHere), loggedInElsewhere: elsewhere },
        actor: actorOf(c, user),
        requestId,
        at: now,
      })
      return created
    })
    if (!session) throw new DomainError(401, 'ALREADY_LOGGED_IN', ALREADY_LOGGED_IN)

    const data: LoginResponse = {
      token: session.token,
      expireTime: session.expiresAt.toISOString(),
      userId: user.id,
      email: user.email,
      role: user.role,
      twoFactorRegistered: user.twoFactorRegistered,
    }
    return ok(c, data, 'Login successful')
  })

  return app
}
