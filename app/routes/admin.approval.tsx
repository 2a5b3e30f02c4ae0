import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminApproval)
  return null
}

export default function ApprovalPage() {
  return <PendingPage title="Approval" />
}

export const meta: MetaFunction = () => [{ title: 'Approval · Ad Console' }]
