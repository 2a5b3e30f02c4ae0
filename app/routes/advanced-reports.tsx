// /advanced-reports: sets advanced mode and goes to save-schedule-report under the role's prefix.
import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { routePrefix } from '../../platform/rules/roles'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.advancedReports)
  return redirect(`${routePrefix(user.role)}/save-schedule-report?advancedReport=true`)
}
