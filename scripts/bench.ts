// `npm run bench`: prints figures, asserts nothing. JavaScript each route loads (gzip KiB, from the
// build manifest, against the 100 KiB budget: OVER marks a route above it; `--only=js` prints only
// this); server cold start; requests/s and p50/p99 latency of GET /healthz and of a signed-in
// page, with autocannon on loopback; server memory after the load. Then the campaign list of one
// advertiser with 10,000 campaigns × 90 days of facts (scripts/bench/big-advertiser.ts), through the
// console page and the platform call: first request, requests/s, p50/p99 latency and the server's own
// per-request time (its log lines). Then the campaign editor with 50 products and 500 keywords in
// Debian's Chromium (scripts/bench-editor.ts; `--only=editor` runs only that): JavaScript served, HTML,
// time to hydrate, and keystroke latency at 4× CPU slowdown.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { commitSession } from '../app/session.server'
import { createSession } from '../platform/auth/sessions'
import type { Database } from '../platform/db/client'
import { demoUsers } from '../platform/db/seed'
import { INVENTORY_BASE } from '../platform/inventory'
import { PAYMENTS_BASE } from '../platform/payments'
import { projectPath } from '../platform/paths'
import {
  BIG_CAMPAIGNS,
  BIG_DAYS,
  BIG_SELLER,
  ONE_PERCENT_SEARCH,
  openBenchData,
} from './bench/big-advertiser'
import { editorBench, editorBenchData } from './bench-editor'
import { billingBench } from './bench/billing'
import { reportsBench } from './bench/reports'
import { percentile, ServerLog } from './bench/server-log'

// `npm run bench -- --only=js`: only the JavaScript per route, from the last `npm run build` (seconds);
// `--only=editor`: only the editor in the browser (the bench data, a server, Chromium).
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const SECRET = 'bench-session-secret-0123456789abcdef0123456789'

type ManifestEntry = { module: string; imports?: string[]; parentId?: string }
type Manifest = {
  entry: ManifestEntry
  routes: Record<string, ManifestEntry & { id: string; path?: string }>
}

/** The budget of JavaScript per route (issue 8, decision 017). */
const JS_BUDGET_KIB = 100

function printBundleSizes() {
  const rows = routeBundleSizes()
  console.log(
    `\nJavaScript loaded per route (gzip as served: Remix's manifest + entry + root + route chain), budget ${JS_BUDGET_KIB} KiB:`,
  )
  for (const row of rows) {
    const over = row.kib > JS_BUDGET_KIB ? '  OVER' : ''
    console.log(`  ${row.route.padEnd(44)} ${row.kib.toFixed(1).padStart(6)} KiB${over}`)
  }
  const over = rows.filter((row) => row.kib > JS_BUDGET_KIB)
  const largest = rows.reduce((a, b) => (b.kib > a.kib ? b : a))
  console.log(
    over.length
      ? `${over.length} of ${rows.length} routes OVER the ${JS_BUDGET_KIB} KiB budget`
      : `All ${rows.length} routes within ${JS_BUDGET_KIB} KiB (largest: ${largest.route}, ${largest.kib.toFixed(1)} KiB)`,
  )
}

