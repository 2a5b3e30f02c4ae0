import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminAnalytics)
  return null
}

export default function AnalyticsPage() {
  return <PendingPage title="Analytics" />
}

export const meta: MetaFunction = () => [{ title: 'Analytics · Ad Console' }]
