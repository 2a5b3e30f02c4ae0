// Request bodies are limited before they are read in full (decision 020): 413 with the envelope for the
// API, a plain page for the console; a declared length over the limit is refused before a byte is read,
// a streamed one as soon as it crosses the limit. Uploads keep the upload kit's own limit.
import { request as httpRequest } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Server } from 'node:http'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { multipartContentType, multipartHead } from '../platform/uploads/test-streams'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { createServerApp } from './app'
import { ANONYMOUS_BODY_LIMIT, SIGNED_IN_BODY_LIMIT, TOO_LARGE_MESSAGE, TOO_LARGE_PAGE } from './hardening'

let t: TestPlatform
let server: Server
let port: number
/** The server's side of each connection, by the client's port: how much it read before it closed. */
const serverSockets = new Map<number, Socket>()

beforeAll(async () => {
  t = await createTestPlatform()
  server = createServerApp({ database: t.database, platform: t.platform }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
  server.on('connection', (socket) => serverSockets.set(socket.remotePort ?? 0, socket))
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const MB = 1024 * 1024
type Answer = { status: number; type: string; text: string; sent: number; serverRead: () => Promise<number> }

/**
 * POSTs a body of `totalBytes` generated 64 KiB at a time (chunked unless a content-length header is
 * given), or the exact `body`. `sent` is how much of it the client had handed to the socket when the
 * answer arrived.
 */
function post(
  path: string,
  options: { headers?: Record<string, string>; totalBytes?: number; body?: string; head?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const piece = Buffer.alloc(64 * 1024, 'a')
    const total = options.totalBytes ?? 0
    const source =
      options.body !== undefined
        ? Readable.from([Buffer.from(options.body)])
        : Readable.from(
            (function* () {
              if (options.head) {
                sent += options.head.length
                yield Buffer.from(options.head)
              }
              while (sent < total) {
                sent += piece.length
                yield piece
              }
            })(),
          )
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: options.headers },
      (res) => {
        answered = true
        const sentWhenAnswered = options.body !== undefined ? options.body.length : sent
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        const serverSocket = serverSockets.get(req.socket?.localPort ?? -1)
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text,
            sent: sentWhenAnswered,
            // Once the server has closed the connection, how many bytes it ever read from it.
            serverRead: async () => {
              if (!serverSocket) throw new Error('no server socket for this request')
              if (!serverSocket.destroyed) await new Promise((done) => serverSocket.once('close', done))
              return serverSocket.bytesRead
            },
          }),
        )
      },
    )
    req.on('error', (error) => {
      // The server closes the connection after a 413 while the client may still be writing.
      if (!answered) reject(error)
    })
    source.pipe(req)
  })
}

const sessionCookie = { cookie: 'console_session=some-sealed-value' }

describe('console form posts', () => {
  it('refuses a declared Content-Length over the anonymous limit before reading the body', async () => {
    const answer = await post('/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(50 * MB) },
      totalBytes: 50 * MB,
    })
    expect(answer.status).toBe(413)
    expect(answer.type).toMatch(/^text\/plain/)
    expect(answer.text).toBe(TOO_LARGE_PAGE)
    expect(answer.sent).toBeLessThan(16 * MB)
    expect(await answer.serverRead()).toBeLessThan(2 * MB)
  })

  it('stops reading a streamed (chunked) body as soon as it passes the limit', async () => {
    const answer = await post('/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      totalBytes: 50 * MB,
    })
    expect(answer.status).toBe(413)
    expect(answer.text).toBe(TOO_LARGE_PAGE)
    // The client could push only what the socket buffers hold before the server stopped reading.
    expect(answer.sent).toBeLessThan(16 * MB)
    expect(await answer.serverRead()).toBeLessThan(2 * MB)
  })

  it('allows about 1 MiB with a session cookie, 64 KiB without', async () => {
    const size = 256 * 1024
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    // Without a console build a post that passes falls through to 404: it was not refused.
    expect(
      (await post('/campaigns', { headers: { ...form, ...sessionCookie }, totalBytes: size })).status,
    ).toBe(404)
    expect((await post('/campaigns', { headers: form, totalBytes: size })).status).toBe(413)
    const justUnder = `x=${'a'.repeat(ANONYMOUS_BODY_LIMIT - 10)}`
    expect((await post('/campaigns', { headers: form, body: justUnder })).status).toBe(404)
    const over = await post('/campaigns', {
      headers: { ...form, ...sessionCookie },
      totalBytes: SIGNED_IN_BODY_LIMIT + 64 * 1024,
    })
    expect(over.status).toBe(413)
    expect(over.text).toBe(TOO_LARGE_PAGE)
  })

  it('leaves a signed-in multipart upload to the upload kit, but not an anonymous one', async () => {
    const upload = {
      head: `${multipartHead('file', 'big.csv')}Product Id,Keyword,Bid\r\n`,
      totalBytes: 3 * MB,
    }
    const signedIn = await post('/campaigns/1/keywords', {
      ...upload,
      headers: { 'content-type': multipartContentType, ...sessionCookie },
    })
    expect(signedIn.status).toBe(404)
    const anonymous = await post('/campaigns/1/keywords', {
      ...upload,
      headers: { 'content-type': multipartContentType },
    })
    expect(anonymous.status).toBe(413)
  })
})

describe('the JSON API', () => {
  const json = { 'content-type': 'application/json' }

  it('answers 413 with the envelope for an oversize body, declared or streamed', async () => {
    for (const headers of [{ ...json, 'content-length': String(50 * MB) }, json]) {
      const answer = await post('/ads/ad-auth/v1/login', { headers, totalBytes: 50 * MB })
      expect(answer.status).toBe(413)
      expect(answer.type).toMatch(/^application\/json/)
      expect(JSON.parse(answer.text)).toMatchObject({
        code: 413,
        message: TOO_LARGE_MESSAGE,
        data: null,
        errors: [TOO_LARGE_MESSAGE],
        errorCode: 'PAYLOAD_TOO_LARGE',
        status: 413,
      })
      expect(answer.sent).toBeLessThan(16 * MB)
      expect(await answer.serverRead()).toBeLessThan(2 * MB)
    }
  })

  it('hands a streamed body within the limit on intact', async () => {
    // Chunked JSON: the platform parses it and checks the password (401), so nothing was lost on the way.
    const body = JSON.stringify({ email: 'seller2@example.com', password: 'not the password' })
    const answer = await post('/ads/ad-auth/v1/login', { headers: json, body })
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.text).errorCode).not.toBe('MALFORMED_JSON')
  })

  it('leaves the performance ingest its own streaming limit: a 2 MB JSON body with a token reaches it', async () => {
    // The token is wrong: the ingest's 401 shows the body was not refused on the way (1 MB otherwise).
    const answer = await post('/ads/adinventory/v1/facts', {
      headers: { ...json, authorization: 'Bearer not-the-ingest-token-0123456789abcdef' },
      totalBytes: 2 * MB,
    })
    expect(answer.status).toBe(401)
  })

  it('allows a larger body with a bearer token', async () => {
    const token = await t.tokenFor('agency@example.com')
    const size = 256 * 1024
    const withToken = await post('/ads/ad-auth/v1/logout', {
      headers: { ...json, authorization: `Bearer ${token}` },
      totalBytes: size,
    })
    expect(withToken.status).not.toBe(413)
    const anonymous = await post('/ads/ad-auth/v1/logout', { headers: json, totalBytes: size })
    expect(anonymous.status).toBe(413)
  })
})
