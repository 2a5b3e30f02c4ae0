import { describe, expect, it } from 'vitest'
import { z } from 'zod/v4'
import type { PlatformDeps } from './deps'
import { DomainError } from './errors'
import { createService } from './http'

const deps = {} as PlatformDeps

function service() {
  const app = createService('/ads/test', deps)
  app.get('/boom', () => {
    throw new Error('relation "users" does not exist at character 15: select * from users')
  })
  app.get('/domain', () => {
    throw new DomainError(409, 'CONFLICT', 'Already linked')
  })
  app.post('/zod', async (c) => {
    z.object({ brandId: z.string().regex(/^\d+$/, 'Brand ID is invalid') }).parse(await c.req.json())
    return c.text('unreachable')
  })
  app.post('/json', async (c) => c.json(await c.req.json()))
  return app
}

describe('central error handler', () => {
  it('answers an unknown error with 500, a request id, and no stack or SQL text', async () => {
    const response = await service().request('/ads/test/boom')
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(text).not.toMatch(/relation|select|stack|at /i)
    const body = JSON.parse(text)
    expect(body).toMatchObject({ code: 500, message: 'Something went wrong', data: null })
    expect(body.requestId).toBe(response.headers.get('x-request-id'))
  })

  it('turns a domain error into its status and the envelope', async () => {
    const response = await service().request('/ads/test/domain')
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({
      code: 409,
      message: 'Already linked',
      errors: ['Already linked'],
      error: 'Already linked',
      errorCode: 'CONFLICT',
      errorMessageList: ['Already linked'],
      errorResponse: { message: 'Already linked' },
      status: 409,
    })
  })

  it('turns a validation error into 400 with the field message', async () => {
    const response = await service().request('/ads/test/zod', {
      method: 'POST',
      body: JSON.stringify({ brandId: '12a' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.errors).toEqual(['Brand ID is invalid'])
    expect(body.fieldErrors).toEqual({ brandId: ['Brand ID is invalid'] })
  })

  it('answers malformed JSON with 400, and unknown paths with 404 in the envelope', async () => {
    const bad = await service().request('/ads/test/json', {
      method: 'POST',
      body: '{"a":',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    const missing = await service().request('/ads/test/nothing-here')
    expect(missing.status).toBe(404)
    expect((await missing.json()).code).toBe(404)
  })
})
