// Faults against the real server process (issue 14 "Reliability", second bullet; docs/decisions/055).
// 'server' project, run once.
//
// The database goes away under load: the server talks to PostgreSQL (a database of this spec's own on the
// local server) through a TCP proxy in this process. While 20 clients ask for the campaign list page and
// the platform's list call, the proxy is cut, either
// - refused: every connection reset, new ones refused (the database stopped), or
// - blackholed: every connection left open but silent, new ones accepted and never answered (the
//   database host gone, or a network that drops everything: the hard case, a hung TCP connection);
// then restored. Every answer during the outage is a generic 503 (the HTML page / the API's envelope,
// nothing of the driver's error), each within 1 s; /healthz says unavailable; after the restore the same
// server process (no restart) answers 200 again within a few seconds.
import { type Socket, createServer as createTcpServer, connect as tcpConnect } from 'node:net'
import { expect, test } from '@playwright/test'
import { encodeBase64Text } from '../../platform/contracts/campaign-editor'
import type { DatabaseHandle } from '../../platform/db/client'
import { INVENTORY_BASE } from '../../platform/inventory'
import { adGroupPayload, sponsoredPayload } from '../../platform/testing/campaign-payloads'
import type { TestPlatform } from '../../platform/testing/platform'
import { fullyCategorisedProductsOf } from '../../platform/testing/seeded-products'
import {
  killServer,
  pgliteStore,
  type Store,
  LOCAL_POSTGRES,
  type Started,
  postgresStore,
  serverLogTail,
  signIn,
  startServer,
  stopServer,
} from './server-process'

const SELLER = 'seller@example.com'
const SELLER_ID = 100001
const CLIENTS = 20
/** The deadline for an answer while the database is down (behaviour, not speed: see below). */
const ANSWER_WITHIN_MS = 1000
/** "Recovers by itself": after the restore, pages are 200 again within this (measured 1.3–3.8 s on a busy 2-core machine: requests answered 503 while they waited on the pool run first). */
const RECOVER_WITHIN_MS = 8000

// ---------------------------------------------------------------------------------------------
// A TCP proxy in front of PostgreSQL that can be cut and restored
// ---------------------------------------------------------------------------------------------
type Mode = 'open' | 'refused' | 'blackholed'

