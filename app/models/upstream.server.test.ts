// The console's inventory and payments clients against the in-process platform: every answer is parsed
// with its contract (platform/contracts), and an answer off its contract fails the call that made it
// under test, or answers 502 in production (docs/decisions/014).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/v4'
import { createTestPlatform, type TestPlatform } from '../../platform/testing/platform'
import { parseListQuery } from './campaign-list'
import { campaignsApi, decodeName } from './campaigns.server'
import { checkAvailableCredit } from './payments.server'
import { ContractViolation, createUpstreamClient, type Transport } from './upstream.server'

let t: TestPlatform
let context: { platformFetch: (request: Request) => Promise<Response>; requestId: string }
beforeAll(async () => {
  t = await createTestPlatform()
  context = { platformFetch: t.platform.fetch, requestId: 'upstream-test' }
})
afterAll(async () => {
  await t.close()
})

/** A transport answering every call with this envelope `data`. */
const answering = (data: unknown): Transport => ({
  base: 'http://stub.internal',
  remote: false,
  fetch: async () => Response.json({ code: 200, message: 'Success', data, errors: [] }),
})

describe('console clients on their contracts', () => {
  it('list (100 rows, sorted by spend), stats, view, pause, play, clone, history and credit', async () => {
    const token = await t.tokenFor('seller@example.com')
    const api = campaignsApi(context, token)
    const list = await api.list(100001, parseListQuery(new URLSearchParams('size=100&sort=spend')))
    if (!list.ok) throw new Error(list.message)
    expect(list.data.size).toBe(100)
    const running = list.data.campaigns.find((c) => c.action === 'PAUSE' && c.campaignClass === 'Sponsored')
    if (!running) throw new Error('no running campaign in the list')

    const stats = await api.stats(100001)
    expect(stats.ok && stats.data.sellerId).toBe(100001)
    const view = await api.view(running.id)
    expect(view.ok && view.data.jmcampaign_id).toBe(running.jmcampaign_id)
    const paused = await api.pause(running.id)
    expect(paused.ok && paused.data).toEqual({ campaignId: running.id, state: 2, status: 0 })
    const played = await api.play(running.id)
    expect(played.ok && played.data.campaignId).toBe(running.id)
    const copy = await api.clone(running.id)
    if (!copy.ok) throw new Error(copy.message)
    expect(decodeName(copy.data.name)).toBe(`${decodeName(running.name)} - copy`)
    const history = await api.history(running.id, 1)
    expect(history.ok && history.data.entries[0]?.action).toBe('CAMPAIGN_PLAYED')
    const removed = await api.remove(copy.data.id)
    expect(removed.ok && removed.data.campaignStatus).toBe('DELETED')

    const credit = await checkAvailableCredit(context, token, 100001)
    expect(credit.ok && credit.data.creditsEnabled).toBe(true)
  })

  it('keep an error answer as an error, unparsed', async () => {
    const api = campaignsApi(context, await t.tokenFor('seller@example.com'))
    const refused = await api.stats(200001)
    expect(refused).toMatchObject({ ok: false, status: 403, message: 'unauthorized' })
  })
})

describe('an answer off its contract', () => {
  const schema = z.object({ id: z.number(), name: z.string() })

  it('is parsed into the contract: fields it does not name are dropped', async () => {
    const client = createUpstreamClient(answering({ id: 7, name: 'x', extra: true }))
    expect(await client.get('/thing', { response: schema })).toEqual({
      ok: true,
      status: 200,
      data: { id: 7, name: 'x' },
      message: 'Success',
    })
  })

  it('fails the call under test, naming the path and the field', async () => {
    const client = createUpstreamClient(answering({ id: '7', name: 'x' }))
    const call = client.get('/thing', { response: schema })
    await expect(call).rejects.toBeInstanceOf(ContractViolation)
    await expect(client.get('/thing', { response: schema })).rejects.toThrow(
      /The answer of \/thing does not match its contract: .*"id"/,
    )
  })

  it('answers 502 with a plain message in production, and logs the issues', async () => {
    const client = createUpstreamClient(answering({ id: 7 }), { requestId: 'req-1' })
    const saved = { VITEST: process.env.VITEST, NODE_ENV: process.env.NODE_ENV }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    delete process.env.VITEST
    process.env.NODE_ENV = 'production'
    try {
      const result = await client.get('/thing', { response: schema })
      expect(result).toMatchObject({ ok: false, status: 502, message: 'The service answered unexpectedly' })
      expect(logged).toHaveBeenCalledOnce()
      const line = JSON.parse(String(logged.mock.calls[0]?.[0]))
      expect(line).toMatchObject({ level: 'error', requestId: 'req-1' })
      expect(line.msg).toContain('"name"')
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
      logged.mockRestore()
    }
  })
})
