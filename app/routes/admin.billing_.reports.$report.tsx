// A billing report (issue 13): CreditLimit.csv, PromoCredits.csv or the overall credit summary, passed
// through from the payment service with its name; an unknown report is 404. Decision 047.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { billingReportLoader } from '../models/billing.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => billingReportLoader(args, ROUTES.adminBillingReport)
