// /admin/onboarding (spec accounts §2 "Onboarding form"; SUPERADMIN any role, OPS all but Super Admin).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { OnboardingPage } from '../components/accounts/OnboardingForm'
import { requireUser } from '../guard.server'
import { loadOnboarding, onboard } from '../models/onboarding.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminOnboarding)
  return loadOnboarding(request, context, user)
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminOnboarding)
  return onboard(request, context, user)
}

export default function Onboarding() {
  const { role, roles, lookup } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <OnboardingPage role={role} roles={roles} lookup={lookup} answer={answer} />
}

export const meta: MetaFunction = () => [{ title: 'Onboarding · Ad Console' }]
