// Failed jobs for tests and the browser tests' database (decision 058): real pg-boss jobs of a test-only
// queue, sent, fetched and failed through pg-boss's own API with a stored error, as a worker whose
// handler threw leaves them. No worker runs on the queue, so a retried one stays queued.
import PgBoss from 'pg-boss'
import type { DatabaseHandle } from '../db/client'
import { bossOptions } from '../jobs/boss'

/** pg-boss's schema, for tests that read its tables. */
export { JOB_SCHEMA } from '../jobs/boss'

export const TEST_FAILING_QUEUE = 'test-failing-job'

/** Creates pg-boss's schema when missing (its first start), runs nothing. */
async function startedBoss(database: Pick<DatabaseHandle, 'executeSql'>) {
  const boss = new PgBoss({ ...bossOptions(database), supervise: false, schedule: false })
  await boss.start()
  return boss
}

/**
 * Each test job outranks every job already in its queue, so the fetch below hands out the one just
 * sent: a job an earlier test retried (queued again, created earlier) would otherwise come first, and
 * did under load. pg-boss fetches by priority, then age. Seconds since 2026 across processes (the
 * browser tests' shared database), one more than the last within this one.
 */
let lastPriority = 0
const nextPriority = () => {
  lastPriority = Math.max(lastPriority + 1, Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 1000))
  return lastPriority
}

/**
 * One failed job per error: each fails with an Error of that message (its stack and all, as a throwing
 * handler's does). Returns their ids in the order given.
 */
export async function createFailedJobs(
  database: Pick<DatabaseHandle, 'executeSql'>,
  errors: (string | Error)[],
  queue = TEST_FAILING_QUEUE,
): Promise<string[]> {
  const boss = await startedBoss(database)
  try {
    await boss.createQueue(queue, { name: queue, retryLimit: 0 })
    const ids: string[] = []
    for (const error of errors) {
      const id = await boss.send(queue, { test: true }, { retryLimit: 0, priority: nextPriority() })
      if (!id) throw new Error('pg-boss did not queue the test job')
      // Its start_after is the insert's now(): a fetch within the same clock tick (PGlite's clock is coarse)
      // would find nothing ready yet.
      const [fetched] = await boss.fetch(queue, { batchSize: 1, ignoreStartAfter: true })
      if (fetched?.id !== id)
        throw new Error(`pg-boss handed out another test job: ${JSON.stringify(fetched)} not ${id}`)
      await boss.fail(queue, id, typeof error === 'string' ? new Error(error) : error)
      ids.push(id)
    }
    return ids
  } finally {
    await boss.stop({ graceful: false, wait: true })
  }
}
