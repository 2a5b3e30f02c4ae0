// The campaign list (/admin/campaigns); the page and its logic are shared by both route trees.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CampaignsPage } from '../components/campaigns/CampaignsPage'
import { listAction, listLoader } from '../models/campaign-page.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => listLoader(args, ROUTES.adminCampaigns)
export const action = (args: ActionFunctionArgs) => listAction(args, ROUTES.adminCampaigns)
export { shouldRevalidate } from '../components/campaigns/revalidate'

export default function Campaigns() {
  return <CampaignsPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Ad Console' }]
