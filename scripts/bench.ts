// `npm run bench`: prints figures, asserts nothing, exits 0 unless it crashes (issue 14, decision 056).
// Every row of the Performance table, for each database side by side on the same data (the seeded
// demo data plus the 10,000-campaign advertiser, scripts/bench/big-advertiser.ts): PGlite (in the
// server's process and in its own child process, when the server offers both) and PostgreSQL. For the
// campaign list, the editor of a campaign with 500 keywords and the analytics table page: one request,
// 10 connections, and the page's floor (the same answers held in memory, scripts/bench/floor-server.ts);
// the platform's list call (server time vs caller); the spend sort; the demo seller's list under 200
// signed-in connections with /healthz probed; 200 users browsing; cold start; RSS; Lighthouse. Then the
// JavaScript per route and the reports and imports (scripts/bench/reports.ts, billing.ts) in one table.
// Each figure has its target beside it and OVER where missed. docs/performance.md has the latest run.
//
// Options: --quick (a CI-sized pass: fewer seconds and connections, every row still printed),
// --db=pglite|postgres|both (default both; PostgreSQL at DATABASE_URL, else postgres://adc:adc@127.0.0.1:5432/adc),
// --long (the long report and import benches too), --no-lighthouse, --only=js|console|editor|reports|billing.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import pg from 'pg'
import { demoUsers } from '../platform/db/seed'
import { projectPath } from '../platform/paths'
import { BIG_CAMPAIGNS, BIG_DAYS, openBenchData, openPostgresBenchData } from './bench/big-advertiser'
import { billingBench } from './bench/billing'
import {
  benchDir,
  consoleBench,
  freePort,
  type LoadPlan,
  SECRET,
  serverHasPgliteModes,
  startServer,
  stopChild,
  type Target,
} from './bench/console'
import { editorBench, editorBenchData, ensureCampaign } from './bench/editor'
import { machineProbeMs } from './bench/machine'
import { reportsBench } from './bench/reports'
import { FigureTable, fmtMs, reportsTable } from './bench/table'

const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const ONLY = option('only')
const QUICK = args.includes('--quick')
const LONG = args.includes('--long')
const NO_LIGHTHOUSE = args.includes('--no-lighthouse')
const DB = option('db') ?? 'both'
const PG_URL = process.env.DATABASE_URL ?? 'postgres://adc:adc@127.0.0.1:5432/adc'

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

/** The database targets --db asks for, their data prepared (built once a day, then reused). */
async function prepareTargets(now: Date): Promise<Target[]> {
  const targets: Target[] = []
  if (DB === 'pglite' || DB === 'both') {
    const dataDir = benchDir('data')
    const data = await openBenchData(dataDir, now)
    await data.handle.close()
    console.log(
      data.generationMs === null
        ? `PGlite bench data reused (${data.key}) in ${dataDir}`
        : `PGlite bench data built (${data.key}); the big advertiser took ${(data.generationMs / 1000).toFixed(1)} s to write, VACUUM and ANALYZE`,
    )
    if (serverHasPgliteModes()) {
      targets.push({ column: 'PGlite (child process)', dataDir })
      targets.push({ column: 'PGlite (in-process)', dataDir, env: { PGLITE_IN_PROCESS: '1' } })
    } else {
      targets.push({ column: 'PGlite (in-process)', dataDir })
    }
  }
  if (DB === 'postgres' || DB === 'both') {
    try {
      const data = await openPostgresBenchData(PG_URL, now)
      console.log(
        data.generationMs === null
          ? `PostgreSQL bench data reused (${data.key}) in ${new URL(data.url).pathname.slice(1)}`
          : `PostgreSQL bench data built (${data.key}) in ${new URL(data.url).pathname.slice(1)}; the big advertiser took ${(data.generationMs / 1000).toFixed(1)} s`,
      )
      const version = await postgresVersion(data.url)
      targets.push({
        column: `PostgreSQL ${version}`,
        dataDir: benchDir('pg-data-dir'),
        databaseUrl: data.url,
      })
    } catch (error) {
      console.log(`PostgreSQL: skipped (${(error as Error).message.split('\n')[0]})`)
    }
  }
  return targets
}

async function postgresVersion(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query('show server_version')
    return String(rows[0]?.server_version ?? '').split(' ')[0]
  } finally {
    await client.end()
  }
}

function plan(): LoadPlan {
  return QUICK
    ? {
        quick: true,
        sequential: 3,
        warmSeconds: 2,
        connections: 10,
        seconds: 5,
        heavyConnections: 50,
        heavySeconds: 5,
        lighthouse: true,
        editorBrowser: false,
      }
    : {
        quick: false,
        sequential: 20,
        warmSeconds: 5,
        connections: 10,
        seconds: 10,
        heavyConnections: 200,
        heavySeconds: 60,
        lighthouse: true,
        editorBrowser: true,
      }
}

