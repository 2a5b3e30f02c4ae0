import { describe, expect, it } from 'vitest'
import { hash } from '@node-rs/argon2'
import { dummyPasswordHash, hashPassword, passwordNeedsRehash, verifyPassword } from './password'

describe('password hashing', () => {
  it('hashes with argon2id and a random salt', async () => {
    const a = await hashPassword('Demo@Console2026')
    const b = await hashPassword('Demo@Console2026')
    expect(a).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/)
    expect(a).not.toBe(b)
  })

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple')
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(stored, 'Correct horse battery staple')).toBe(false)
    expect(await verifyPassword(stored, '')).toBe(false)
  })

  it('never matches a user without a password', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false)
    expect(await verifyPassword(undefined, '')).toBe(false)
    expect(await verifyPassword('', '')).toBe(false)
  })

  it('throws on a corrupt stored hash instead of hiding it', async () => {
    await expect(verifyPassword('not-a-phc-string', 'x')).rejects.toThrow()
  })
})

describe('argon2id parameters', () => {
  it('hashes with the parameters of ASVS 5.0 appendix C and flags older hashes for re-hashing', async () => {
    const stored = await hashPassword('correct horse battery staple')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=47104,t=1,p=1\$/)
    expect(passwordNeedsRehash(stored)).toBe(false)
    const older = await hash('correct horse battery staple', {
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    })
    expect(passwordNeedsRehash(older)).toBe(true)
    expect(await verifyPassword(older, 'correct horse battery staple')).toBe(true)
  })

  it('keeps one dummy hash per process for unknown users', async () => {
    const a = await dummyPasswordHash()
    expect(a).toBe(await dummyPasswordHash())
    expect(passwordNeedsRehash(a)).toBe(false)
    expect(await verifyPassword(a, '')).toBe(false)
  })
})
