// De-Link Approval (SUPERADMIN): pending de-link requests; a row opens its detail (spec accounts §2).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DelinkApprovalPage } from '../components/accounts/DelinkApproval'
import { delinkApprovalLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => delinkApprovalLoader(args, ROUTES.adminRequestApproval)

export default function DelinkApprovalRoute() {
  return <DelinkApprovalPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'De-Link Approval · Ad Console' }]
