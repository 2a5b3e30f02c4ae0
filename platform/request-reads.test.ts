import { describe, expect, it } from 'vitest'
import { type RequestReads, sharedRead, shareReads } from './request-reads'

const later = <T>(value: T, fail = false) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => (fail ? reject(new Error('refused')) : resolve(value)), 5),
  )
/** Two in-process calls of one console request, as platform.scopedFetch routes them. */
function oneConsoleRequest(reads: RequestReads = new Map()) {
  const call = () => new Request('http://platform.internal/x')
  const [a, b] = [call(), call()]
  shareReads(a, reads)
  shareReads(b, reads)
  return [a, b] as const
}

describe('reads shared by one console request', () => {
  it('runs one read for calls that ask at once, and keeps it for the request', async () => {
    const [a, b] = oneConsoleRequest()
    let reads = 0
    const read = () => {
      reads += 1
      return later({ n: reads })
    }
    const [first, second] = await Promise.all([sharedRead(a, 'k', read), sharedRead(b, 'k', read)])
    expect(reads).toBe(1)
    expect(first).toBe(second)
    expect(await sharedRead(a, 'k', read)).toBe(first)
    expect(reads).toBe(1)
  })

  it('keeps keys and console requests apart, and shares nothing without one', async () => {
    const [a] = oneConsoleRequest()
    const [other] = oneConsoleRequest()
    let reads = 0
    const read = () => later(++reads)
    await Promise.all([
      sharedRead(a, 'k', read),
      sharedRead(a, 'other', read),
      sharedRead(other, 'k', read),
      sharedRead(undefined, 'k', read),
      sharedRead(new Request('http://platform.internal/over-http'), 'k', read),
    ])
    expect(reads).toBe(5)
  })

  it('gives every joined call the failure, and reads again on the next call', async () => {
    const [a, b] = oneConsoleRequest()
    let reads = 0
    const failing = () => {
      reads += 1
      return later(0, true)
    }
    const results = await Promise.allSettled([sharedRead(a, 'k', failing), sharedRead(b, 'k', failing)])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(reads).toBe(1)
    expect(await sharedRead(a, 'k', () => later('again'))).toBe('again')
  })
})
