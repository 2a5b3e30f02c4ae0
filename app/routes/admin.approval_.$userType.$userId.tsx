// One registration (/admin/approval/:userType/:userId, SUPERADMIN): profile, agency documents, comments
// on rejection, and the Reject / 'Approve & Send TnC' dialogs as child routes. Decision 035.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ApprovalDetailPage } from '../components/accounts/ApprovalDetail'
import { approvalDetailLoader } from '../models/approvals.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => approvalDetailLoader(args, ROUTES.adminApprovalDetail)

export default function ApprovalDetailRoute() {
  return <ApprovalDetailPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Approval details · Ad Console' }]
