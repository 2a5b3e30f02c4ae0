// Test helpers for the keyword-metadata upload: a zip of a CSV (as the console sends it) in a multipart body.
import { strToU8, zipSync } from 'fflate'
import { METADATA_ZIP_NAME } from '../contracts/billing'
import { multipartContentType, multipartHead, multipartTail } from '../uploads/test-streams'

/** A zip holding one file (by default the CSV text as `keywords.csv`). */
export function zipOf(files: Record<string, string | Uint8Array>) {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, content]) => [
        name,
        typeof content === 'string' ? strToU8(content) : content,
      ]),
    ),
  )
}

/** A multipart body with `bytes` as the file field (the console's metadata.zip). */
export function multipartFile(bytes: Uint8Array, fileName = METADATA_ZIP_NAME, field = 'file') {
  const head = strToU8(multipartHead(field, fileName, 'application/zip'))
  const tail = strToU8(multipartTail())
  const body = new Uint8Array(head.length + bytes.length + tail.length)
  body.set(head, 0)
  body.set(bytes, head.length)
  body.set(tail, head.length + bytes.length)
  return body
}

export const metadataUploadInit = (
  bytes: Uint8Array,
  token: string,
  fileName?: string,
): RequestInit & {
  token: string
} => ({
  method: 'POST',
  token,
  headers: { 'content-type': multipartContentType },
  body: multipartFile(bytes, fileName),
})
