// Pages open to every signed-in role (e.g. /create-campaign): the shell with the user's own menu.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { Shell } from '../components/Shell'
import { requireUser, shellUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { needsSeller: false })
  return { user: shellUser(user) }
}

export default function AnyRoleLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <Shell user={user}>
      <Outlet />
    </Shell>
  )
}
