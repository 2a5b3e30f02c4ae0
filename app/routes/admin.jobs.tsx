// /admin/jobs (beyond the spec; decision 058): failed background jobs for SUPERADMIN and OPS; Retry posts
// here (SUPERADMIN). The work is in app/models/jobs.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { JobsPage } from '../components/jobs/JobsPage'
import { jobsAction, jobsLoader } from '../models/jobs.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => jobsLoader(args, ROUTES.adminJobs)
export const action = (args: ActionFunctionArgs) => jobsAction(args, ROUTES.adminJobs)

export default function AdminJobs() {
  const posted = useActionData<typeof action>()
  return <JobsPage data={useLoaderData<typeof loader>()} actionError={posted?.error ?? null} />
}

export const meta: MetaFunction = () => [{ title: 'Background jobs · Ad Console' }]
