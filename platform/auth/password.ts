// Password hashing: argon2id with the parameters of OWASP ASVS 5.0 appendix C ("t = 1: m ≥ 47104
// (46 MiB), p = 1"); see docs/decisions/007. Hashes made with other parameters (older demo data)
// still verify, and are re-hashed at the next successful sign-in (passwordNeedsRehash).
import { randomBytes } from 'node:crypto'
import { hash, parseOptions, verify } from '@node-rs/argon2'

/** argon2id is the library's default algorithm; the const enum cannot be named under isolatedModules. */
export const ARGON2_PARAMS = { memoryCost: 47104, timeCost: 1, parallelism: 1 } as const
const ARGON2ID = 2

/** Hashes a password into a PHC string (`$argon2id$v=19$m=47104,t=1,p=1$…`) with a random 128-bit salt. */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_PARAMS)
}

/**
 * Checks a password against a stored PHC hash. A missing hash (a user who has not set a password
 * yet) never matches. A malformed hash is a data error and throws.
 */
export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash) return false
  return verify(storedHash, plain)
}

/** True when a stored hash was made with other parameters than today's (re-hash it after a good sign-in). */
export function passwordNeedsRehash(storedHash: string): boolean {
  const options = parseOptions(storedHash)
  return (
    options.algorithm !== ARGON2ID ||
    options.memoryCost !== ARGON2_PARAMS.memoryCost ||
    options.timeCost !== ARGON2_PARAMS.timeCost ||
    options.parallelism !== ARGON2_PARAMS.parallelism
  )
}

let dummy: Promise<string> | undefined

/**
 * A hash of a random password, made once per process with today's parameters. Verifying against it
 * costs what verifying a real user's password costs, so an unknown e-mail answers in the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'))
  return dummy
}
