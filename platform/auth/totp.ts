// RFC 6238 time-based one-time passwords (HMAC-SHA1, 6 digits, 30-second steps), the parameters
// every authenticator app understands. Written on node:crypto so that verification is synchronous
// and reports which time step matched: the caller stores it and refuses it next time (replay).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
export const TOTP_ALGORITHM = 'SHA1'
/** Steps accepted either side of the current one (clock drift between phone and server). */
export const TOTP_WINDOW = 1

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, upper case, without padding (what otpauth URIs carry). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31]
  return out
}

/** Decodes RFC 4648 base32; case, spaces and padding are ignored. Throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char)
    if (index < 0) throw new Error('Invalid base32 character in TOTP secret')
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** A new random secret: 160 bits (the RFC 4226 recommended length), base32-encoded (32 characters). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20))
}

/** The otpauth:// URI that authenticator apps read from a QR code. */
export function totpUri({
  secret,
  accountName,
  issuer,
}: {
  secret: string
  accountName: string
  issuer: string
}) {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: TOTP_ALGORITHM,
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  })
  return `otpauth://totp/${label}?${params.toString()}`
}

/** The time step (counter) a moment falls in. */
export function totpStep(at: Date = new Date()): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS)
}

/** RFC 4226 HOTP value for one counter. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', key).update(message).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The code an authenticator shows for this secret at a moment (now by default). */
export function currentTotp(secret: string, at: Date = new Date()): string {
  return hotp(base32Decode(secret), totpStep(at))
}

export type TotpVerification = { ok: true; step: number } | { ok: false }

/**
 * Checks a code against the steps around `at` (±TOTP_WINDOW). A code whose step is not after
 * `lastStep` (the last step this user had accepted) is refused, so each code works once.
 */
export function verifyTotp({
  secret,
  code,
  lastStep,
  at = new Date(),
}: {
  secret: string
  code: string
  lastStep?: number | null
  at?: Date
}): TotpVerification {
  const candidate = code.replace(/\s/g, '')
  if (!/^\d+$/.test(candidate) || candidate.length !== TOTP_DIGITS) return { ok: false }
  const key = base32Decode(secret)
  const given = Buffer.from(candidate)
  const current = totpStep(at)
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    const step = current + delta
    if (lastStep != null && step <= lastStep) continue
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given)) return { ok: true, step }
  }
  return { ok: false }
}
