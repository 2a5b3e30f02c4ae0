// npm run create-admin -- --email admin@company.in --name "Asha Rao"
// Creates a SUPERADMIN (status APPROVED, no password yet) in any environment, production included:
// the way to get the first administrator into a fresh database. Password and authenticator are
// set by the person at first sign-in, so nothing secret is created or printed here.
import { sql } from 'drizzle-orm'
import { auditLog, settings, users } from '../platform/db/schema'
import {
  databaseOptionsFromEnv,
  describeDatabase,
  fail,
  openConfiguredDatabase,
  parseArgs,
} from '../platform/db/seed/cli'

const usage = 'Usage: npm run create-admin -- --email <email> --name "<full name>"'
const { flags, positional } = parseArgs(process.argv.slice(2))
const unknown = [...flags.keys()].filter((f) => f !== 'email' && f !== 'name')
if (unknown.length > 0 || positional.length > 0) fail(usage, 2)
const emailArg = flags.get('email')
const nameArg = flags.get('name')
if (typeof emailArg !== 'string' || typeof nameArg !== 'string') fail(usage, 2)
const email = emailArg.trim().toLowerCase()
const name = nameArg.trim().replace(/\s+/g, ' ')
if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) fail(`Email is invalid: ${emailArg}`, 2)
if (name === '') fail('Name cannot be empty', 2)

const handle = await openConfiguredDatabase()
try {
  const [existing] = await handle.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
  if (existing) {
    await handle.close()
    fail(
      `A user with the e-mail ${email} already exists (id ${existing.id}, ${existing.role}); nothing changed.`,
    )
  }

  const created = await handle.db.transaction(async (tx) => {
    const [tnc] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(sql`${settings.key} = 'tncVersion'`)
    const now = new Date()
    const [user] = await tx
      .insert(users)
      .values({
        name,
        email,
        role: 'SUPERADMIN',
        accountStatus: 'APPROVED',
        addedBy: 'create-admin',
        passwordHash: null,
        totpSecret: null,
        twoFactorRegistered: false,
        // Staff have no click-wrap page (spec: terms pages are for sellers, brands and agencies);
        // their terms are agreed with the employer, so the record says accepted.
        tncAcceptance: true,
        tncVersion: typeof tnc?.value === 'string' ? tnc.value : null,
        tncAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        accountStatus: users.accountStatus,
      })
    if (!user) throw new Error('The new user was not returned by the database')
    await tx.insert(auditLog).values({
      at: now,
      actorUserId: null,
      actorRole: null,
      action: 'USER_CREATED',
      entityType: 'user',
      entityId: String(user.id),
      before: null,
      after: { ...user, addedBy: 'create-admin' },
    })
    return user
  })

  console.log(
    [
      `Created ${created.role} ${created.name} <${created.email}> (user id ${created.id}, status ${created.accountStatus})`,
      `in ${describeDatabase(databaseOptionsFromEnv())}.`,
      '',
      'One-time set-up, at first sign-in:',
      `  1. No password is set yet. On the login page choose "Forgot Password", enter ${created.email} and a`,
      '     new password, and confirm with the one-time code e-mailed to that address (SMTP_URL must be set).',
      '  2. Sign in with that password; scan the QR code shown with an authenticator app and enter its',
      '     6-digit code to finish two-factor enrolment.',
    ].join('\n'),
  )
} finally {
  await handle.close()
}
