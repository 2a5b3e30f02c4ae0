// A render thread of the bench's floor (floor-server.ts): the console's build answering page reads with
// the platform replaced by the frozen memo it was started with. A call not in it answers 503 and is a line
// on stderr, which the bench counts as an error.
import { workerData } from 'node:worker_threads'
import type { ServerBuild } from '@remix-run/node'
import { projectPath } from '../../platform/paths'
import { servePageReads } from '../../server/render-threads'
import { type Answer, memoKey, replay } from './floor-memo'

const memo = new Map<string, Answer>((workerData as { memo: [string, Answer][] }).memo)

async function memoFetch(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
  const key = memoKey(request.method, url, body)
  const answer = memo.get(key)
  if (!answer) console.error(`floor thread: not recorded: ${key.slice(0, 200)}`)
  return replay(answer)
}

const build = (await import(projectPath('build/index.js'))) as ServerBuild
servePageReads({ build, platformFetch: () => memoFetch, outboxEnabled: false })
