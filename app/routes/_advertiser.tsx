// The plain tree: AGENCY, BRAND and SELLER. Same pages as /admin, another guard and prefix.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ADVERTISER_ROLES } from '../../platform/rules/roles'
import { Shell } from '../components/Shell'
import { requireUser, shellUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { roles: ADVERTISER_ROLES, needsSeller: false })
  return { user: shellUser(user) }
}

export default function AdvertiserLayout() {
  const { user } = useLoaderData<typeof loader>()
  return (
    <Shell user={user}>
      <Outlet />
    </Shell>
  )
}