/** `--only=editor`: the editor in Chromium on the PGlite bench data (scripts/bench/editor.ts). */
async function editorOnly(now: Date) {
  const dataDir = benchDir('data')
  const data = await openBenchData(dataDir, now)
  process.env.SESSION_SECRET = SECRET
  process.env.COOKIE_SECURE = 'false'
  const { createSession } = await import('../platform/auth/sessions')
  const { commitSession } = await import('../app/session.server')
  const seller = demoUsers.find((u) => u.email === 'seller@example.com')!
  const { token } = await createSession(data.handle.db, { userId: seller.id, stage: 'FULL', now })
  const cookie = (
    await commitSession({
      token,
      role: 'SELLER',
      userId: seller.id,
      userEmail: seller.email,
      sellerId: seller.id,
      tncAcceptance: true,
      twoFactorRegistered: true,
      ipAddress: '127.0.0.1',
    })
  ).split(';')[0]!
  const editorData = await editorBenchData(data.handle.db)
  await data.handle.close()
  const port = await freePort()
  const { child } = await startServer({ column: 'PGlite', dataDir }, port)
  try {
    const baseUrl = `http://127.0.0.1:${port}`
    const campaignId = await ensureCampaign(baseUrl, token, editorData)
    await editorBench({
      baseUrl,
      token,
      cookie,
      data: { ...editorData, campaignId },
      manifestKib: routeBundleSizes().find((r) => r.route === 'routes/_any.create-campaign')?.kib,
    })
  } finally {
    await stopChild(child)
  }
}

/** The reports and imports: the short ones always, the long ones with --long (or --only=reports|billing). */
async function reportsAndImports(long: boolean) {
  if (DB === 'pglite') delete process.env.DATABASE_URL
  else process.env.DATABASE_URL = PG_URL
  await reportsBench({ long })
  if (long) await billingBench()
  else {
    const section = 'Billing (issue 13): 25 MB payments file'
    reportsTable.set(section, 'import ÷ bare COPY', '≤ 5×', 'PGlite', { text: 'not run (--long)' })
    reportsTable.set(section, 'import ÷ bare COPY', '≤ 5×', 'PostgreSQL', { text: 'not run (--long)' })
  }
}

async function main() {
  const known = ['js', 'console', 'editor', 'reports', 'billing']
  if (ONLY !== undefined && !known.includes(ONLY))
    throw new Error(`--only=${ONLY}: the parts that run alone are ${known.join(', ')}`)
  if (!['pglite', 'postgres', 'both'].includes(DB))
    throw new Error(`--db=${DB}: expected pglite, postgres or both`)
  if (ONLY === 'billing' || ONLY === 'reports') {
    if (DB === 'pglite') delete process.env.DATABASE_URL
    else process.env.DATABASE_URL = PG_URL
    if (ONLY === 'billing') await billingBench()
    else await reportsBench({ long: true })
    reportsTable.print()
    return
  }
  if (ONLY !== 'js' && !existsSync(projectPath('build/server/index.js'))) {
    console.log('building…')
    spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  }
  if (ONLY === 'js') return printBundleSizes()
  const now = new Date()
  if (ONLY === 'editor') return editorOnly(now)

  const cpus = (await import('node:os')).cpus()
  const p = plan()
  console.log(
    `npm run bench${QUICK ? ' --quick: a CI-sized pass (fewer seconds and connections than the full run)' : ': the full run'}, ${now.toISOString()}`,
  )
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}. Servers: NODE_ENV=production (SESSION_SECRET set, COOKIE_SECURE=false on plain-HTTP loopback, SEED_DEMO=false, jobs on).`,
  )
  console.log(
    `Loads: each page warmed ${p.warmSeconds} s (not measured), then ${p.connections} connections × ${p.seconds} s; one request = p50 of ${p.sequential} in a row after one; heavy loads ${p.heavyConnections} connections × ${p.heavySeconds} s (autocannon, loopback, ${p.heavyConnections} sessions).`,
  )
  console.log(
    `Data: the seeded demo data + ${BIG_CAMPAIGNS.toLocaleString('en')} campaigns × ${BIG_DAYS} days of facts for one advertiser.`,
  )
  process.env.SESSION_SECRET = SECRET
  process.env.COOKIE_SECURE = 'false'
  const targets = await prepareTargets(now)
  const table = new FigureTable(
    `Performance (issue 14)${QUICK ? ', --quick pass' : ''}: each database side by side`,
  )
  const probe = (column: string, when: string) =>
    table.set(
      'Machine (decision 076)',
      `speed probe ${when}: fixed render work, lower is faster`,
      'none',
      column,
      {
        text: fmtMs(machineProbeMs()),
      },
    )
  for (const [i, target] of targets.entries()) {
    probe(target.column, 'before the column')
    // Lighthouse measures the browser's side: in the quick pass on the first database only.
    await consoleBench(
      target,
      {
        ...p,
        lighthouse: p.lighthouse && !NO_LIGHTHOUSE && (!QUICK || i === 0),
        editorBrowser: p.editorBrowser && i === 0,
      },
      table,
    )
    probe(target.column, 'after the column')
  }
  if (ONLY === undefined) await reportsAndImports(LONG)
  printBundleSizes()
  if (ONLY === undefined) reportsTable.print()
  table.print()
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
