import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminBilling)
  return null
}

export default function BillingPage() {
  return <PendingPage title="Billing" />
}

export const meta: MetaFunction = () => [{ title: 'Billing · Ad Console' }]
