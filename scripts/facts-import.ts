// npm run facts:import -- file.csv
// Loads a file of performance rows (header: date,hour,campaign_id,ad_group_id,keyword,product_id,
// placement,impressions,clicks,spend,orders,units,sales) into the database the server uses (DATABASE_URL,
// else DATA_DIR) through the same ingest as POST /ads/adinventory/v1/facts: every row checked, all or
// nothing, re-sending a row replaces it. Prints the counts, or the refused rows and exits 1.
import { readFile, stat } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { FACT_BODY_MAX_BYTES } from '../platform/contracts/analytics'
import { FactsRefused, ingestFacts, parseFactsCsv } from '../platform/analytics/facts'
import type { Database } from '../platform/db/client'
import { openConfiguredDatabase } from '../platform/db/seed/cli'
import { DomainError } from '../platform/errors'

export type ImportIo = {
  /** The database to write to; opened from the environment when absent. */
  db?: Database
  now?: Date
  out?: (line: string) => void
  err?: (line: string) => void
}

const USAGE = 'Usage: npm run facts:import -- <file.csv>'

/** Runs the import; returns the exit code (0 done, 1 refused or unreadable, 2 usage). */
export async function main(args: string[], io: ImportIo = {}): Promise<number> {
  const out = io.out ?? ((line) => console.log(line))
  const err = io.err ?? ((line) => console.error(line))
  if (args.length !== 1 || args[0]!.startsWith('--')) {
    err(USAGE)
    return 2
  }
  const file = args[0]!
  let text: string
  try {
    const info = await stat(file)
    if (info.size > FACT_BODY_MAX_BYTES) {
      err(`${file} is larger than ${FACT_BODY_MAX_BYTES / 1024 / 1024} MB; split it into smaller files.`)
      return 1
    }
    text = await readFile(file, 'utf8')
  } catch (error) {
    err(`Cannot read ${file}: ${(error as Error).message}`)
    return 1
  }
  const handle = io.db ? null : await openConfiguredDatabase()
  const db = io.db ?? handle!.db
  try {
    const answer = await ingestFacts(db, parseFactsCsv(text), {
      now: io.now ?? new Date(),
      source: 'CLI',
      firstRow: 2,
    })
    out(
      `${answer.received} rows ingested from ${file}: ${answer.inserted} new, ${answer.updated} replaced; ` +
        `days ${answer.days.join(', ')}`,
    )
    return 0
  } catch (error) {
    if (error instanceof FactsRefused) {
      err(`${error.message} (${file}):`)
      for (const e of error.rowErrors) err(`  row ${e.row}${e.field ? `, ${e.field}` : ''}: ${e.message}`)
      if (error.errorCount > error.rowErrors.length)
        err(`  … and ${error.errorCount - error.rowErrors.length} more`)
      return 1
    }
    if (error instanceof DomainError) {
      err(`${error.message} (${file})`)
      return 1
    }
    throw error
  } finally {
    await handle?.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2))
}
