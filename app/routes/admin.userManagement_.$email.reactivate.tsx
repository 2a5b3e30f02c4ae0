// The user detail's 'reactivate' dialog (spec accounts §2, §4, §5): SUPERADMIN only, a required reason.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UserDialog } from '../components/accounts/UserDialogs'
import { requireUser } from '../guard.server'
import { dialogAction, loadDialog } from '../models/users.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserReactivate)
  return loadDialog(context, user, params.email ?? '', 'reactivate')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserReactivate)
  return dialogAction(request, context, user, params.email ?? '', 'reactivate')
}

export default function ReactivateDialog() {
  const data = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return <UserDialog data={data} lastResult={result?.lastResult} />
}
