import { describe, expect, it } from 'vitest'
import { SHARED_POOL_MAX, sharedPoolConfig } from './client'

describe('a render thread’s own pool (decision 078)', () => {
  it('keeps the main thread’s connection settings and caps its size below DATABASE_POOL_SIZE', () => {
    const config = sharedPoolConfig({
      kind: 'postgres',
      pool: { connectionString: 'postgres://adc:adc@127.0.0.1:5432/adc', max: 10 },
    })
    expect(config).toEqual({
      connectionString: 'postgres://adc:adc@127.0.0.1:5432/adc',
      max: SHARED_POOL_MAX,
    })
    expect(SHARED_POOL_MAX).toBe(5)
  })

  it('keeps a smaller size as it is: the embedded database’s one connection, a small DATABASE_POOL_SIZE', () => {
    expect(sharedPoolConfig({ kind: 'pglite', pool: { host: '/tmp/x', max: 1 } }).max).toBe(1)
    expect(
      sharedPoolConfig({ kind: 'postgres', pool: { connectionString: 'postgres://h/d', max: 3 } }).max,
    ).toBe(3)
  })

  it('caps a pool whose size was never set (node-postgres would open 10)', () => {
    expect(sharedPoolConfig({ kind: 'postgres', pool: { connectionString: 'postgres://h/d' } }).max).toBe(5)
  })
})
