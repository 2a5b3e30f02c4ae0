import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminOnboarding)
  return null
}

export default function OnboardingPage() {
  return <PendingPage title="Onboarding" />
}

export const meta: MetaFunction = () => [{ title: 'Onboarding · Ad Console' }]
