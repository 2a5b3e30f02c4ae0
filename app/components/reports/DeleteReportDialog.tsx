// The delete confirmation of a saved report (both trees' `…/saved-reports/:reportId/delete` routes).
import { Banner } from '../Banner'
import { ConfirmDialog } from '../dialog/RouteDialog'

export type DeleteReportData = { name: string; back: string; self: string; error?: string | null }

export function DeleteReportDialog({ data }: { data: DeleteReportData }) {
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
