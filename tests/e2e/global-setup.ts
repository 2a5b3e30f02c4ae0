// Browser-test setup: a seeded database, a pool of real server-side sessions for the fixture, and the
// production server started on a free loopback port. Returns the teardown that stops it.
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { createSession } from '../../platform/auth/sessions'
import { openDatabase } from '../../platform/db/client'
import { sessions } from '../../platform/db/schema'
import { demoUsers, seedDemo } from '../../platform/db/seed'
import { projectPath } from '../../platform/paths'
import { createFailedJobs } from '../../platform/testing/failed-jobs'
import { istDate } from '../../platform/rules/time'
import { adminUrl, dropDatabase, ensurePgliteTemplate } from '../../platform/testing/template'
import { createE2eUsers, type E2eUser } from './e2e-users'
import { startSmtpListener } from './mailbox'
import {
  E2E_DIR,
  E2E_FAILED_JOBS,
  FACT_SUMS_FILE,
  type FactSums,
  SEED_DAY_FILE,
  SESSIONS_FILE,
  type SessionPool,
  USERS_FILE,
} from './paths'

// Each test takes an unused session of its user (a test may sign out); the busiest e2e user serves
// tens of tests per project (20 ran out once the layout, a11y, dialog and hydration specs joined).
const SESSIONS_PER_USER = 60
/** How long after setup a pooled session is still fresh (a whole e2e run takes 30–45 minutes). */
const POOL_HORIZON_MS = 3 * 60 * 60 * 1000
export const E2E_SECRET = 'e2e-session-secret-not-for-production-0123456789'
export const E2E_EXTERNAL_SECRET = 'e2e-external-login-secret-0123456789'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

async function prepareDatabase(): Promise<{ env: Record<string, string> }> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
    await admin.connect()
    await dropDatabase(admin, 'adc_e2e')
    await admin.query('CREATE DATABASE adc_e2e')
    await admin.end()
    const url = adminUrl(databaseUrl, 'adc_e2e')
    const handle = await openDatabase({ databaseUrl: url })
    await seedDemo(handle.db)
    await createSessionPool(handle.db, await createE2eUsersOfToday(handle.db))
    await createE2eFailedJobs(handle)
    await handle.close()
    process.env.E2E_DATABASE_URL = url
    return { env: { DATABASE_URL: url } }
  }
  const dataDir = path.join(E2E_DIR, 'data')
  rmSync(dataDir, { recursive: true, force: true })
  const template = await ensurePgliteTemplate()
  const handle = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template)]) })
  await createSessionPool(handle.db, await createE2eUsersOfToday(handle.db))
  await createE2eFailedJobs(handle)
  await handle.close()
  return { env: { DATA_DIR: dataDir } }
}

/** The e2e users and their campaigns, dated from now; the day is kept for the specs (SEED_DAY_FILE). */
async function createE2eUsersOfToday(db: Parameters<typeof createE2eUsers>[0]) {
  const now = new Date()
  writeFileSync(SEED_DAY_FILE, istDate(now))
  return createE2eUsers(db, now)
}

/** Failed jobs for the Background jobs page (decision 058): the oldest is the one nobody retries. */
async function createE2eFailedJobs(handle: Parameters<typeof createFailedJobs>[0]) {
  await createFailedJobs(handle, [
    E2E_FAILED_JOBS.kept,
    ...E2E_FAILED_JOBS.projects.map((project) => E2E_FAILED_JOBS.retriedBy(project)),
  ])
}

async function createSessionPool(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  e2eUsers: Record<string, E2eUser>,
) {
  const pool: SessionPool = {}
  const now = new Date()
  const pooled = [...demoUsers, ...Object.values(e2eUsers).filter((u) => u.pool)]
  const ids: string[] = []
  for (const user of pooled) {
    const tokens: string[] = []
    for (let i = 0; i < SESSIONS_PER_USER; i++) {
      const session = await createSession(db, { userId: user.id, stage: 'FULL', now, ipAddress: '127.0.0.1' })
      tokens.push(session.token)
      ids.push(session.sessionId)
    }
    pool[user.email] = { tokens }
  }
  // A pooled session is handed to a test at any time in the run, which can last longer than the product's
  // 30-minute idle limit (SESSION_IDLE_MS): the routes project, last, failed when a run took 41 minutes.
  // Each one counts as last seen at the end of the run's horizon, so its idle clock runs from there; the
  // 12-hour absolute limit still holds. Specs that test the idle limit make sessions of their own.
  const horizon = new Date(now.getTime() + POOL_HORIZON_MS)
  await db.update(sessions).set({ lastSeenAt: horizon }).where(inArray(sessions.id, ids))
  writeFileSync(SESSIONS_FILE, JSON.stringify(pool))
  writeFileSync(USERS_FILE, JSON.stringify(e2eUsers))
  // A direct SQL sum over the facts of the e2e advertisers' campaigns, per campaign and day: specs that
  // check report figures compare with it (on PGlite the server owns the data directory once started).
  const campaignIds = Object.values(e2eUsers).flatMap((u) => Object.values(u.campaigns))
  const sums: unknown = await db.execute(sql`
    select campaign_id, day::text as day, sum(impressions)::bigint as impressions, sum(clicks)::bigint as clicks,
           sum(spend)::bigint as spend, sum(orders)::bigint as orders, sum(sales)::bigint as sales
      from performance_daily
     where campaign_id in (${sql.join(campaignIds.length ? campaignIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)})
     group by campaign_id, day`)
  const result = ((sums as { rows?: unknown[] }).rows ?? sums) as Record<string, string | number>[]
  const rows: FactSums = result.map((r) => ({
    campaignId: Number(r.campaign_id),
    day: String(r.day),
    impressions: Number(r.impressions),
    clicks: Number(r.clicks),
    spend: Number(r.spend),
    orders: Number(r.orders),
    sales: Number(r.sales),
  }))
  writeFileSync(FACT_SUMS_FILE, JSON.stringify(rows))
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `server exited with ${child.exitCode}; see ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
      )
    }
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not become healthy in 60 s; see ${logFile}`)
}

export default async function globalSetup() {
  if (!existsSync(projectPath('build/server/index.js')) || !existsSync(projectPath('build/index.js'))) {
    throw new Error('No build: run `npm run build` first (npm test does).')
  }
  rmSync(E2E_DIR, { recursive: true, force: true })
  mkdirSync(path.join(E2E_DIR, 'claims'), { recursive: true })
  const { env } = await prepareDatabase()

  const smtp = await startSmtpListener()
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const logFile = path.join(E2E_DIR, 'server.log')
  const log = createWriteStream(logFile)
  const child = spawn(process.execPath, [projectPath('build/server/index.js')], {
    cwd: projectPath(),
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: E2E_SECRET,
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'false',
      RUN_JOBS: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      EXTERNAL_LOGIN_SECRET: E2E_EXTERNAL_SECRET,
      // The browser is the only client, on loopback: a spec that counts against per-IP limits (failed
      // sign-ins) sends its own X-Forwarded-For so it does not use up the budget of every other spec.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  await waitForHealth(baseUrl, child, logFile)

  process.env.E2E_BASE_URL = baseUrl
  process.env.SESSION_SECRET = E2E_SECRET
  process.env.COOKIE_SECURE = 'false'
  process.env.EXTERNAL_LOGIN_SECRET = E2E_EXTERNAL_SECRET

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    await smtp.close()
  }
}
