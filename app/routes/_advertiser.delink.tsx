import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'

const ROLES = ['AGENCY', 'BRAND'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: ROLES, needsSeller: false })
  return null
}

export default function DelinkRequestPage() {
  return <PendingPage title="Delink Request" />
}

export const meta: MetaFunction = () => [{ title: 'Delink Request · Ad Console' }]
