// GET /v1/jobs/failed and POST /v1/jobs/failed/{id}/retry (beyond the spec; decision 058): the background
// jobs that failed after their last retry, for SUPERADMIN and OPS; a retry by SUPERADMIN.
import { z } from 'zod/v4'
import { pagingQuerySchema } from './paging'

export const FAILED_JOB_PAGE_SIZES = [10, 20, 50] as const
export const FAILED_JOB_DEFAULT_SIZE = 10
/** The longest error message the list shows (longer ones end with '…'). */
export const JOB_ERROR_MAX = 300

/** pg-boss job ids are UUIDs; anything else is no job (404). */
export const JOB_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const failedJobSchema = z.object({
  id: z.string().regex(JOB_ID_PATTERN),
  /** The queue: which job it was (e.g. 'report-generation'). */
  name: z.string().max(200),
  /** ISO 8601, UTC: when its last try failed. */
  failedAt: z.iso.datetime(),
  /** ISO 8601, UTC: when it was queued. */
  createdAt: z.iso.datetime(),
  /** Retries it had, and how many its queue allows (a manual retry allows one more). */
  retryCount: z.number().int().min(0),
  retryLimit: z.number().int().min(0),
  /** The error, sanitized: one line, no stack, no SQL, no file paths, at most JOB_ERROR_MAX characters. */
  error: z.string().max(JOB_ERROR_MAX + 1),
})
export type FailedJob = z.infer<typeof failedJobSchema>

/** The query: a bad page or size is a 400, as the other list calls answer. */
export const failedJobsQuerySchema = pagingQuerySchema(FAILED_JOB_PAGE_SIZES, FAILED_JOB_DEFAULT_SIZE)

export const failedJobsPageSchema = z.object({
  jobs: z.array(failedJobSchema),
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
})
export type FailedJobsPage = z.infer<typeof failedJobsPageSchema>

export const jobRetrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'retry': queued again, a worker picks it up at its next poll. */
  state: z.literal('retry'),
})
