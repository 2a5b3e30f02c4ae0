// The approval list (/admin/approval, SUPERADMIN): registrations by user type and status; PENDING rows
// open the detail. Decision 035.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ApprovalList } from '../components/accounts/ApprovalList'
import { approvalListLoader } from '../models/approvals.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => approvalListLoader(args, ROUTES.adminApproval)

export default function ApprovalPage() {
  return <ApprovalList data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Approval · Ad Console' }]
