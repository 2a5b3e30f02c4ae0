// What an upload action answers to its page (with JS through the progress request, without JS as action
// data): the kit's components render it. No server code here: the browser bundle imports it.
import type { CsvRowError } from '../../../platform/contracts/csv-upload'

export type { CsvRowError }

export type UploadResult = {
  ok: boolean
  /** The HTTP status the action answers with: 200, 400 (file or rows refused), 413 (too large), 502. */
  status: number
  message: string
  fileName: string | null
  rows: number
  applied: number
  /** Row errors (the first few); errorCount says how many there were in all. */
  errors: CsvRowError[]
  errorCount: number
  /** The error report CSV (formula-safe), offered as a download; null when there is none. */
  errorReport: string | null
  errorReportName: string
  /** More lines under the message, e.g. billing's 'Invalid seller IDs : …' and 'Invalid Transactions : …'. */
  details?: string[]
}

/** An upload that applied nothing: refused before or while reading, or the service failed. */
export function refusedUpload(status: number, message: string, fileName: string | null = null): UploadResult {
  return messageOnly(false, status, message, fileName)
}

/** A success known only by its message (a page's flash after the redirect), rendered as the kit's result. */
export function succeededUpload(message: string): UploadResult {
  return messageOnly(true, 200, message, null)
}

function messageOnly(ok: boolean, status: number, message: string, fileName: string | null): UploadResult {
  return {
    ok,
    status,
    message,
    fileName,
    rows: 0,
    applied: 0,
    errors: [],
    errorCount: 0,
    errorReport: null,
    errorReportName: '',
  }
}

/** Action data of a page with an upload form: `{ upload }` beside whatever else the page returns. */
export type UploadActionData = { upload: UploadResult }

export function isUploadActionData(value: unknown): value is UploadActionData {
  return Boolean(value && typeof value === 'object' && 'upload' in value)
}
