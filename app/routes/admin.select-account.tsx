import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SelectAccountPage } from '../components/SelectAccountPage'
import { requireUser } from '../guard.server'
import { loadAccountPicker, selectAccount } from '../models/select-account.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminSelectAccount)
  return loadAccountPicker(request, context, user)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminSelectAccount)
  return selectAccount(request, context, user)
}

export default function AdminSelectAccount() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <SelectAccountPage data={data} agency={false} lastResult={actionData?.lastResult} />
}

export const meta: MetaFunction = () => [{ title: 'Select account · Ad Console' }]
