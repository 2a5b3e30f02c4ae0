import { verifyTOTP } from '@epic-web/totp'
import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  currentTotp,
  generateTotpSecret,
  totpStep,
  totpUri,
  verifyTotp,
} from './totp'

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890"; the 6-digit codes are the last 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'))
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
]

describe('base32', () => {
  it('encodes and decodes RFC 4648 test strings', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(base32Encode(Buffer.from('f'))).toBe('MY')
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar')
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
  })

  it('rejects characters outside the alphabet', () => {
    expect(() => base32Decode('ABC1')).toThrow(/base32/)
  })
})

describe('generateTotpSecret', () => {
  it('makes 160-bit base32 secrets that differ each time', () => {
    const a = generateTotpSecret()
    const b = generateTotpSecret()
    expect(a).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Decode(a)).toHaveLength(20)
    expect(a).not.toBe(b)
  })
})

describe('totpUri', () => {
  it('builds an otpauth URI with SHA1, 6 digits and 30 s', () => {
    const uri = totpUri({ secret: RFC_SECRET, accountName: 'seller@example.com', issuer: 'Ad Console' })
    const url = new URL(uri)
    expect(url.protocol).toBe('otpauth:')
    expect(uri.startsWith('otpauth://totp/Ad%20Console:seller%40example.com?')).toBe(true)
    expect(url.searchParams.get('secret')).toBe(RFC_SECRET)
    expect(url.searchParams.get('issuer')).toBe('Ad Console')
    expect(url.searchParams.get('algorithm')).toBe('SHA1')
    expect(url.searchParams.get('digits')).toBe('6')
    expect(url.searchParams.get('period')).toBe('30')
  })
})

describe('currentTotp', () => {
  it.each(RFC_VECTORS)('matches RFC 6238 at t=%i', (seconds, code) => {
    expect(currentTotp(RFC_SECRET, new Date(seconds * 1000))).toBe(code)
  })

  it('agrees with @epic-web/totp for the current moment', async () => {
    const secret = generateTotpSecret()
    const at = new Date()
    const code = currentTotp(secret, at)
    // The library checks against its own clock with a ±1 window, so a step boundary in between is fine.
    const result = await verifyTOTP({ otp: code, secret, period: 30, digits: 6, algorithm: 'SHA-1' })
    expect(result).not.toBeNull()
  })
})

describe('verifyTotp', () => {
  const at = new Date(1111111111 * 1000)
  const step = totpStep(at)

  it('accepts the current code and reports its step', () => {
    expect(verifyTotp({ secret: RFC_SECRET, code: '050471', lastStep: null, at })).toEqual({ ok: true, step })
  })

  it('accepts the previous and next step, not two away', () => {
    const previous = currentTotp(RFC_SECRET, new Date(at.getTime() - 30_000))
    const next = currentTotp(RFC_SECRET, new Date(at.getTime() + 30_000))
    const twoAway = currentTotp(RFC_SECRET, new Date(at.getTime() - 60_000))
    expect(verifyTotp({ secret: RFC_SECRET, code: previous, lastStep: null, at })).toEqual({
      ok: true,
      step: step - 1,
    })
    expect(verifyTotp({ secret: RFC_SECRET, code: next, lastStep: null, at })).toEqual({
      ok: true,
      step: step + 1,
    })
    expect(verifyTotp({ secret: RFC_SECRET, code: twoAway, lastStep: null, at })).toEqual({ ok: false })
  })

  it('refuses a replayed step and any earlier one', () => {
    expect(verifyTotp({ secret: RFC_SECRET, code: '050471', lastStep: step, at })).toEqual({ ok: false })
    const previous = currentTotp(RFC_SECRET, new Date(at.getTime() - 30_000))
    expect(verifyTotp({ secret: RFC_SECRET, code: previous, lastStep: step - 1, at })).toEqual({ ok: false })
    expect(verifyTotp({ secret: RFC_SECRET, code: '050471', lastStep: step - 1, at })).toEqual({
      ok: true,
      step,
    })
  })

  it('refuses wrong, malformed and wrong-length codes, and tolerates spaces', () => {
    expect(verifyTotp({ secret: RFC_SECRET, code: '000000', at })).toEqual({ ok: false })
    expect(verifyTotp({ secret: RFC_SECRET, code: '05047a', at })).toEqual({ ok: false })
    expect(verifyTotp({ secret: RFC_SECRET, code: '50471', at })).toEqual({ ok: false })
    expect(verifyTotp({ secret: RFC_SECRET, code: '', at })).toEqual({ ok: false })
    expect(verifyTotp({ secret: RFC_SECRET, code: '050 471', at })).toEqual({ ok: true, step })
  })
})
