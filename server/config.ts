// Every environment variable the server reads, in one place (the README's table mirrors this), checked
// with zod at start: a bad value stops the server with one line per variable instead of a surprise
// later (a port of NaN, a proxy setting Express reads differently than meant). Decision 019.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod/v4'

const TRUE = ['1', 'true', 'yes', 'on']
const FALSE = ['0', 'false', 'no', 'off']

/** An on/off switch; unset or empty takes the default. */
const flag = z
  .string()
  .refine((v) => [...TRUE, ...FALSE].includes(v.toLowerCase()), {
    message: 'expected true or false (or 1/0, yes/no, on/off)',
  })
  .transform((v) => TRUE.includes(v.toLowerCase()))
  .optional()

const urlWith = (protocols: string[], example: string) =>
  z
    .string()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol)
        } catch {
          return false
        }
      },
      { message: `expected a URL like ${example}` },
    )
    .optional()

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined || !address) return false
  const version = isIP(address)
  if (!version) return false
  if (bits === undefined) return true
  const max = version === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

export type TrustProxy = boolean | number | string[]

/**
 * TRUST_PROXY as Express understands it: true/false, a number of proxy hops in front of the server,
 * or a comma-separated list of trusted proxy addresses, subnets (10.0.0.0/8) and Express's names
 * (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim().toLowerCase()
  if (v === '' || FALSE.includes(v)) return false
  if (v === 'true') return true
  if (/^\d+$/.test(v)) return Number(v)
  const entries = v.split(',').map((e) => e.trim())
  return entries.every(isProxyAddress) ? entries : null
}

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z
    .string()
    .regex(/^\d+$/, 'expected a port number from 1 to 65535')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65_535, 'expected a port number from 1 to 65535')
    .optional(),
  HOST: z.string().min(1, 'expected an address to listen on, e.g. 127.0.0.1').optional(),
  DATA_DIR: z.string().min(1, 'expected a directory').optional(),
  DATABASE_URL: urlWith(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database'),
  DATABASE_POOL_SIZE: z
    .string()
    .regex(/^[1-9]\d*$/, 'expected a whole number of connections, 1 or more')
    .transform(Number)
    .optional(),
  CONSOLE_CONCURRENCY: z
    .string()
    .regex(/^[1-9]\d*$/, 'expected a whole number of pages, 1 or more')
    .transform(Number)
    .optional(),
  CONSOLE_THREADS: z
    .string()
    .regex(/^\d+$/, 'expected a whole number of threads, 0 or more')
    .transform(Number)
    .optional(),
  SESSION_SECRET: z.string().min(32, 'expected 32 or more random characters').optional(),
  COOKIE_SECURE: flag,
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v)
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'expected true, false, a number of proxy hops, or a comma-separated list of addresses/subnets',
        })
        return z.NEVER
      }
      return parsed
    })
    .optional(),
  SEED_DEMO: flag,
  RUN_JOBS: flag,
  SMTP_URL: urlWith(['smtp:', 'smtps:'], 'smtp://user:pass@host:587'),
  PUBLIC_URL: urlWith(['http:', 'https:'], 'https://ads.example.com'),
  MAIL_FROM: z.string().min(3, 'expected a sender address').optional(),
  AUTH_SERVICE_URL: urlWith(['http:', 'https:'], 'http://host:3000/ads/ad-auth'),
  ADS_SERVICE_URL: urlWith(['http:', 'https:'], 'http://host:3000/ads/ad-inventory'),
  PAYMENT_SERVICE_URL: urlWith(['http:', 'https:'], 'http://host:3000/ads/ad-payments'),
  EXTERNAL_LOGIN_SECRET: z
    .string()
    .min(16, 'expected 16 or more characters shared with the seller portal')
    .optional(),
  FACTS_INGEST_TOKEN: z.string().min(32, 'expected 32 or more random characters').optional(),
  LOG_LEVEL: z
    .enum(['silent', 'error', 'warn', 'info', 'debug'], 'expected silent, error, warn, info or debug')
    .optional(),
})

/** The environment is wrong: `lines` holds one sentence per bad variable. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(`Bad environment:\n${lines.join('\n')}`)
    this.name = 'ConfigError'
  }
}

const shown = (value: string | undefined) => (value === undefined ? 'unset' : JSON.stringify(value))
const SECRETS = new Set([
  'SESSION_SECRET',
  'EXTERNAL_LOGIN_SECRET',
  'FACTS_INGEST_TOKEN',
  'DATABASE_URL',
  'SMTP_URL',
])

/** Decision 072: the most list pages a second on the bench's 2 cores, with the fairest waits. */
export const CONSOLE_CONCURRENCY_DEFAULT = 8

