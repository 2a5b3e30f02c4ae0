// A GET whose answer is read as the bytes sent (node's fetch and Playwright's request context inflate a
// compressed body): for the tests of what goes over the wire (precompressed files, compressed pages).
import { request } from 'node:http'

export type RawAnswer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export function rawGet(url: string | URL, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }),
      )
    })
      .on('error', reject)
      .end()
  })
}
