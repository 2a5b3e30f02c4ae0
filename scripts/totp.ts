// npm run totp -- <email>
// Prints the current 6-digit authenticator code of a user, from the secret stored in the database.
// When the embedded database is held by a running server (or does not exist yet), demo users'
// codes still work: their secrets are derived from the e-mail (platform/db/seed/users.ts).
import { sql } from 'drizzle-orm'
import { currentTotp, TOTP_PERIOD_SECONDS } from '../platform/auth/totp'
import { users } from '../platform/db/schema'
import { demoUsers } from '../platform/db/seed'
import {
  databaseOptionsFromEnv,
  describeDatabase,
  fail,
  parseArgs,
  readDatabaseIfAvailable,
} from '../platform/db/seed/cli'

const { positional, flags } = parseArgs(process.argv.slice(2))
const email = positional[0]?.trim().toLowerCase()
if (!email || positional.length > 1 || flags.size > 0) fail('Usage: npm run totp -- <email>', 2)

type Found = { secret: string | null; registered: boolean; source: string }

async function fromDatabase(): Promise<Found | null | 'unavailable'> {
  return readDatabaseIfAvailable(async (db) => {
    const [row] = await db
      .select({ secret: users.totpSecret, registered: users.twoFactorRegistered })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
    return row ? { ...row, source: describeDatabase(databaseOptionsFromEnv()) } : null
  })
}

let found = await fromDatabase()
if (found === 'unavailable') {
  const demo = demoUsers.find((u) => u.email === email)
  if (!demo) {
    fail(
      `The database is not readable now (not created yet, or held by a running server) and ${email} is not a demo user. ` +
        'Stop the server and try again, or use DATABASE_URL.',
    )
  }
  found = {
    secret: demo.totpSecret,
    registered: demo.totpRegistered,
    source: 'the demo user list (database not readable now)',
  }
}
if (found === null) fail(`No user with the e-mail ${email} in ${describeDatabase(databaseOptionsFromEnv())}.`)
if (!found.secret) {
  fail(
    `${email} has not enrolled an authenticator yet: sign in with the password to see the QR code and enrol.`,
  )
}

const now = new Date()
const secondsLeft = TOTP_PERIOD_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_PERIOD_SECONDS)
console.log(currentTotp(found.secret, now))
console.error(
  `(${email}: valid for ${secondsLeft} more s; secret from ${found.source}${found.registered ? '' : '; enrolment not confirmed yet'})`,
)
