// A platform over a fresh test database, with a clock the test controls and a mailer that keeps messages.
import { mkdirSync, mkdtempSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { DatabaseHandle } from '../db/client'
import { users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { createPlatform } from '../index'
import type { MailMessage, Mailer } from '../mail'
import { createSession, type SessionStage } from '../auth/sessions'
import { openTestDatabase } from './template'
import { projectPath } from '../paths'

/** The demo users' password, for tests that sign in through the console. */
export { DEMO_PASSWORD } from '../db/seed'

/** The test platform's report-link key and performance-ingest machine token. */
export const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789abcdef'
export const TEST_INGEST_TOKEN = 'test-ingest-token-0123456789abcdefghij'

export type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>

function testDataRoot() {
  const root = projectPath('.tmp/test-data')
  mkdirSync(root, { recursive: true })
  return root
}

export async function createTestPlatform(
  options: {
    now?: Date
    mailer?: Mailer
    externalLoginSecret?: string
    consoleUrl?: string
    outboxEnabled?: boolean
    ingestToken?: string
  } = {},
) {
  const database: DatabaseHandle = await openTestDatabase()
  let now = options.now ?? new Date()
  const sent: MailMessage[] = []
  const mailer: Mailer = options.mailer ?? {
    async send(message) {
      sent.push(message)
    },
    close() {},
  }
  const deps: PlatformDeps = {
    database,
    mailer,
    now: () => now,
    // A directory of its own: test files run in parallel, and some compare what an upload left in
    // <dataDir>/uploads/incoming before and after (a shared one made them see each other's spooled files).
    dataDir: mkdtempSync(path.join(testDataRoot(), 'platform-')),
    consoleUrl: options.consoleUrl ?? 'http://console.test',
    outboxEnabled: options.outboxEnabled ?? false,
    externalLoginSecret: options.externalLoginSecret,
    signingSecret: TEST_SIGNING_SECRET,
    ingestToken: options.ingestToken ?? TEST_INGEST_TOKEN,
  }
  const platform = createPlatform(deps)

  async function userByEmail(email: string) {
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1)
    if (!user) throw new Error(`no user ${email} in the test database`)
    return user
  }

  /** A real server-side session for a user; returns the bearer token. */
  async function tokenFor(email: string, stage: SessionStage = 'FULL') {
    const user = await userByEmail(email)
    const { token } = await createSession(database.db, { userId: user.id, stage, now })
    return token
  }

  /** Calls a platform path in-process, as a client would over HTTP. */
  function request(path: string, init: RequestInit & { token?: string } = {}) {
    const headers = new Headers(init.headers)
    if (init.token) headers.set('authorization', `Bearer ${init.token}`)
    return platform.fetch(new Request(`http://platform.test${path}`, { ...init, headers }))
  }

  /** POSTs a JSON body (and, with `ip`, the X-Forwarded-For header the console sets). */
  function post(
    path: string,
    body?: unknown,
    init: { token?: string; ip?: string; headers?: HeadersInit } = {},
  ) {
    const headers = new Headers(init.headers)
    if (body !== undefined) headers.set('content-type', 'application/json')
    if (init.ip) headers.set('x-forwarded-for', init.ip)
    return request(path, {
      method: 'POST',
      headers,
      token: init.token,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  return {
    platform,
    deps,
    db: database.db,
    database,
    sent,
    userByEmail,
    tokenFor,
    request,
    post,
    setNow(date: Date) {
      now = date
    },
    async close() {
      await database.close()
    },
  }
}
