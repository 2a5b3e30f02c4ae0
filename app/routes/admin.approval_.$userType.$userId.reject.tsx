// Reject a pending registration: the confirmation dialog over the detail (the comments typed there come
// with the post and stay editable; empty ones get 'Comments are required'), then the rejection itself.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RejectDialog } from '../components/accounts/ApprovalDialogs'
import { rejectAction, rejectLoader } from '../models/approvals.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => rejectLoader(args, ROUTES.adminApprovalReject)
export const action = (args: ActionFunctionArgs) => rejectAction(args, ROUTES.adminApprovalReject)

export default function RejectRoute() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  return <RejectDialog data={acted ?? loaded} lastResult={acted?.lastResult ?? null} />
}
