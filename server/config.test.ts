import { describe, expect, it } from 'vitest'
import { ConfigError, consoleThreadsDefault, parseTrustProxy, readConfig } from './config'

function problems(env: Record<string, string | undefined>): string[] {
  try {
    readConfig(env)
    return []
  } catch (error) {
    if (error instanceof ConfigError) return error.lines
    throw error
  }
}

describe('the environment, checked at start', () => {
  it('starts with nothing set: local defaults', () => {
    const config = readConfig({})
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      seedDemo: true,
      cookieSecure: false,
      trustProxy: false,
      runJobs: true,
      databaseUrl: undefined,
      consoleConcurrency: 8,
    })
    expect(readConfig({ CONSOLE_CONCURRENCY: '3' }).consoleConcurrency).toBe(3)
  })

  it('render threads: one fewer than the cores, at most 3, none on one core; CONSOLE_THREADS sets them (0 for none)', () => {
    expect([1, 2, 4, 16].map((cores) => consoleThreadsDefault(cores))).toEqual([0, 1, 3, 3])
    expect(readConfig({}).consoleThreads).toBe(consoleThreadsDefault())
    expect(readConfig({ CONSOLE_THREADS: '0' }).consoleThreads).toBe(0)
    expect(readConfig({ CONSOLE_THREADS: '2' }).consoleThreads).toBe(2)
    expect(problems({ CONSOLE_THREADS: '-1' })).toEqual([
      'CONSOLE_THREADS="-1": expected a whole number of threads, 0 or more',
    ])
  })

  it('reads good values', () => {
    const config = readConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      SESSION_SECRET: 'x'.repeat(40),
      COOKIE_SECURE: 'false',
      SEED_DEMO: 'yes',
      RUN_JOBS: '0',
      TRUST_PROXY: '2',
      DATABASE_URL: 'postgres://adc:adc@127.0.0.1:5432/adc',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
    expect(config).toMatchObject({
      production: true,
      port: 8080,
      cookieSecure: false,
      seedDemo: true,
      runJobs: false,
      trustProxy: 2,
      databaseUrl: 'postgres://adc:adc@127.0.0.1:5432/adc',
      smtpUrl: 'smtp://127.0.0.1:2525',
    })
  })

  it('names every bad variable on its own line, hiding secrets', () => {
    expect(
      problems({
        PORT: '80a',
        COOKIE_SECURE: 'maybe',
        TRUST_PROXY: 'the load balancer',
        DATABASE_URL: 'mysql://root@db/adc',
        SESSION_SECRET: 'short',
        DATABASE_POOL_SIZE: '0',
        CONSOLE_CONCURRENCY: 'many',
        ADS_SERVICE_URL: 'host:3000',
        LOG_LEVEL: 'loud',
      }),
    ).toEqual([
      'PORT="80a": expected a port number from 1 to 65535',
      'DATABASE_URL=(hidden): expected a URL like postgres://user:password@host:5432/database',
      'DATABASE_POOL_SIZE="0": expected a whole number of connections, 1 or more',
      'CONSOLE_CONCURRENCY="many": expected a whole number of pages, 1 or more',
      'SESSION_SECRET=(hidden): expected 32 or more random characters',
      'COOKIE_SECURE="maybe": expected true or false (or 1/0, yes/no, on/off)',
      'TRUST_PROXY="the load balancer": expected true, false, a number of proxy hops, or a comma-separated list of addresses/subnets',
      'ADS_SERVICE_URL="host:3000": expected a URL like http://host:3000/ads/ad-inventory',
      'LOG_LEVEL="loud": expected silent, error, warn, info or debug',
    ])
    expect(problems({ PORT: '70000' })).toEqual(['PORT="70000": expected a port number from 1 to 65535'])
  })

  it('refuses production without a session secret', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      'SESSION_SECRET is unset: production needs 32 or more random characters',
    ])
  })

  it('treats an empty variable as unset', () => {
    expect(readConfig({ PORT: '', TRUST_PROXY: '', COOKIE_SECURE: '' })).toMatchObject({
      port: 3000,
      trustProxy: false,
      cookieSecure: false,
    })
  })
})

describe('TRUST_PROXY as Express takes it', () => {
  it('parses true, false, hop counts and address lists', () => {
    expect(parseTrustProxy('true')).toBe(true)
    expect(parseTrustProxy('FALSE')).toBe(false)
    expect(parseTrustProxy('0')).toBe(false)
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('3')).toBe(3)
    expect(parseTrustProxy('loopback, 10.0.0.0/8,fd00::/8, 203.0.113.7')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '203.0.113.7',
    ])
  })
  it('refuses what Express would misread', () => {
    expect(parseTrustProxy('yes please')).toBeNull()
    expect(parseTrustProxy('10.0.0.0/33')).toBeNull()
    expect(parseTrustProxy('10.0.0.300')).toBeNull()
    expect(parseTrustProxy('1.5')).toBeNull()
  })
})
