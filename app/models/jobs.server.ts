// The Background jobs page (beyond the spec; decision 058): the jobs that failed after their retries, as
// the auth service lists them (SUPERADMIN and OPS), and the Retry post (SUPERADMIN): the platform queues
// the job again through pg-boss and audits it; this turns its answers into the page and a flash message.
import { type ActionFunctionArgs, type AppLoadContext, data, type LoaderFunctionArgs } from '@remix-run/node'
import { SOMETHING_WENT_WRONG } from '../../platform/contracts/envelope'
import {
  FAILED_JOB_DEFAULT_SIZE,
  FAILED_JOB_PAGE_SIZES,
  failedJobsPageSchema,
  JOB_ID_PATTERN,
  jobRetrySchema,
} from '../../platform/contracts/jobs'
import { istDateTime } from '../../platform/rules/time'
import { redirectWithFlash } from '../flash.server'
import { type CurrentUser, failureMessage, type GuardOptions, requireUser } from '../guard.server'
import { ROUTES } from '../route-table'
import { defineList, parseListState } from './list-state'
import { createUpstreamClient, transportFor } from './upstream.server'

export const JOBS_LIST = defineList({
  filters: {},
  sortFields: [],
  pageSizes: FAILED_JOB_PAGE_SIZES,
  defaultPageSize: FAILED_JOB_DEFAULT_SIZE,
})

export type FailedJobRow = {
  id: string
  name: string
  /** IST, YYYY-MM-DD HH:mm:ss. */
  failedAt: string
  createdAt: string
  /** 'retries / allowed', e.g. '2 / 2'. */
  retries: string
  error: string
}

export type JobsData = {
  page: number
  size: number
  sizes: readonly number[]
  total: number
  totalPages: number
  jobs: FailedJobRow[]
  /** Only SUPERADMIN gets the Retry buttons (the platform refuses anyone else). */
  canRetry: boolean
  /** The platform's refusal in words (spec accounts §8), when the list could not be read. */
  error: string | null
}

function jobsApi(context: AppLoadContext, user: CurrentUser) {
  return createUpstreamClient(transportFor(context, 'auth'), {
    token: user.session.token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
}

export async function jobsLoader(
  { request, context }: LoaderFunctionArgs,
  entry: GuardOptions,
): Promise<JobsData> {
  const user = await requireUser(request, context, entry)
  const { page, size } = parseListState(JOBS_LIST, new URL(request.url).searchParams)
  const base = { page, size, sizes: FAILED_JOB_PAGE_SIZES, canRetry: user.role === 'SUPERADMIN' }
  const result = await jobsApi(context, user).get('/v1/jobs/failed', {
    query: { page, size },
    response: failedJobsPageSchema,
  })
  if (!result.ok) {
    return { ...base, total: 0, totalPages: 1, jobs: [], error: await failureMessage(result, user.role) }
  }
  const { total, jobs } = result.data
  return {
    ...base,
    total,
    totalPages: Math.max(1, Math.ceil(total / size)),
    jobs: jobs.map((job) => ({
      id: job.id,
      name: job.name,
      failedAt: istDateTime(new Date(job.failedAt)),
      createdAt: istDateTime(new Date(job.createdAt)),
      retries: `${job.retryCount} / ${job.retryLimit}`,
      error: job.error,
    })),
    error: null,
  }
}

/** The list page the post came from (its page and size), for the redirect after it. */
function listUrl(request: Request) {
  const { page, size } = parseListState(JOBS_LIST, new URL(request.url).searchParams)
  return page === 1 && size === FAILED_JOB_DEFAULT_SIZE
    ? ROUTES.adminJobs.path
    : `${ROUTES.adminJobs.path}?page=${page}&size=${size}`
}

export type JobsActionData = { error: string }

export async function jobsAction({ request, context }: ActionFunctionArgs, entry: GuardOptions) {
  const user = await requireUser(request, context, entry)
  // OPS reads the list; only a super admin changes anything (the platform refuses OPS too).
  if (user.role !== 'SUPERADMIN') throw new Response('Only a Super Admin can retry a job', { status: 403 })
  const form = await request.formData()
  if (form.get('intent') !== 'retry') {
    return data({ error: 'Unknown action' }, { status: 400 })
  }
  const id = form.get('id')
  if (typeof id !== 'string' || !JOB_ID_PATTERN.test(id)) {
    return data({ error: 'Job id is invalid' }, { status: 400 })
  }
  const result = await jobsApi(context, user).post(`/v1/jobs/failed/${id}/retry`, {
    response: jobRetrySchema,
  })
  if (result.ok) {
    return redirectWithFlash(request, listUrl(request), {
      kind: 'success',
      message: `The ${result.data.name} job was queued again; it runs within a few seconds.`,
    })
  }
  if (result.status === 404) {
    // Retried meanwhile (another tab, another admin) or archived: the list shown is out of date.
    return redirectWithFlash(request, listUrl(request), {
      kind: 'error',
      message: 'That job is no longer in the failed list.',
    })
  }
  const message = (await failureMessage(result, user.role)) || SOMETHING_WENT_WRONG
  return redirectWithFlash(request, listUrl(request), { kind: 'error', message })
}
