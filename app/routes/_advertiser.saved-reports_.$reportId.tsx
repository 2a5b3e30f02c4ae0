// One saved report: its definition and the report computed now, as a table with pages.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SavedReportView } from '../components/reports/SavedReportView'
import { reportViewLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => reportViewLoader(args, ROUTES.savedReportView)

export default function SavedReport() {
  return <SavedReportView data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.report ? `Report: ${data.report.name}` : 'Report'} · Ad Console` },
]
