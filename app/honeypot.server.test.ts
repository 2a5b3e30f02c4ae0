import { describe, expect, it } from 'vitest'
import { isBotSubmission } from './honeypot.server'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe('the honeypot of public forms', () => {
  it('lets a person through: the field is there and empty', () => {
    expect(isBotSubmission(form({ email: 'a@example.com', password: 'x', website: '' }))).toBe(false)
  })
  it('refuses a filled field and a post without the field', () => {
    expect(isBotSubmission(form({ email: 'a@example.com', website: 'https://spam.example' }))).toBe(true)
    expect(isBotSubmission(form({ email: 'a@example.com', password: 'x' }))).toBe(true)
  })
})
