// Approve a pending registration: the confirmation dialog over the detail, then the approval, which
// e-mails the user the terms link (spec accounts §2, §4: an approval sends an empty comment).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ApproveDialog } from '../components/accounts/ApprovalDialogs'
import { approveAction, approveLoader } from '../models/approvals.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => approveLoader(args, ROUTES.adminApprovalApprove)
export const action = (args: ActionFunctionArgs) => approveAction(args, ROUTES.adminApprovalApprove)

export default function ApproveRoute() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return <ApproveDialog data={failed ?? loaded} />
}
