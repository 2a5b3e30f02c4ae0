import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminDefaultReports)
  return null
}

export default function DefaultReportsPage() {
  return <PendingPage title="Default Reports" />
}

export const meta: MetaFunction = () => [{ title: 'Default Reports · Ad Console' }]
