// Small things every sign-in handler needs: who is calling from where, and the shared refusals.
import type { Context } from 'hono'
import { TOO_MANY_REQUESTS } from '../contracts/auth'
import { DomainError } from '../errors'
import type { Env } from '../http'

/**
 * The caller's IP address: the first value of X-Forwarded-For, which the console (or the proxy in
 * front of the platform) sets; 'unknown' without one. Used for rate limits and the audit log only,
 * never to grant anything.
 */
export function clientIp(c: Context<Env>): string {
  const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
  return first ? first.slice(0, 64) : 'unknown'
}

/** The audit actor of a request: a user when one is known, always the IP. */
export function actorOf(c: Context<Env>, user?: { id: number; role: string } | null) {
  return { userId: user?.id ?? null, role: user?.role ?? null, ip: clientIp(c) }
}

/** 429 with Retry-After (seconds) and the message the console shows for it. */
export const tooManyRequests = (retryAfterSeconds: number, errorCode = 'TOO_MANY_REQUESTS') =>
  new DomainError(429, errorCode, TOO_MANY_REQUESTS, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  })

/** E-mail addresses are compared in lower case (users_email_uq is on lower(email)). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()
