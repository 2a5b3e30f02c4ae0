// Reads the server's output. Its JSON log lines (platform/log.ts) on stdout: the per-request durations
// that server/app.ts logs ("request" lines, `ms` from the first middleware to the response's finish)
// and the background jobs' runs ("job done" lines). On stderr: errors, kept to be counted and shown.
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'

export type RequestLine = { path: string; status: number; ms: number }
export type JobLine = { job: string; ms: number }

export class ServerLog {
  private requests: RequestLine[] = []
  private errors: string[] = []
  readonly jobs: JobLine[] = []
  /** The start's ANALYZE (its "planner statistics refreshed" line), ms. */
  analyzeMs: number | null = null

  constructor(stdout: Readable, stderr: Readable) {
    // Stack frames ("    at …") are left out: the first line of each error says enough here.
    createInterface({ input: stderr }).on('line', (line) => {
      if (line.trim() && !/^\s+at /.test(line)) this.errors.push(line)
    })
    createInterface({ input: stdout }).on('line', (line) => {
      if (!line.startsWith('{')) return
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line)
      } catch {
        return
      }
      if (entry.msg === 'request') {
        this.requests.push({ path: String(entry.path), status: Number(entry.status), ms: Number(entry.ms) })
      } else if (entry.msg === 'planner statistics refreshed') {
        this.analyzeMs = Number(entry.ms)
      } else if (entry.msg === 'job done') {
        this.jobs.push({ job: String(entry.job), ms: Number(entry.ms) })
      }
    })
  }

  /** The requests logged and the error lines written since the last call. */
  take(): { requests: RequestLine[]; errors: string[] } {
    const taken = { requests: this.requests, errors: this.errors }
    this.requests = []
    this.errors = []
    return taken
  }
}

/** The p-th percentile (0..100) of the values, nearest rank; NaN without values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}
