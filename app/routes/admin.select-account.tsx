import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ADMIN_ROLES } from '../../platform/rules/roles'
import { SelectAccountPage } from '../components/SelectAccountPage'
import { requireUser } from '../guard.server'
import { selectAccount } from '../models/select-account.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES, needsSeller: false })
  return { current: user.sellerId }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, { roles: ADMIN_ROLES, needsSeller: false })
  return selectAccount(request, context, user)
}

export default function AdminSelectAccount() {
  const { current } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <SelectAccountPage current={current} lastResult={actionData?.lastResult} />
}

export const meta: MetaFunction = () => [{ title: 'Select account · Ad Console' }]
