// npm run simulate -- [--days 7] [--from YYYY-MM-DD] [--seed N] [--force]
// Plays the delivery simulator (platform/analytics/simulator.ts) over the database the server uses:
// from --from (00:00 IST of that day; default the current hour) for --days days (default 1), one IST
// day at a time with the clock moved to the end of each day, writing hourly facts through the ingest
// and moving campaign states. Days after today are a fast-forward of the demo: the campaign states,
// credits and reports then show that future. Refused with NODE_ENV=production unless --force.
import { pathToFileURL } from 'node:url'
import { istHourStart, simulateDelivery } from '../platform/analytics/simulator'
import { FACT_LATE_DAYS } from '../platform/contracts/analytics'
import type { Database } from '../platform/db/client'
import { openConfiguredDatabase, parseArgs } from '../platform/db/seed/cli'
import { addDays, isCalendarDate, istDate, istStartOfDay } from '../platform/rules/time'

const USAGE = 'Usage: npm run simulate -- [--days N (1-31)] [--from YYYY-MM-DD] [--seed N] [--force]'
const DAY_MS = 86_400_000

export type SimulateIo = {
  db?: Database
  now?: Date
  out?: (line: string) => void
  err?: (line: string) => void
}

export async function main(argv: string[], io: SimulateIo = {}): Promise<number> {
  const out = io.out ?? ((line) => console.log(line))
  const err = io.err ?? ((line) => console.error(line))
  const { flags, positional } = parseArgs(argv)
  const unknown = [...flags.keys()].filter((f) => !['days', 'from', 'seed', 'force'].includes(f))
  const days = Number(flags.get('days') ?? 1)
  const from = flags.get('from')
  const seed = flags.has('seed') ? Number(flags.get('seed')) : undefined
  if (
    unknown.length > 0 ||
    positional.length > 0 ||
    !Number.isInteger(days) ||
    days < 1 ||
    days > 31 ||
    (from !== undefined && (typeof from !== 'string' || !isCalendarDate(from))) ||
    (seed !== undefined && !Number.isSafeInteger(seed))
  ) {
    err(USAGE)
    return 2
  }
  if (process.env.NODE_ENV === 'production' && !flags.has('force')) {
    err(
      'Refusing to simulate delivery with NODE_ENV=production: it writes made-up spend. (--force to insist)',
    )
    return 1
  }
  const now = io.now ?? new Date()
  const oldest = addDays(istDate(now), -FACT_LATE_DAYS)
  if (typeof from === 'string' && from < oldest) {
    err(`--from must be ${oldest} or later: the ingest takes rows up to ${FACT_LATE_DAYS} days late.`)
    return 1
  }
  const start = typeof from === 'string' ? istStartOfDay(from) : istHourStart(now)
  const end = new Date(start.getTime() + days * DAY_MS)
  const handle = io.db ? null : await openConfiguredDatabase()
  const db = io.db ?? handle!.db
  try {
    const summary = await simulateDelivery(db, { from: start, to: end, seed })
    out(
      `Simulated ${summary.hours} hours (${start.toISOString()} to ${end.toISOString()}): ` +
        `${summary.searches} searches, ${summary.productViews} product-page views, ` +
        `${summary.impressions} impressions, ${summary.clicks} clicks, ` +
        `spend ₹${(summary.spend / 100).toFixed(2)}, ${summary.rows} fact rows, ` +
        `${summary.transitions} campaign state changes.`,
    )
    if (end.getTime() > now.getTime())
      out('Days after now were simulated: the demo is fast-forwarded to them.')
    return 0
  } finally {
    await handle?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2))
}
