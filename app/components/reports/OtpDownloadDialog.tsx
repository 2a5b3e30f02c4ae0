// The download's one-time-password dialog (spec accounts §2 "Download opens a one-time-password
// dialog", §5 'Enter a valid otp', §8 'Invalid OTP', 'Failed to download file. Status: {code}'), used by
// the saved-report download and the default-report download. Two steps:
// 1. Send code: an explicit post e-mails the code (a page load never does; the list's Download button
//    and the default-report form post this step themselves, so opening the dialog sends the code).
// 2. The 6-digit code, Download and Resend code. Download is a native form post even with JavaScript:
//    the action redirects the browser to the signed link and the browser saves the CSV, leaving the
//    page as it is (a script navigation would leave the page waiting for a document that never comes).
// Decision 043.
import { Form } from '@remix-run/react'
import type { OtpDialogData } from '../../models/saved-reports.server'
import { Banner } from '../Banner'
import * as dialogStyles from '../dialog/dialog.css'
import * as formStyles from '../form.css'
import { DialogCancel, initialFocus, RouteDialog } from '../dialog/RouteDialog'
import * as styles from './saved-reports.css'

const TITLE = 'Download report'

export function OtpDownloadDialog({ data }: { data: OtpDialogData }) {
  return (
    <RouteDialog titleId="download-dialog-title" title={TITLE} back={data.back}>
      {data.missing ? (
        <>
          <p className={styles.dialogText}>{data.missing}</p>
          <div className={dialogStyles.actions}>
            <DialogCancel to={data.back} />
          </div>
        </>
      ) : data.step === 'send' ? (
        <SendStep data={data} />
      ) : (
        <CodeStep data={data} />
      )}
    </RouteDialog>
  )
}

function DialogError({ error }: { error: string | null }) {
  if (!error) return null
  return (
    <Banner kind="error">
      <strong>Error</strong>: {error}
    </Banner>
  )
}

function SendStep({ data }: { data: OtpDialogData }) {
  return (
    <>
      <p className={styles.dialogText}>
        <strong>{data.subject}</strong>: downloads need a one-time code. We will e-mail it to{' '}
        <strong>{data.email}</strong>.
      </p>
      <DialogError error={data.error} />
      <Form method="post" action={data.self} className={dialogStyles.actions} preventScrollReset>
        <button type="submit" name="intent" value="send" className={dialogStyles.confirm} {...initialFocus()}>
          Send code
        </button>
        <DialogCancel to={data.back} />
      </Form>
    </>
  )
}

/**
 * The code step. The server checks the code with the sign-in's OTP rules ('Enter a valid otp') and
 * the platform's answer ('Invalid OTP'): the form is a document post either way (see above), so the
 * browser-side form kit would add script to this route for no round trip saved.
 */
function CodeStep({ data }: { data: OtpDialogData }) {
  const error = data.lastResult?.error?.otp?.[0]
  const typed = data.lastResult?.initialValue?.otp
  return (
    <>
      <p className={styles.dialogText}>
        We e-mailed a 6-digit code to <strong>{data.email}</strong>. Enter it to download{' '}
        <strong>{data.subject}</strong>. The code is valid for 10 minutes and works once.
      </p>
      <DialogError error={data.error} />
      <Form method="post" action={data.self} reloadDocument noValidate className={dialogStyles.stack}>
        <div className={formStyles.field}>
          <label htmlFor="report-otp">OTP</label>
          <input
            // A new input after each answer: a refused code is not kept, a malformed one is.
            key={typeof typed === 'string' ? `kept-${typed}` : 'empty'}
            id="report-otp"
            name="otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            defaultValue={typeof typed === 'string' ? typed : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'report-otp-error' : undefined}
            className={`${formStyles.input} ${styles.otpInput}`}
            {...initialFocus()}
          />
          {error ? (
            <p id="report-otp-error" className={formStyles.error} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className={dialogStyles.actions}>
          <button type="submit" name="intent" value="download" className={dialogStyles.confirm}>
            Download
          </button>
          <button type="submit" name="intent" value="send" className={styles.secondaryButton}>
            Resend code
          </button>
          <DialogCancel to={data.back} />
        </div>
      </Form>
    </>
  )
}
