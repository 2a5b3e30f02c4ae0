// The upload kit's form (docs/decisions/018). Without JavaScript it is a native multipart form post: the
// action answers a redirect or the result, rendered by the page. With JavaScript the field also takes a
// dropped file, checks type and size at once, and the post goes through XMLHttpRequest so its upload
// progress can be shown and announced; the answer is then followed as Remix would follow it (a redirect
// navigates, data is shown, loaders revalidate).
import { Form, useNavigate, useRevalidator } from '@remix-run/react'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import * as formStyles from '../form.css'
import * as styles from './upload.css'
import { readActionAnswer, singleFetchActionUrl } from './action-answer'
import { refusedUpload, type UploadResult } from './upload-result'

export type CsvUploadMessages = {
  /** Not a .csv file: the editor says 'Selected File Format is Incorrect !'. */
  wrongType: string
  /** Over the limit: billing says 'File size exceeds 25MB limit'. */
  tooLarge: string
  /** A file was picked and passed the checks (editor: 'File Selected Successfully !'). */
  selected?: string
  /** The request failed without an answer (network) or with one the page cannot read. */
  serverError: string
}

export const DEFAULT_CSV_UPLOAD_MESSAGES: CsvUploadMessages = {
  wrongType: 'Selected File Format is Incorrect !',
  tooLarge: 'File size exceeds 25MB limit',
  serverError: 'Server error.',
}

type Props = {
  label: string
  /** The route that receives the post (default: the current route, as <Form> does). */
  action?: string
  fieldName?: string
  maxBytes: number
  /** Shown under the field: the sample file link, 'max 25mb'. */
  hint?: ReactNode
  submitLabel?: string
  messages?: Partial<CsvUploadMessages>
  /** The page's action data for this form, when it was posted without JavaScript. */
  result?: UploadResult | null
  /** Extra fields posted with the file (hidden inputs, a match type…). */
  children?: ReactNode
}

