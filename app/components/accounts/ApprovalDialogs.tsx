// The approval detail's confirmation dialogs (spec accounts §2 "each with a confirmation dialog"), on the
// route dialog kit: Reject (the comments, required, e-mailed to the user) and 'Approve & Send TnC'.
import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { USER_TYPE_LABELS } from '../../models/approvals.schema'
import { rejectForm } from '../../models/approvals.schema'
import type { DialogData } from '../../models/approvals.server'
import { useZodForm } from '../../utils/use-zod-form'
import * as dialogStyles from '../dialog/dialog.css'
import { ConfirmDialog, DialogCancel, initialFocus, RouteDialog } from '../dialog/RouteDialog'
import { ErrorState } from '../list/States'
import { CommentsField } from './ApprovalDetail'

function Who({ data }: { data: DialogData }) {
  return (
    <>
      <strong>{data.name}</strong> ({USER_TYPE_LABELS[data.userType]}, {data.email})
    </>
  )
}

export function ApproveDialog({ data }: { data: DialogData }) {
  return (
    <ConfirmDialog
      titleId="approve-dialog-title"
      title="Approve & Send TnC"
      back={data.base}
      confirm="Approve & Send TnC"
      busyLabel="Approving…"
      error={data.error ? <ErrorState title="Error" message={data.error} /> : null}
    >
      <p>
        Approve <Who data={data} />? They are e-mailed a link to the terms and conditions, which they accept
        after signing in.
      </p>
    </ConfirmDialog>
  )
}

export function RejectDialog({
  data,
  lastResult,
}: {
  data: DialogData
  lastResult: SubmissionResult<string[]> | null | undefined
}) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useZodForm(rejectForm, lastResult)
  const invalid = Boolean(fields.comments.errors?.length)
  return (
    <RouteDialog titleId="reject-dialog-title" title="Reject registration" back={data.base}>
      <p>
        Reject <Who data={data} />? The comments are e-mailed to them.
      </p>
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      <Form method="post" {...form.props} className={dialogStyles.stack} preventScrollReset>
        <input type="hidden" name="intent" value="confirm" />
        <CommentsField field={fields.comments} label="Comments on rejection" autoFocus={invalid} />
        <div className={dialogStyles.actions}>
          <button type="submit" className={dialogStyles.danger} disabled={busy} {...initialFocus(!invalid)}>
            {busy ? 'Rejecting…' : 'Reject'}
          </button>
          <DialogCancel to={data.base} />
        </div>
      </Form>
    </RouteDialog>
  )
}
