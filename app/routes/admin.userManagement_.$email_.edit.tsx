// /admin/userManagement/:email/edit — the onboarding form in edit mode (spec accounts §2: titled User
// Management; §6: OPS sees it for a rejected agency). A page of its own, not nested in the detail page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AgencyEditPage } from '../components/accounts/OnboardingForm'
import { requireUser } from '../guard.server'
import { loadAgencyEdit, resubmitAgency } from '../models/onboarding.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserEdit)
  return loadAgencyEdit(request, context, user, params.email ?? '')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserEdit)
  return resubmitAgency(request, context, user, params.email ?? '')
}

export default function AgencyEdit() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <AgencyEditPage {...data} answer={answer} />
}

export const meta: MetaFunction = () => [{ title: 'User Management · Ad Console' }]
