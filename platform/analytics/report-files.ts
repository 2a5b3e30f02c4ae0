// The CSV file of one report run (issue 12, decision 040): <dataDir>/reports/<entityId>/<runId>.csv,
// written from the report engine's streamed rows (reportCsvRows: header first) in batches, each cell
// through reportCsvLines (platform/csv.ts's bytes and formula neutralising, faster). Written to a temporary file first and
// renamed into place, so a reader never sees half a file and a failed run leaves nothing behind; what a
// killed process left is removed by the recovery of decision 059 (platform/jobs/report-recovery.ts).
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Database } from '../db/client'
import { toCsv } from '../csv'
import { reportCsvLines } from './report-csv'
import { type ResolvedReport, reportCsvRows } from './report-engine'

const REPORTS_DIR = 'reports'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Rows formatted and written at a time. */
const WRITE_BATCH = 1_000

/** The run's file, relative to dataDir (what report_runs.file_path holds). */
export function reportFilePath(entityId: string, runId: number): string {
  if (!UUID.test(entityId) || !Number.isSafeInteger(runId) || runId <= 0)
    throw new Error('report file path of an invalid entity or run id')
  return path.join(REPORTS_DIR, entityId.toLowerCase(), `${runId}.csv`)
}

/**
 * The absolute path of a stored relative path, or null when it points outside <dataDir>/reports (a
 * tampered row never reads another file).
 */
export function storedReportFile(dataDir: string, relative: string): string | null {
  const root = path.resolve(dataDir, REPORTS_DIR)
  const file = path.resolve(dataDir, relative)
  return file.startsWith(`${root}${path.sep}`) ? file : null
}

/** Whether the stored file is there (a run is only usable with its file). */
export async function reportFileExists(dataDir: string, relative: string | null): Promise<boolean> {
  const file = relative ? storedReportFile(dataDir, relative) : null
  if (!file) return false
  try {
    return (await stat(file)).isFile()
  } catch {
    return false
  }
}

/**
 * Writes the report's CSV for a run and returns where (relative to dataDir) and how many data rows.
 * Streams: at most WRITE_BATCH rows are held in memory, and the file stream's back-pressure is honoured.
 */
export async function writeReportCsv(
  deps: { dataDir: string },
  db: Database,
  report: ResolvedReport,
  run: { entityId: string; runId: number },
  /** At each batch the report engine fetched (its progress point): see reportCsvRows' onBatch. */
  onProgress?: (tx: Database) => Promise<void>,
): Promise<{ filePath: string; rows: number }> {
  const relative = reportFilePath(run.entityId, run.runId)
  const final = path.resolve(deps.dataDir, relative)
  await mkdir(path.dirname(final), { recursive: true })
  const temporary = `${final}.${randomBytes(6).toString('hex')}.tmp`
  const out = createWriteStream(temporary, { encoding: 'utf8' })
  const write = async (text: string) => {
    if (text && !out.write(text)) await once(out, 'drain')
  }
  let rows = 0
  try {
    let header = true
    let batch: (string | number | null)[][] = []
    for await (const row of reportCsvRows(db, report, { onBatch: onProgress })) {
      if (header) {
        header = false
        // The header line alone (toCsv ends it with CRLF when there are no rows).
        await write(
          toCsv(
            row.map((cell) => String(cell ?? '')),
            [],
          ),
        )
        continue
      }
      batch.push(row)
      rows += 1
      if (batch.length >= WRITE_BATCH) {
        await write(reportCsvLines(batch))
        batch = []
      }
    }
    await write(reportCsvLines(batch))
    out.end()
    await once(out, 'finish')
    await rename(temporary, final)
  } catch (error) {
    out.destroy()
    await rm(temporary, { force: true })
    throw error
  }
  return { filePath: relative, rows }
}

/** A writer's temporary file: `<runId>.csv.<12 hex>.tmp` beside the run's file. */
const TEMPORARY = /^(\d+)\.csv\.[0-9a-f]{12}\.tmp$/

/**
 * Removes what a try of a run that did not finish may have left (decision 059): its temporary files
 * (killed mid-write) and its final file (killed between the rename and marking the run DONE: whole,
 * but no DONE run names it). Only for a run no live writer holds. Returns how many files went.
 */
export async function removeRunFiles(dataDir: string, run: { entityId: string; runId: number }) {
  const final = path.resolve(dataDir, reportFilePath(run.entityId, run.runId))
  const names = await readdir(path.dirname(final)).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    const match = TEMPORARY.exec(name)
    if (name !== path.basename(final) && !(match && Number(match[1]) === run.runId)) continue
    await rm(path.join(path.dirname(final), name), { force: true })
    removed += 1
  }
  return removed
}

/**
 * Removes temporary report files left by writers that were killed (decision 059). `olderThan`: only
 * files not written to since then (several processes share the directory on PostgreSQL, and a live
 * writer's file changes with every batch); null: every one (PGlite at start: no other writer exists).
 * Returns how many went.
 */
export async function removeOrphanTemporaryFiles(dataDir: string, olderThan: Date | null): Promise<number> {
  const root = path.resolve(dataDir, REPORTS_DIR)
  const entities = await readdir(root, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const entity of entities) {
    if (!entity.isDirectory() || !UUID.test(entity.name)) continue
    const dir = path.join(root, entity.name)
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!TEMPORARY.test(name)) continue
      const file = path.join(dir, name)
      if (olderThan) {
        const modified = await stat(file).then(
          (s) => s.mtime,
          () => null,
        )
        if (!modified || modified >= olderThan) continue
      }
      await rm(file, { force: true })
      removed += 1
    }
  }
  return removed
}
