// The campaign list (/campaigns); the page and its logic are shared by both route trees.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADVERTISER_ROLES } from '../../platform/rules/roles'
import { CampaignsPage } from '../components/campaigns/CampaignsPage'
import { listAction, listLoader } from '../models/campaign-page.server'

export const loader = (args: LoaderFunctionArgs) => listLoader(args, { roles: ADVERTISER_ROLES })
export const action = (args: ActionFunctionArgs) => listAction(args, { roles: ADVERTISER_ROLES })
export { shouldRevalidate } from '../components/campaigns/revalidate'

export default function Campaigns() {
  return <CampaignsPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Campaigns · Ad Console' }]
