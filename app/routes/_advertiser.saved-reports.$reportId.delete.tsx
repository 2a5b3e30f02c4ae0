// Delete a saved report: the confirmation over the list, and the delete itself (an agency's report is
// view-only for anyone else: the list offers no delete and this route sends them back).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Banner } from '../components/Banner'
import { ConfirmDialog } from '../components/dialog/RouteDialog'
import { deleteReportAction, deleteReportLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => deleteReportLoader(args, ROUTES.savedReportDelete)
export const action = (args: ActionFunctionArgs) => deleteReportAction(args, ROUTES.savedReportDelete)

export default function DeleteSavedReport() {
  const loaded = useLoaderData<typeof loader>()
  const failed = useActionData<typeof action>()
  const data = failed ?? loaded
  return (
    <ConfirmDialog
      titleId="delete-report-title"
      title="Delete report?"
      back={data.back}
      action={data.self}
      confirm="Delete"
      busyLabel="Deleting…"
      danger
      error={data.error ? <Banner kind="error">{data.error}</Banner> : null}
    >
      <p>
        <strong>{data.name}</strong> and its schedule are deleted: no more runs or e-mails.
      </p>
    </ConfirmDialog>
  )
}
