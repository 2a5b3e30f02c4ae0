// Reading an action's single-fetch answer (`<route>.data`, turbo-stream encoded) the way Remix's client
// does (@remix-run/react single-fetch.js, decodeViaTurboStream), for the upload form's XMLHttpRequest post.
import { decode } from 'turbo-stream'

export type ActionAnswer =
  | { kind: 'redirect'; to: string; reload: boolean; replace: boolean }
  | { kind: 'data'; data: unknown }
  | { kind: 'error'; error: unknown }

/** `/campaigns` → `/campaigns.data`, `/` → `/_root.data` (the search, e.g. `?index`, is kept). */
export function singleFetchActionUrl(formAction: string, base: string) {
  const url = new URL(formAction, base)
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`
  return url.toString()
}

export async function readActionAnswer(body: ReadableStream<Uint8Array>): Promise<ActionAnswer> {
  const decoded = await decode(body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === 'SanitizedError') return { value: new Error(String(rest[1])) }
        if (type === 'ErrorResponse') return { value: { data: rest[0], status: rest[1] } }
        if (type === 'SingleFetchRedirect') return { value: rest[0] }
        return undefined
      },
      (type: string, value?: unknown) => {
        if (type === 'SingleFetchFallback') return { value: undefined }
        if (type === 'SingleFetchClassInstance') return { value }
        return undefined
      },
    ],
  })
  await decoded.done
  const value = decoded.value as Record<string, unknown> | null
  if (value && typeof value.redirect === 'string') {
    return {
      kind: 'redirect',
      to: value.redirect,
      reload: Boolean(value.reload),
      replace: Boolean(value.replace),
    }
  }
  if (value && 'data' in value) return { kind: 'data', data: value.data }
  return { kind: 'error', error: value?.error }
}
