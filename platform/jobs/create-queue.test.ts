// Two web processes starting at once on a new PostgreSQL database create the same pg-boss queues; the one
// PostgreSQL picks as a deadlock victim tries again instead of failing its start (decision 054; the
// two-process proof is tests/e2e/server-scale-out.spec.ts).
import { describe, expect, it } from 'vitest'
import { createQueueOnce } from './create-queue'

const failing = (codes: (string | null)[]) => {
  const calls: string[] = []
  return {
    calls,
    boss: {
      async createQueue(name: string) {
        calls.push(name)
        const code = codes.shift()
        if (code) throw Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'boom'), { code })
      },
    },
  }
}

describe('createQueueOnce', () => {
  it('tries again after a deadlock or a duplicate, and succeeds', async () => {
    const { boss, calls } = failing(['40P01', '23505', null])
    await createQueueOnce(boss, 'campaign-states')
    expect(calls).toEqual(['campaign-states', 'campaign-states', 'campaign-states'])
  })

  it('gives up after its attempts, and never retries another error', async () => {
    const deadlocks = failing(['40P01', '40P01', '40P01'])
    await expect(createQueueOnce(deadlocks.boss, 'q', undefined, 3)).rejects.toThrow('deadlock detected')
    expect(deadlocks.calls).toHaveLength(3)
    const other = failing(['42P01'])
    await expect(createQueueOnce(other.boss, 'q')).rejects.toThrow('boom')
    expect(other.calls).toHaveLength(1)
  })
})
