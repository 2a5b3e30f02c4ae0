// Creating pg-boss queues when several web processes start at once on one PostgreSQL (decision 054).
// On a new database each process creates the same queues; pg-boss's create_queue makes a partition per
// queue, and two of them at once can deadlock: PostgreSQL then fails one (40P01) and, before this, that
// web process did not start. The queue exists once the other commits, and create_queue of an existing
// queue does nothing, so the one that lost simply tries again.
import type PgBoss from 'pg-boss'

const RETRIED = new Set(['40P01', '23505'])

export async function createQueueOnce(
  boss: Pick<PgBoss, 'createQueue'>,
  name: string,
  options?: PgBoss.Queue,
  attempts = 5,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, options)
      return
    } catch (error) {
      if (!RETRIED.has((error as { code?: string }).code ?? '') || attempt >= attempts) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100))
    }
  }
}
