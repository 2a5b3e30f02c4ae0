import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminSaveScheduleReport)
  return null
}

export default function SaveandScheduleReportPage() {
  return <PendingPage title="Save and Schedule Report" />
}

export const meta: MetaFunction = () => [{ title: 'Save and Schedule Report · Ad Console' }]
