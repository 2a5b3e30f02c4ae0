// The upload call as an API client makes it: multipart (spec §7 "form data (file field)") or text/csv,
// through a service built like the real ones (createService + requireAuth), against the test database.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireAuth } from '../auth/authorize'
import { csvImportOutcomeSchema } from '../contracts/csv-upload'
import { promoCredits } from '../db/schema'
import { createService } from '../http'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { csvUploadEndpoint } from './endpoint'
import { MEGABYTE } from './receive'
import { promoCreditsConsumer } from './test-consumers'
import { generatedUpload, multipartBody, multipartContentType } from './test-streams'

let t: TestPlatform
let token: string
let sellerToken: string
let app: ReturnType<typeof createService>

let sellerId: number
const promo = promoCreditsConsumer('test-promo-credits')

const incoming = () => path.join(t.deps.dataDir, 'uploads', 'incoming')
async function spooled() {
  try {
    return await readdir(incoming())
  } catch {
    return []
  }
}

function post(body: BodyInit, headers: Record<string, string>, who = token, query = '') {
  return app.request(`/ads/test-uploads/promo${query}`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${who}`, ...headers },
    // A stream body needs half-duplex in Node's fetch.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
}

async function promoRows() {
  return t.db.select().from(promoCredits).where(eq(promoCredits.sellerId, sellerId))
}

beforeAll(async () => {
  t = await createTestPlatform()
  token = await t.tokenFor('superadmin@example.com')
  sellerToken = await t.tokenFor('seller@example.com')
  sellerId = (await t.userByEmail('seller@example.com')).accountId!
  app = createService('/ads/test-uploads', t.deps)
  app.post('/promo', requireAuth({ roles: ['SUPERADMIN'] }), csvUploadEndpoint(promo, { maxBytes: MEGABYTE }))
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('csvUploadEndpoint', () => {
  it('imports a multipart upload and answers the outcome in the envelope', async () => {
    // Only this test's own temporary file is looked for: a crashed run may have left others.
    const spooledBefore = await spooled()
    const before = await promoRows()
    const response = await post(
      multipartBody({ name: 'promo.csv', text: `Seller Id,Amount\n${sellerId},500\n${sellerId},250\n` }),
      { 'content-type': multipartContentType },
    )
    expect(response.status).toBe(200)
    const body = await response.json()
    const outcome = csvImportOutcomeSchema.parse(body.data)
    expect(outcome).toMatchObject({ result: 'SUCCESS', fileName: 'promo.csv', rows: 2, applied: 2 })
    expect(outcome.totals).toEqual({ amountRupees: 750 })
    expect((await promoRows()).length).toBe(before.length + 2)
    expect(await spooled()).toEqual(spooledBefore)
  })

  it('imports a text/csv body named by the fileName query', async () => {
    const response = await post(
      `Seller Id,Amount\n${sellerId},100\n`,
      { 'content-type': 'text/csv' },
      token,
      '?fileName=raw.csv',
    )
    expect(response.status).toBe(200)
    expect((await response.json()).data).toMatchObject({ result: 'SUCCESS', fileName: 'raw.csv', applied: 1 })
  })

  it('answers 400 with the rows that failed and writes nothing', async () => {
    const before = await promoRows()
    const response = await post(
      multipartBody({
        name: 'promo.csv',
        text: `Seller Id,Amount\n${sellerId},500\nabc,1\n${sellerId},1.5\n`,
      }),
      { 'content-type': multipartContentType },
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.errorCode).toBe('INVALID_ROWS')
    expect(body.data.errors).toEqual([
      { row: 3, column: 'Seller Id', value: 'abc', reason: 'ID is invalid' },
      { row: 4, column: 'Amount', value: '1.5', reason: 'Amount must be whole rupees' },
    ])
    expect(await promoRows()).toEqual(before)
  })

  it('refuses a file that is not .csv with the kit message', async () => {
    const response = await post(multipartBody({ name: 'promo.xlsx', text: 'Seller Id,Amount\n1,1\n' }), {
      'content-type': multipartContentType,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).message).toBe('Selected File Format is Incorrect !')
  })

  it('refuses an oversize upload with 413 while it streams, keeping nothing', async () => {
    // Only this test's own temporary file is looked for: a crashed run may have left others.
    const spooledBefore = await spooled()
    const before = await promoRows()
    const upload = generatedUpload({ totalBytes: 30 * MEGABYTE })
    const response = await post(upload.stream, { 'content-type': multipartContentType })
    expect(response.status).toBe(413)
    expect((await response.json()).message).toBe('File size exceeds 25MB limit')
    // It stopped reading a little past the 1 MB limit, not after 30 MB.
    expect(upload.pulled()).toBeLessThan(2 * MEGABYTE)
    expect(await spooled()).toEqual(spooledBefore)
    expect(await promoRows()).toEqual(before)
  })

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const upload = generatedUpload({ totalBytes: 30 * MEGABYTE })
    const response = await post(upload.stream, {
      'content-type': multipartContentType,
      'content-length': String(30 * MEGABYTE),
    })
    expect(response.status).toBe(413)
    expect(upload.pulled()).toBeLessThan(256 * 1024)
  })

  it('is refused to a role the service does not allow, before the body is read', async () => {
    const upload = generatedUpload({ totalBytes: 5 * MEGABYTE })
    const response = await post(upload.stream, { 'content-type': multipartContentType }, sellerToken)
    expect(response.status).toBe(403)
    expect(upload.pulled()).toBeLessThan(256 * 1024)
  })
})
