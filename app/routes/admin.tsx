// The /admin tree: SUPERADMIN and OPS. Renders the shell; each child route guards itself too.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ADMIN_ROLES } from '../../platform/rules/roles'
import { Shell } from '../components/Shell'
import { requireUser, shellUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES, needsSeller: false })
  return { user: shellUser(user) }
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <Shell user={user}>
      <Outlet />
    </Shell>
  )
}
