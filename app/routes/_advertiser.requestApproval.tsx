import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.requestApproval)
  return null
}

export default function LinkApprovalPage() {
  return <PendingPage title="Link Approval" />
}

export const meta: MetaFunction = () => [{ title: 'Link Approval · Ad Console' }]
