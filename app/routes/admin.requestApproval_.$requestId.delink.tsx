// The super admin's delink confirmation over a de-link request, and the decision itself.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DelinkDecisionDialog } from '../components/accounts/DelinkApproval'
import { delinkDecisionAction, delinkDecisionLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) =>
  delinkDecisionLoader(args, 'APPROVED', ROUTES.adminDelinkApprove)
export const action = (args: ActionFunctionArgs) =>
  delinkDecisionAction(args, 'APPROVED', ROUTES.adminDelinkApprove)

export default function DelinkDecisionRoute() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return <DelinkDecisionDialog data={failed ?? loaded} />
}
