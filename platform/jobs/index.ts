// Background and scheduled work on pg-boss, on the same database as everything else
// (PGlite through its executeSql adapter, or PostgreSQL).
import PgBoss from 'pg-boss'
import type { PlatformDeps } from '../deps'
import { log } from '../log'
import { adGroupProcessing } from './ad-group-processing'
import { bossOptions, FAILED_JOB_KEEP_SECONDS, type JobRetry } from './boss'
import { campaignStates } from './campaign-states'
import { campaignWindows } from './campaign-windows'
import { createQueueOnce } from './create-queue'
import { deliverySimulation } from './delivery-simulation'
import { reportGeneration } from './report-generation'
import { recoverInterruptedRuns } from './report-recovery'
import { reportSchedules } from './report-schedules'
import { sessionCleanup } from './session-cleanup'
import { statistics } from './statistics'

export type Jobs = { boss: PgBoss; stop(): Promise<void> }

export type { JobRetry }

/**
 * A job: a queue name, an optional cron (UTC), its handler (given the job's data when it was sent
 * with some), and the queue's retry policy: pg-boss retries a handler that throws up to `limit` times,
 * `delaySeconds` apart (doubling, with jitter, when `backoff`), then marks the job failed, and the
 * Background Jobs page lists it (decision 058).
 */
export type JobDefinition = {
  name: string
  cron?: string
  run: (deps: PlatformDeps, data?: unknown) => Promise<unknown>
  retry: JobRetry
  /**
   * Runs once as the jobs start, before the worker takes anything: picks up what a killed process
   * left. `runNow`: send the job at once (there is work for it) instead of waiting for its cron;
   * else `runAt`: send it for then (work that may be waiting then), not the cron minute after.
   */
  start?: (deps: PlatformDeps) => Promise<{ runNow: boolean; runAt?: Date | null }>
}

export const jobDefinitions: JobDefinition[] = [
  sessionCleanup,
  campaignStates,
  statistics,
  adGroupProcessing,
  reportSchedules,
  // Report runs a killed process left RUNNING are put back or failed first (decision 059); on
  // PostgreSQL the job runs when the oldest RUNNING run would turn stale (its writer may be dead).
  {
    ...reportGeneration,
    start: async (deps) => {
      const recovered = await recoverInterruptedRuns(deps)
      return { runNow: recovered.requeued.length > 0, runAt: recovered.staleAt }
    },
  },
  deliverySimulation,
  campaignWindows,
]

/** How long a stop waits for job runs pg-boss no longer waits for (the server forces an exit at 20 s). */
const STOP_RUNS_WAIT_MS = 5_000

export async function startJobs(deps: PlatformDeps, definitions = jobDefinitions): Promise<Jobs> {
  /** Job runs in this process that have not ended yet. */
  let running = 0
  const boss = new PgBoss({
    ...bossOptions(deps.database),
    // A failed job stays where the Background Jobs page lists it and pg-boss's retry reaches it.
    archiveFailedAfterSeconds: FAILED_JOB_KEEP_SECONDS,
    // Both drivers see the same schema; polling every 2 s is enough for crons and keeps idle CPU low.
    pollingIntervalSeconds: 2,
    // pg-boss sends a cron's job from the first cron check in its minute, and a check runs only when
    // more than the interval has passed since the last one by any process. At its default of 30 s two
    // checks can fall 60 s apart and a per-minute job skips a minute; at 15 s the gap stays near 30 s.
    // The send-it worker then inserts the job within 2 s, not 5 (decision 054).
    cronMonitorIntervalSeconds: 15,
    cronWorkerIntervalSeconds: 2,
  })
  boss.on('error', (error) => log.error('job system error', { error: error.message }))
  await boss.start()
  for (const definition of definitions) {
    const policy: PgBoss.Queue = {
      name: definition.name,
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: definition.retry.backoff ?? false,
    }
    await createQueueOnce(boss, definition.name, policy)
    // createQueue leaves an existing queue as it was: a database from before a policy changed gets it here.
    await boss.updateQueue(definition.name, policy)
    // A failed start hook is logged, not fatal: the server still serves, and the work it left waits.
    const atStart: { runNow: boolean; runAt?: Date | null } = definition.start
      ? await definition.start(deps).catch((error: Error) => {
          log.error('job start hook failed', { job: definition.name, error: error.message })
          return { runNow: false }
        })
      : { runNow: false }
    if (definition.cron) await boss.schedule(definition.name, definition.cron)
    await boss.work(definition.name, async ([job]) => {
      running++
      try {
        const started = Date.now()
        const result = await definition.run(deps, job?.data)
        log.info('job done', { job: definition.name, ms: Date.now() - started, result })
      } finally {
        running--
      }
    })
    if (atStart.runNow) await boss.send(definition.name, {})
    else if (atStart.runAt) await boss.send(definition.name, {}, { startAfter: atStart.runAt })
  }
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
      // pg-boss can still hand a job to a worker whose fetch was out when it stopped, and then completes
      // or fails it without awaiting: the database must stay open until those runs end. Seen in CI: a
      // server stopped by SIGTERM exited 1 on an unhandled 'Cannot use a pool after calling end'.
      const deadline = Date.now() + STOP_RUNS_WAIT_MS
      do await new Promise((resolve) => setTimeout(resolve, 100))
      while (running > 0 && Date.now() < deadline)
      if (running > 0) log.error('jobs still running at shutdown', { running })
    },
  }
}

/**
 * Runs a queue soon after a write (`PlatformDeps.wake`): debounced to one job per second (a burst of
 * submits is one run, plus one after it for what came in meanwhile). A failure is logged, not thrown:
 * the queue's cron still comes.
 */
export function wakeJob(jobs: Jobs, name: string) {
  jobs.boss
    .sendDebounced(name, {}, {}, 1, 'wake')
    .catch((error: Error) => log.error('job wake failed', { job: name, error: error.message }))
}
