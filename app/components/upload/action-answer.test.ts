// The upload form reads the action's answer itself (to show upload progress it posts with
// XMLHttpRequest). These answers are encoded by Remix's own server code, as the server sends them.
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { readActionAnswer, singleFetchActionUrl } from './action-answer'

const require = createRequire(import.meta.url)
// The server runtime's single-fetch encoder: what `<route>.data` answers are made with.
const server = require('@remix-run/server-runtime/dist/single-fetch.js') as {
  encodeViaTurboStream: (
    data: unknown,
    signal: AbortSignal,
    timeout: number | undefined,
    mode: string,
  ) => ReadableStream<Uint8Array>
  getSingleFetchRedirect: (status: number, headers: Headers, basename?: string) => unknown
}

const encode = (value: unknown) =>
  server.encodeViaTurboStream(value, new AbortController().signal, undefined, 'production')

describe('readActionAnswer', () => {
  it('reads a redirect answer (a flash cookie makes Remix revalidate)', async () => {
    const headers = new Headers({ location: '/admin/bulkUpload', 'set-cookie': 'flash=1' })
    const answer = await readActionAnswer(encode(server.getSingleFetchRedirect(302, headers)))
    expect(answer).toEqual({ kind: 'redirect', to: '/admin/bulkUpload', reload: false, replace: false })
  })

  it('reads a reload-document redirect', async () => {
    const headers = new Headers({ location: '/login', 'X-Remix-Reload-Document': 'yes' })
    expect(await readActionAnswer(encode(server.getSingleFetchRedirect(302, headers)))).toMatchObject({
      kind: 'redirect',
      to: '/login',
      reload: true,
    })
  })

  it("reads the action's data", async () => {
    const upload = {
      ok: false,
      status: 400,
      message: 'Invalid file. Please upload a valid file.',
      errors: [{ row: 3 }],
    }
    expect(await readActionAnswer(encode({ data: { upload } }))).toEqual({ kind: 'data', data: { upload } })
  })

  it('reads a thrown error as an error', async () => {
    const answer = await readActionAnswer(encode({ error: new Error('boom') }))
    expect(answer.kind).toBe('error')
  })
})

describe('singleFetchActionUrl', () => {
  it('posts to the route data URL as Remix does, keeping ?index', () => {
    expect(singleFetchActionUrl('/admin/bulkUpload', 'http://x.test/admin/bulkUpload')).toBe(
      'http://x.test/admin/bulkUpload.data',
    )
    expect(singleFetchActionUrl('/?index', 'http://x.test/')).toBe('http://x.test/_root.data?index')
    expect(singleFetchActionUrl('/admin/billing/', 'http://x.test/')).toBe('http://x.test/admin/billing.data')
  })
})
