// Delink Request (AGENCY, BRAND): ask the super admin to end a link (spec accounts §2, §5).
import type { SubmissionResult } from '@conform-to/react'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DelinkRequestPage } from '../components/accounts/DelinkRequestPage'
import { delinkPageAction, delinkPageLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => delinkPageLoader(args, ROUTES.delink)
export const action = (args: ActionFunctionArgs) => delinkPageAction(args, ROUTES.delink)

export default function DelinkRequestRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <DelinkRequestPage
      prefill={data.prefill as SubmissionResult<string[]>}
      lastResult={actionData?.lastResult}
      actionError={actionData?.error}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Delink Request · Ad Console' }]
