// /advanced-reports: sets advanced mode and goes to save-schedule-report under the role's prefix.
import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { routePrefix } from '../../platform/rules/roles'
import { requireUser } from '../guard.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context)
  return redirect(`${routePrefix(user.role)}/save-schedule-report?advancedReport=true`)
}
