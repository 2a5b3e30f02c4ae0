// Playwright fixtures. `signInAs` gives the browser a real server-side session of a seeded user
// (created by global-setup through the platform's own session code), sealed into the console's cookie.
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect } from '@playwright/test'
import { commitSession } from '../../app/session.server'
import { DEMO_PASSWORD, demoTotpSecret, demoUsers } from '../../platform/db/seed'
import { E2E_USER_SPECS, e2eEmail } from './e2e-users'
import { E2E_DIR, SESSIONS_FILE, type SessionPool } from './paths'

/** Takes a session token no other test has used (tests run in parallel processes). */
function claimToken(email: string): string {
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
  throw new Error(`no unused session left for ${email}: raise SESSIONS_PER_USER in global-setup`)
}

export function demoUser(email: string) {
  const user = demoUsers.find((u) => u.email === email)
  if (!user) throw new Error(`${email} is not a demo user`)
  return user
}

type SignInOptions = { sellerId?: number | null }

export type E2eUserInfo = { email: string; password: string; totpSecret: string }

export const test = base.extend<{
  signInAs: (email: string, options?: SignInOptions) => Promise<void>
  /** This project's own copy of a user from E2E_USER_SPECS (for tests that sign in for real). */
  e2eUser: (name: string) => E2eUserInfo
}>({
  e2eUser: async ({ baseURL: _baseURL }, use, testInfo) => {
    await use((name) => {
      if (!E2E_USER_SPECS.some((spec) => spec.name === name))
        throw new Error(`${name} is not in E2E_USER_SPECS`)
      const email = e2eEmail(name, testInfo.project.name)
      return { email, password: DEMO_PASSWORD, totpSecret: demoTotpSecret(email) }
    })
  },
  signInAs: async ({ context, baseURL }, use) => {
    await use(async (email, options = {}) => {
      const user = demoUser(email)
      const ownAccount = user.role === 'SELLER' || user.role === 'BRAND' ? user.id : null
      const setCookie = await commitSession({
        token: claimToken(email),
        role: user.role,
        userId: user.id,
        userEmail: user.email,
        sellerId: options.sellerId === undefined ? ownAccount : options.sellerId,
        tncAcceptance: user.tncAccepted,
        twoFactorRegistered: user.totpRegistered,
        ipAddress: '127.0.0.1',
      })
      const [pair] = setCookie.split(';')
      const separator = pair!.indexOf('=')
      await context.addCookies([
        {
          name: pair!.slice(0, separator),
          value: pair!.slice(separator + 1),
          url: baseURL!,
          httpOnly: true,
          sameSite: 'Lax',
        },
      ])
    })
  },
})

export { expect }
