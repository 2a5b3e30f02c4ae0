// How fast this machine is right now (decision 076's lesson): the same code gave one page for 3.8 ms of
// CPU and, half an hour later, for 6–7.8 ms on this VM, which reports no steal time. The bench measures a
// fixed piece of work before and after each column so that a slow phase shows beside the figures it
// slowed. The work is the console's own kind, React rendering a table to HTML (machine-probe.mjs), in a
// process of its own with NODE_ENV=production like the servers.
import { spawnSync } from 'node:child_process'
import { projectPath } from '../../platform/paths'

/** Milliseconds for the probe's fixed work; lower is faster. NaN if it failed (printed as "-"). */
export function machineProbeMs(): number {
  const run = spawnSync(process.execPath, [projectPath('scripts/bench/machine-probe.mjs')], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  return run.status === 0 ? Number(run.stdout.trim()) : Number.NaN
}