async function faultProxy(target: { host: string; port: number }) {
  let mode: Mode = 'open'
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  }
  const server = createTcpServer((client) => {
    track(client)
    if (mode !== 'open') return // blackholed: accepted, never answered (refused: not listening)
    const upstream = tcpConnect(target)
    track(upstream)
    // Data is passed on only while open: once blackholed, both directions go silent.
    client.on('data', (chunk) => {
      if (mode === 'open') upstream.write(chunk)
    })
    upstream.on('data', (chunk) => {
      if (mode === 'open') client.write(chunk)
    })
    client.once('close', () => upstream.destroy())
    upstream.once('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const destroyAll = () => {
    for (const socket of sockets) socket.resetAndDestroy()
  }
  return {
    port,
    async cut(how: 'refused' | 'blackholed') {
      mode = how
      if (how === 'refused') {
        destroyAll()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      }
    },
    async restore() {
      // The connections a blackhole held are reset, as a database host that comes back resets
      // connections it no longer knows.
      destroyAll()
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
      mode = 'open'
    },
    async close() {
      destroyAll()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Load: CLIENTS loops, half on the console page, half on the API
// ---------------------------------------------------------------------------------------------
type Answer = {
  kind: 'page' | 'api'
  startedAt: number
  endedAt: number
  status: number
  contentType: string
  body: string
}

function load(server: Started, auth: { token: string; cookie: string }) {
  const answers: Answer[] = []
  let running = true
  const targets = {
    page: { url: `${server.baseUrl}/campaigns`, headers: { cookie: auth.cookie } },
    api: {
      url: `${server.baseUrl}${INVENTORY_BASE}/v1/campaign/loadHomePage?userId=${SELLER_ID}&dateFilterType=LAST_30D&page=1&size=10`,
      headers: { authorization: `Bearer ${auth.token}` },
    },
  }
  const loop = async (kind: 'page' | 'api') => {
    while (running) {
      const startedAt = performance.now()
      try {
        // A client gives up after 10 s: such an answer shows as status 0 and fails the 1 s check.
        const response = await fetch(targets[kind].url, {
          headers: targets[kind].headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        })
        const body = await response.text()
        answers.push({
          kind,
          startedAt,
          endedAt: performance.now(),
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          body,
        })
      } catch (error) {
        answers.push({
          kind,
          startedAt,
          endedAt: performance.now(),
          status: 0,
          contentType: '',
          body: String(error),
        })
      }
    }
  }
  const loops = Array.from({ length: CLIENTS }, (_, i) => loop(i % 2 === 0 ? 'page' : 'api'))
  return {
    answers,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Nothing of what failed or where: no SQL, driver, error code, stack or path. */
const INTERNALS =
  /select |insert |postgres|pglite|node-postgres|ECONN|ETIMEDOUT|Connection terminated|timeout exceeded|stack|at [\w.<>]+ \(|node_modules|\/work\/|build\/server|\.ts:\d/i

function describeAnswer(answer: Answer, cutAt: number) {
  return `${answer.kind} started ${Math.round(answer.startedAt - cutAt)} ms after the cut: ${answer.status} in ${Math.round(answer.endedAt - answer.startedAt)} ms ${answer.body.slice(0, 200)}`
}

for (const how of ['refused', 'blackholed'] as const) {
  test(`PostgreSQL ${how} under load: every page and API call a generic 503 within 1 s, /healthz unavailable, then 200 again without a restart`, async () => {
    test.setTimeout(240_000)
    const store = await postgresStore(`adc_faults_${how}`)
    const target = new URL(LOCAL_POSTGRES)
    const proxy = await faultProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const viaProxy = new URL(store.url!)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    let server: Started | null = null
    try {
      const handle = await store.open()
      const auth = await signIn(handle, SELLER, SELLER_ID).finally(() => handle.close())
      server = await startServer(store, { env: { DATABASE_URL: viaProxy.toString() } })
      const pid = server.child.pid

      // Warm up (first renders, the pool's connections), then load until every client has had answers.
      for (const url of ['/campaigns', '/healthz']) {
        await fetch(`${server.baseUrl}${url}`, { headers: { cookie: auth.cookie } })
      }
      const traffic = load(server, auth)
      await expect
        .poll(() => traffic.answers.length, { timeout: 60_000, intervals: [100] })
        .toBeGreaterThan(2 * CLIENTS)
      const cutAt = performance.now()
      await proxy.cut(how)
      await sleep(3000)
      const health = await fetch(`${server.baseUrl}/healthz`)
      const healthBody = await health.json()
      const restoredAt = performance.now()
      await proxy.restore()
      // The clients keep going until both the page and the API have answered 200 again (or 15 s).
      let recoveredAt = Number.POSITIVE_INFINITY
      const deadline = restoredAt + 15_000
      while (performance.now() < deadline) {
        const ok = (kind: Answer['kind']) =>
          traffic.answers.some((a) => a.kind === kind && a.startedAt > restoredAt && a.status === 200)
        if (ok('page') && ok('api')) {
          recoveredAt = performance.now()
          break
        }
        await sleep(50)
      }
      await traffic.stop()
      const answers = traffic.answers

      // Before the cut: the load itself is served.
      const before = answers.filter((a) => a.endedAt < cutAt)
      expect(before.length, 'answers before the cut').toBeGreaterThan(CLIENTS)
      const serverLog = () => serverLogTail(server!, 40)
      expect(
        before.filter((a) => a.status !== 200).map((a) => describeAnswer(a, cutAt)),
        serverLog(),
      ).toEqual([])

      // During the outage: every answer, also those to requests already on their way at the cut.
      const during = answers.filter((a) => a.endedAt > cutAt && a.startedAt < restoredAt)
      const outage = during.filter((a) => a.startedAt > cutAt)
      expect(outage.length, 'requests during the outage').toBeGreaterThan(CLIENTS)
      const wrong = during.filter((a) => {
        // A request that had its rows before the cut may still finish with 200.
        if (a.status === 200) return a.startedAt > cutAt
        if (a.status !== 503 || INTERNALS.test(a.body)) return true
        if (a.kind === 'page') return !/text\/html/.test(a.contentType) || !a.body.includes('unavailable')
        const body = JSON.parse(a.body) as Record<string, unknown>
        return body.code !== 503 || body.errorCode !== 'SERVICE_UNAVAILABLE'
      })
      expect(wrong.map((a) => describeAnswer(a, cutAt))).toEqual([])
      // The 1 s is the requirement of how the server behaves with its database gone (an answer,
      // not a hung page), so it is asserted here. It is measured per request, from the client's send to
      // the last byte, on a loaded 2-core machine: the server's gate answers within ~700 ms of the cut at
      // worst (200 ms between pings + 500 ms ping timeout) and at once after.
      const slow = during.filter(
        (a) => a.status !== 200 && a.endedAt - Math.max(a.startedAt, cutAt) > ANSWER_WITHIN_MS,
      )
      expect(slow.map((a) => describeAnswer(a, cutAt))).toEqual([])

      expect(health.status).toBe(503)
      expect(healthBody).toEqual({ status: 'unavailable' })

      // After: the same process, 200 again within a few seconds, /healthz ok.
      expect(recoveredAt - restoredAt, 'ms from the restore to a 200 page and API answer').toBeLessThan(
        RECOVER_WITHIN_MS,
      )
      expect(server.child.pid).toBe(pid)
      expect(server.child.exitCode).toBeNull()
      const healthAfter = await fetch(`${server.baseUrl}/healthz`)
      expect(healthAfter.status).toBe(200)
      expect(await healthAfter.json()).toMatchObject({ status: 'ok' })
      const page = await fetch(`${server.baseUrl}/campaigns`, { headers: { cookie: auth.cookie } })
      expect(page.status).toBe(200)
      console.log(
        `[faults] PostgreSQL ${how}: ${before.length} answers before, ${during.length} during (${during.filter((a) => a.status === 503).length} × 503, slowest ${Math.round(Math.max(...during.map((a) => a.endedAt - Math.max(a.startedAt, cutAt))))} ms), recovered ${Math.round(recoveredAt - restoredAt)} ms after the restore`,
      )
    } finally {
      if (server) await stopServer(server)
      await proxy.close()
      await store.drop()
    }
  })
}

// ---------------------------------------------------------------------------------------------
// SIGKILL during a campaign save: all of it or none of it, and the database reopens
// ---------------------------------------------------------------------------------------------
const AD_GROUPS = 20
const KEYWORDS_PER_GROUP = 500

/** What a save writes, per campaign: its ad groups, their products and keywords. */
async function campaignRows(handle: DatabaseHandle) {
  const { rows } = await handle.executeSql(`select c.id::text as id,
      (select count(*) from ad_groups g where g.campaign_id = c.id)::text as groups,
      (select count(*) from ad_group_products p join ad_groups g on g.id = p.ad_group_id where g.campaign_id = c.id)::text as products,
      (select count(*) from keyword_targets k join ad_groups g on g.id = k.ad_group_id where g.campaign_id = c.id)::text as keywords
    from campaigns c where c.seller_id = ${SELLER_ID} order by c.id`)
  return rows.map((r) => ({
    id: Number(r.id),
    groups: Number(r.groups),
    products: Number(r.products),
    keywords: Number(r.keywords),
  }))
}

function bigCampaign(productIds: number[], name: string) {
  const clock = { deps: { now: () => new Date() } } as unknown as TestPlatform
  return sponsoredPayload(clock, {
    name: encodeBase64Text(name),
    adGroups: Array.from({ length: AD_GROUPS }, (_, g) =>
      adGroupPayload(
        `Group ${g + 1}`,
        productIds.slice(0, 3),
        Array.from({ length: KEYWORDS_PER_GROUP }, (_, k) => ({
          keyword: `fault proof ${g} ${k}`,
          match_type: 1 as const,
          bid_price: 500,
        })),
      ),
    ),
  })
}

for (const kind of ['pglite', 'postgres'] as const) {
  test(`SIGKILL during a ${AD_GROUPS}-ad-group campaign save (${kind}): the campaign is saved whole or not at all, and the server starts again on the same data`, async () => {
    test.setTimeout(300_000)
    const store: Store =
      kind === 'pglite' ? await pgliteStore('faults-save') : await postgresStore('adc_faults_save')
    let server: Started | null = null
    try {
      const handle = await store.open()
      const { token } = await signIn(handle, SELLER, SELLER_ID)
      const productIds = await fullyCategorisedProductsOf(handle.db, SELLER_ID, 12)
      const initial = await campaignRows(handle)
      await handle.close()
      const url = (s: Started) =>
        `${s.baseUrl}${INVENTORY_BASE}/v1/campaign/create?action=save&userId=${SELLER_ID}`
      // Each save its own products (a product may not sit in two of the seller's campaigns' ad groups).
      const post = (s: Started, name: string, save: number) =>
        fetch(url(s), {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(bigCampaign(productIds.slice(save * 3, save * 3 + 3), name)),
        })

      // One whole save first: the payload is valid, and how long a save takes here.
      server = await startServer(store)
      const started = performance.now()
      const whole = await post(server, 'Fault proof whole', 0)
      const saveMs = performance.now() - started
      expect(whole.status, await whole.clone().text()).toBe(200)

      // Then kills at points spread over that time: some before the transaction, some inside it.
      const outcomes: string[] = []
      for (const [index, fraction] of [0.3, 0.6, 0.9].entries()) {
        const answer = post(server, `Fault proof kill ${index + 1}`, index + 1).then(
          (r) => r.status,
          () => 0,
        )
        await new Promise((resolve) => setTimeout(resolve, saveMs * fraction))
        await killServer(server)
        const status = await answer
        outcomes.push(`${fraction}: ${status}`)
        // Killed before it answered (0), or saved just before the kill (200): never refused.
        expect([0, 200], `the killed save answered ${status}`).toContain(status)
        // The next start: over a lock file the killed server left, on data it did not close.
        server = await startServer(store)
      }
      await stopServer(server)
      server = null

      const after = await (async () => {
        const again = await store.open()
        try {
          return await campaignRows(again)
        } finally {
          await again.close()
        }
      })()
      const added = after.filter((row) => !initial.some((before) => before.id === row.id))
      // The whole save, plus each killed one that committed before the kill: every one complete.
      expect(added.length).toBeGreaterThanOrEqual(1)
      expect(added.length).toBeLessThanOrEqual(4)
      for (const row of added) {
        expect(row, `campaign ${row.id} is whole (${outcomes.join(', ')})`).toEqual({
          id: row.id,
          groups: AD_GROUPS,
          products: AD_GROUPS * 3,
          keywords: AD_GROUPS * KEYWORDS_PER_GROUP,
        })
      }
      // Nothing half-written elsewhere: no ad group without its campaign's full set.
      expect(after.filter((row) => initial.some((before) => before.id === row.id))).toEqual(initial)
      console.log(
        `[faults] ${kind}: a save took ${Math.round(saveMs)} ms; kills at ${outcomes.join(', ')} (status 0 = killed before answering); ${added.length - 1} killed saves had committed`,
      )
    } finally {
      if (server) await stopServer(server)
      await store.drop()
    }
  })
}
