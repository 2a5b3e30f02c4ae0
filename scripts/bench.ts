// `npm run bench`: prints figures, asserts nothing. JavaScript each route loads (gzip KiB, from the
// build manifest); server cold start; requests/s and p50/p99 latency of GET /healthz and of a signed-in
// page, with autocannon on loopback; server memory after the load.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { commitSession } from '../app/session.server'
import { createSession } from '../platform/auth/sessions'
import { openDatabase } from '../platform/db/client'
import { demoUsers } from '../platform/db/seed'
import { projectPath } from '../platform/paths'
import { ensurePgliteTemplate } from '../platform/testing/template'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const SECRET = 'bench-session-secret-0123456789abcdef0123456789'

type ManifestEntry = { module: string; imports?: string[]; parentId?: string }
type Manifest = {
  entry: ManifestEntry
  routes: Record<string, ManifestEntry & { id: string; path?: string }>
}

function routeBundleSizes() {
  const buildDir = projectPath('public/build')
  const manifestFile = readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f))
  if (!manifestFile) throw new Error('no manifest in public/build: run npm run build')
  const source = readFileSync(path.join(buildDir, manifestFile), 'utf8')
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as Manifest
  const gz = new Map<string, number>()
  const size = (url: string) => {
    if (!gz.has(url)) gz.set(url, gzipSync(readFileSync(path.join(projectPath('public'), url))).length)
    return gz.get(url)!
  }
  const files = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])]
  const rows: { route: string; kib: number }[] = []
  for (const route of Object.values(manifest.routes)) {
    const chain: ManifestEntry[] = []
    for (
      let r: (typeof manifest.routes)[string] | undefined = route;
      r;
      r = r.parentId ? manifest.routes[r.parentId] : undefined
    ) {
      chain.push(r)
    }
    const urls = new Set([...files(manifest.entry), ...chain.flatMap(files)])
    rows.push({ route: route.id, kib: [...urls].reduce((sum, url) => sum + size(url), 0) / 1024 })
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

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
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
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break
    } catch {
      if (child.exitCode !== null) throw new Error('server exited during start')
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  return { child, readyMs: performance.now() - started }
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  const non2xx = result.non2xx + result.errors
  console.log(
    `${title.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   ${non2xx ? `(${non2xx} errors/non-2xx!)` : ''}`,
  )
}

async function main() {
  if (!existsSync(projectPath('build/server/index.js'))) {
    console.log('building…')
    spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
  }

  console.log('\nJavaScript loaded per route (gzip, entry + root + route chain):')
  for (const row of routeBundleSizes())
    console.log(`  ${row.route.padEnd(40)} ${row.kib.toFixed(1).padStart(7)} KiB`)

  // A seeded database on disk, and a signed-in seller's session cookie.
  const dataDir = projectPath('.tmp/bench/data')
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const template = await ensurePgliteTemplate()
  const handle = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template)]) })
  const seller = demoUsers.find((u) => u.email === 'seller@example.com')!
  const { token } = await createSession(handle.db, { userId: seller.id, stage: 'FULL', now: new Date() })
  await handle.close()
  process.env.SESSION_SECRET = SECRET
  process.env.COOKIE_SECURE = 'false'
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

  const port = await freePort()
  const { child, readyMs } = await startServer(dataDir, port)
  const firstPage = performance.now()
  const first = await fetch(`http://127.0.0.1:${port}/campaigns`, { headers: { cookie } })
  await first.text()
  console.log(`\nServer cold start (existing PGlite data dir) to healthy: ${readyMs.toFixed(0)} ms`)
  console.log(
    `First signed-in page after start: ${(performance.now() - firstPage).toFixed(0)} ms (status ${first.status})`,
  )
  console.log(`Server RSS after start: ${rssMiB(child.pid!).toFixed(0)} MiB`)

  console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`)
  await load('GET /healthz', `http://127.0.0.1:${port}/healthz`)
  await load('GET /campaigns (signed-in SELLER)', `http://127.0.0.1:${port}/campaigns`, { cookie })
  console.log(`Server RSS after load: ${rssMiB(child.pid!).toFixed(0)} MiB`)

  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
