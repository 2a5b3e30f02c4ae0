// E-mailed one-time codes (password reset, report download): 6 random digits, valid 10 minutes,
// stored as an argon2id hash (ASVS 5.0 6.5.2: a secret of less than 112 bits is stored with a
// password hashing function), single use, bound to one user and one purpose, at most 5 wrong tries.
import { randomInt } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { oneTimeCodes } from '../db/schema'
import { hashPassword, verifyPassword } from './password'

export type OneTimeCodePurpose = 'PASSWORD_RESET' | 'REPORT_DOWNLOAD'

export const ONE_TIME_CODE_DIGITS = 6
export const ONE_TIME_CODE_TTL_MS = 10 * 60 * 1000
/** Wrong tries a code survives; the next try finds it dead even with the right digits. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5

const CODE_PATTERN = /^\d{6}$/

/** A uniformly random 6-digit code from the CSPRNG (leading zeros kept). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 10 ** ONE_TIME_CODE_DIGITS)).padStart(ONE_TIME_CODE_DIGITS, '0')
}

/** Hashes a code as a password is hashed. Also called with a throw-away code to even out timing. */
export const hashOneTimeCode = (code: string) => hashPassword(code)

/**
 * Issues a new code for a user and purpose; every earlier unused code of that purpose stops working.
 * Returns the plain code, for the e-mail only: it is never stored.
 */
export async function issueOneTimeCode(
  tx: Tx,
  input: { userId: number; email: string; purpose: OneTimeCodePurpose; now: Date },
) {
  const code = newOneTimeCode()
  const codeHash = await hashOneTimeCode(code)
  await tx
    .update(oneTimeCodes)
    .set({ expiresAt: input.now })
    .where(
      and(
        eq(oneTimeCodes.userId, input.userId),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, input.now),
      ),
    )
  const [row] = await tx
    .insert(oneTimeCodes)
    .values({
      userId: input.userId,
      email: input.email.toLowerCase(),
      purpose: input.purpose,
      codeHash,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + ONE_TIME_CODE_TTL_MS),
    })
    .returning({ id: oneTimeCodes.id, expiresAt: oneTimeCodes.expiresAt })
  if (!row) throw new Error('one-time code insert returned nothing')
  return { code, id: row.id, expiresAt: row.expiresAt }
}

export type ConsumeResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'MALFORMED' | 'NO_LIVE_CODE' | 'TOO_MANY_ATTEMPTS' | 'MISMATCH' }

/**
 * Uses up the user's live code of this purpose if `code` matches it. Only the newest unused,
 * unexpired code counts. Every try (right or wrong) uses one of its attempts, counted in `tx`:
 * a caller that refuses must still commit `tx`, or the wrong try is forgotten.
 *
 * Report downloads call this with purpose 'REPORT_DOWNLOAD'.
 */
export async function consumeOneTimeCode(
  tx: Tx,
  input: { userId: number; purpose: OneTimeCodePurpose; code: string; now: Date },
): Promise<ConsumeResult> {
  const code = input.code.trim()
  if (!CODE_PATTERN.test(code)) return { ok: false, reason: 'MALFORMED' }
  const [live] = await tx
    .select({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, input.userId),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, input.now),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
  if (!live) return { ok: false, reason: 'NO_LIVE_CODE' }
  // Take an attempt first (atomically), so that parallel guesses cannot exceed the allowance.
  const [attempt] = await tx
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, live.id), lt(oneTimeCodes.attempts, ONE_TIME_CODE_MAX_ATTEMPTS)))
    .returning({ attempts: oneTimeCodes.attempts })
  if (!attempt) return { ok: false, reason: 'TOO_MANY_ATTEMPTS' }
  if (!(await verifyPassword(live.codeHash, code))) return { ok: false, reason: 'MISMATCH' }
  const [used] = await tx
    .update(oneTimeCodes)
    .set({ consumedAt: input.now })
    .where(and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id })
  return used ? { ok: true, id: used.id } : { ok: false, reason: 'NO_LIVE_CODE' }
}
