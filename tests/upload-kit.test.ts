// The upload kit end to end, without a browser: an action written as a screen would write it, given a real
// multipart Request, through the console half (app/models/upload.server.ts) to a platform upload call built
// with the platform half (platform/uploads), writing into a real table of the test database.
// It lives in tests/ because it imports both halves, which neither half may do (tests/architecture.test.ts).
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { ActionFunctionArgs } from '@remix-run/node'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleCsvUpload, uploadAnswer } from '../app/models/upload.server'
import { createUpstreamClient, type Transport } from '../app/models/upstream.server'
import { requireAuth } from '../platform/auth/authorize'
import { auditLog, promoCredits } from '../platform/db/schema'
import { createService } from '../platform/http'
import { MEGABYTE } from '../platform/rules/uploads'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { csvUploadEndpoint } from '../platform/uploads/endpoint'
import { promoCreditsConsumer } from '../platform/uploads/test-consumers'
import { generatedUpload, multipartBody, multipartContentType } from '../platform/uploads/test-streams'

let t: TestPlatform
let token: string
let sellerId: number
let platformCalls = 0
let transport: Transport

const promo = promoCreditsConsumer('test-promo-upload')

const messages = {
  invalidHeader: 'Invalid Header Format. Please upload a valid file.',
  invalidRows: 'Invalid file. Please upload a valid file.',
  success: 'Promo Credit Details Saved Successfully !',
}

/** The screen's action, as a later issue will write it. */
async function action({ request }: Pick<ActionFunctionArgs, 'request'>) {
  const client = createUpstreamClient(transport, { token })
  const result = await handleCsvUpload(
    request,
    { client, path: '/promo' },
    { maxBytes: MEGABYTE, dataDir: t.deps.dataDir, messages },
  )
  return uploadAnswer(result, { to: '/admin/billing' })
}

