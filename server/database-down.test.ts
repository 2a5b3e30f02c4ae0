// The JSON API while the database cannot be reached: 503 with the envelope, like /healthz and the pages
// (decision 020), not a 500 that reads as a bug of the request.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { createPlatform } from '../platform'
import { openDatabase } from '../platform/db/client'
import { projectPath } from '../platform/paths'
import { createTestPlatform } from '../platform/testing/platform'
import { createServerApp } from './app'

const servers: Server[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
})

async function serve(app: ReturnType<typeof createServerApp>) {
  const server = app.listen(0, '127.0.0.1')
  servers.push(server)
  await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function expectUnavailableEnvelope(body: Record<string, unknown>) {
  expect(body).toMatchObject({
    code: 503,
    message: 'Service unavailable',
    data: null,
    errors: ['Service unavailable'],
    errorCode: 'SERVICE_UNAVAILABLE',
    status: 503,
  })
  // Nothing of the driver's error (SQL text, parameters) reaches the client.
  expect(JSON.stringify(body)).not.toMatch(/select|PGlite|params/i)
}

describe('the API while the database is unreachable', () => {
  it('answers 503 with the envelope when the embedded database handle is closed', async () => {
    const t = await createTestPlatform()
    const origin = await serve(createServerApp({ database: t.database, platform: t.platform }))
    const token = await t.tokenFor('agency@example.com')
    expect(
      (await fetch(`${origin}/ads/ad-auth/v1/session`, { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200)

    await t.database.close()

    const session = await fetch(`${origin}/ads/ad-auth/v1/session`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(session.status).toBe(503)
    expect(session.headers.get('retry-after')).toBe('5')
    expectUnavailableEnvelope(await session.json())

    const login = await fetch(`${origin}/ads/ad-auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agency@example.com', password: 'whatever it is' }),
    })
    expect(login.status).toBe(503)
    expectUnavailableEnvelope(await login.json())

    expect((await fetch(`${origin}/healthz`)).status).toBe(503)
    await t.close()
  })

  it('answers 503 with the envelope when PostgreSQL refuses the connection', async () => {
    // Port 1 on the loopback: nothing listens there, so every query fails with ECONNREFUSED.
    const database = await openDatabase({
      databaseUrl: 'postgres://console@127.0.0.1:1/console',
      migrate: false,
    })
    const platform = createPlatform({
      database,
      mailer: { async send() {}, close() {} },
      now: () => new Date(),
      dataDir: projectPath('.tmp/test-data'),
      consoleUrl: 'http://console.test',
      outboxEnabled: false,
      signingSecret: 'test-signing-secret',
    })
    try {
      const origin = await serve(createServerApp({ database, platform }))
      const response = await fetch(`${origin}/ads/ad-auth/v1/session`, {
        headers: { authorization: 'Bearer some-token-the-database-would-check' },
      })
      expect(response.status).toBe(503)
      expectUnavailableEnvelope(await response.json())
    } finally {
      await database.close()
    }
  })
})
