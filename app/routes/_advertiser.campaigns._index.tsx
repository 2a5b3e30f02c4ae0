import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADVERTISER_ROLES } from '../../platform/rules/roles'
import { CampaignsPage } from '../components/CampaignsPage'
import { requireUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { roles: ADVERTISER_ROLES })
  return { sellerId: user.sellerId as number }
}

export default function Campaigns() {
  const { sellerId } = useLoaderData<typeof loader>()
  return <CampaignsPage sellerId={sellerId} />
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Ad Console' }]
