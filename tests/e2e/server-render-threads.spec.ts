// The built server with render threads (decision 078), on both databases: page reads shared among the
// main thread and two render threads while the main thread writes in transactions (campaign clones) on
// the same database; on PGlite every thread reaches the one embedded database through its wire front.
import { expect, test } from '@playwright/test'
import { pgliteStore, postgresStore, serverLogTail, signIn, startServer, stopServer } from './server-process'

const rowIds = (html: string) => [...html.matchAll(/data-campaign-id="(\d+)"/g)].map((m) => m[1]!)

for (const kind of ['pglite', 'postgres'] as const) {
  test(`${kind}: pages rendered on two render threads and the main thread while the main thread clones campaigns`, async () => {
    test.setTimeout(120_000)
    const store = kind === 'pglite' ? await pgliteStore('threads') : await postgresStore('threads')
    try {
      const handle = await store.open()
      const { cookie } = await signIn(handle, 'seller@example.com').finally(() => handle.close())
      const server = await startServer(store, { env: { CONSOLE_THREADS: '2', LOG_LEVEL: 'info' } })
      try {
        // The server answers as soon as it listens, its own thread rendering every page until a render
        // thread is ready (each loads the build and opens its pool; seconds on a slow, shared CI machine,
        // where the reads below once all finished before the second thread was ready).
        const threadsReady = () => server.output().match(/"msg":"render thread ready"/g)?.length ?? 0
        for (const deadline = Date.now() + 60_000; threadsReady() < 2 && Date.now() < deadline; )
          await new Promise((resolve) => setTimeout(resolve, 100))
        expect(threadsReady(), `both render threads ready:\n${serverLogTail(server, 15)}`).toBe(2)
        const list = () => fetch(`${server.baseUrl}/campaigns`, { headers: { cookie } })
        const before = rowIds(await (await list()).text())
        expect(before.length).toBeGreaterThan(0)

        // 40 list reads and 3 clones (each a transaction on the main thread) at once.
        const reads = Array.from({ length: 40 }, () =>
          list().then(async (response) => ({ status: response.status, ids: rowIds(await response.text()) })),
        )
        const clones = [0, 1, 2].map(() =>
          fetch(`${server.baseUrl}/campaigns`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              intent: 'clone',
              campaignId: before[0]!,
              campaignName: '',
              returnTo: '?',
            }),
            redirect: 'manual',
          }),
        )
        const [readResults, cloneResults] = await Promise.all([Promise.all(reads), Promise.all(clones)])
        for (const read of readResults) {
          expect(read.status).toBe(200)
          // The seller's list, whole, before or after each clone.
          expect(read.ids.length).toBeGreaterThanOrEqual(before.length)
        }

        // Each clone went to its own new draft; the editor, a page read, shows it.
        const editors = cloneResults.map((response) => {
          expect(response.status).toBe(302)
          return response.headers.get('location')!
        })
        expect(new Set(editors).size).toBe(3)
        for (const editor of editors) {
          expect(editor).toMatch(/^\/create-campaign\?id=\d+$/)
          const page = await fetch(`${server.baseUrl}${editor}`, { headers: { cookie } })
          expect(page.status).toBe(200)
          expect(await page.text()).toContain(' - copy')
        }

        // Both render threads answered some of the reads (the request log names the thread).
        const threadsSeen = new Set(
          [...server.output().matchAll(/"msg":"request".*?"thread":(\d)/g)].map((match) => match[1]),
        )
        expect([...threadsSeen].sort(), serverLogTail(server, 15)).toEqual(['1', '2'])
        expect(server.output()).not.toContain('"level":"error"')
      } finally {
        await stopServer(server)
      }
    } finally {
      await store.drop()
    }
  })
}
