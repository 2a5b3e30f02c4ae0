// One user's detail (spec accounts §2 "User detail"): SUPERADMIN and OPS; its dialogs nest below.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { UserDetailPage } from '../components/accounts/UserDetailPage'
import { requireUser } from '../guard.server'
import { loadUserDetail } from '../models/users.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserDetail)
  return loadUserDetail(context, user, params.email ?? '')
}

export default function UserDetailRoute() {
  return <UserDetailPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'User details · Ad Console' }]
