// The second step of sign-in: TOTP enrolment (QR code) and verification (spec accounts §2 "Two-factor
// dialog", §7 gauth2fa-signup and gauth2fa-verify-totp). Both take the PASSWORD-stage token from
// /v1/login, in the query (as the spec's calls send it) or in the Authorization header.
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import QRCode from 'qrcode'
import { audit } from '../audit'
import {
  AuthMessages,
  type TotpSignupResponse,
  type VerifyTotpResponse,
  verifyTotpRequestSchema,
} from '../contracts/auth'
import { users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, DomainError, forbidden, unauthenticated } from '../errors'
import { type Env, ok } from '../http'
import { bearerToken } from './authorize'
import { assertNotLimited, hitRateLimit, RateRules } from './rate-limit'
import { actorOf, clientIp } from './request'
import { startSignedInSession } from './signed-in-session'
import { resolveToken, revokeSession } from './sessions'
import { generateTotpSecret, totpUri, verifyTotp } from './totp'
import { currentTncVersion, findUserById, sellerIdOf } from './users'

/** The issuer authenticator apps show above the code. */
export const TOTP_ISSUER = 'Ad Console'

/**
 * Requires a half-way sign-in (PASSWORD stage) whose user is the one named by the userId and email
 * query parameters, when they are given. A signed-in (FULL) token is refused: it has nothing to verify.
 */
const requirePendingSignIn = createMiddleware<Env>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization')) ?? c.req.query('token') ?? ''
  const deps = c.get('deps')
  const session = await resolveToken(deps.database.db, token, deps.now())
  if (session?.stage !== 'PASSWORD') throw unauthenticated()
  const userId = c.req.query('userId')
  const email = c.req.query('email')
  if (userId && userId !== String(session.user.id)) throw forbidden()
  if (email && email.trim().toLowerCase() !== session.user.email.toLowerCase()) throw forbidden()
  c.set('auth', { ...session, token })
  await next()
})

export function twoFactorRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec: GET /v1/gauth2fa-signup?email&token&userId&ipAddress → the QR code for an unregistered user.
  app.get('/v1/gauth2fa-signup', requirePendingSignIn, async (c) => {
    const auth = c.get('auth')
    const db = deps.database.db
    const user = await findUserById(db, auth.user.id)
    if (!user) throw unauthenticated()
    if (user.twoFactorRegistered) throw badRequest(AuthMessages.twoFactorAlreadySetUp)
    let secret = user.totpSecret
    if (!secret) {
      // Made once and kept until enrolment completes, so the QR code scanned first stays valid.
      // The conditional update keeps the first secret when two requests race.
      await db.transaction(async (tx) => {
        const [created] = await tx
          .update(users)
          .set({ totpSecret: generateTotpSecret(), totpLastStep: null })
          .where(and(eq(users.id, user.id), isNull(users.totpSecret)))
          .returning({ id: users.id })
        if (created) {
          await audit(tx, {
            action: 'TWO_FACTOR_SECRET_CREATED',
            entityType: 'user',
            entityId: user.id,
            actor: actorOf(c, user),
            requestId: c.get('requestId'),
            at: deps.now(),
          })
        }
      })
      secret = (await findUserById(db, user.id))?.totpSecret ?? null
      if (!secret) throw new Error('TOTP secret was not stored')
    }
    const otpauthUri = totpUri({ secret, accountName: user.email, issuer: TOTP_ISSUER })
    const data: TotpSignupResponse = {
      otpauthUri,
      qrCode: await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    }
    return ok(c, data)
  })

  // spec: POST /v1/gauth2fa-verify-totp?token&userId&ipAddress&regenerateToken=true, body {email, totp}.
  // Success ends the PASSWORD-stage session and every other session of the user, and answers a new
  // signed-in token (a new token at every sign-in, whatever regenerateToken says).
  app.post('/v1/gauth2fa-verify-totp', requirePendingSignIn, async (c) => {
    const auth = c.get('auth')
    const body = verifyTotpRequestSchema.parse(await c.req.json())
    const totp = body.totp.replace(/\s/g, '')
    if (!/^\d{6}$/.test(totp)) throw badRequest(AuthMessages.enterValidOtp)
    if (body.email.trim().toLowerCase() !== auth.user.email.toLowerCase()) throw forbidden()

    const db = deps.database.db
    const now = deps.now()
    const requestId = c.get('requestId')
    const user = await findUserById(db, auth.user.id)
    if (!user) throw unauthenticated()
    if (!user.totpSecret) throw badRequest(AuthMessages.twoFactorNotSetUp)
    await assertNotLimited(
      db,
      [
        [RateRules.totpAccount, user.id],
        [RateRules.totpAccountDaily, user.id],
      ],
      now,
    )

    const check = verifyTotp({ secret: user.totpSecret, code: totp, lastStep: user.totpLastStep, at: now })
    // For the audit log: a refused code that was valid before is a replay (someone has seen it).
    const replayed =
      !check.ok && verifyTotp({ secret: user.totpSecret, code: totp, lastStep: null, at: now }).ok
    const result = await db.transaction(async (tx) => {
      // The step is recorded only if it is later than the last one accepted: a code works once,
      // also when two requests race with it.
      const [accepted] = check.ok
        ? await tx
            .update(users)
            .set({ totpLastStep: check.step, twoFactorRegistered: true })
            .where(
              and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, check.step))),
            )
            .returning({ id: users.id })
        : []
      if (!accepted) {
        await hitRateLimit(tx, RateRules.totpAccount, user.id, now)
        await hitRateLimit(tx, RateRules.totpAccountDaily, user.id, now)
        await audit(tx, {
          action: 'TWO_FACTOR_FAILURE',
          entityType: 'user',
          entityId: user.id,
          after: {
            reason: check.ok || replayed ? 'REPLAYED' : 'WRONG_CODE',
            enrolled: user.twoFactorRegistered,
          },
          actor: actorOf(c, user),
          requestId,
          at: now,
        })
        return null
      }
      if (!user.twoFactorRegistered) {
        await audit(tx, {
          action: 'TWO_FACTOR_ENROLLED',
          entityType: 'user',
          entityId: user.id,
          before: { twoFactorRegistered: false },
          after: { twoFactorRegistered: true },
          actor: actorOf(c, user),
          requestId,
          at: now,
        })
      }
      await revokeSession(tx, auth.sessionId, 'SECOND_FACTOR_DONE', now)
      // One active session per user: a sign-in that said "log in here" ends the others now.
      const session = await startSignedInSession(tx, c, user, {
        ipAddress: auth.ipAddress ?? clientIp(c),
        now,
      })
      await audit(tx, {
        action: 'LOGIN_COMPLETE',
        entityType: 'session',
        entityId: session.sessionId,
        after: { stage: 'FULL', method: 'TOTP', replaces: auth.sessionId },
        actor: actorOf(c, user),
        requestId,
        at: now,
      })
      return { session, tncVersion: (await currentTncVersion(tx)) ?? user.tncVersion }
    })
    if (!result) throw new DomainError(401, 'INVALID_OTP', AuthMessages.invalidOtp)

    const data: VerifyTotpResponse = {
      token: result.session.token,
      expireTime: result.session.expiresAt.toISOString(),
      userId: user.id,
      email: user.email,
      role: user.role,
      ipAddress: c.req.query('ipAddress') || auth.ipAddress,
      tncVersion: result.tncVersion,
      tncAcceptance: user.tncAcceptance,
      sellerId: sellerIdOf(user),
    }
    return ok(c, data, 'OTP verified')
  })

  return app
}
