// Failed background jobs (beyond the spec; decision 058): GET /v1/jobs/failed for SUPERADMIN and OPS,
// POST /v1/jobs/failed/{id}/retry for SUPERADMIN, audited like the other admin actions.
import { Hono } from 'hono'
import { failedJobsPageSchema, failedJobsQuerySchema } from '../contracts/jobs'
import type { PlatformDeps } from '../deps'
import { audit } from '../audit'
import { notFound } from '../errors'
import { type Env, ok } from '../http'
import { findFailedJob, listFailedJobs, retryFailedJob } from '../jobs/failed'
import { ADMIN_ROLES } from '../rules/roles'
import { requireAuth } from './authorize'
import { actorOf } from './request'

export function jobRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  app.get('/v1/jobs/failed', requireAuth({ roles: ADMIN_ROLES }), async (c) => {
    const { page, size } = failedJobsQuerySchema.parse(c.req.query())
    const found = await listFailedJobs(deps.database, { page, size })
    return ok(c, failedJobsPageSchema.parse({ ...found, page, size }))
  })

  app.post('/v1/jobs/failed/:id/retry', requireAuth({ roles: ['SUPERADMIN'] }), async (c) => {
    const job = await findFailedJob(deps.database, c.req.param('id'))
    // Unknown, malformed, or no longer failed (retried meanwhile, or archived): nothing to retry.
    if (!job || !(await retryFailedJob(deps.database, job))) throw notFound('Failed job')
    const auth = c.get('auth')
    // pg-boss's retry is its own statement: the audit row follows it (a lost audit row is logged by the
    // central error handler; the job is queued either way).
    await audit(deps.database.db, {
      action: 'JOB_RETRIED',
      entityType: 'job',
      entityId: job.id,
      before: { name: job.name, state: 'failed', retryCount: job.retryCount, retryLimit: job.retryLimit },
      after: { name: job.name, state: 'retry', retryLimit: job.retryLimit + 1 },
      actor: actorOf(c, auth.user),
      requestId: c.get('requestId'),
      at: deps.now(),
    })
    return ok(c, { id: job.id, name: job.name, state: 'retry' as const }, 'Job queued for retry')
  })

  return app
}
