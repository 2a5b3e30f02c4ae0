// One de-link request (SUPERADMIN): the detail view with the De-link button (spec accounts §2).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DelinkDetail } from '../components/accounts/DelinkApproval'
import { delinkDetailLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => delinkDetailLoader(args, ROUTES.adminDelinkDetail)

export default function DelinkDetailRoute() {
  return <DelinkDetail row={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'De-link request · Ad Console' }]
