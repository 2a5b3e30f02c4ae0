// Password hashing: argon2id (the library's default algorithm) with the library's default costs
// (19 MiB, 2 passes, 1 lane), which are OWASP's minimum recommendation for argon2id.
import { hash, verify } from '@node-rs/argon2'

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) with a random salt. */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain)
}

/**
 * Checks a password against a stored PHC hash. A missing hash (a user who has not set a password
 * yet) never matches. A malformed hash is a data error and throws.
 */
export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash) return false
  return verify(storedHash, plain)
}
