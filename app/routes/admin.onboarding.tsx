import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ADMIN_ROLES } from '../../platform/rules/roles'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { roles: ADMIN_ROLES, needsSeller: false })
  return null
}

export default function OnboardingPage() {
  return <PendingPage title="Onboarding" />
}

export const meta: MetaFunction = () => [{ title: 'Onboarding · Ad Console' }]
