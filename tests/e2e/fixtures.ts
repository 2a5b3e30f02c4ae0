// Playwright fixtures. `signInAs` gives the browser a real server-side session of a seeded user
// (created by global-setup through the platform's own session code), sealed into the console's cookie.
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect } from '@playwright/test'
import { commitSession } from '../../app/session.server'
import { DEMO_PASSWORD, demoTotpSecret, demoUsers } from '../../platform/db/seed'
import { E2E_USER_SPECS, type E2eUser, e2eEmail } from './e2e-users'
import { E2E_DIR, SESSIONS_FILE, type SessionPool, USERS_FILE } from './paths'

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

/** A demo user, or a user global-setup made for this run (e2e-users.ts). */
function knownUser(email: string) {
  const demo = demoUsers.find((u) => u.email === email)
  if (demo)
    return { id: demo.id, role: demo.role, email, tnc: demo.tncAccepted, enrolled: demo.totpRegistered }
  const e2e = (JSON.parse(readFileSync(USERS_FILE, 'utf8')) as Record<string, E2eUser>)[email]
  if (!e2e) throw new Error(`${email} is neither a demo user nor an e2e user`)
  return { id: e2e.id, role: e2e.role, email, tnc: false, enrolled: true }
}

type SignInOptions = { sellerId?: number | null }

/**
 * The console's session cookie for a real server-side session of a seeded or e2e user (a token from
 * global-setup's pool), for any browser context: `sellerId` undefined means the user's own account.
 */
export async function signInCookie(email: string, sellerId: number | null | undefined, baseURL: string) {
  const user = knownUser(email)
  const ownAccount = user.role === 'SELLER' || user.role === 'BRAND' ? user.id : null
  const setCookie = await commitSession({
    token: claimToken(email),
    role: user.role,
    userId: user.id,
    userEmail: user.email,
    sellerId: sellerId === undefined ? ownAccount : sellerId,
    // The console re-reads both from the platform on every request; these are only the cookie's copy.
    tncAcceptance: user.tnc,
    twoFactorRegistered: user.enrolled,
    ipAddress: '127.0.0.1',
  })
  const [pair] = setCookie.split(';')
  const separator = pair!.indexOf('=')
  return {
    name: pair!.slice(0, separator),
    value: pair!.slice(separator + 1),
    url: baseURL,
    httpOnly: true,
    sameSite: 'Lax' as const,
  }
}

export type E2eUserInfo = { email: string; password: string; totpSecret: string }

export const test = base.extend<{
  signInAs: (email: string, options?: SignInOptions) => Promise<void>
  /** This project's own copy of a user from E2E_USER_SPECS (for tests that sign in for real). */
  e2eUser: (name: string) => E2eUserInfo
  /** This project's copy of an e2e user as global-setup made it: id (= account id) and campaign ids. */
  e2eAccount: (name: string) => E2eUser
}>({
  e2eAccount: async ({ baseURL: _baseURL }, use, testInfo) => {
    await use((name) => {
      const users = JSON.parse(readFileSync(USERS_FILE, 'utf8')) as Record<string, E2eUser>
      const user = users[e2eEmail(name, testInfo.project.name)]
      if (!user) throw new Error(`${name} is not in E2E_USER_SPECS`)
      return user
    })
  },
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
      await context.addCookies([await signInCookie(email, options.sellerId, baseURL!)])
    })
  },
})

export { expect }
