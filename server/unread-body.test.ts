// A 413 sent before the request's body has all arrived closes the connection (decision 049): an upload
// refused at its limit by the upload kit (platform/uploads/receive.ts) answers 413 and the server closes
// the socket instead of draining the rest of the file (or leaving it unread on a kept-alive connection).
// An upload read to its end, or refused for its content, keeps the connection alive as usual.
import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService } from '../platform/http'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { receiveCsvUpload } from '../platform/uploads/receive'
import { multipartContentType, multipartHead, multipartTail } from '../platform/uploads/test-streams'
import { createServerApp } from './app'

const MB = 1024 * 1024
const LIMIT = 2 * MB
const BASE = '/ads/unread-body-test'

let t: TestPlatform
let server: Server
let port: number
let token: string
const serverSockets = new Map<number, Socket>()

beforeAll(async () => {
  t = await createTestPlatform()
  // A service with one upload call made of the kit's receive step under a 2 MB limit.
  const service = createService(BASE, t.platform.deps)
  service.post('/upload', async (c) => {
    const file = await receiveCsvUpload(c.req.raw, { dataDir: t.platform.deps.dataDir, maxBytes: LIMIT })
    await file.cleanup()
    return c.json({ size: file.size })
  })
  // …and one that reads the whole file, then refuses it for its content.
  service.post('/refuse', async (c) => {
    const file = await receiveCsvUpload(c.req.raw, { dataDir: t.platform.deps.dataDir, maxBytes: LIMIT })
    await file.cleanup()
    return c.json({ refused: true }, 400)
  })
  const platform = { ...t.platform, services: [{ base: BASE, app: service }] }
  server = createServerApp({ database: t.database, platform: platform as typeof t.platform }).listen(
    0,
    '127.0.0.1',
  )
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
  server.on('connection', (socket) => serverSockets.set(socket.remotePort ?? 0, socket))
  token = await t.tokenFor('superadmin@example.com')
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

type Answer = {
  status: number
  headers: IncomingHttpHeaders
  text: string
  /** Whether the connection was closed within 3 s of the answer; how much the server read of it. */
  closed: Promise<{ closed: boolean; serverRead: number }>
}

/** A chunked multipart upload of `fileBytes` over a keep-alive connection (the client never asks to close). */
function upload(fileBytes: number, call = 'upload'): Promise<Answer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const row = Buffer.from('123456,some keyword,1.00\r\n'.repeat(2520))
  let produced = 0
  const body = Readable.from(
    (function* () {
      yield Buffer.from(`${multipartHead('file', 'big.csv')}Product Id,Keyword,Bid\r\n`)
      while (produced < fileBytes) {
        produced += row.length
        yield row
      }
      yield Buffer.from(multipartTail())
    })(),
  )
  return new Promise((resolve, reject) => {
    let answered = false
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: `${BASE}/${call}`,
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': multipartContentType },
      },
      (res) => {
        answered = true
        const socket = res.socket
        const serverSocket = serverSockets.get(socket.localPort ?? -1)
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => {
          const closed = new Promise<{ closed: boolean; serverRead: number }>((done) => {
            const finish = (closed: boolean) => {
              body.destroy()
              agent.destroy()
              done({ closed, serverRead: serverSocket?.bytesRead ?? -1 })
            }
            if (socket.destroyed) return finish(true)
            const timer = setTimeout(() => finish(false), 3000)
            socket.once('close', () => {
              clearTimeout(timer)
              finish(true)
            })
          })
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, closed })
        })
      },
    )
    req.on('error', (error) => {
      // The server closes while the client still writes: expected once answered.
      if (!answered) reject(error)
    })
    body.pipe(req)
  })
}

describe('a 413 before the whole body arrived', () => {
  it('closes the connection after an upload refused at its limit (413), without reading the rest', async () => {
    const answer = await upload(40 * MB)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.text)).toMatchObject({ code: 413, errorCode: 'FILE_TOO_LARGE' })
    expect(answer.headers.connection).toBe('close')
    const { closed, serverRead } = await answer.closed
    expect(closed).toBe(true)
    // It stopped reading near the limit, far short of the 40 MB the client had to send.
    expect(serverRead).toBeLessThan(20 * MB)
  })

  it('keeps the connection alive after an upload read to its end', async () => {
    const answer = await upload(MB)
    expect(answer.status).toBe(200)
    expect(answer.headers.connection).toBe('keep-alive')
    expect((await answer.closed).closed).toBe(false)
  })

  it('keeps the connection alive after a small upload refused for its content (its last chunk may still be on the way)', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await upload(64 * 1024, 'refuse')
      expect(answer.status).toBe(400)
      expect(answer.headers.connection).toBe('keep-alive')
      expect((await answer.closed).closed).toBe(false)
    }
  })
})
