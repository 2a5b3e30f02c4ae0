import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password'

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
