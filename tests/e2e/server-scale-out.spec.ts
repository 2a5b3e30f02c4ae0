// Scale-out (issue 14, Reliability): two web processes on one PostgreSQL, the README's way to outgrow one
// machine. 'server' project, run once in each CI pass: the spec makes a PostgreSQL database of its own on
// the local server (DATABASE_URL when set, else the documented local one), seeds the demo data, starts
// TWO built servers on two loopback ports with the same DATABASE_URL, SESSION_SECRET and DATA_DIR (the
// shared storage of uploads and documents), and shows:
// 1. a person signs in through one (password there, authenticator code on the other) and carries on on
//    either with the same cookie: a change made through one (pause) is what the other shows;
// 2. failed sign-ins alternating between the two count together: the account locks at the fifth
//    (decision 007) and the lock holds on both; the 20 failed sign-ins per IP are counted across both;
// 3. every cron job runs once per tick across both processes (pg-boss): over at least two whole
//    minutes, each per-minute job has exactly one run per minute, and no cron job two in any minute.
// Decision 054.
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { type Page, expect, test } from '@playwright/test'
import pg from 'pg'
import { currentTotp } from '../../platform/auth/totp'
import { openDatabase } from '../../platform/db/client'
import { DEMO_PASSWORD, demoTotpSecret, seedDemo } from '../../platform/db/seed'
import { jobDefinitions } from '../../platform/jobs'
import { CampaignState } from '../../platform/rules/campaigns'
import { adminUrl, dropDatabase } from '../../platform/testing/template'
import { E2E_DIR } from './paths'
import { LOCAL_POSTGRES, type Started, serverHealthy, spawnServer, stopServer } from './server-process'

const DATABASE = `adc_scale_${process.pid}_${randomBytes(3).toString('hex')}`
const DATABASE_URL = adminUrl(LOCAL_POSTGRES, DATABASE)
const DATA_DIR = path.join(E2E_DIR, `scale-out-${process.pid}`)
const SESSION_SECRET = randomBytes(32).toString('base64url')
const SELLER = 'seller@example.com'
const MINUTE = 60_000

test.describe.configure({ mode: 'serial' })

async function onServer<T>(use: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(LOCAL_POSTGRES, database) })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `The scale-out test needs PostgreSQL at ${new URL(LOCAL_POSTGRES).host} (user adc with CREATEDB), ` +
        `where it makes a database of its own: ${(error as Error).message}`,
    )
  }
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** One of the two web processes: jobs on, both on the same database, storage and secret. */
type Web = Started & { name: string }

async function startWeb(name: string): Promise<Web> {
  const server = await spawnServer(
    { env: { DATABASE_URL, DATA_DIR } },
    { env: { SESSION_SECRET, RUN_JOBS: 'true' } },
  )
  return Object.assign(server, { name })
}

/** The per-process 'job done' log lines: job name → runs. */
function jobRuns(web: Web): Map<string, number> {
  const runs = new Map<string, number>()
  for (const line of web.output().split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as { msg?: string; job?: string }
      if (entry.msg === 'job done' && entry.job) runs.set(entry.job, (runs.get(entry.job) ?? 0) + 1)
    } catch {
      // not a log line of ours
    }
  }
  return runs
}

let a: Web
let b: Web
/** When both servers answered: the cron window starts here. */
let bothReady = 0

test.beforeAll(async () => {
  test.setTimeout(300_000)
  await onServer(async (client) => {
    await dropDatabase(client, DATABASE)
    await client.query(`CREATE DATABASE ${DATABASE}`)
  })
  const handle = await openDatabase({ databaseUrl: DATABASE_URL })
  try {
    await seedDemo(handle.db)
  } finally {
    await handle.close()
  }
  rmSync(DATA_DIR, { recursive: true, force: true })
  mkdirSync(DATA_DIR, { recursive: true })
  // Started together, as a deployment's instances would be: both start pg-boss on the same schema.
  a = await startWeb('A')
  b = await startWeb('B')
  await Promise.all([serverHealthy(a, 90_000), serverHealthy(b, 90_000)])
  bothReady = Date.now()
})

test.afterAll(async () => {
  test.setTimeout(120_000)
  for (const web of [a, b]) if (web) await stopServer(web)
  rmSync(DATA_DIR, { recursive: true, force: true })
  await onServer(async (client) => {
    await dropDatabase(client, DATABASE)
  })
})

