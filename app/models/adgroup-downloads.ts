// The editor's downloads leave the console (decision 077): the file is written by
// platform/rules/editor-downloads.ts; with JavaScript the browser saves it at once, without it the
// Download button posts the card's working copy and the server half answers it.
import type { Download } from '../../platform/rules/editor-downloads'

/** The server's answer to a Download posted without JavaScript: the file, saved by the browser. */
export const downloadAnswer = ({ file, text }: Download) =>
  new Response(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
    },
  })

/** In the browser: saves the file without a round trip. */
export function saveDownload({ file, text }: Download) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = file
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
