// 'Are you sure you want to approve {agency}?' over the Link Approval list, and the decision itself.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LinkDecisionDialog } from '../components/accounts/LinkApproval'
import { linkDecisionAction, linkDecisionLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => linkDecisionLoader(args, 'APPROVED', ROUTES.linkApprove)
export const action = (args: ActionFunctionArgs) => linkDecisionAction(args, 'APPROVED', ROUTES.linkApprove)

export default function LinkDecisionRoute() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return <LinkDecisionDialog data={failed ?? loaded} />
}