/** A code the server has not accepted yet (the server takes each 30-second step once). */
const totp = (email: string) => currentTotp(demoTotpSecret(email))

async function enterCredentials(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/`)
  await page.getByLabel('User name').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

const campaignRow = (page: Page, name: string) =>
  page.getByTestId('campaign-row').filter({ has: page.getByRole('link', { name, exact: true }) })

test('signs in through one process and carries on through the other with the same cookie', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const [campaign] = await onServer(
    async (client) =>
      (
        await client.query<{ id: number; name: string }>(
          `select id, name from campaigns where seller_id = 100001 and state = $1 and deleted_at is null
           order by id limit 1`,
          [CampaignState.Running],
        )
      ).rows,
    DATABASE,
  )
  expect(campaign, 'the demo seller has a running campaign').toBeTruthy()

  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    // The password through A, the authenticator code through B: the half-way session is in the database.
    await enterCredentials(page, a.baseUrl, SELLER, DEMO_PASSWORD)
    await expect(page).toHaveURL(`${a.baseUrl}/login/verify`)
    await page.goto(`${b.baseUrl}/login/verify`)
    await page.getByLabel('OTP', { exact: true }).fill(totp(SELLER))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(`${b.baseUrl}/campaigns`)
    await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible()

    // One session cookie, the same whichever process the browser talks to.
    const sessionCookies = async (url: string) =>
      (await context.cookies(url)).filter((c) => c.httpOnly).map((c) => `${c.name}=${c.value}`)
    const cookieOnB = await sessionCookies(b.baseUrl)
    expect(cookieOnB).toHaveLength(1)
    expect(await sessionCookies(a.baseUrl)).toEqual(cookieOnB)

    // A signed-in page through A, a change through B, and A shows it.
    const search = `/campaigns?search=${encodeURIComponent(campaign!.name)}`
    await page.goto(`${a.baseUrl}${search}`)
    await expect(campaignRow(page, campaign!.name).locator('td').first()).toHaveText('Running')
    await page.goto(`${b.baseUrl}${search}`)
    await campaignRow(page, campaign!.name)
      .getByRole('button', { name: `Pause ${campaign!.name}` })
      .click()
    await expect(page.getByTestId('flash')).toContainText(`Campaign '${campaign!.name}' paused`)
    await page.goto(`${a.baseUrl}${search}`)
    await expect(campaignRow(page, campaign!.name).locator('td').first()).toHaveText('Paused')
    await expect(
      campaignRow(page, campaign!.name).getByRole('button', { name: `Play ${campaign!.name}` }),
    ).toBeVisible()
  } finally {
    await context.close()
  }
})

test('failed sign-ins through both processes count together: the lock and the per-IP limit', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const login = (web: Web, email: string, password: string) =>
    fetch(`${web.baseUrl}/ads/ad-auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  const victim = 'seller2@example.com'
  const alternate = (i: number) => (i % 2 === 0 ? a : b)

  // Five wrong passwords, A, B, A, B, A: each refused as wrong; the fifth locks the account (decision 007).
  for (let i = 0; i < 5; i++) {
    const response = await login(alternate(i), victim, `Wrong@Password${i}`)
    expect(response.status, `attempt ${i + 1} through ${alternate(i).name}`).toBe(401)
  }
  // The right password, through either process, is now refused for 15 minutes.
  for (const web of [b, a]) {
    const response = await login(web, victim, DEMO_PASSWORD)
    expect(response.status, `locked account through ${web.name}`).toBe(429)
    const retryAfter = Number(response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect((await response.json()).message).toBe('Too many requests. Please try again later.')
  }
  // …and the console's Login page of the other process says so too.
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await enterCredentials(page, b.baseUrl, victim, DEMO_PASSWORD)
    await expect(page.getByRole('alert')).toContainText('Too many requests. Please try again later.')
  } finally {
    await context.close()
  }

  // The per-IP limit: 20 failed sign-ins per 5 minutes from one address. Five are counted above (the
  // refusals of a locked account are not failures); fifteen more, for e-mails registered to nobody,
  // alternating. Counted per process, neither would be past 10.
  for (let i = 5; i < 20; i++) {
    const response = await login(alternate(i), `nobody-${i}@scale-out.test`, `Wrong@Password${i}`)
    expect(response.status, `failure ${i + 1} through ${alternate(i).name}`).toBe(401)
  }
  // The 21st, even with a right password of another user, through either process: 429.
  for (const web of [a, b]) {
    const response = await login(web, 'brand2@example.com', DEMO_PASSWORD)
    expect(response.status, `past the per-IP limit through ${web.name}`).toBe(429)
  }
})

