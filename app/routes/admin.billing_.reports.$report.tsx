// A billing report (issue 13): CreditLimit.csv, PromoCredits.csv or the overall credit summary, passed
// through from the payment service. Owner: billing console helper.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminBillingReport)
  throw new Response('Not found', { status: 404 })
}
