// Server-side sessions behind bearer tokens. Tokens are 256 random bits, shown once, stored as SHA-256.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import type { Database, Tx } from '../db/client'
import { preparedOnce } from '../db/prepared-once'
import { sessions, users } from '../db/schema'
import type { Role } from '../rules/roles'

/** A session ends after this long without a request (ASVS 5.0 §7.3: inactivity timeout). */
export const SESSION_IDLE_MS = 30 * 60 * 1000
/** …and after this long whatever happens (absolute lifetime). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000
/**
 * A half-way sign-in (password checked, second factor pending) lasts at most this long: enough to
 * install an authenticator and scan the QR code, short enough to bound guessing of TOTP codes.
 */
export const PENDING_SIGN_IN_MS = 15 * 60 * 1000
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000

export type SessionStage = 'PASSWORD' | 'FULL'

export type SessionUser = {
  id: number
  name: string
  email: string
  role: Role
  accountId: number | null
  accountStatus: string
  tncAcceptance: boolean
  twoFactorRegistered: boolean
}

export type ResolvedSession = {
  sessionId: string
  stage: SessionStage
  ipAddress: string | null
  expiresAt: Date
  user: SessionUser
}

export const newToken = () => randomBytes(32).toString('base64url')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(
  tx: Tx,
  input: {
    userId: number
    stage: SessionStage
    ipAddress?: string | null
    userAgent?: string | null
    now: Date
  },
) {
  const token = newToken()
  const [row] = await tx
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(token),
      stage: input.stage,
      ipAddress: input.ipAddress ?? null,
      userAgent: input.userAgent ?? null,
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(
        input.now.getTime() + (input.stage === 'PASSWORD' ? PENDING_SIGN_IN_MS : SESSION_ABSOLUTE_MS),
      ),
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt })
  if (!row) throw new Error('session insert returned nothing')
  return { token, sessionId: row.id, expiresAt: row.expiresAt }
}

/**
 * The session look-up of every signed-in request, built once per database handle instead of by drizzle
 * on every request (decision 074, preparedOnce).
 */
const sessionLookup = (db: Database) => preparedOnce(db, 'session lookup', () => buildSessionLookup(db))
const buildSessionLookup = (db: Database) =>
  db
    .select({
      sessionId: sessions.id,
      stage: sessions.stage,
      ipAddress: sessions.ipAddress,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        accountId: users.accountId,
        accountStatus: users.accountStatus,
        tncAcceptance: users.tncAcceptance,
        twoFactorRegistered: users.twoFactorRegistered,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('')

/** The live session behind a token, or null (unknown, revoked, expired, idle too long, or account not usable). */
export async function resolveToken(db: Database, token: string, now: Date): Promise<ResolvedSession | null> {
  if (!token || token.length > 200) return null
  const [row] = await sessionLookup(db).execute({ tokenHash: hashToken(token), now })
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS) return null
  if (row.user.accountStatus !== 'APPROVED' && row.user.accountStatus !== 'REACTIVATED') return null
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId))
  }
  const { lastSeenAt: _seen, ...session } = row
  return session
}

export async function revokeSession(tx: Tx, sessionId: string, reason: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/**
 * Ends every live session of a user (password reset, "log in here"), except one if given.
 * Returns how many were still open.
 */
export async function revokeUserSessions(
  tx: Tx,
  userId: number,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)]
  if (exceptSessionId) conditions.push(ne(sessions.id, exceptSessionId))
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id })
  return ended.length
}

/** Does the user have a signed-in (FULL) session that is still usable: not revoked, expired or idle? */
export async function hasLiveFullSession(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.stage, 'FULL'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1)
  return Boolean(row)
}
