// The billing sample files (public/files, offered on /admin/billing as 'Download sample file') carry the
// contract's header and pass the payment service's rules: each imports through its upload call on a fresh
// test platform, every row applied. Decision 047.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BILLING_UPLOAD_KINDS,
  BILLING_UPLOADS,
  billingUploadResultSchema,
} from '../platform/contracts/billing'
import { projectPath } from '../platform/paths'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'

let t: TestPlatform
let token: string
beforeAll(async () => {
  t = await createTestPlatform({ now: new Date('2026-11-23T06:00:00Z') })
  token = await t.tokenFor('superadmin@example.com')
})
afterAll(async () => {
  await t?.close()
})

const sample = (kind: (typeof BILLING_UPLOAD_KINDS)[number]) =>
  readFile(projectPath(`public${BILLING_UPLOADS[kind].sample}`), 'utf8')

describe.each(BILLING_UPLOAD_KINDS)('the %s sample file', (kind) => {
  it('has the contract header and at least three rows', async () => {
    const lines = (await sample(kind)).split('\r\n')
    expect(lines[0]).toBe(BILLING_UPLOADS[kind].columns.map((c) => c.header).join(','))
    expect(lines.filter(Boolean).length).toBeGreaterThanOrEqual(4)
  })

  it('imports through its upload call, every row applied', async () => {
    const text = await sample(kind)
    const form = new FormData()
    const name = BILLING_UPLOADS[kind].sample.split('/').pop()!
    form.append('file', new File([text], name, { type: 'text/csv' }))
    const response = await t.request(`/ads/ad-payments/payment/post-paid/${BILLING_UPLOADS[kind].call}`, {
      method: 'POST',
      body: form,
      token,
    })
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(200)
    const data = billingUploadResultSchema.parse(body.data)
    expect(data.status).toBe('success')
    expect(data.applied).toBe(text.trim().split('\r\n').length - 1)
  })
})
