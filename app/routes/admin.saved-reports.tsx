import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminSavedReports)
  return null
}

export default function SavedReportsPage() {
  return <PendingPage title="Saved Reports" />
}

export const meta: MetaFunction = () => [{ title: 'Saved Reports · Ad Console' }]
