// The campaign list's dialogs. Each is a child route drawn over the list: without JavaScript it is a
// page of its own (the list behind it, the dialog on top); Cancel is a link back to the same list.
import { Form, Link, useNavigation } from '@remix-run/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { EDITOR_PATH } from '../../models/campaign-list'
import { Banner } from '../Banner'
import * as styles from './campaigns.css'

function Dialog({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  // With JS: focus moves into the dialog, so keyboard and screen-reader users land on it.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:not(:disabled), button:not(:disabled), a')?.focus()
  }, [])
  return (
    <div className={styles.overlay}>
      <div ref={ref} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  )
}

export type ClassDialogData = { chooses: boolean; sponsoredEnabled: boolean; back: string }

/**
 * Create New Campaign → campaign class (spec §2): Sponsored or Privilege, default Sponsored. Only
 * SUPERADMIN and OPS choose; for other roles without credits Sponsored is disabled.
 */
export function ClassDialog({ data }: { data: ClassDialogData }) {
  const canContinue = data.chooses || data.sponsoredEnabled
  return (
    <Dialog id="class-dialog-title" title="Campaign class">
      <Form method="get" action={EDITOR_PATH} className={styles.page}>
        <fieldset className={styles.choices}>
          <legend className={styles.visuallyHidden}>Campaign class</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="class"
              value="Sponsored"
              defaultChecked={data.sponsoredEnabled}
              disabled={!data.sponsoredEnabled}
            />
            Sponsored
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="class"
              value="Privilege"
              defaultChecked={!data.sponsoredEnabled && data.chooses}
              disabled={!data.chooses}
            />
            Privilege
          </label>
        </fieldset>
        {data.sponsoredEnabled ? null : (
          <p className={styles.muted}>
            Sponsored campaigns need available credits. Please add credits first.
          </p>
        )}
        {data.chooses ? null : (
          <p className={styles.muted}>Privilege campaigns are set up by the marketplace team.</p>
        )}
        <div className={styles.dialogActions}>
          <Link to={data.back} className={styles.secondaryLink} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={styles.primaryLink} disabled={!canContinue}>
            Continue
          </button>
        </div>
      </Form>
    </Dialog>
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
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting'
  return (
    <Dialog id="delete-dialog-title" title="Delete campaign?">
      <p>
        <strong>{data.name}</strong> (Campaign ID {data.campaignId}) stops serving and leaves the campaign
        list. Its history stays in the audit log.
      </p>
      {data.error ? <Banner kind="error">{data.error}</Banner> : null}
      <Form method="post" action={data.self} className={styles.dialogActions} preventScrollReset>
        <Link to={data.back} className={styles.secondaryLink} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={styles.danger} disabled={deleting}>
          {deleting ? 'Deleting…' : 'Delete'}
        </button>
      </Form>
    </Dialog>
  )
}
