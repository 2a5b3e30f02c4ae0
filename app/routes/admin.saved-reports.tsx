import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ADMIN_ROLES } from '../../platform/rules/roles'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: ADMIN_ROLES })
  return null
}

export default function SavedReportsPage() {
  return <PendingPage title="Saved Reports" />
}

export const meta: MetaFunction = () => [{ title: 'Saved Reports · Ad Console' }]
