// npm run external-login-link -- <email> [--base http://localhost:3000] [--seller <sellerId>]
// Prints a signed seller-portal login link (docs/decisions/008-external-login-handoff.md) for a SELLER,
// valid 5 minutes and once, signed with EXTERNAL_LOGIN_SECRET (the same value the server runs with).
// The seller id comes from --seller, else from the database, else from the demo user list.
import { sql } from 'drizzle-orm'
import { EXTERNAL_LOGIN_MAX_SKEW_SECONDS, externalLoginQuery } from '../platform/auth/external-login'
import { users } from '../platform/db/schema'
import { demoUsers } from '../platform/db/seed'
import { fail, parseArgs, readDatabaseIfAvailable } from '../platform/db/seed/cli'

const USAGE =
  'Usage: npm run external-login-link -- <email> [--base http://localhost:3000] [--seller <sellerId>]'
const { positional, flags } = parseArgs(process.argv.slice(2))
const email = positional[0]?.trim().toLowerCase()
const unknownFlags = [...flags.keys()].filter((f) => f !== 'base' && f !== 'seller')
if (!email || positional.length > 1 || unknownFlags.length > 0) fail(USAGE, 2)

const secret = process.env.EXTERNAL_LOGIN_SECRET
if (!secret) {
  fail(
    'EXTERNAL_LOGIN_SECRET is not set: set it to the value the server runs with (32 random bytes or more).',
  )
}

const base = flags.get('base')
if (base === true) fail(USAGE, 2)
let baseUrl: URL
try {
  baseUrl = new URL(base ?? 'http://localhost:3000')
} catch {
  fail(`--base must be a URL such as http://localhost:3000, not ${base}`, 2)
}

async function sellerIdFromDatabase(): Promise<number | null | 'unavailable'> {
  return readDatabaseIfAvailable(async (db) => {
    const [row] = await db
      .select({ role: users.role, accountId: users.accountId })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
    if (!row) return null
    if (row.role !== 'SELLER' || row.accountId === null) fail(`${email} is a ${row.role}, not a SELLER.`)
    return row.accountId
  })
}

async function sellerId(): Promise<number> {
  const given = flags.get('seller')
  if (given !== undefined) {
    if (given === true || !/^\d{1,15}$/.test(given)) fail('--seller must be a numeric seller id', 2)
    return Number(given)
  }
  const found = await sellerIdFromDatabase()
  if (typeof found === 'number') return found
  if (found === null) fail(`No user with the e-mail ${email}; pass --seller to sign a link anyway.`)
  const demo = demoUsers.find((u) => u.email === email)
  if (!demo) {
    fail(
      `The database is not readable now (not created yet, or held by a running server) and ${email} is not a demo user. ` +
        'Pass --seller <sellerId>.',
    )
  }
  if (demo.role !== 'SELLER' || demo.accountId === null) fail(`${email} is a ${demo.role}, not a SELLER.`)
  return demo.accountId
}

const query = externalLoginQuery({ secret, sellerId: await sellerId(), email })
const url = new URL(`/ads/auth/v1/external/login?${query}`, baseUrl)
console.log(url.toString())
console.error(`(valid for ${EXTERNAL_LOGIN_MAX_SKEW_SECONDS / 60} minutes, once)`)
