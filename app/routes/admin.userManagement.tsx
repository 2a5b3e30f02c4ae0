import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminUserManagement)
  return null
}

export default function UserManagementPage() {
  return <PendingPage title="User Management" />
}

export const meta: MetaFunction = () => [{ title: 'User Management · Ad Console' }]
