// Analytics (spec accounts §2 "Analytics landing page"): SUPERADMIN and OPS, for the selected account. Docs/decisions/041.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnalyticsPage } from '../components/reports/AnalyticsPage'
import { requireUser } from '../guard.server'
import { loadAnalyticsPage } from '../models/analytics.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminAnalytics)
  return loadAnalyticsPage(request, context, user, { admin: true })
}

export default function AnalyticsRoute() {
  return <AnalyticsPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Analytics · Ad Console' }]
