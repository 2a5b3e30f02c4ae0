// Delete a campaign: the confirmation dialog over the list, and the delete itself.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DeleteDialog } from '../components/campaigns/Dialogs'
import { deleteAction, deleteLoader } from '../models/campaign-page.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => deleteLoader(args, ROUTES.campaignDelete)
export const action = (args: ActionFunctionArgs) => deleteAction(args, ROUTES.campaignDelete)

export default function DeleteCampaignDialog() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return <DeleteDialog data={failed ?? loaded} />
}
