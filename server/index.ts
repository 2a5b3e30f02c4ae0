// The server's entry: reads the configuration, takes the embedded database's data directory and starts
// its process, then loads the rest of the server (server/main.ts) while that process opens PGlite. Both
// take about a second on this machine; one after the other they made most of a cold start (decision
// 082, stop 30). Only light modules are imported here.
import type { StartedPglite } from '../platform/db/client'
import { DataDirLockedError } from '../platform/db/data-dir-lock'
import { startPgliteEarly } from '../platform/db/early-start'
import { log } from '../platform/log'
import { ConfigError, readConfig, type ServerConfig } from './config'

const startedAt = performance.now()
let config: ServerConfig
try {
  config = readConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  // One line per bad variable, then stop: nothing has been opened yet.
  console.error(`The server cannot start: fix these environment variables.\n${error.lines.join('\n')}`)
  process.exit(1)
}

let started: StartedPglite | undefined
if (!config.databaseUrl && process.env.PGLITE_IN_PROCESS !== '1') {
  try {
    started = startPgliteEarly(config.dataDir)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    console.error(`\n${error.message}\n`)
    process.exit(1)
  }
}

// Built: build/server/main.js beside this file (scripts/build-server.mjs); from source under tsx, main.ts.
const mainModule = new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url)
import(mainModule.href)
  .then(({ main }: typeof import('./main')) => main(config, startedAt, started))
  .catch((error) => {
    log.error('server failed to start', { error: (error as Error).message, stack: (error as Error).stack })
    process.exit(1)
  })
