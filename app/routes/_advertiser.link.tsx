import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.link)
  return null
}

export default function LinkRequestPage() {
  return <PendingPage title="Link Request" />
}

export const meta: MetaFunction = () => [{ title: 'Link Request · Ad Console' }]
