import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SignedLinkMessages, signedFileUrl, signRunToken, verifyRunToken } from './signed-links'

const secret = 'unit-test-secret-0123456789abcdefghij'
const now = new Date('2026-11-23T05:00:00Z')
const inTenMinutes = new Date(now.getTime() + 10 * 60 * 1000)

describe('signed report links', () => {
  it('verifies its own token: run, purpose and expiry', () => {
    const token = signRunToken(secret, { runId: 42, purpose: 'report-download', expiresAt: inTenMinutes })
    expect(verifyRunToken(secret, token, now)).toEqual({
      ok: true,
      runId: 42,
      purpose: 'report-download',
      expiresAt: inTenMinutes,
    })
  })

  it('refuses it once expired (at the expiry second and after)', () => {
    const token = signRunToken(secret, { runId: 42, purpose: 'scheduled-run', expiresAt: inTenMinutes })
    expect(verifyRunToken(secret, token, new Date(inTenMinutes.getTime() - 1000)).ok).toBe(true)
    expect(verifyRunToken(secret, token, inTenMinutes)).toEqual({
      ok: false,
      reason: 'EXPIRED',
      message: SignedLinkMessages.expired,
    })
  })

  it('refuses a token signed with another key, or with any part changed', () => {
    const token = signRunToken(secret, { runId: 42, purpose: 'report-download', expiresAt: inTenMinutes })
    expect(verifyRunToken('another-secret-0123456789abcdefghijkl', token, now)).toMatchObject({
      ok: false,
      reason: 'FORGED',
    })
    const [v, run, purpose, expires, signature] = token.split('.')
    const variants = [
      [v, '43', purpose, expires, signature],
      [v, run, 'scheduled-run', expires, signature],
      [v, run, purpose, String(Number(expires) + 3600), signature],
      [v, run, purpose, expires, `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`],
    ]
    for (const parts of variants) {
      expect(verifyRunToken(secret, parts.join('.'), now)).toMatchObject({ ok: false, reason: 'FORGED' })
    }
  })

  it('refuses a correctly signed token of an unknown purpose', () => {
    const expires = Math.floor(inTenMinutes.getTime() / 1000)
    const mac = createHmac('sha256', secret)
      .update(`ad-console report file link|v1|42|campaign-export|${expires}`)
      .digest('base64url')
    expect(verifyRunToken(secret, `v1.42.campaign-export.${expires}.${mac}`, now)).toEqual({
      ok: false,
      reason: 'PURPOSE',
      message: SignedLinkMessages.purpose,
    })
  })

  it('refuses malformed tokens without throwing', () => {
    for (const token of [
      '',
      'v1',
      'v1.1.report-download.1.x',
      'v2.1.report-download.9999999999.' + 'a'.repeat(43),
      '\u0000'.repeat(80),
    ]) {
      expect(verifyRunToken(secret, token, now)).toMatchObject({ ok: false, reason: 'MALFORMED' })
    }
  })

  it('builds the absolute link on the console origin under /ads', () => {
    expect(signedFileUrl('https://console.example.com', 'v1.1.report-download.2.abc')).toBe(
      'https://console.example.com/ads/adinventory/v1/analytics/file?token=v1.1.report-download.2.abc',
    )
  })
})
