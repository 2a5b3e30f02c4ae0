// A render thread (server/render-threads.ts, decision 078): the console's build and a platform of its
// own over its own database pool, answering the page reads the main thread hands it.
import { parentPort, workerData } from 'node:worker_threads'
import type { ServerBuild } from '@remix-run/node'
import { createPlatform } from '../platform'
import { openShared } from '../platform/db/client'
import { log } from '../platform/log'
import { projectPath } from '../platform/paths'
import { readConfig } from './config'
import { platformDeps } from './platform-deps'
import { type FromRenderThread, type RenderThreadData, servePageReads } from './render-threads'

async function main() {
  const config = readConfig()
  const data = workerData as RenderThreadData
  const database = openShared(data.shared)
  const deps = platformDeps(config, database, data.sessionSecret)
  deps.wake = (job) => parentPort!.postMessage({ t: 'wake', job } satisfies FromRenderThread)
  const platform = createPlatform(deps)
  const build = (await import(projectPath('build/index.js'))) as ServerBuild
  servePageReads({ build, platformFetch: platform.scopedFetch, outboxEnabled: deps.outboxEnabled })
}

main().catch((error) => {
  log.error('render thread failed to start', { error: (error as Error).message })
  process.exit(1)
})
