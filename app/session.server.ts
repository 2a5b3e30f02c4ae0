// The console's session: one httpOnly, SameSite=Lax cookie holding the spec's session values
// (accounts §3). Its content is encrypted (AES-256-GCM) as well as signed, so the browser never sees
// the bearer token; `Secure` and the __Host- name in production.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { isRole, type Role } from '../platform/rules/roles'

export type ConsoleSession = {
  token: string
  role: Role
  userId: number
  userEmail: string
  sellerId: number | null
  /** The chosen account's name, for the header (staff and agencies pick one; absent in older cookies). */
  sellerName?: string | null
  tncAcceptance: boolean
  twoFactorRegistered: boolean
  ipAddress: string | null
}

const MAX_AGE_S = 12 * 60 * 60

function secret(): string {
  const value = process.env.SESSION_SECRET
  if (!value) throw new Error('SESSION_SECRET is not set (the server sets it at start)')
  return value
}

const secure = () => process.env.COOKIE_SECURE === 'true'

let cookie: ReturnType<typeof createCookie> | undefined
let cookieKey = ''
function sessionCookie() {
  const key = `${secret()}|${secure()}`
  if (!cookie || key !== cookieKey) {
    cookieKey = key
    cookie = createCookie(secure() ? '__Host-console' : 'console_session', {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(),
      path: '/',
      secrets: [secret()],
      maxAge: MAX_AGE_S,
    })
  }
  return cookie
}

const encryptionKey = () => createHash('sha256').update(`console-session-encryption:${secret()}`).digest()

export function sealSession(data: ConsoleSession): string {
  return seal(data)
}

/** Encrypts and authenticates any JSON value with the session key. */
function seal(data: unknown): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

function unseal(sealed: string): unknown {
  try {
    const raw = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8'))
  } catch {
    // Tampered, truncated or sealed with another secret: treated as absent.
    return null
  }
}

export function unsealSession(sealed: string): ConsoleSession | null {
  const data = unseal(sealed) as ConsoleSession | null
  if (!data || typeof data.token !== 'string' || !isRole(data.role)) return null
  return data
}

/**
 * A short-lived encrypted cookie for a step of a flow that must survive between pages without JavaScript
 * (credentials waiting for "log in here", a new password waiting for its e-mailed code). It never
 * reaches the browser readable, and dies after `maxAgeSeconds`.
 */
export function sealedCookie<T>(name: string, maxAgeSeconds: number) {
  const cookie = () =>
    createCookie(secure() ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(),
      path: '/',
      secrets: [secret()],
      maxAge: maxAgeSeconds,
    })
  return {
    async read(request: Request): Promise<T | null> {
      const sealed = await cookie().parse(request.headers.get('Cookie'))
      if (typeof sealed !== 'string' || !sealed) return null
      const value = unseal(sealed) as { data: T; expires: number } | null
      return value && value.expires > Date.now() ? value.data : null
    },
    write: (data: T) => cookie().serialize(seal({ data, expires: Date.now() + maxAgeSeconds * 1000 })),
    clear: () => cookie().serialize('', { maxAge: 0, expires: new Date(0) }),
  }
}

export async function readSession(request: Request): Promise<ConsoleSession | null> {
  const sealed = await sessionCookie().parse(request.headers.get('Cookie'))
  return typeof sealed === 'string' ? unsealSession(sealed) : null
}

/** The Set-Cookie value that stores this session. */
export function commitSession(data: ConsoleSession): Promise<string> {
  return sessionCookie().serialize(sealSession(data))
}

/** The Set-Cookie value that removes the session cookie. */
export function destroySession(): Promise<string> {
  return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

export const sessionCookieName = () => sessionCookie().name
