// npm run seed [-- --reset] [-- --force]
// Loads the demo data into an empty database (the one the server uses: DATABASE_URL, else DATA_DIR).
// --reset wipes the database first. Refused when NODE_ENV=production unless --force is given.
import { isDatabaseEmpty, resetDatabase, seedDemo } from '../platform/db/seed'
import {
  databaseOptionsFromEnv,
  describeDatabase,
  fail,
  openConfiguredDatabase,
  parseArgs,
} from '../platform/db/seed/cli'

const { flags, positional } = parseArgs(process.argv.slice(2))
const unknown = [...flags.keys()].filter((f) => f !== 'reset' && f !== 'force')
if (unknown.length > 0 || positional.length > 0) {
  fail('Usage: npm run seed [-- --reset] [--force]\n  --reset  wipe the database, then load the demo data', 2)
}
const reset = flags.has('reset')
if (process.env.NODE_ENV === 'production' && !flags.has('force')) {
  fail(
    'Refusing to load demo data with NODE_ENV=production: demo users have a published password and ' +
      'authenticator secrets. Create the first administrator with `npm run create-admin` instead. ' +
      '(Pass --force if you really mean it.)',
  )
}

const options = databaseOptionsFromEnv()
const handle = await openConfiguredDatabase()
try {
  if (reset) {
    console.log(`Resetting ${describeDatabase(options)}…`)
    await resetDatabase(handle)
  }
  if (await isDatabaseEmpty(handle.db)) {
    console.log(`Seeding ${describeDatabase(options)}…`)
    const summary = await seedDemo(handle.db, { log: (m) => console.log(`  ${m}`) })
    console.log(
      `\nDemo data loaded in ${(summary.durationMs / 1000).toFixed(1)} s (relative to ${summary.now}):`,
    )
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length))
    for (const [table, count] of Object.entries(summary.counts)) {
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-IN').padStart(8)}`)
    }
    console.log('\nSign in as any demo user (docs/demo-accounts.md); codes: npm run totp -- <email>')
  } else {
    console.log(
      `${describeDatabase(options)} already has data; nothing loaded. Use \`npm run seed -- --reset\` to wipe and reload.`,
    )
  }
} finally {
  await handle.close()
}
