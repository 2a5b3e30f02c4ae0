// /admin/outbox (issue 11, beyond the spec; decision 037): SUPERADMIN and OPS, only where the platform
// keeps mail in its outbox; elsewhere the platform's 404 makes this page a 404.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OutboxPage } from '../components/accounts/OutboxPage'
import { requireUser } from '../guard.server'
import { loadOutbox } from '../models/outbox.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminOutbox)
  return loadOutbox(request, context, user)
}

export default function AdminOutbox() {
  return <OutboxPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Outbox · Ad Console' }]
