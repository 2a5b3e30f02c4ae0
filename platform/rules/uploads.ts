// What both halves check on an uploaded CSV before reading a row (docs/decisions/018): its name ends in
// .csv and it is no larger than the limit. The messages are the kit's defaults; each screen may pass its own.

export const MEGABYTE = 1024 * 1024
/** The spec's limit for billing and bulk uploads ('max 25mb', 'File size exceeds 25MB limit'). */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * MEGABYTE
/** Text fields that travel with a file in the same form are small; past this they are refused. */
export const MAX_UPLOAD_TEXT_FIELD_BYTES = 64 * 1024
/** A temporary upload file older than this was left by a process that died mid-upload. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000
/** A multipart envelope adds a little to the file; a declared length past limit + this is refused unread. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024

export type UploadMessages = {
  /** Over the byte limit (413). */
  tooLarge: string
  /** Not a .csv file (400). */
  wrongType: string
  /** No file in the form (400). */
  noFile: string
}

export const DEFAULT_UPLOAD_MESSAGES: UploadMessages = {
  tooLarge: 'File size exceeds 25MB limit',
  wrongType: 'Selected File Format is Incorrect !',
  noFile: 'Select a CSV file to upload',
}

export const isCsvFileName = (name: string) => /\.csv$/i.test(name.trim())

/** Whether a declared Content-Length already shows the body is over the limit. */
export function declaredTooLarge(contentLength: string | null, maxBytes: number) {
  const declared = Number(contentLength ?? Number.NaN)
  return Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES
}
