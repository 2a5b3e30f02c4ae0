// The billing page (/admin/billing, SUPERADMIN; spec accounts §2 "Billing and bulk upload", §8): three
// uploads — credit limits, payments, promo credits — each the upload kit's form posting to this page
// with its kind, its columns, a sample file and 'max 25mb'; each answer shows beside its own form. Then
// the three reports as plain links (files, no JavaScript needed). Decision 047.
// The page's words and the contract's columns come from the loader (the contract module carries zod,
// which the browser does not need).
import { CsvUploadForm } from '../upload/CsvUploadForm'
import { succeededUpload, type UploadResult } from '../upload/upload-result'
import * as styles from './billing.css'

type Upload = {
  kind: string
  label: string
  columns: { header: string; optional: boolean }[]
  sample: string
  action: string
  sectionId: string
}

export type BillingPageProps = {
  uploads: Upload[]
  reports: { report: string; label: string; fileName: string; href: string }[]
  maxBytes: number
  messages: { tooLarge: string; wrongType: string; serverError: string }
  /** The success flashed after the last upload. */
  done: { kind: string; message: string } | null
  /** A refused upload (posted without JavaScript): its kind and the kit's result. */
  refused: { kind: string | null; upload: UploadResult } | null
}

export function BillingPage({ uploads, reports, maxBytes, messages, done, refused }: BillingPageProps) {
  const resultFor = (kind: string): UploadResult | null => {
    if (refused && (refused.kind === kind || (refused.kind === null && kind === uploads[0]?.kind)))
      return refused.upload
    if (done?.kind === kind) return succeededUpload(done.message)
    return null
  }
  return (
    <section aria-labelledby="billing-heading" className={styles.page}>
      <h1 id="billing-heading" className={styles.title}>
        Billing
      </h1>
      <div className={styles.uploads}>
        {uploads.map((upload) => (
          <section
            key={upload.kind}
            id={upload.sectionId}
            aria-labelledby={`${upload.sectionId}-heading`}
            className={styles.card}
          >
            <h2 id={`${upload.sectionId}-heading`} className={styles.cardTitle}>
              {upload.label}
            </h2>
            <p className={styles.columns}>
              Columns:{' '}
              {upload.columns.map((column, index) => (
                <span key={column.header}>
                  {index > 0 ? ', ' : ''}
                  <span className={styles.column}>{column.header}</span>
                  {column.optional ? ' (optional)' : ''}
                </span>
              ))}
            </p>
            <CsvUploadForm
              label={`${upload.label} CSV file`}
              action={upload.action}
              maxBytes={maxBytes}
              messages={messages}
              result={resultFor(upload.kind)}
              submitLabel={`Upload ${upload.label.toLowerCase()}`}
              hint={
                <>
                  <a href={upload.sample} download className={styles.link}>
                    Download sample file
                  </a>{' '}
                  · max 25mb
                </>
              }
            />
          </section>
        ))}
      </div>
      <section aria-labelledby="billing-downloads-heading" className={styles.card}>
        <h2 id="billing-downloads-heading" className={styles.cardTitle}>
          Downloads
        </h2>
        <ul className={styles.reportList}>
          {reports.map((report) => (
            <li key={report.report}>
              <a href={report.href} download className={styles.link}>
                {report.label}
              </a>{' '}
              <span className={styles.fileName}>({report.fileName})</span>
            </li>
          ))}
        </ul>
      </section>
    </section>
  )
}
