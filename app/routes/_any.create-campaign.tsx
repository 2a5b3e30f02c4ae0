import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.createCampaign)
  return null
}

export default function CreateCampaignPage() {
  return <PendingPage title="Create Campaign" />
}

export const meta: MetaFunction = () => [{ title: 'Create Campaign · Ad Console' }]
