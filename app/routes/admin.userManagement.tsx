// The user list (spec accounts §2 "User management list"): SUPERADMIN and OPS. Decision 034.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { UserListPage } from '../components/accounts/UserListPage'
import { requireUser } from '../guard.server'
import { loadUserList } from '../models/users.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserManagement)
  return loadUserList(request, context, user)
}

export default function UserManagementPage() {
  return <UserListPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'User Management · Ad Console' }]
