import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.delink)
  return null
}

export default function DelinkRequestPage() {
  return <PendingPage title="Delink Request" />
}

export const meta: MetaFunction = () => [{ title: 'Delink Request · Ad Console' }]
