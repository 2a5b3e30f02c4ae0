import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADMIN_ROLES } from '../../platform/rules/roles'
import { CampaignsPage } from '../components/CampaignsPage'
import { requireUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES })
  return { sellerId: user.sellerId as number }
}

export default function AdminCampaigns() {
  const { sellerId } = useLoaderData<typeof loader>()
  return <CampaignsPage sellerId={sellerId} />
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Ad Console' }]
