import { describe, expect, it } from 'vitest'
import { sharedWhileRunning } from './shared-read'

const later = <T>(value: T, fail = false) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => (fail ? reject(new Error('refused')) : resolve(value)), 5),
  )

describe('reads joined while they run', () => {
  it('runs one read for callers that ask while it runs, and a new one once it has finished', async () => {
    const db = {}
    let reads = 0
    const read = () => {
      reads += 1
      return later({ n: reads })
    }
    const [a, b] = await Promise.all([sharedWhileRunning(db, 'k', read), sharedWhileRunning(db, 'k', read)])
    expect(reads).toBe(1)
    expect(a).toBe(b)
    expect(await sharedWhileRunning(db, 'k', read)).toEqual({ n: 2 })
    expect(reads).toBe(2)
  })

  it('keeps keys and database handles apart', async () => {
    const [one, two] = [{}, {}]
    let reads = 0
    const read = () => later(++reads)
    await Promise.all([
      sharedWhileRunning(one, 'k', read),
      sharedWhileRunning(one, 'other', read),
      sharedWhileRunning(two, 'k', read),
    ])
    expect(reads).toBe(3)
  })

  it('gives every joined caller the failure, and tries again on the next call', async () => {
    const db = {}
    let reads = 0
    const failing = () => {
      reads += 1
      return later(0, true)
    }
    const results = await Promise.allSettled([
      sharedWhileRunning(db, 'k', failing),
      sharedWhileRunning(db, 'k', failing),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(reads).toBe(1)
    expect(await sharedWhileRunning(db, 'k', () => later('again'))).toBe('again')
  })
})
