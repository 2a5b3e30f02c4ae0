// Every environment variable the server reads, in one place (the README's table mirrors this).
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type ServerConfig = ReturnType<typeof readConfig>

function bool(value: string | undefined, fallback: boolean) {
  if (value === undefined || value === '') return fallback
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())
}

export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const production = env.NODE_ENV === 'production'
  const dataDir = path.resolve(env.DATA_DIR ?? 'data')
  return {
    production,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    /** Seed demo data into an empty database (never in production unless asked). */
    seedDemo: bool(env.SEED_DEMO, !production),
    /** Secure cookies with the __Host- prefix; on by default in production. */
    cookieSecure: bool(env.COOKIE_SECURE, production),
    /** Express "trust proxy": set when behind a reverse proxy that sets X-Forwarded-*. */
    trustProxy: env.TRUST_PROXY ?? false,
    /** Shared secret of the seller portal's signed hand-off (external login); unset disables it. */
    externalLoginSecret: env.EXTERNAL_LOGIN_SECRET || undefined,
    /** Run pg-boss workers and crons in this process. */
    runJobs: bool(env.RUN_JOBS, true),
  }
}

/**
 * The secret that signs and encrypts the console's session cookie. Production must set SESSION_SECRET;
 * a local start makes one and keeps it in the data directory so sessions survive restarts.
 */
export function sessionSecret(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): string {
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
