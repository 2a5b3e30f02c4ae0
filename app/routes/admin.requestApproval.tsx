import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminRequestApproval)
  return null
}

export default function DeLinkApprovalPage() {
  return <PendingPage title="De-Link Approval" />
}

export const meta: MetaFunction = () => [{ title: 'De-Link Approval · Ad Console' }]
