// The Saved Reports table (spec accounts §2, §4 "Reports"); its dialogs (delete, download) nest here.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SavedReportsPage } from '../components/reports/SavedReportsPage'
import { savedReportsLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => savedReportsLoader(args, ROUTES.adminSavedReports)

export default function SavedReports() {
  return <SavedReportsPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Saved Reports · Ad Console' }]
