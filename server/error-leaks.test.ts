// One error of each kind, provoked over HTTP against the server (issue 14, Security; decision 052): no
// answer — the API's JSON or the server's own plain text — shows a stack trace, SQL, a table, constraint
// or index name, an internal path or an exception class name, and none is a 500 where the caller is at
// fault. The console's pages get the same provocations in tests/e2e/error-leaks.spec.ts.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../platform/testing/platform'
import { createServerApp } from './app'
import { leaksIn, schemaNameCount } from './leak-check'

let t: TestPlatform
let server: Server
let origin: string
let seller: string

beforeAll(async () => {
  t = await createTestPlatform()
  server = createServerApp({ database: t.database, platform: t.platform }).listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  seller = await t.tokenFor('seller@example.com')
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const LIST = '/ads/ad-inventory/v1/campaign/loadHomePage'
const LOGIN = '/ads/ad-auth/v1/login'

/** Sends, then checks the answer's status and that neither its body nor its headers leak; the body. */
async function provoke(
  what: string,
  path: string,
  init: RequestInit & { token?: string } = {},
  status?: number,
): Promise<string> {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  const response = await fetch(`${origin}${path}`, { ...init, headers })
  const body = await response.text()
  if (status !== undefined) expect(response.status, `${what}: ${body.slice(0, 200)}`).toBe(status)
  expect(leaksIn(body), what).toEqual([])
  expect(
    leaksIn([...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')),
    `${what} (headers)`,
  ).toEqual([])
  return body
}

const json = (body: string) => JSON.parse(body) as { code: number; errorCode: string; message: string }

describe('the leak check itself', () => {
  it('knows the schema and finds what it must find', () => {
    expect(schemaNameCount()).toBeGreaterThan(40)
    expect(
      leaksIn('Failed query: select "id" from "users" where "users"."email" = $1\nparams: a'),
    ).not.toEqual([])
    expect(leaksIn('TypeError: x is undefined\n    at foo (/srv/app/build/index.js:10:5)')).not.toEqual([])
    expect(leaksIn('duplicate key value violates unique constraint "users_email_unique"')).not.toEqual([])
    expect(leaksIn('insert into audit_log failed')).not.toEqual([])
    expect(leaksIn('{"code":404,"message":"Not found","errorCode":"NOT_FOUND"}')).toEqual([])
  })
})

describe('the API never leaks in an error answer', () => {
  it('400 validation: the field message only', async () => {
    const body = await provoke('400', `${LIST}?userId=100001&size=7`, { token: seller }, 400)
    expect(json(body).errorCode).toBe('VALIDATION_FAILED')
  })

  it('400 malformed JSON', async () => {
    const body = await provoke(
      'malformed JSON',
      LOGIN,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' },
      400,
    )
    expect(json(body)).toMatchObject({ errorCode: 'MALFORMED_JSON', message: 'Malformed JSON body' })
  })

  it('a wrong content type is refused without a 500', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const headers = { 'content-type': type }
      const response = await fetch(`${origin}${LOGIN}`, {
        method: 'POST',
        headers,
        body: 'email=a&password=b',
      })
      expect(response.status, type).toBeGreaterThanOrEqual(400)
      expect(response.status, type).toBeLessThan(500)
      await provoke(type, LOGIN, { method: 'POST', headers, body: 'email=a&password=b' })
    }
  })

  it('401 without a token and with a forged one', async () => {
    await provoke('401', '/ads/ad-auth/v1/session', {}, 401)
    await provoke('401 forged', '/ads/ad-auth/v1/session', { token: 'x'.repeat(43) }, 401)
  })

  it("403 for another advertiser's list", async () => {
    await provoke('403', `${LIST}?userId=100002`, { token: seller }, 403)
  })

  it('404 for an unknown call and an unknown campaign', async () => {
    expect(json(await provoke('404', '/ads/ad-auth/v1/no-such-call', { token: seller }, 404)).errorCode).toBe(
      'NOT_FOUND',
    )
    await provoke('404 campaign', '/ads/ad-inventory/v1/campaign/999999999/history', { token: seller })
  })

  it('a method the call does not take', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH']) {
      const response = await fetch(`${origin}/ads/ad-auth/v1/session`, {
        method,
        headers: { authorization: `Bearer ${seller}` },
      })
      expect([404, 405], method).toContain(response.status)
      expect(leaksIn(await response.text()), method).toEqual([])
    }
  })

  it('413 for a body over the limit', async () => {
    const body = await provoke(
      '413',
      LOGIN,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a'.repeat(100 * 1024), password: 'x' }),
      },
      413,
    )
    expect(json(body).errorCode).toBe('PAYLOAD_TOO_LARGE')
  })

  it('431 for a huge URL or huge headers (Node refuses them before any route runs)', async () => {
    await provoke('huge URL', `${LIST}?userId=100001&search=${'a'.repeat(20_000)}`, { token: seller }, 431)
    await provoke(
      'huge header',
      '/ads/ad-auth/v1/session',
      { headers: { 'x-filler': 'a'.repeat(20_000) } },
      431,
    )
  })

  it('400, not a stack trace, for a path Express cannot decode (%-escape cut short)', async () => {
    // Outside NODE_ENV=production Express's own error page printed the URIError and its stack (fixed:
    // answerErrorsPlainly in server/hardening.ts).
    for (const path of ['/ads/ad-auth/%E0%A4%A', '/ads/ad-inventory/v1/campaign/%ZZ/history']) {
      const body = await provoke(path, path, { token: seller }, 400)
      expect(json(body)).toMatchObject({ code: 400, errorCode: 'BAD_REQUEST', message: 'Bad request' })
    }
  })

  it('403 for a cross-site form post to the console (plain text)', async () => {
    const body = await provoke(
      'CSRF',
      '/logout',
      { method: 'POST', headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
      403,
    )
    expect(body).toBe('Cross-site form posts are not accepted.')
  })

  it('415, not a 500, for a console post whose body is not a form (JSON, plain text, no type)', async () => {
    for (const type of ['application/json', 'text/plain', '']) {
      const body = await provoke(
        `console post ${type || 'without a type'}`,
        '/logout',
        { method: 'POST', headers: type ? { 'content-type': type } : {}, body: '{"a":1}' },
        415,
      )
      expect(body).toBe('This form could not be read. Go back and send it again.')
    }
  })

  it('a day the calendar does not have is a 400 (the database refused it with a 500 before)', async () => {
    for (const path of [LIST, '/ads/ad-inventory/v1/campaign/download']) {
      const body = await provoke(
        `${path} 2026-02-30`,
        `${path}?userId=100001&dateFilterType=CUSTOM&fromDate=2026-02-30&toDate=2026-03-05`,
        { token: seller },
        400,
      )
      expect(json(body)).toMatchObject({ errorCode: 'INVALID_DATE', message: 'Enter a valid date' })
    }
  })

  it('a write the database refuses (a constraint violation) is a generic 500 without SQL or names', async () => {
    // A check constraint no new audit row can meet: a failed sign-in writes one (LOGIN_FAILURE), so the
    // database itself refuses the statement, as it would a unique violation lost in a race.
    await t.db.execute(
      sql.raw('alter table audit_log add constraint audit_log_refuses_all_ck check (false) not valid'),
    )
    try {
      const body = await provoke(
        'constraint violation',
        LOGIN,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'seller2@example.com', password: 'not the password' }),
        },
        500,
      )
      expect(json(body)).toMatchObject({
        code: 500,
        errorCode: 'INTERNAL_ERROR',
        message: 'Something went wrong',
      })
      expect(body).not.toContain('audit_log_refuses_all_ck')
    } finally {
      await t.db.execute(sql.raw('alter table audit_log drop constraint audit_log_refuses_all_ck'))
    }
  })

  it('503 while the database is down: the envelope only', async () => {
    await t.database.close()
    for (const path of ['/ads/ad-auth/v1/session', `${LIST}?userId=100001`]) {
      const body = await provoke(`503 ${path}`, path, { token: seller }, 503)
      expect(json(body)).toMatchObject({ code: 503, errorCode: 'SERVICE_UNAVAILABLE' })
    }
    await provoke('503 login', LOGIN, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'seller@example.com', password: 'whatever it is' }),
    })
  })
})
