// Delete a campaign: the confirmation dialog over the list, and the delete itself.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADVERTISER_ROLES } from '../../platform/rules/roles'
import { DeleteDialog } from '../components/campaigns/Dialogs'
import { deleteAction, deleteLoader } from '../models/campaign-page.server'

export const loader = (args: LoaderFunctionArgs) => deleteLoader(args, { roles: ADVERTISER_ROLES })
export const action = (args: ActionFunctionArgs) => deleteAction(args, { roles: ADVERTISER_ROLES })

export default function DeleteCampaignDialog() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return <DeleteDialog data={failed ?? loaded} />
}
