// Fixed-window rate limits kept in the database (table rate_limits), so that every web instance
// counts together. A window starts at the first hit of a key and lasts `windowMs`; the first hit
// after it starts a new one. The numbers and why: docs/decisions/007-authentication-numbers.md.
import { sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { rateLimits } from '../db/schema'
import { tooManyRequests } from './request'

export type RateRule = {
  /** Key prefix, e.g. 'login:ip' → keys 'login:ip:203.0.113.7'. */
  name: string
  limit: number
  windowMs: number
}

const MINUTE = 60 * 1000

/** Every limit of the auth service, in one place. */
export const RateRules = {
  /** Failed password sign-ins from one IP address. */
  loginIp: { name: 'login:ip', limit: 20, windowMs: 5 * MINUTE },
  /** Failed password sign-ins for one e-mail address, known or not. */
  loginAccount: { name: 'login:acct', limit: 10, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins for an e-mail that belongs to no user: mimics the account lock (5 failures,
   * 15 minutes) so that a lock does not tell which e-mails are registered.
   */
  loginUnknown: { name: 'login:unknown', limit: 5, windowMs: 15 * MINUTE },
  /** Wrong authenticator codes for one user. */
  totpAccount: { name: 'totp:acct', limit: 5, windowMs: 5 * MINUTE },
  /** …and per day, so that guessing stays hopeless however long it goes on. */
  totpAccountDaily: { name: 'totp:acct:day', limit: 20, windowMs: 24 * 60 * MINUTE },
  /** Password-reset codes asked for one e-mail. */
  resetRequestEmail: { name: 'reset:email', limit: 3, windowMs: 15 * MINUTE },
  /** Password-reset codes asked from one IP address. */
  resetRequestIp: { name: 'reset:ip', limit: 10, windowMs: 15 * MINUTE },
  /** Password-reset submissions from one IP address. */
  resetSubmitIp: { name: 'resetpw:ip', limit: 10, windowMs: 15 * MINUTE },
  /** Report-download codes e-mailed to one user. */
  reportCodeUser: { name: 'otp:report', limit: 10, windowMs: 15 * MINUTE },
  /** Refused external-login links from one IP address. */
  externalLoginIp: { name: 'extlogin:ip', limit: 20, windowMs: 5 * MINUTE },
} as const satisfies Record<string, RateRule>

const keyOf = (rule: RateRule, subject: string | number) => `${rule.name}:${String(subject).toLowerCase()}`

const retryAfterSeconds = (rule: RateRule, windowStart: Date, now: Date) =>
  Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000))

/**
 * Counts one hit in the key's current window (atomically: one upsert) and returns the count so far
 * and how long until the window ends.
 */
export async function hitRateLimit(tx: Tx, rule: RateRule, subject: string | number, now: Date) {
  const cutoff = new Date(now.getTime() - rule.windowMs)
  const stale = sql`${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz`
  const [row] = await tx
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count })
  if (!row) throw new Error('rate limit upsert returned nothing')
  return { count: row.count, retryAfter: retryAfterSeconds(rule, row.windowStart, now) }
}

/** Seconds to wait when the key has used up its window, else null. Counts nothing. */
export async function rateLimitWait(
  tx: Tx,
  rule: RateRule,
  subject: string | number,
  now: Date,
): Promise<number | null> {
  const [row] = await tx
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${keyOf(rule, subject)}`)
    .limit(1)
  if (!row || row.windowStart.getTime() + rule.windowMs <= now.getTime()) return null
  return row.count >= rule.limit ? retryAfterSeconds(rule, row.windowStart, now) : null
}

/** Refuses with 429 + Retry-After when any of the keys has used up its window. Counts nothing. */
export async function assertNotLimited(
  tx: Tx,
  checks: readonly (readonly [RateRule, string | number])[],
  now: Date,
) {
  for (const [rule, subject] of checks) {
    const wait = await rateLimitWait(tx, rule, subject, now)
    if (wait !== null) throw tooManyRequests(wait)
  }
}

/** Counts this request against every key, then refuses with 429 + Retry-After if one is over its limit. */
export async function enforceRateLimits(
  tx: Tx,
  checks: readonly (readonly [RateRule, string | number])[],
  now: Date,
) {
  let wait: number | null = null
  for (const [rule, subject] of checks) {
    const { count, retryAfter } = await hitRateLimit(tx, rule, subject, now)
    if (count > rule.limit) wait = Math.max(wait ?? 0, retryAfter)
  }
  if (wait !== null) throw tooManyRequests(wait)
}