function routeBundleSizes() {
  const buildDir = projectPath('public/build')
  const manifestFile = readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f))
  if (!manifestFile) throw new Error('no manifest in public/build: run npm run build')
  const source = readFileSync(path.join(buildDir, manifestFile), 'utf8')
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as Manifest
  const gz = new Map<string, number>()
  // The build's .gz twin is what the server sends (decision 031); without one, zlib's default level.
  const size = (url: string) => {
    if (!gz.has(url)) {
      const file = path.join(projectPath('public'), url)
      gz.set(
        url,
        existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length,
      )
    }
    return gz.get(url)!
  }
  const files = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])]
  const lazyDiscovery = /v3_lazyRouteDiscovery:\s*true/.test(
    readFileSync(projectPath('remix.config.js'), 'utf8'),
  )
  const rows: { route: string; kib: number }[] = []
  for (const route of Object.values(manifest.routes)) {
    const chain: (typeof manifest.routes)[string][] = []
    for (
      let r: (typeof manifest.routes)[string] | undefined = route;
      r;
      r = r.parentId ? manifest.routes[r.parentId] : undefined
    ) {
      chain.push(r)
    }
    // With lazy route discovery (remix.config.js, decision 044) a page loads no manifest file: the
    // entries of its own routes are inlined in the HTML as a module script. That script is counted, as
    // Remix writes it (indented JSON), gzipped; without the flag the whole manifest file is.
    const inline = lazyDiscovery
      ? gzipSync(
          `window.__remixManifest = ${JSON.stringify({ ...manifest, routes: Object.fromEntries(chain.map((r) => [r.id, r])) }, null, 2)};`,
        ).length
      : 0
    const urls = new Set([
      ...(lazyDiscovery ? [] : [`/build/${manifestFile}`]),
      ...files(manifest.entry),
      ...chain.flatMap(files),
    ])
    rows.push({ route: route.id, kib: ([...urls].reduce((sum, url) => sum + size(url), 0) + inline) / 1024 })
  }
  return rows.sort((a, b) => a.route.localeCompare(b.route))
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function startServer(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; readyMs: number; serverLog: ServerLog }> {
  const started = performance.now()
  const child = spawn(process.execPath, [projectPath('build/server/index.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      SESSION_SECRET: SECRET,
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'false',
      // One JSON line per request on stdout: the server's own time of each request.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const serverLog = new ServerLog(child.stdout!, child.stderr!)
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break
    } catch {
      if (child.exitCode !== null) {
        throw new Error(`server exited during start:\n${serverLog.take().errors.join('\n')}`)
      }
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  return { child, readyMs: performance.now() - started, serverLog }
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0)).padStart(5)

async function load(url: string, headers: Record<string, string> = {}) {
  // Slow pages queue behind one another on the single PGlite connection: allow 60 s per response
  // rather than autocannon's 10 s, so they count as slow, not as errors.
  const options = { url, connections: CONNECTIONS, duration: DURATION_S, headers, timeout: 60 }
  const result = await autocannon(options)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  }
}

async function printLoad(title: string, url: string, headers: Record<string, string> = {}) {
  const { rps, p50, p99, failed } = await load(url, headers)
  console.log(
    `${title.padEnd(34)} ${rps.toFixed(0).padStart(7)} req/s   p50 ${ms(p50)} ms   p99 ${ms(p99)} ms   ${failed ? `(${failed} errors/non-2xx!)` : ''}`,
  )
}

/**
 * Waits until the server is idle: requests autocannon gave up on at the end of a run may still be
 * queued on the database. /healthz pings it, so two quick answers in a row mean the queue is empty.
 */
async function settle(port: number) {
  const until = performance.now() + 60_000
  for (let quick = 0; quick < 2 && performance.now() < until; ) {
    const started = performance.now()
    await (await fetch(`http://127.0.0.1:${port}/healthz`)).text()
    quick = performance.now() - started < 30 ? quick + 1 : 0
  }
}

/** A signed-in session: its bearer token (platform calls) and console cookie (pages). */
async function signIn(db: Database, user: { id: number; email: string }) {
  const { token } = await createSession(db, { userId: user.id, stage: 'FULL', now: new Date() })
  const cookie = (
    await commitSession({
      token,
      role: 'SELLER',
      userId: user.id,
      userEmail: user.email,
      sellerId: user.id,
      tncAcceptance: true,
      twoFactorRegistered: true,
      ipAddress: '127.0.0.1',
    })
  ).split(';')[0]!
  return { token, cookie }
}

/** The campaign list variants, as the query both the console page and the platform call take. */
const LIST_VARIANTS = [
  { label: 'default (LAST_1D, size 10)', query: '' },
  { label: 'size 100, page 50', query: 'size=100&page=50' },
  { label: 'spend desc, LAST_30D', query: 'sort=spend&direction=desc&dateFilterType=LAST_30D' },
  { label: `search "${ONE_PERCENT_SEARCH}" (1%)`, query: `search=${encodeURIComponent(ONE_PERCENT_SEARCH)}` },
]

type Case = { name: string; label: string; path: string; query: string; headers: Record<string, string> }

/** The console page and the platform calls it makes, for the big advertiser. */
function bigAdvertiserCases(session: { token: string; cookie: string }): Case[] {
  const page = { name: 'console', path: '/campaigns', headers: { cookie: session.cookie } }
  const platform = { name: 'platform', headers: { authorization: `Bearer ${session.token}` } }
  const seller = `userId=${BIG_SELLER.id}`
  const listPath = `${INVENTORY_BASE}/v1/campaign/loadHomePage`
  return [
    ...LIST_VARIANTS.map((v) => ({ ...page, ...v })),
    ...LIST_VARIANTS.map((v) => ({
      ...platform,
      ...v,
      path: listPath,
      query: [seller, v.query].filter(Boolean).join('&'),
    })),
    {
      ...platform,
      label: 'homePageStats',
      path: `${INVENTORY_BASE}/v1/campaign/homePageStats`,
      query: seller,
    },
    {
      ...platform,
      label: 'check-available-credit',
      path: `${PAYMENTS_BASE}/payment/post-paid/check-available-credit`,
      query: `sellerId=${BIG_SELLER.id}`,
    },
  ]
}

async function bigAdvertiserBench(
  port: number,
  serverLog: ServerLog,
  session: { token: string; cookie: string },
) {
  const cases = bigAdvertiserCases(session).map((c) => ({
    ...c,
    url: `http://127.0.0.1:${port}${c.path}${c.query ? `?${c.query}` : ''}`,
  }))

  // The first request of each, one at a time, before any load.
  const first = new Map<string, string>()
  for (const c of cases) {
    const started = performance.now()
    const response = await fetch(c.url, { headers: c.headers })
    await response.text()
    first.set(c.url, `${ms(performance.now() - started)} ms ${response.status}`)
  }
  await settle(port)
  serverLog.take()

  const rows: string[] = []
  const errors: string[] = []
  for (const c of cases) {
    const jobsBefore = serverLog.jobs.length
    const result = await load(c.url, c.headers)
    await settle(port)
    // Responses that finished after autocannon stopped count too: they are this case's requests.
    const logged = serverLog.take()
    const times = logged.requests.filter((r) => r.path === c.path).map((r) => r.ms)
    errors.push(...logged.errors)
    const notes = [
      result.failed ? `${result.failed} errors/non-2xx` : '',
      logged.errors.length ? `${logged.errors.length} server errors` : '',
      ...serverLog.jobs.slice(jobsBefore).map((j) => `${j.job} job ran meanwhile (${j.ms} ms)`),
    ]
    rows.push(
      [
        `${c.name.padEnd(8)} ${c.label.padEnd(30)}`,
        first.get(c.url),
        result.rps.toFixed(1).padStart(5),
        ms(result.p50),
        ms(result.p99),
        ms(percentile(times, 50)),
        ms(percentile(times, 99)),
        String(times.length).padStart(5),
        notes.filter(Boolean).join(', '),
      ].join('  '),
    )
  }
  console.log(
    `\nCampaign list of ${BIG_SELLER.email}: ${BIG_CAMPAIGNS.toLocaleString('en')} campaigns × ${BIG_DAYS} days of facts`,
  )
  console.log('(the console page calls loadHomePage, homePageStats and check-available-credit, rows below)')
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s each; times in ms. first: one request alone, before any load.`,
  )
  console.log(
    'srv p50/p99: the server\'s own time per request (its "request" log lines), n: how many it logged;',
  )
  console.log(
    'console requests interleave inside the server, so their srv time includes waiting on the others.',
  )
  console.log(`${''.padEnd(39)}  first status  req/s    p50    p99  srv50  srv99      n`)
  for (const row of rows) console.log(row)
  printErrors(errors)
}

/** Distinct server error lines with their counts. */
function printErrors(lines: string[]) {
  const counted = new Map<string, number>()
  for (const line of lines) counted.set(line, (counted.get(line) ?? 0) + 1)
  for (const [line, count] of counted) console.log(`Server error ×${count}: ${line.slice(0, 160)}`)
}

async function main() {
  if (ONLY !== undefined && !['js', 'editor', 'reports', 'billing'].includes(ONLY))
    throw new Error(`--only=${ONLY}: the parts that run alone are js, editor, reports and billing`)
  // `--only=billing`: a 25 MB payments file through the upload call beside a bare COPY (scripts/bench/billing.ts).
  if (ONLY === 'billing') return billingBench()
  // `--only=reports`: the keyword report over ≥ 10 million rollup rows (scripts/bench/reports.ts).
  if (ONLY === 'reports') return reportsBench()
  if (ONLY !== 'js' && !existsSync(projectPath('build/server/index.js'))) {
    console.log('building…')
    spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  }

  if (ONLY !== 'editor') printBundleSizes()
  if (ONLY === 'js') return

  // A seeded database on disk with the big advertiser, and signed-in sessions of two sellers.
  const dataDir = projectPath('.tmp/bench/data')
  const data = await openBenchData(dataDir, new Date())
  console.log(
    data.generationMs === null
      ? `\nBench data reused (${data.key}) in ${dataDir}`
      : `\nBench data built (${data.key}); the big advertiser took ${(data.generationMs / 1000).toFixed(1)} s to generate and ANALYZE`,
  )
  const seller = demoUsers.find((u) => u.email === 'seller@example.com')!
  process.env.SESSION_SECRET = SECRET
  process.env.COOKIE_SECURE = 'false'
  const sellerSession = await signIn(data.handle.db, seller)
  const { cookie } = sellerSession
  const bigSession = await signIn(data.handle.db, BIG_SELLER)
  const editorData = await editorBenchData(data.handle.db)
  await data.handle.close()

  const port = await freePort()
  const { child, readyMs, serverLog } = await startServer(dataDir, port)
  try {
    if (ONLY !== 'editor') {
      const firstPage = performance.now()
      const first = await fetch(`http://127.0.0.1:${port}/campaigns`, { headers: { cookie } })
      await first.text()
      console.log(`\nServer cold start (existing PGlite data dir) to healthy: ${readyMs.toFixed(0)} ms`)
      console.log(
        `First signed-in page after start: ${(performance.now() - firstPage).toFixed(0)} ms (status ${first.status})`,
      )
      console.log(`Server RSS after start: ${rssMiB(child.pid!).toFixed(0)} MiB`)

      console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`)
      await printLoad('GET /healthz', `http://127.0.0.1:${port}/healthz`)
      await printLoad('GET /campaigns (signed-in SELLER)', `http://127.0.0.1:${port}/campaigns`, { cookie })
      console.log(`Server RSS after load: ${rssMiB(child.pid!).toFixed(0)} MiB`)
      printErrors(serverLog.take().errors)

      await bigAdvertiserBench(port, serverLog, bigSession)
      console.log(`Server RSS after the big advertiser's loads: ${rssMiB(child.pid!).toFixed(0)} MiB`)
    }

    await editorBench({
      baseUrl: `http://127.0.0.1:${port}`,
      token: sellerSession.token,
      cookie,
      data: editorData,
      manifestKib: routeBundleSizes().find((r) => r.route === 'routes/_any.create-campaign')?.kib,
    })
    printErrors(serverLog.take().errors)
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  if (ONLY === undefined) await reportsBench()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
