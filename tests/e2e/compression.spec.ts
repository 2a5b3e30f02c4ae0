// A page is compressed whole for a browser that accepts gzip (decision 077): React renders the document
// to its end and it leaves as one body, instead of React's 2 KiB pieces each compressed and flushed on
// their own, which made the demo list 70 % larger with gzip (11.8 KB against 6.9 KB) and a page slower.
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { ROUTES } from '../../app/route-table'
import { rawGet } from '../../platform/testing/raw-get'
import { expect, test } from './fixtures'

/** The whole page compressed at once, as the server's compression is set (brotli at quality 4). */
const WHOLE = {
  br: (html: Buffer) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (html: Buffer) => gzipSync(html),
}
const INFLATE = { br: brotliDecompressSync, gzip: gunzipSync }

for (const [encoding, accepted] of [
  ['br', 'gzip, deflate, br, zstd'],
  ['gzip', 'gzip, deflate'],
] as const) {
  test(`a signed-in page is sent ${encoding} to a browser that accepts ${accepted}, compressed in one piece`, async ({
    context,
    signInAs,
    baseURL,
  }) => {
    await signInAs('seller@example.com')
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const res = await rawGet(new URL(ROUTES.campaigns.path, baseURL), { cookie, 'accept-encoding': accepted })
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    const html = INFLATE[encoding](res.body)
    expect(html.toString()).toMatch(/^<!DOCTYPE html>[\s\S]*<h1[\s\S]*<\/html>/)
    // Within a tenth of the size of the page compressed at once (gzip piece by piece: 70 % over).
    expect(res.body.length).toBeLessThan(WHOLE[encoding](html).length * 1.1)
  })
}
