// The campaign list's dialogs, on the route dialog kit (components/dialog): each is a child route over
// the list. The confirm control comes first and takes focus; Cancel, a link back to the same list, is
// the next tab stop.
import { Form } from '@remix-run/react'
import { EDITOR_PATH } from '../../models/campaign-list'
import { Banner } from '../Banner'
import * as styles from '../dialog/dialog.css'
import { ConfirmDialog, DialogCancel, initialFocus, RouteDialog } from '../dialog/RouteDialog'

export type ClassDialogData = { chooses: boolean; sponsoredEnabled: boolean; back: string }

/**
 * Create New Campaign → campaign class (spec §2): Sponsored or Privilege, default Sponsored. Only
 * SUPERADMIN and OPS choose; for other roles without credits Sponsored is disabled.
 */
export function ClassDialog({ data }: { data: ClassDialogData }) {
  const canContinue = data.chooses || data.sponsoredEnabled
  const checked = data.sponsoredEnabled ? 'Sponsored' : data.chooses ? 'Privilege' : null
  return (
    <RouteDialog titleId="class-dialog-title" title="Campaign class" back={data.back}>
      <Form method="get" action={EDITOR_PATH} className={styles.stack}>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Choose the class of the new campaign</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="class"
              value="Sponsored"
              defaultChecked={checked === 'Sponsored'}
              disabled={!data.sponsoredEnabled}
              {...initialFocus(checked === 'Sponsored')}
            />
            Sponsored
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="class"
              value="Privilege"
              defaultChecked={checked === 'Privilege'}
              disabled={!data.chooses}
              {...initialFocus(checked === 'Privilege')}
            />
            Privilege
          </label>
        </fieldset>
        {data.sponsoredEnabled ? null : (
          <p className={styles.note}>Sponsored campaigns need available credits. Please add credits first.</p>
        )}
        {data.chooses ? null : (
          <p className={styles.note}>Privilege campaigns are set up by the marketplace team.</p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.confirm} disabled={!canContinue}>
            Continue
          </button>
          <DialogCancel to={data.back} />
        </div>
      </Form>
    </RouteDialog>
  )
}

export type DeleteDialogData = {
  id: number
  campaignId: number
  name: string
  back: string
  self: string
  error: string | null
}

/** Delete with a confirmation step (spec §4). */
export function DeleteDialog({ data }: { data: DeleteDialogData }) {
  return (
    <ConfirmDialog
      titleId="delete-dialog-title"
      title="Delete campaign?"
      back={data.back}
      action={data.self}
      confirm="Delete"
      busyLabel="Deleting…"
      danger
      error={data.error ? <Banner kind="error">{data.error}</Banner> : null}
    >
      <p>
        <strong>{data.name}</strong> (Campaign ID {data.campaignId}) stops serving and leaves the campaign
        list. Its history stays in the audit log.
      </p>
    </ConfirmDialog>
  )
}
