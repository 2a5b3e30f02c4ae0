// A file from the platform (a CSV download, an agency document) passed through to the browser as it
// comes: its type, length and name kept, never cached. A refusal redirects as every page does (guard's
// redirectForStatus); another failure answers 404 or 502 with the platform's message as plain text.
import type { Role } from '../../platform/rules/roles'
import { redirectForStatus } from '../guard.server'

const FAILED = 'The download failed. Try again.'

export async function passFile(response: Response, role: Role): Promise<Response> {
  if (!response.ok) {
    const text = await response.text()
    let message = ''
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? ''
    } catch {
      // not the envelope: the platform's text is not for the user
    }
    await redirectForStatus({ ok: false, status: response.status, message }, role)
    throw new Response(message || FAILED, {
      status: response.status === 404 ? 404 : 502,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const headers = new Headers()
  for (const name of ['content-type', 'content-length', 'content-disposition']) {
    const value = response.headers.get(name)
    if (value) headers.set(name, value)
  }
  // X-Content-Type-Options: nosniff is on every answer of the server (server/security.ts).
  headers.set('cache-control', 'no-store')
  return new Response(response.body, { status: 200, headers })
}