test('each cron job runs once per tick across both processes', async () => {
  // At least two whole minutes after both processes were up: about 2–3 minutes of waiting.
  test.setTimeout(300_000)
  const firstWholeMinute = Math.ceil(bothReady / MINUTE) * MINUTE
  const windowEnd = firstWholeMinute + 2 * MINUTE
  // A check in the last minute of the window runs within 15 s of its start (cronMonitorIntervalSeconds).
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowEnd + 20_000 - Date.now())))
  // Stopped the way a deployment stops them: running jobs finish, every log line is out, and nothing
  // changes while the records are read.
  for (const web of [a, b]) await stopServer(web)

  const cronJobs = jobDefinitions.filter((d) => d.cron)
  const everyMinute = cronJobs.filter((d) => d.cron === '* * * * *').map((d) => d.name)
  expect(everyMinute.length).toBeGreaterThanOrEqual(4)
  const jobs = `(select name, created_on, singleton_key, singleton_on, state::text as state from pgboss.job
                 union all
                 select name, created_on, singleton_key, singleton_on, state::text from pgboss.archive)`
  // A cron tick is pg-boss's send-it record: key = the job's name, slot = the tick's minute. Whichever
  // process checks first sends it; the other's send for the same minute must be refused.
  const ticks = await onServer(
    async (client) =>
      (
        await client.query<{ name: string; minute: Date; sends: number; completed: number }>(
          `select singleton_key as name, singleton_on as minute, count(*)::int as sends,
                  count(*) filter (where state = 'completed')::int as completed
           from ${jobs} j where name = '__pgboss__send-it' group by 1, 2 order by 1, 2`,
        )
      ).rows,
    DATABASE,
  )
  // The jobs the ticks made (a job sent to wake a queue after a write has the singleton key 'wake').
  const made = await onServer(
    async (client) =>
      (
        await client.query<{ name: string; jobs: number; completed: number }>(
          `select name, count(*)::int as jobs, count(*) filter (where state = 'completed')::int as completed
           from ${jobs} j where name = any($1) and singleton_key is null group by 1`,
          [cronJobs.map((d) => d.name)],
        )
      ).rows,
    DATABASE,
  )
  // singleton_on is a timestamp without time zone: read as UTC.
  const utc = (d: Date) => d.getTime() - d.getTimezoneOffset() * 60_000
  for (const name of everyMinute) {
    for (const minute of [firstWholeMinute, firstWholeMinute + MINUTE]) {
      const tick = ticks.find((t) => t.name === name && utc(t.minute) === minute)
      expect(tick?.sends, `${name}: a tick at ${new Date(minute).toISOString()}`).toBe(1)
    }
  }
  // No cron job, per minute or not, was sent twice for one tick while both processes were up.
  for (const tick of ticks) expect(tick.sends, `${tick.name} at ${tick.minute.toISOString()}`).toBe(1)
  // Each tick made exactly one job, and each of those jobs ran once, in one process: what the two
  // processes logged as run adds up to the completed jobs.
  const logged = (name: string) => (jobRuns(a).get(name) ?? 0) + (jobRuns(b).get(name) ?? 0)
  for (const { name } of cronJobs) {
    const sent = ticks.filter((t) => t.name === name).reduce((sum, t) => sum + t.completed, 0)
    const row = made.find((m) => m.name === name)
    expect(row?.jobs ?? 0, `${name}: jobs made by ${sent} ticks`).toBe(sent)
    expect(logged(name), `${name}: runs logged by A and B`).toBe(row?.completed ?? 0)
  }
  test.info().annotations.push({
    type: 'runs per process',
    description: everyMinute
      .map((name) => `${name}: A ${jobRuns(a).get(name) ?? 0}, B ${jobRuns(b).get(name) ?? 0}`)
      .join('; '),
  })
})
