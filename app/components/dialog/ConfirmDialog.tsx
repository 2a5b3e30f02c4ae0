// A confirmation over its page, on the route dialog kit: a question, an error if the last try failed, the
// confirm button first (it takes focus) and Cancel back to the page. The campaign delete, the approval,
// link and de-link decisions use it; a dialog with fields of its own composes RouteDialog itself.
import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import * as styles from './dialog.css'
import { DialogCancel, initialFocus, RouteDialog } from './RouteDialog'

export function ConfirmDialog({
  titleId,
  title,
  back,
  action,
  confirm,
  busyLabel,
  danger = false,
  error,
  children,
}: {
  titleId: string
  title: string
  /** The page under the dialog (Cancel, Escape). */
  back: string
  /** Where the confirmation posts; the dialog's own route when absent. */
  action?: string
  /** The confirm button's text, and its text while the post is under way. */
  confirm: string
  busyLabel?: string
  /** A destructive action: the danger button. */
  danger?: boolean
  /** Why the last try failed, shown above the buttons (the caller's own panel or banner). */
  error?: ReactNode
  /** The question and anything the user should know first. */
  children: ReactNode
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <RouteDialog titleId={titleId} title={title} back={back}>
      {children}
      {error}
      <Form method="post" action={action} className={styles.actions} preventScrollReset>
        <button
          type="submit"
          className={danger ? styles.danger : styles.confirm}
          disabled={busy}
          {...initialFocus()}
        >
          {busy && busyLabel ? busyLabel : confirm}
        </button>
        <DialogCancel to={back} />
      </Form>
    </RouteDialog>
  )
}
