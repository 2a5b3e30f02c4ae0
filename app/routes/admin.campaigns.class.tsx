// Create New Campaign → the campaign class dialog, over the list.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ClassDialog } from '../components/campaigns/Dialogs'
import { classDialogLoader } from '../models/campaign-page.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => classDialogLoader(args, ROUTES.adminCampaignClass)

export default function CampaignClassDialog() {
  return <ClassDialog data={useLoaderData<typeof loader>()} />
}
