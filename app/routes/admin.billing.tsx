import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'

const ROLES = ['SUPERADMIN'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: ROLES, needsSeller: false })
  return null
}

export default function BillingPage() {
  return <PendingPage title="Billing" />
}

export const meta: MetaFunction = () => [{ title: 'Billing · Ad Console' }]
