// Request bodies for upload tests: real multipart bodies, and a generated one of any size that counts how
// much of it the server actually pulled (to prove an oversize upload is refused early).

export const TEST_BOUNDARY = '----adconsole-test-boundary'

export function multipartHead(fieldName: string, fileName: string, contentType = 'text/csv') {
  return (
    `--${TEST_BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`
  )
}
export const multipartTail = () => `\r\n--${TEST_BOUNDARY}--\r\n`

/** A small multipart body with one file (and optional text fields before it). */
export function multipartBody(
  file: { field?: string; name: string; text: string },
  fields: Record<string, string> = {},
) {
  let body = ''
  for (const [name, value] of Object.entries(fields)) {
    body += `--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  }
  return body + multipartHead(file.field ?? 'file', file.name) + file.text + multipartTail()
}

export const multipartContentType = `multipart/form-data; boundary=${TEST_BOUNDARY}`

/**
 * A multipart body of about `totalBytes` of CSV rows, produced on demand 64 KiB at a time.
 * `pulled()` says how many bytes the reader asked for so far.
 */
export function generatedUpload(options: {
  totalBytes: number
  fieldName?: string
  fileName?: string
  /** The file's first bytes (a CSV header line by default; a zip's signature for a zip). */
  first?: string
}) {
  const encoder = new TextEncoder()
  const row = encoder.encode('123456,some keyword,1.00\r\n'.repeat(2520)) // ≈ 64 KiB
  let produced = 0
  let stage: 'head' | 'rows' | 'tail' | 'done' = 'head'
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === 'head') {
        const head = encoder.encode(
          multipartHead(options.fieldName ?? 'file', options.fileName ?? 'big.csv') +
            (options.first ?? 'Product Id,Keyword,Bid\r\n'),
        )
        produced += head.byteLength
        controller.enqueue(head)
        stage = 'rows'
      } else if (stage === 'rows') {
        produced += row.byteLength
        controller.enqueue(row)
        if (produced >= options.totalBytes) stage = 'tail'
      } else if (stage === 'tail') {
        const tail = encoder.encode(multipartTail())
        produced += tail.byteLength
        controller.enqueue(tail)
        stage = 'done'
      } else {
        controller.close()
      }
    },
  })
  return { stream, pulled: () => produced }
}
