// Link Approval (BRAND): the agencies asking to link to this brand, Link or Reject (spec accounts §2).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { LinkApprovalPage } from '../components/accounts/LinkApproval'
import { linkApprovalLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => linkApprovalLoader(args, ROUTES.requestApproval)

export default function LinkApprovalRoute() {
  return <LinkApprovalPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Link Approval · Ad Console' }]
