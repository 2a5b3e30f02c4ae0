// POST /v1/external/login?sellerId&email&ts&nonce&sig: a signed hand-off from the marketplace's
// seller portal (design: docs/decisions/008-external-login-handoff.md). The portal has signed the
// seller in; its link says who, when, and once, under an HMAC with a secret both sides share.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod/v4'
import { audit } from '../audit'
import { AuthMessages, type ExternalLoginResponse } from '../contracts/auth'
import { safeText, TEXT_MAX } from '../contracts/text'
import { externalLoginNonces, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { log } from '../log'
import { assertNotLimited, hitRateLimit, RateRules } from './rate-limit'
import { actorOf, clientIp } from './request'
import { startSignedInSession } from './signed-in-session'
import { canSignIn } from './users'

/** A link is accepted this long either side of its timestamp (clock skew plus the redirect). */
export const EXTERNAL_LOGIN_MAX_SKEW_SECONDS = 300
/** Shorter secrets are accepted but logged: HMAC-SHA256 wants a key of 256 bits. */
export const EXTERNAL_LOGIN_MIN_SECRET_LENGTH = 32

export type ExternalLoginClaims = {
  sellerId: number | string
  email: string
  /** Unix time in seconds. */
  ts: number | string
  /** Random, at least 64 bits (the links made here carry 128), used once. */
  nonce: string
}

/** The message the portal signs: seller id, lower-case e-mail, timestamp and nonce, one per line. */
export const externalLoginMessage = ({ sellerId, email, ts, nonce }: ExternalLoginClaims) =>
  `${sellerId}\n${email.toLowerCase()}\n${ts}\n${nonce}`

/** sig = hex HMAC-SHA256(secret, message). */
export function signExternalLogin({ secret, ...claims }: ExternalLoginClaims & { secret: string }): string {
  return createHmac('sha256', secret).update(externalLoginMessage(claims)).digest('hex')
}

/** A complete, signed query string for a seller (for tests and scripts/external-login-link.ts). */
export function externalLoginQuery(input: {
  secret: string
  sellerId: number
  email: string
  now?: Date
  nonce?: string
}): URLSearchParams {
  const claims = {
    sellerId: String(input.sellerId),
    email: input.email.toLowerCase(),
    ts: String(Math.floor((input.now ?? new Date()).getTime() / 1000)),
    nonce: input.nonce ?? randomBytes(16).toString('base64url'),
  }
  return new URLSearchParams({ ...claims, sig: signExternalLogin({ secret: input.secret, ...claims }) })
}

const linkSchema = z.object({
  sellerId: z.string().regex(/^\d{1,15}$/),
  email: safeText({ max: TEXT_MAX.email }).min(3),
  ts: z.string().regex(/^\d{1,12}$/),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  sig: z.string().regex(/^[0-9a-fA-F]{64}$/),
})

export function externalLoginRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const secret = deps.externalLoginSecret
  if (secret && secret.length < EXTERNAL_LOGIN_MIN_SECRET_LENGTH) {
    log.warn('EXTERNAL_LOGIN_SECRET is shorter than 32 characters; use 32 random bytes or more')
  }

  app.post('/v1/external/login', async (c) => {
    if (!secret) throw new DomainError(403, 'EXTERNAL_LOGIN_DISABLED', AuthMessages.externalLoginDisabled)
    const db = deps.database.db
    const now = deps.now()
    const ip = clientIp(c)
    const requestId = c.get('requestId')
    await assertNotLimited(db, [[RateRules.externalLoginIp, ip]], now)

    /** Counts the refusal against the caller's IP, records it, and answers it. */
    const refuse = async (
      status: 400 | 401 | 403,
      errorCode: string,
      message: string,
      details: Record<string, unknown>,
    ): Promise<never> => {
      await hitRateLimit(db, RateRules.externalLoginIp, ip, now)
      await audit(db, {
        action: 'EXTERNAL_LOGIN_FAILURE',
        entityType: 'user',
        after: { reason: errorCode, ...details },
        actor: actorOf(c),
        requestId,
        at: now,
      })
      throw new DomainError(status, errorCode, message)
    }

    const parsed = linkSchema.safeParse(c.req.query())
    if (!parsed.success) return refuse(400, 'MALFORMED_LINK', AuthMessages.invalidLoginLink, {})
    const link = parsed.data
    const email = link.email.trim().toLowerCase()
    const details = { sellerId: link.sellerId, email }

    // Signature first, compared in constant time: nothing else is looked at for a forged link.
    const expected = Buffer.from(signExternalLogin({ secret, ...link, email }), 'hex')
    if (!timingSafeEqual(expected, Buffer.from(link.sig, 'hex'))) {
      return refuse(401, 'INVALID_SIGNATURE', AuthMessages.invalidLoginLink, details)
    }
    if (Math.abs(now.getTime() / 1000 - Number(link.ts)) > EXTERNAL_LOGIN_MAX_SKEW_SECONDS) {
      return refuse(401, 'LINK_EXPIRED', AuthMessages.loginLinkExpired, details)
    }
    const sellerId = Number(link.sellerId)
    const [fresh] = await db
      .insert(externalLoginNonces)
      .values({ nonce: link.nonce, sellerId, usedAt: now })
      .onConflictDoNothing()
      .returning({ nonce: externalLoginNonces.nonce })
    if (!fresh) return refuse(401, 'LINK_USED', AuthMessages.loginLinkUsed, details)

    const [user] = await db
      .select()
      .from(users)
      .where(
        and(eq(users.role, 'SELLER'), eq(users.accountId, sellerId), sql`lower(${users.email}) = ${email}`),
      )
      .limit(1)
    if (!user || !canSignIn(user.accountStatus)) {
      return refuse(403, 'SELLER_NOT_ACTIVE', AuthMessages.sellerNotActive, {
        ...details,
        status: user?.accountStatus ?? null,
      })
    }

    const session = await db.transaction(async (tx) => {
      // One active session per user: the hand-off is a complete sign-in, so it ends the others.
      const created = await startSignedInSession(tx, c, user, { ipAddress: ip, now })
      await audit(tx, {
        action: 'EXTERNAL_LOGIN',
        entityType: 'session',
        entityId: created.sessionId,
        after: { stage: 'FULL', method: 'SELLER_PORTAL_HANDOFF', sellerId, nonce: link.nonce },
        actor: actorOf(c, user),
        requestId,
        at: now,
      })
      return created
    })

    const data: ExternalLoginResponse = {
      token: session.token,
      expireTime: session.expiresAt.toISOString(),
      userId: user.id,
      sellerId,
      role: user.role,
      tncAcceptance: user.tncAcceptance,
      email: user.email,
      twoFactorRegistered: user.twoFactorRegistered,
    }
    return ok(c, data, 'Login successful')
  })

  return app
}
