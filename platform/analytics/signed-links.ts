// Signed links to a generated report file (issue 12, decision 040): the token IS the permission, so
// GET /v1/analytics/file needs no session. A token names one report run, one purpose and an expiry,
// and carries an HMAC-SHA256 of the three under PlatformDeps.signingSecret:
//
//   v1.<runId>.<purpose>.<expiry, epoch seconds>.<base64url HMAC>
//
// The HMAC covers a fixed domain label as well, so that no other value signed with the same secret can
// pass for a report link. Verification is constant-time; expired, forged and unknown-purpose tokens are
// told apart only in the message (all 403).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { ANALYTICS_PATH } from '../contracts/analytics'

/** What a link may be used for: a download the user asked for (minutes), or a scheduled run's e-mail (days). */
export const LINK_PURPOSES = ['report-download', 'scheduled-run'] as const
export type LinkPurpose = (typeof LINK_PURPOSES)[number]

const VERSION = 'v1'
const DOMAIN = 'ad-console report file link'

export const SignedLinkMessages = {
  malformed: 'This download link is not valid',
  forged: 'This download link is not valid',
  expired: 'This download link has expired: download the report again',
  purpose: 'This download link cannot be used for this file',
} as const

function mac(secret: string, runId: number, purpose: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`${DOMAIN}|${VERSION}|${runId}|${purpose}|${expires}`).digest()
}

/** A token for `runId`, valid for `purpose` until `expiresAt` (whole seconds, rounded down). */
export function signRunToken(
  secret: string,
  link: { runId: number; purpose: LinkPurpose; expiresAt: Date },
): string {
  const expires = Math.floor(link.expiresAt.getTime() / 1000)
  const signature = mac(secret, link.runId, link.purpose, expires).toString('base64url')
  return `${VERSION}.${link.runId}.${link.purpose}.${expires}.${signature}`
}

export type VerifiedLink =
  | { ok: true; runId: number; purpose: LinkPurpose; expiresAt: Date }
  | { ok: false; reason: 'MALFORMED' | 'FORGED' | 'EXPIRED' | 'PURPOSE'; message: string }

const TOKEN = /^v1\.(\d{1,15})\.([a-z-]{1,40})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

/**
 * Checks a token: its shape, its signature (constant-time), its purpose (one of LINK_PURPOSES) and
 * its expiry against `now`. The signature is checked before anything it vouches for is believed.
 */
export function verifyRunToken(secret: string, token: string, now: Date): VerifiedLink {
  const match = TOKEN.exec(token)
  if (!match) return { ok: false, reason: 'MALFORMED', message: SignedLinkMessages.malformed }
  const [, runText, purpose, expiresText, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ]
  const runId = Number(runText)
  const expires = Number(expiresText)
  const expected = mac(secret, runId, purpose, expires)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'FORGED', message: SignedLinkMessages.forged }
  if (!(LINK_PURPOSES as readonly string[]).includes(purpose))
    return { ok: false, reason: 'PURPOSE', message: SignedLinkMessages.purpose }
  if (now.getTime() >= expires * 1000)
    return { ok: false, reason: 'EXPIRED', message: SignedLinkMessages.expired }
  return { ok: true, runId, purpose: purpose as LinkPurpose, expiresAt: new Date(expires * 1000) }
}

/**
 * The absolute link a browser (or a recipient's mail client) opens: the server mounts the platform
 * under /ads on the console's origin, so the analytics service answers at `${consoleUrl}/ads/adinventory/…`.
 */
export function signedFileUrl(consoleUrl: string, token: string): string {
  return `${consoleUrl}${ANALYTICS_PATH}/file?token=${encodeURIComponent(token)}`
}
