// One registration (/admin/approval/:userType/:userId, spec accounts §2): the read-only profile, the
// agency documents (received or not, the file viewable, an upload per kind), 'Comments on rejection',
// and — only while PENDING — Reject and 'Approve & Send TnC', each leading to its confirmation dialog
// (a child route). Every control is a native form or link: it works without JavaScript. Decision 035.
import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useOutlet } from '@remix-run/react'
import { Fragment, type ReactNode } from 'react'
import type { AgencyDocument, ApprovalDetail as Detail } from '../../../platform/contracts/approvals'
import { istDateTime } from '../../../platform/rules/time'
import { approvalPath, rejectForm, USER_TYPE_LABELS } from '../../models/approvals.schema'
import type { DetailData } from '../../models/approvals.server'
import { type Field, useZodForm } from '../../utils/use-zod-form'
import { initialFocus } from '../dialog/RouteDialog'
import { FieldError, NativeChecksWhileLoading } from '../FormParts'
import * as formStyles from '../form.css'
import { ErrorState } from '../list/States'
import { visuallyHidden } from '../list/list.css'
import { AccountStatusLabel } from './StatusPill'
import * as styles from './approvals.css'

export function ApprovalDetailPage({ data }: { data: DetailData }) {
  const outlet = useOutlet()
  const { detail } = data
  return (
    <section aria-labelledby="approval-detail-heading" className={styles.page}>
      <Link to={approvalPath} className={styles.backLink}>
        Back to Approval
      </Link>
      <h1 id="approval-detail-heading" className={styles.title}>
        Approval details
      </h1>
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {detail ? (
        <>
          <Profile detail={detail} />
          {detail.user_type === 'AGENCY' ? <Documents detail={detail} base={data.base} /> : null}
          {detail.status === 'PENDING' ? (
            // While a dialog is open it carries the comments; the page behind has no second form.
            outlet ? null : (
              <ReviewForm base={data.base} />
            )
          ) : (
            <p className={styles.muted}>
              This registration is {detail.status.toLowerCase()}: only pending registrations are approved or
              rejected here.
            </p>
          )}
        </>
      ) : null}
      {outlet}
    </section>
  )
}

function Profile({ detail }: { detail: Detail }) {
  const facts: [string, ReactNode][] = [
    ['Name', detail.name],
    ['User type', USER_TYPE_LABELS[detail.user_type]],
    ['Email', detail.email],
    ['Status', <AccountStatusLabel key="status" status={detail.status} />],
    ['Added by', detail.added_by ?? '–'],
    ['Timestamp', istDateTime(new Date(detail.timestamp))],
  ]
  if (detail.profileId) facts.push(['Profile ID', detail.profileId])
  if (detail.user_type === 'AGENCY') {
    facts.push(
      ['Primary contact number', detail.primaryContactNumber ?? '–'],
      ['Secondary contact number', detail.secondaryContactNumber ?? '–'],
      ['Address', detail.address ?? '–'],
      ['Pincode', detail.pincode ?? '–'],
    )
  }
  if (detail.comments) facts.push(['Comments', detail.comments])
  return (
    <section aria-labelledby="profile-heading" className={styles.card}>
      <h2 id="profile-heading" className={styles.cardTitle}>
        Profile
      </h2>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  )
}

function documentState(doc: AgencyDocument): string {
  if (!doc.received) return 'Not received'
  if (!doc.viewable) return `Received offline (no file)${doc.fileName ? `: ${doc.fileName}` : ''}`
  return `Received: ${doc.fileName ?? 'file'}`
}

function Documents({ detail, base }: { detail: Detail; base: string }) {
  return (
    <section id="documents" aria-labelledby="documents-heading" className={styles.card}>
      <h2 id="documents-heading" className={styles.cardTitle}>
        Agency documents
      </h2>
      <p className={styles.muted}>
        Documents are received offline. Upload the file you received (PDF, PNG or JPEG, at most 10 MB) to keep
        it with the registration.
      </p>
      <ul className={styles.documents}>
        {detail.agencyDocuments.map((doc) => (
          <li key={doc.slug} className={styles.documentRow} data-testid={`document-${doc.slug}`}>
            <p className={styles.documentName}>{doc.docType}</p>
            <p className={styles.documentState}>
              {documentState(doc)}
              {doc.notes ? <span className={styles.muted}> — {doc.notes}</span> : null}
              {doc.viewable ? (
                <>
                  {' '}
                  <a
                    href={`${base}/documents/${doc.slug}`}
                    className={styles.viewLink}
                    target="_blank"
                    rel="noreferrer"
                  >
                    View<span className={visuallyHidden}> {doc.docType} (opens in a new tab)</span>
                  </a>
                </>
              ) : null}
            </p>
            <form
              method="post"
              encType="multipart/form-data"
              action={`${base}/documents/${doc.slug}`}
              className={styles.uploadForm}
            >
              <label htmlFor={`upload-${doc.slug}`} className={visuallyHidden}>
                {doc.docType} file
              </label>
              <input
                id={`upload-${doc.slug}`}
                type="file"
                name="file"
                accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
                required
                className={styles.fileInput}
              />
              <button type="submit" className={styles.smallButton}>
                Upload<span className={visuallyHidden}> {doc.docType}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A multi-line text field of the form kit (the comments). */
export function CommentsField({
  field,
  label,
  autoFocus,
}: {
  field: Field
  label: string
  autoFocus?: boolean
}) {
  const invalid = Boolean(field.errors?.length)
  return (
    <div className={formStyles.field}>
      <label htmlFor={field.id}>{label}</label>
      <textarea
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={field.initialValue}
        required={field.constraint.required || undefined}
        minLength={field.constraint.minLength}
        maxLength={field.constraint.maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? field.errorId : undefined}
        className={styles.textarea}
        rows={4}
        // The dialog's field when its comments were refused: focus goes where the message is.
        {...initialFocus(Boolean(autoFocus))}
      />
      <FieldError field={field} />
    </div>
  )
}

/**
 * 'Comments on rejection' with Reject and 'Approve & Send TnC'. Reject posts the comments to the reject
 * dialog's route (checked here first with JavaScript); approval needs none (spec §4), so it is a link.
 */
function ReviewForm({ base, lastResult }: { base: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useZodForm(rejectForm, lastResult)
  return (
    <section aria-labelledby="decision-heading" className={styles.card}>
      <h2 id="decision-heading" className={styles.cardTitle}>
        Decision
      </h2>
      <Form method="post" action={`${base}/reject`} {...form.props} className={formStyles.form}>
        <input type="hidden" name="intent" value="review" />
        <CommentsField field={fields.comments} label="Comments on rejection" />
        <div className={styles.actions}>
          <button type="submit" className={styles.dangerButton}>
            Reject
          </button>
          <Link to={`${base}/approve`} className={styles.primaryLink}>
            Approve &amp; Send TnC
          </Link>
        </div>
      </Form>
      <NativeChecksWhileLoading />
    </section>
  )
}
