import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawGet } from '../platform/testing/raw-get'
import { precompressedAssets } from './precompressed'

let dir: string
let server: Server
let origin: string
const script = 'export const answer = 42;\n'.repeat(50)

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'precompressed-'))
  mkdirSync(path.join(dir, '_shared'))
  writeFileSync(path.join(dir, '_shared', 'chunk.js'), script)
  writeFileSync(path.join(dir, '_shared', 'chunk.js.gz'), gzipSync(script, { level: 9 }))
  writeFileSync(path.join(dir, 'plain.js'), script)
  writeFileSync(path.join(dir, 'secret.txt.gz'), gzipSync('not a script'))
  const cache = { immutable: true, maxAge: '1y' }
  const app = express()
  app.use('/build', precompressedAssets(dir, cache))
  app.use('/build', express.static(dir, cache))
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

/** The raw bytes are what a browser is sent. */
const raw = (url: string, acceptEncoding: string) => rawGet(url, { 'accept-encoding': acceptEncoding })

describe('precompressed build files', () => {
  it('sends the .gz twin, as JavaScript, cached for a year, to a browser that accepts gzip', async () => {
    const res = await raw(`${origin}/build/_shared/chunk.js`, 'gzip, deflate, br')
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8')
    expect(res.headers.vary).toBe('Accept-Encoding')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.body.length).toBeLessThan(script.length / 5)
    expect(gunzipSync(res.body).toString()).toBe(script)
  })

  it('sends the plain file to a client that does not accept gzip', async () => {
    const res = await raw(`${origin}/build/_shared/chunk.js`, 'identity')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(script)
  })

  it('leaves files without a twin, and twins of other types, to the static server', async () => {
    const plain = await raw(`${origin}/build/plain.js`, 'gzip')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
    const other = await raw(`${origin}/build/secret.txt`, 'gzip')
    expect(other.status).toBe(404)
  })

  it('cannot be walked outside the build folder', async () => {
    const res = await raw(`${origin}/build/..%2f..%2fetc%2fpasswd.js`, 'gzip')
    expect(res.status).toBe(404)
  })
})
