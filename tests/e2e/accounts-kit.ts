// Helpers for the accounts specs (issue 11): onboard users through the platform, accept an invitation
// from the real SMTP listener, and sign in for real with a password and an authenticator code.
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { currentTotp } from '../../platform/auth/totp'
import type { OnboardRequest } from '../../platform/contracts/onboarding'
import { mailFor } from './mailbox'
import { E2E_DIR, SESSIONS_FILE, type SessionPool } from './paths'

export const AUTH_API = '/ads/ad-auth'

/** A password good for the policy (8–128 characters). */
export const E2E_INVITED_PASSWORD = 'Invited-e2e-Passw0rd'

/** A unique e-mail for a user a test creates: `<what>.<project>.<random>@e2e.test`. */
export function uniqueEmail(what: string, project: string) {
  return `${what}.${project}.${Math.random().toString(36).slice(2, 10)}@e2e.test`.toLowerCase()
}

/**
 * The code an authenticator shows for `secret`, `offset` 30-second steps from now. The server takes each
 * step once per user (±1 step around now): a second sign-in soon after the first wants `offset` 1.
 */
export function totpNow(secret: string, offset = 0) {
  return currentTotp(secret, new Date(Date.now() + offset * 30_000))
}

/** The invitation token of the newest invitation mailed to `email` (waits for it). */
export async function invitationToken(email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const mail of mailFor(email).reverse()) {
      // The body may be quoted-printable: '=' is written '=3D'.
      const match = /\/invitation\?token(?:=3D|=)([A-Za-z0-9_-]{43})/.exec(mail.body)
      if (match) return match[1]!
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no invitation mailed to ${email} within ${timeoutMs} ms`)
}

/** The invitation link (path and query) as the e-mail gives it, for page.goto. */
export async function invitationPath(email: string) {
  return `/invitation?token=${await invitationToken(email)}`
}

/** The base32 secret of an otpauth:// URI. */
export function secretOf(otpauthUri: string) {
  const secret = new URL(otpauthUri).searchParams.get('secret')
  if (!secret) throw new Error(`no secret in ${otpauthUri}`)
  return secret
}

type Envelope<T> = { code: number; message: string; data: T }

/**
 * Accepts the invitation mailed to `email` over HTTP (the platform's two steps: password, then the
 * first authenticator code) and returns what the user now signs in with.
 */
export async function acceptInvitation(
  request: APIRequestContext,
  email: string,
  options: { password?: string } = {},
): Promise<{ password: string; totpSecret: string }> {
  const password = options.password ?? E2E_INVITED_PASSWORD
  const token = await invitationToken(email)
  const step1 = await request.post(`${AUTH_API}/v1/invitation/password`, {
    data: { token, password, confirmPassword: password },
  })
  expect(step1.status(), await step1.text()).toBe(200)
  const { data } = (await step1.json()) as Envelope<{ otpauthUri: string }>
  const totpSecret = secretOf(data.otpauthUri)
  const step2 = await request.post(`${AUTH_API}/v1/invitation/totp`, {
    data: { token, totp: totpNow(totpSecret) },
  })
  expect(step2.status(), await step2.text()).toBe(200)
  return { password, totpSecret }
}

/**
 * Signs in through the real Login and two-factor pages (works with JavaScript on or off). A user who
 * must pick an account (staff, agency) ends on the account page; SELLER and BRAND on their next page.
 * `totpOffset`: see totpNow (use 1 when the same user verified a code in the last 30 seconds).
 */
export async function signInWithPassword(
  page: Page,
  email: string,
  password: string,
  totpSecret: string,
  options: { totpOffset?: number } = {},
) {
  await page.goto('/')
  await page.getByLabel('User name').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/login/verify')
  await page.getByLabel('OTP', { exact: true }).fill(totpNow(totpSecret, options.totpOffset ?? 0))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).not.toHaveURL('/login/verify')
}

/**
 * A platform bearer token of a pool user (an e2e user with `pool: true`) that no other test has used:
 * claimed from global-setup's session pool the way signInAs claims one.
 */
export function poolToken(email: string): string {
  const pool = JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as SessionPool
  for (const token of pool[email]?.tokens ?? []) {
    const claim = path.join(E2E_DIR, 'claims', createHash('sha256').update(token).digest('hex').slice(0, 24))
    try {
      closeSync(openSync(claim, 'wx'))
      return token
    } catch {
      // taken by another test
    }
  }
  throw new Error(`no unused session left for ${email}`)
}

/** POST /v1/onBoardUsers with a staff bearer token (e.g. poolToken(e2eUser('ops-onboard').email)). */
export async function onboardViaApi(request: APIRequestContext, token: string, body: OnboardRequest) {
  const response = await request.post(`${AUTH_API}/v1/onBoardUsers`, {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  })
  return {
    status: response.status(),
    body: (await response.json()) as Envelope<{ users: { id: number; email: string }[] } | null> & {
      fieldErrors?: Record<string, string[]>
    },
  }
}
