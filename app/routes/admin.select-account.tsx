import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SelectAccountPage } from '../components/SelectAccountPage'
import { requireUser } from '../guard.server'
import { selectAccount } from '../models/select-account.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminSelectAccount)
  return { current: user.sellerId }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminSelectAccount)
  return selectAccount(request, context, user)
}

export default function AdminSelectAccount() {
  const { current } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <SelectAccountPage current={current} lastResult={actionData?.lastResult} />
}

export const meta: MetaFunction = () => [{ title: 'Select account · Ad Console' }]
