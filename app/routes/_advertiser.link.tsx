import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'

const ROLES = ['AGENCY'] as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: ROLES, needsSeller: false })
  return null
}

export default function LinkRequestPage() {
  return <PendingPage title="Link Request" />
}

export const meta: MetaFunction = () => [{ title: 'Link Request · Ad Console' }]
