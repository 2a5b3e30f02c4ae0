// Link Request (AGENCY): ask a brand for a link, see the Linking History (spec accounts §2; decision 036).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LinkRequestPage } from '../components/accounts/LinkRequestPage'
import { linkPageAction, linkPageLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => linkPageLoader(args, ROUTES.link)
export const action = (args: ActionFunctionArgs) => linkPageAction(args, ROUTES.link)

export default function LinkRequestRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <LinkRequestPage data={data} lastResult={actionData?.lastResult} actionError={actionData?.error} />
}

export const meta: MetaFunction = () => [{ title: 'Link Request · Ad Console' }]
