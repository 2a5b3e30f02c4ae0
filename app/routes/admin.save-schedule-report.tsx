import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ADMIN_ROLES } from '../../platform/rules/roles'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: ADMIN_ROLES })
  return null
}

export default function SaveandScheduleReportPage() {
  return <PendingPage title="Save and Schedule Report" />
}

export const meta: MetaFunction = () => [{ title: 'Save and Schedule Report · Ad Console' }]
