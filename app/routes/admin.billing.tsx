// Billing (/admin/billing, SUPERADMIN; spec accounts §2, §7, §8): credit limits, payments and promo credits
// uploads, and the three reports. The work is in models/billing.server.ts; decision 047.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { BillingPage } from '../components/billing/BillingPage'
import { billingAction, billingLoader } from '../models/billing.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => billingLoader(args, ROUTES.adminBilling)
export const action = (args: ActionFunctionArgs) => billingAction(args, ROUTES.adminBilling)

export default function Billing() {
  const data = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>() ?? null
  return <BillingPage {...data} refused={refused} />
}

export const meta: MetaFunction = () => [{ title: 'Billing · Ad Console' }]