/**
 * Decision 078: render threads beside the main thread, one fewer than the machine's cores (the main
 * thread is one), at most 3; none on one core.
 */
export const consoleThreadsDefault = (cores = availableParallelism()) => Math.max(0, Math.min(cores - 1, 3))

export type ServerConfig = ReturnType<typeof readConfig>
type Environment = Record<string, string | undefined>

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function readConfig(env: Environment = process.env) {
  // An empty variable counts as unset (a blank line in an env file).
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  )
  const result = envSchema.safeParse(present)
  const lines: string[] = []
  if (!result.success) {
    const byKey = new Map<string, string>()
    for (const issue of result.error.issues) {
      const key = String(issue.path[0])
      if (!byKey.has(key)) byKey.set(key, issue.message)
    }
    for (const [key, message] of byKey) {
      const value = SECRETS.has(key) ? '(hidden)' : shown(env[key])
      lines.push(`${key}=${value}: ${message}`)
    }
  }
  const production = env.NODE_ENV === 'production'
  if (production && !present.SESSION_SECRET) {
    lines.push('SESSION_SECRET is unset: production needs 32 or more random characters')
  }
  if (lines.length || !result.success) throw new ConfigError(lines)
  const e = result.data
  return {
    production,
    port: e.PORT ?? 3000,
    host: e.HOST ?? '127.0.0.1',
    dataDir: path.resolve(e.DATA_DIR ?? 'data'),
    databaseUrl: e.DATABASE_URL,
    /** Console page reads worked on at once; the rest wait their turn (server/admission.ts). */
    consoleConcurrency: e.CONSOLE_CONCURRENCY ?? CONSOLE_CONCURRENCY_DEFAULT,
    /**
     * Render threads beside the main thread (server/render-threads.ts); 0 renders every page on the
     * main thread. None with the embedded database in this process (PGLITE_IN_PROCESS=1).
     */
    consoleThreads: e.CONSOLE_THREADS ?? consoleThreadsDefault(),
    smtpUrl: e.SMTP_URL,
    /** The console's address in e-mailed links; default http://HOST:PORT. */
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST ?? '127.0.0.1'}:${e.PORT ?? 3000}`).replace(/\/+$/, ''),
    mailFrom: e.MAIL_FROM,
    /** Seed demo data into an empty database (never in production unless asked). */
    seedDemo: e.SEED_DEMO ?? !production,
    /** Secure cookies with the __Host- prefix; on by default in production. */
    cookieSecure: e.COOKIE_SECURE ?? production,
    /** Express "trust proxy": set when behind a reverse proxy that sets X-Forwarded-*. */
    trustProxy: e.TRUST_PROXY ?? false,
    /** Shared secret of the seller portal's signed hand-off (external login); unset disables it. */
    externalLoginSecret: e.EXTERNAL_LOGIN_SECRET,
    /** Machine token of the performance ingest (POST /ads/adinventory/v1/facts); unset disables it. */
    factsIngestToken: e.FACTS_INGEST_TOKEN,
    /** Run pg-boss workers and crons in this process. */
    runJobs: e.RUN_JOBS ?? true,
  }
}

/**
 * The secret that signs and encrypts the console's session cookie. Production must set SESSION_SECRET
 * (readConfig refuses to start without it); a local start makes one and keeps it in the data
 * directory so sessions survive restarts.
 */
export function sessionSecret(config: ServerConfig, env: Environment = process.env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  if (config.production) {
    throw new Error('SESSION_SECRET must be set in production (32 or more random characters).')
  }
  const file = path.join(config.dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(config.dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