export function CsvUploadForm({
  label,
  action,
  fieldName = 'file',
  maxBytes,
  hint,
  submitLabel = 'Upload',
  messages: given,
  result,
  children,
}: Props) {
  const messages = { ...DEFAULT_CSV_UPLOAD_MESSAGES, ...given }
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [dragging, setDragging] = useState(false)
  const [choiceError, setChoiceError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const [percent, setPercent] = useState<number | null>(null)
  // Every byte is sent and the server is applying the file (a big import takes a while).
  const [applying, setApplying] = useState(false)
  const [announced, setAnnounced] = useState('')
  const [answer, setAnswer] = useState<UploadResult | null>(null)
  const shown = answer ?? result ?? null

  function check(file: File | undefined) {
    setAnswer(null)
    setChosen(null)
    setChoiceError(null)
    if (!file) return false
    if (!/\.csv$/i.test(file.name)) setChoiceError(messages.wrongType)
    else if (file.size > maxBytes) setChoiceError(messages.tooLarge)
    else {
      setChosen(file.name)
      return true
    }
    if (inputRef.current) inputRef.current.value = ''
    return false
  }

  // Drag and drop is a pointer shortcut for the native file input, which stays the keyboard way in.
  const zoneRef = useRef<HTMLDivElement>(null)
  const checkRef = useRef(check)
  checkRef.current = check
  useEffect(() => {
    const zone = zoneRef.current
    if (!zone) return
    const over = (event: DragEvent) => {
      event.preventDefault()
      setDragging(true)
    }
    const leave = () => setDragging(false)
    const drop = (event: DragEvent) => {
      event.preventDefault()
      setDragging(false)
      const file = event.dataTransfer?.files[0]
      const input = inputRef.current
      if (!file || !input) return
      const one = new DataTransfer()
      one.items.add(file)
      input.files = one.files
      checkRef.current(file)
    }
    zone.addEventListener('dragover', over)
    zone.addEventListener('dragleave', leave)
    zone.addEventListener('drop', drop)
    return () => {
      zone.removeEventListener('dragover', over)
      zone.removeEventListener('dragleave', leave)
      zone.removeEventListener('drop', drop)
    }
  }, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const file = inputRef.current?.files?.[0]
    if (!file || !check(file)) {
      event.preventDefault()
      if (!file) inputRef.current?.focus()
      return
    }
    event.preventDefault()
    const xhr = new XMLHttpRequest()
    xhr.open(
      'POST',
      singleFetchActionUrl(
        form.getAttribute('action') ?? window.location.pathname + window.location.search,
        window.location.href,
      ),
    )
    xhr.responseType = 'blob'
    setPercent(0)
    setApplying(false)
    setAnnounced('Uploading 0%')
    xhr.upload.onprogress = (progress) => {
      if (!progress.lengthComputable) return
      const next = Math.floor((progress.loaded / progress.total) * 100)
      setPercent(next)
      // Announce in steps of 25 %, not on every event.
      setAnnounced((before) => (next % 25 === 0 || next === 100 ? `Uploading ${next}%` : before))
    }
    xhr.upload.onload = () => {
      setPercent(100)
      setApplying(true)
      setAnnounced('File sent. Applying it…')
    }
    xhr.onerror = () => {
      setPercent(null)
      setApplying(false)
      setAnnounced('')
      setAnswer(refusedUpload(502, messages.serverError, file.name))
    }
    xhr.onload = async () => {
      setPercent(null)
      setApplying(false)
      setAnnounced('Upload finished')
      try {
        const answer = await readActionAnswer((xhr.response as Blob).stream())
        if (answer.kind === 'redirect') {
          if (answer.reload) window.location.assign(answer.to)
          else navigate(answer.to, { replace: answer.replace })
          return
        }
        const data = answer.kind === 'data' ? (answer.data as { upload?: UploadResult } | null) : null
        if (!data?.upload) throw new Error('no upload result')
        setAnswer(data.upload)
        if (data.upload.ok) revalidator.revalidate()
      } catch {
        setAnswer(refusedUpload(502, messages.serverError, file.name))
      }
    }
    xhr.send(new FormData(form))
  }

  const describedBy = [hint ? `${id}-hint` : null, choiceError ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ')
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      className={`${formStyles.form} ${styles.form}`}
      onSubmit={onSubmit}
      aria-busy={percent !== null}
    >
      {children}
      <div ref={zoneRef} className={styles.dropZone} data-dragging={dragging}>
        <label htmlFor={id}>{label}</label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          name={fieldName}
          accept=".csv,text/csv"
          required
          aria-invalid={choiceError ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => check(event.currentTarget.files?.[0])}
        />
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {choiceError ? (
          <p id={`${id}-error`} className={formStyles.error} role="alert">
            {choiceError}
          </p>
        ) : chosen && messages.selected ? (
          <p className={styles.ok}>{messages.selected}</p>
        ) : null}
      </div>
      {percent !== null && applying ? (
        // Indeterminate: the server does not report how far the import is.
        <progress className={styles.progress} aria-label={`Applying ${chosen ?? ''}`} />
      ) : percent !== null ? (
        <progress
          className={styles.progress}
          max={100}
          value={percent}
          aria-label={`Uploading ${chosen ?? ''}`}
        >
          {percent}%
        </progress>
      ) : null}
      <p role="status" aria-live="polite" className={styles.hint}>
        {announced}
      </p>
      <button type="submit" className={formStyles.primary} disabled={percent !== null}>
        {submitLabel}
      </button>
      {shown ? <UploadResultView result={shown} /> : null}
    </Form>
  )
}

/** The action's answer: its message, the rows that failed, and the error report to download. */
export function UploadResultView({ result }: { result: UploadResult }) {
  return (
    <div className={styles.result}>
      {result.details?.length ? (
        <div className={result.ok ? styles.ok : formStyles.error} role={result.ok ? 'status' : 'alert'}>
          <p className={styles.line}>{result.message}</p>
          {result.details.map((line) => (
            <p key={line} className={styles.line}>
              {line}
            </p>
          ))}
        </div>
      ) : (
        <p className={result.ok ? styles.ok : formStyles.error} role={result.ok ? 'status' : 'alert'}>
          {result.message}
        </p>
      )}
      {result.errors.length > 0 ? (
        <table className={styles.errorTable}>
          <caption>
            {result.errorCount > result.errors.length
              ? `First ${result.errors.length} of ${result.errorCount} errors`
              : `${result.errorCount} ${result.errorCount === 1 ? 'error' : 'errors'}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((error) => (
              <tr key={`${error.row}-${error.column}-${error.reason}`}>
                <td>{error.row}</td>
                <td>{error.column ?? ''}</td>
                <td>{error.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.errorReport ? (
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(result.errorReport)}`}
          download={result.errorReportName || 'Error_Report.csv'}
        >
          Download Report
        </a>
      ) : null}
    </div>
  )
}
