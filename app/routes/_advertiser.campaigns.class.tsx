// Create New Campaign → the campaign class dialog, over the list.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ADVERTISER_ROLES } from '../../platform/rules/roles'
import { ClassDialog } from '../components/campaigns/Dialogs'
import { classDialogLoader } from '../models/campaign-page.server'

export const loader = (args: LoaderFunctionArgs) => classDialogLoader(args, { roles: ADVERTISER_ROLES })

export default function CampaignClassDialog() {
  return <ClassDialog data={useLoaderData<typeof loader>()} />
}
