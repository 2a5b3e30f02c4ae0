// Default reports (spec accounts §2 "Default reports (admin)"): duration, type, Download Report; the
// OTP dialog nests here (/admin/default-reports/download).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DefaultReportsPage } from '../components/reports/DefaultReportsPage'
import { defaultReportsAction, defaultReportsLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => defaultReportsLoader(args, ROUTES.adminDefaultReports)
export const action = (args: ActionFunctionArgs) => defaultReportsAction(args, ROUTES.adminDefaultReports)

export default function DefaultReports() {
  const loaded = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  return <DefaultReportsPage data={refused ? { ...loaded, ...refused } : loaded} />
}

export const meta: MetaFunction = () => [{ title: 'Default Reports · Ad Console' }]
