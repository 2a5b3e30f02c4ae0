// Reads the server's output. Its JSON log lines (platform/log.ts) on stdout: the per-request durations
// that server/app.ts logs ("request" lines, `ms` from the first middleware to the response's finish)
// and the background jobs' runs ("job done" lines). On stderr: errors, kept to be counted and shown.
//
// The output goes to files, read when asked, not through pipes: on Linux a process's writes to a pipe
// are synchronous, so a server logging a line per request waited whenever the bench's own event loop
// (which also drives the load) had not yet read the pipe (decision 065).
import { closeSync, mkdirSync, openSync, readSync } from 'node:fs'
import path from 'node:path'

export type RequestLine = { path: string; status: number; ms: number }
export type JobLine = { job: string; ms: number }

/** A file being appended to by another process, read line by line from where the last read ended. */
class FollowedFile {
  private offset = 0
  private partial = ''
  private readonly buffer = Buffer.alloc(1 << 20)

  constructor(private readonly file: string) {}

  /** The whole lines written since the last call. */
  lines(): string[] {
    const fd = openSync(this.file, 'r')
    try {
      let text = this.partial
      for (;;) {
        const read = readSync(fd, this.buffer, 0, this.buffer.length, this.offset)
        if (read === 0) break
        this.offset += read
        text += this.buffer.toString('utf8', 0, read)
      }
      const lines = text.split('\n')
      this.partial = lines.pop() ?? ''
      return lines
    } finally {
      closeSync(fd)
    }
  }
}

export class ServerLog {
  private requests: RequestLine[] = []
  private errors: string[] = []
  private readonly jobLines: JobLine[] = []
  private analyze: number | null = null
  private windows: { rebuilt: boolean; ms: number } | null = null
  private readonly stdout: FollowedFile
  private readonly stderr: FollowedFile

  /** `files`: where the server's stdout and stderr are written (opened for it with `outputFiles`). */
  constructor(files: { stdout: string; stderr: string }) {
    this.stdout = new FollowedFile(files.stdout)
    this.stderr = new FollowedFile(files.stderr)
  }

  private read() {
    // Stack frames ("    at …") are left out: the first line of each error says enough here.
    for (const line of this.stderr.lines()) {
      if (line.trim() && !/^\s+at /.test(line)) this.errors.push(line)
    }
    for (const line of this.stdout.lines()) {
      if (!line.startsWith('{')) continue
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      if (entry.msg === 'request') {
        this.requests.push({ path: String(entry.path), status: Number(entry.status), ms: Number(entry.ms) })
      } else if (
        entry.msg === 'campaign date ranges summed' ||
        entry.msg === 'campaign date ranges current'
      ) {
        this.windows = { rebuilt: entry.msg === 'campaign date ranges summed', ms: Number(entry.ms) }
      } else if (entry.msg === 'planner statistics refreshed') {
        this.analyze = Number(entry.ms)
      } else if (entry.msg === 'job done') {
        this.jobLines.push({ job: String(entry.job), ms: Number(entry.ms) })
      }
    }
  }

  /** The start's ANALYZE (its "planner statistics refreshed" line), ms. */
  get analyzeMs(): number | null {
    this.read()
    return this.analyze
  }

  /**
   * The start's check of the list's kept sums for today (server/main.ts, in the background once the
   * server answers): rebuilt (and in how long) or already current; null until it has ended.
   */
  get daySums(): { rebuilt: boolean; ms: number } | null {
    this.read()
    return this.windows
  }

  /** The background jobs' runs so far. */
  get jobs(): readonly JobLine[] {
    this.read()
    return this.jobLines
  }

  /** The requests logged and the error lines written since the last call. */
  take(): { requests: RequestLine[]; errors: string[] } {
    this.read()
    const taken = { requests: this.requests, errors: this.errors }
    this.requests = []
    this.errors = []
    return taken
  }
}

/** Files for a child process's stdout and stderr (`stdio: ['ignore', fds.stdout, fds.stderr]`). */
export function outputFiles(prefix: string) {
  mkdirSync(path.dirname(prefix), { recursive: true })
  const files = { stdout: `${prefix}.stdout.log`, stderr: `${prefix}.stderr.log` }
  const fds = { stdout: openSync(files.stdout, 'w'), stderr: openSync(files.stderr, 'w') }
  return {
    files,
    fds,
    /** The parent's copies of the descriptors, closed once the child has them. */
    close: () => {
      closeSync(fds.stdout)
      closeSync(fds.stderr)
    },
  }
}

/** The p-th percentile (0..100) of the values, nearest rank; NaN without values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}
