// The one server process: the console (Remix) and the platform's three services over one database.
// Loaded by server/index.ts once the embedded database's process is on its way (decision 082, stop 30).
import type { ServerBuild } from '@remix-run/node'
import { DataDirLockedError, type StartedPglite } from '../platform/db/client'
import { prepareDatabase } from '../platform/db/startup'
import { ensureCampaignWindows } from '../platform/inventory/campaign-windows'
import { createPlatform } from '../platform'
import { type Jobs, startJobs, wakeJob } from '../platform/jobs'
import { installJobSchema } from '../platform/jobs/boss'
import { log } from '../platform/log'
import { projectPath } from '../platform/paths'
import { ADMISSION_MAX_WAITING, createAdmission } from './admission'
import { createServerApp } from './app'
import { watchDatabase } from './database-health'
import { type ServerConfig, sessionSecret } from './config'
import { platformDeps } from './platform-deps'
import { startRenderThreads } from './render-threads'

/**
 * Opens the database (`started`: the embedded one's process, already started), loads the console's build,
 * starts the jobs and serves. `startedAt`: performance.now() when the process began its own code.
 */
export async function main(config: ServerConfig, startedAt: number, started?: StartedPglite) {
  process.env.SESSION_SECRET = sessionSecret(config)
  process.env.COOKIE_SECURE = String(config.cookieSecure)
  // The console's build loads (on this thread) while the database opens (the embedded one in its own
  // process, decision 057) and the job workers start: a shorter cold start (decision 064). Its failure is
  // reported where it is awaited.
  const buildImport = import(projectPath('build/index.js')) as Promise<ServerBuild>
  buildImport.catch(() => {})

  let database: Awaited<ReturnType<typeof prepareDatabase>>
  try {
    database = await prepareDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      seedDemo: config.seedDemo,
      started,
      prepare: async (db) => (await installJobSchema(db)) && log.info('job schema created'),
      log: (msg, fields) => log.info(msg, fields),
    })
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    console.error(`\n${error.message}\n`)
    process.exit(1)
  }

  const deps = platformDeps(config, database, process.env.SESSION_SECRET!)
  const platform = createPlatform(deps)
  const [jobs, build]: [Jobs | null, ServerBuild] = await Promise.all([
    config.runJobs ? startJobs(deps) : null,
    buildImport,
  ])
  if (jobs) deps.wake = (job) => wakeJob(jobs, job)

  const renderThreads =
    config.consoleThreads > 0 && database.shared
      ? startRenderThreads({
          count: config.consoleThreads,
          file: new URL('./render-thread.js', import.meta.url),
          data: { shared: database.shared, sessionSecret: process.env.SESSION_SECRET! },
          wake: (job) => deps.wake?.(job),
        })
      : undefined

  // Kept here to be stopped before the database is closed: a ping after that logged a false outage.
  const databaseHealth = watchDatabase({
    database,
    connectionString: database.kind === 'postgres' ? config.databaseUrl : undefined,
  })
  const app = createServerApp({
    database,
    databaseHealth,
    platform,
    build,
    trustProxy: config.trustProxy,
    admission: createAdmission({ limit: config.consoleConcurrency, maxWaiting: ADMISSION_MAX_WAITING }),
    renderThreads,
  })

  const server = app.listen(config.port, config.host, () => {
    const url = `http://${config.host === '127.0.0.1' ? 'localhost' : config.host}:${config.port}`
    log.info('ready', {
      url,
      database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
      renderThreads: renderThreads ? config.consoleThreads : 0,
      startupMs: Math.round(performance.now() - startedAt),
    })
    console.log(
      `\n  Ad console ready at ${url}\n  Demo accounts: docs/demo-accounts.md (password and TOTP codes: npm run totp -- <email>)\n`,
    )
    // The list's kept sums for today, if the day turned while the server was down: in the background,
    // once the server answers (the list sums the facts until they are ready; the campaign-windows job
    // does the same every minute). Started before, its pieces held up each of the job system's start
    // queries on the embedded database's one session: ready 8.4 s instead of 3 (decision 082, stop 30).
    ensureCampaignWindows(database, new Date()).then(
      (windows) =>
        log.info(windows.rebuilt ? 'campaign date ranges summed' : 'campaign date ranges current', {
          ms: windows.ms,
        }),
      (error) => log.error('campaign date ranges not summed', { error: (error as Error).message }),
    )
  })

  // Keep idle connections open longer than any client or proxy in front of us does (browsers ~60 s,
  // common proxies 60 s). With Node's default of 5 s, a client that reuses a connection just as the
  // server closes it gets ECONNRESET on a request the server never saw (seen in CI: route-table walk).
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000

  let stopping = false
  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    log.info('shutting down', { signal })
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 20_000)
    force.unref()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      // Idle keep-alive connections would hold close() open.
      server.closeIdleConnections()
      setTimeout(() => server.closeAllConnections(), 5_000).unref()
    })
    await renderThreads?.close()
    try {
      await jobs?.stop()
    } catch (error) {
      log.error('stopping jobs failed', { error: (error as Error).message })
    }
    deps.mailer.close()
    await databaseHealth.stop()
    await database.close()
    log.info('stopped')
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}
