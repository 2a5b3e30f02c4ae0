// The /admin tree: SUPERADMIN and OPS. Renders the shell; each child route guards itself too.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { Shell, ShellErrorBoundary } from '../components/Shell'
import { requireUser, shellUser } from '../guard.server'
import { TREES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, TREES.admin)
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

/** An error or a 404 below this layout keeps the header and the menu (decision 015). */
export function ErrorBoundary() {
  return <ShellErrorBoundary layout="routes/admin" />
}
