// One console request's in-process platform calls share the sessions they resolve (SessionMemo in
// authorize.ts, platform.scopedFetch): never across requests, and never past a write.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaigns, sessions } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { hashToken } from './sessions'

let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

const call = (fetch: (request: Request) => Promise<Response>, token: string, method = 'GET') =>
  fetch(
    new Request(`http://platform.test/ads/ad-auth/v1/${method === 'GET' ? 'session' : 'logout'}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    }),
  )
const revokeInDatabase = (token: string) =>
  t.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)))

describe('sessions shared within one console request', () => {
  it('reads a session once per request: a revocation lands on the next request, not mid-page', async () => {
    const token = await t.tokenFor('seller@example.com')
    const page = t.platform.scopedFetch()
    expect((await call(page, token)).status).toBe(200)
    await revokeInDatabase(token)
    // The same request's next call is answered from what it already read...
    expect((await call(page, token)).status).toBe(200)
    // ...every other request reads the session again and is refused.
    expect((await call(t.platform.scopedFetch(), token)).status).toBe(401)
    expect((await call(t.platform.fetch, token)).status).toBe(401)
  })

  it('a write in the request (logout) makes the calls after it read the session afresh', async () => {
    const token = await t.tokenFor('brand@example.com')
    const page = t.platform.scopedFetch()
    expect((await call(page, token)).status).toBe(200)
    expect((await call(page, token, 'POST')).status).toBe(200)
    expect((await call(page, token)).status).toBe(401)
  })

  it('the spec’s read POSTs share it too; a write POST does not', async () => {
    const token = await t.tokenFor('seller@example.com')
    const seller = await t.userByEmail('seller@example.com')
    const [campaign] = await t.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.sellerId, seller.accountId!))
      .limit(1)
    const view = (fetch: (request: Request) => Promise<Response>) =>
      fetch(
        new Request('http://platform.test/ads/ad-inventory/v1/campaign/view', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id: campaign!.id }),
        }),
      )
    const page = t.platform.scopedFetch()
    expect((await call(page, token)).status).toBe(200)
    await revokeInDatabase(token)
    expect((await view(page)).status).toBe(200)
    expect((await view(t.platform.scopedFetch())).status).toBe(401)
  })
})