function postForm(body: BodyInit) {
  return action({
    request: new Request('http://console.test/admin/billing', {
      method: 'POST',
      body,
      headers: { 'content-type': multipartContentType },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  })
}

async function spooled() {
  try {
    return await readdir(path.join(t.deps.dataDir, 'uploads', 'incoming'))
  } catch {
    return []
  }
}

const promoRows = () => t.db.select().from(promoCredits).where(eq(promoCredits.sellerId, sellerId))

beforeAll(async () => {
  t = await createTestPlatform()
  token = await t.tokenFor('superadmin@example.com')
  sellerId = (await t.userByEmail('seller@example.com')).accountId!
  const service = createService('/ads/test-uploads', t.deps)
  service.post(
    '/promo',
    requireAuth({ roles: ['SUPERADMIN'] }),
    csvUploadEndpoint(promo, { maxBytes: MEGABYTE }),
  )
  transport = {
    fetch: async (request) => {
      platformCalls++
      return service.fetch(request)
    },
    base: 'http://platform.internal/ads/test-uploads',
    remote: false,
  }
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('an upload action on the kit', () => {
  it('applies a valid file and redirects; the audit names who uploaded what', async () => {
    // Only this test's own temporary file is looked for: a crashed run may have left others.
    const spooledBefore = await spooled()
    const before = await promoRows()
    const response = await postForm(
      multipartBody(
        { name: 'promo credits.csv', text: `Seller Id,Amount\r\n${sellerId},1200\r\n${sellerId},300\r\n` },
        { intent: 'promo' },
      ),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/admin/billing')
    const after = await promoRows()
    expect(after.length).toBe(before.length + 2)
    expect(after.map((row) => row.amount)).toEqual(expect.arrayContaining([120_000, 30_000]))
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'csv.import'), eq(auditLog.entityType, 'test-promo-upload')))
      .orderBy(desc(auditLog.id))
      .limit(1)
    const superadmin = await t.userByEmail('superadmin@example.com')
    expect(entry?.actorUserId).toBe(superadmin.id)
    expect(entry?.after).toMatchObject({
      fileName: 'promo credits.csv',
      result: 'SUCCESS',
      rows: 2,
      totals: { amountRupees: 1500 },
    })
    expect(await spooled()).toEqual(spooledBefore)
  })

  it('answers 400 naming each bad row, offers the error report, and saves nothing', async () => {
    const before = await promoRows()
    const response = await postForm(
      multipartBody({
        name: 'promo.csv',
        text: `Seller Id,Amount\n${sellerId},10\n=cmd,5\n${sellerId},ten\n`,
      }),
    )
    expect(response.status).toBe(400)
    const { upload } = await response.json()
    expect(upload).toMatchObject({
      ok: false,
      message: 'Invalid file. Please upload a valid file.',
      fileName: 'promo.csv',
      errorCount: 2,
      errorReportName: 'promo_Error_Report.csv',
    })
    expect(upload.errors).toEqual([
      { row: 3, column: 'Seller Id', value: '=cmd', reason: 'ID is invalid' },
      { row: 4, column: 'Amount', value: 'ten', reason: 'Amount must be whole rupees' },
    ])
    expect(upload.errorReport).toContain("3,Seller Id,'=cmd,ID is invalid")
    expect(await promoRows()).toEqual(before)
  })

  it('refuses a wrong header with the screen message', async () => {
    const response = await postForm(
      multipartBody({ name: 'promo.csv', text: `Seller,Amount\n${sellerId},10\n` }),
    )
    expect(response.status).toBe(400)
    const { upload } = await response.json()
    expect(upload.message).toBe('Invalid Header Format. Please upload a valid file.')
    expect(upload.errorReport).toBeNull()
  })

  it('removes temporary files a crashed process left over an hour ago, and no others', async () => {
    const dir = path.join(t.deps.dataDir, 'uploads', 'incoming')
    await mkdir(dir, { recursive: true })
    const old = path.join(dir, 'left-by-a-crash.csv')
    const recent = path.join(dir, 'another-upload-in-progress.csv')
    await writeFile(old, 'x')
    await writeFile(recent, 'y')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await utimes(old, twoHoursAgo, twoHoursAgo)
    try {
      const response = await postForm(
        multipartBody({ name: 'promo.csv', text: `Seller Id,Amount\n${sellerId},1\n` }),
      )
      expect(response.status).toBe(302)
      const left = await spooled()
      expect(left).not.toContain('left-by-a-crash.csv')
      expect(left).toContain('another-upload-in-progress.csv')
    } finally {
      await rm(recent, { force: true })
      await rm(old, { force: true })
    }
  })

  it('refuses a file that is not .csv without calling the platform', async () => {
    const calls = platformCalls
    const response = await postForm(multipartBody({ name: 'promo.xlsx', text: 'Seller Id,Amount\n1,1\n' }))
    expect(response.status).toBe(400)
    expect((await response.json()).upload.message).toBe('Selected File Format is Incorrect !')
    expect(platformCalls).toBe(calls)
  })

  it('refuses a form without a file', async () => {
    const response = await postForm(multipartBody({ name: '', text: '' }))
    expect(response.status).toBe(400)
    expect((await response.json()).upload.message).toBe('Select a CSV file to upload')
  })

  it('refuses a 30 MB upload against a 1 MB limit with 413 while streaming, storing nothing', async () => {
    // Only this test's own temporary file is looked for: a crashed run may have left others.
    const spooledBefore = await spooled()
    const calls = platformCalls
    const before = await promoRows()
    const upload = generatedUpload({ totalBytes: 30 * MEGABYTE })
    const response = await postForm(upload.stream)
    expect(response.status).toBe(413)
    expect((await response.json()).upload.message).toBe('File size exceeds 25MB limit')
    expect(upload.pulled()).toBeLessThan(2 * MEGABYTE)
    expect(platformCalls).toBe(calls)
    expect(await spooled()).toEqual(spooledBefore)
    expect(await promoRows()).toEqual(before)
  })
})
