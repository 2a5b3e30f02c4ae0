// Delete a saved report: the confirmation over the list, and the delete itself (an agency's report is
// view-only for anyone else: the list offers no delete and this route sends them back).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DeleteReportDialog } from '../components/reports/DeleteReportDialog'
import { deleteReportAction, deleteReportLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => deleteReportLoader(args, ROUTES.adminSavedReportDelete)
export const action = (args: ActionFunctionArgs) => deleteReportAction(args, ROUTES.adminSavedReportDelete)

export default function DeleteSavedReport() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  return <DeleteReportDialog data={failed ?? loaded} />
}
