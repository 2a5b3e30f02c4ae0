// Failed background jobs (decision 058): the jobs pg-boss gave up on after their last retry, read from
// pg-boss's own job table, and a retry through pg-boss's retry API. The error a job stored is shown to
// staff only after sanitizeJobError: one line, no stack, no SQL, no file paths, capped.
import type { DatabaseHandle } from '../db/client'
import { type FailedJob, JOB_ERROR_MAX, JOB_ID_PATTERN } from '../contracts/jobs'
import { bossClient, JOB_SCHEMA } from './boss'

type Sql = Pick<DatabaseHandle, 'executeSql'>

const NO_MESSAGE = 'No error message'
/** A message that carries SQL text: a statement's verb followed by one of its clauses. */
const SQL_TEXT =
  /\b(select|insert|update|delete|with|create|alter|drop|truncate)\b[\s\S]*\b(from|into|set|table|where|values|returning|as)\b/i
/** Absolute file paths and file URLs (Unix or Windows), with an optional :line:column. */
const FILE_PATH = /(?:file:\/\/)?(?:[A-Za-z]:\\|\/)(?:[\w.@+-]+[\\/])+[\w.@+-]*(?::\d+)*/g

function messageOf(output: unknown): { message: string | null; sqlState: string | null } {
  if (typeof output === 'string') return { message: output, sqlState: null }
  if (!output || typeof output !== 'object') return { message: null, sqlState: null }
  const o = output as Record<string, unknown>
  // PostgreSQL and PGlite errors carry their SQLSTATE as `code` (five characters).
  const sqlState = typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code) ? o.code : null
  if (typeof o.message === 'string') return { message: o.message, sqlState }
  // pg-boss wraps a non-object failure as { value } (its timeout: { value: { message } }).
  if (o.value !== undefined) return { message: messageOf(o.value).message, sqlState }
  return { message: null, sqlState }
}

/**
 * The one line of a job's stored error that staff may read. A database error says only that it was one,
 * with its SQLSTATE: its text can quote SQL, table and column names, or the data that failed.
 */
export function sanitizeJobError(output: unknown): string {
  const { message, sqlState } = messageOf(output)
  if (sqlState) return `Database error (SQLSTATE ${sqlState})`
  const firstLine =
    (message ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line.length > 0 && !/^at\s/.test(line)) ?? ''
  if (!firstLine) return NO_MESSAGE
  if (SQL_TEXT.test(firstLine)) return 'Database error'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const clean = firstLine.replace(FILE_PATH, '[path]').replace(/[\u0000-\u001f\u007f]/g, ' ')
  return clean.length > JOB_ERROR_MAX ? `${clean.slice(0, JOB_ERROR_MAX)}…` : clean
}

/** pg-boss creates its schema on its first start: before that, there is no job at all. */
async function hasJobTable(database: Sql): Promise<boolean> {
  const { rows } = await database.executeSql(
    `select to_regclass('${JOB_SCHEMA}.job') is not null as present`,
    [],
  )
  return rows[0]?.present === true
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString()

/** Failed jobs, newest failure first. */
export async function listFailedJobs(
  database: Sql,
  { page, size }: { page: number; size: number },
): Promise<{ total: number; jobs: FailedJob[] }> {
  if (!(await hasJobTable(database))) return { total: 0, jobs: [] }
  const count = await database.executeSql(
    `select count(*)::int as total from ${JOB_SCHEMA}.job where state = 'failed'`,
    [],
  )
  const { rows } = await database.executeSql(
    `select id::text as id, name, retry_count, retry_limit, completed_on, created_on, output
       from ${JOB_SCHEMA}.job
      where state = 'failed'
      order by completed_on desc nulls last, id desc
      limit $1 offset $2`,
    [size, (page - 1) * size],
  )
  return {
    total: Number(count.rows[0]?.total ?? 0),
    jobs: rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      failedAt: iso(row.completed_on ?? row.created_on),
      createdAt: iso(row.created_on),
      retryCount: Number(row.retry_count),
      retryLimit: Number(row.retry_limit),
      error: sanitizeJobError(row.output),
    })),
  }
}

/** A failed job by id, or null (no such job, not failed, or not a job id at all). */
export async function findFailedJob(database: Sql, id: string) {
  if (!JOB_ID_PATTERN.test(id) || !(await hasJobTable(database))) return null
  const { rows } = await database.executeSql(
    `select id::text as id, name, retry_count, retry_limit from ${JOB_SCHEMA}.job where id = $1::uuid and state = 'failed'`,
    [id],
  )
  const row = rows[0]
  if (!row) return null
  return {
    id: String(row.id),
    name: String(row.name),
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
  }
}

/**
 * Queues a failed job again with pg-boss's retry (state 'retry', one more try allowed); a worker of its
 * queue picks it up at its next poll. False when it is no longer failed (retried meanwhile).
 */
export async function retryFailedJob(database: Sql, job: { id: string; name: string }): Promise<boolean> {
  const result = (await bossClient(database).retry(job.name, job.id)) as unknown as { affected?: number }
  return (result?.affected ?? 0) > 0
}
