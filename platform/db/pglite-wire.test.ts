// The embedded database's wire front (decision 076): PGlite in this process, served on a UNIX socket,
// reached by node-postgres (what the web server uses) and by a raw socket where the test is about bytes.
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { serveWire, type WireServer } from './pglite-wire'

let dir: string
let db: PGlite
let server: WireServer
let socketPath: string
const clients: pg.Client[] = []

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-wire-'))
  socketPath = path.join(dir, '.s.PGSQL.5432')
  db = await PGlite.create()
  await db.exec('create table notes (id int primary key, body text not null)')
  server = await serveWire(db, socketPath, 2)
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => {})))
  await server.stop()
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

async function client() {
  const c = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' })
  await c.connect()
  clients.push(c)
  return c
}
async function end(c: pg.Client) {
  clients.splice(clients.indexOf(c), 1)
  await c.end()
  // The server learns of the close on its next turn; the next client waits for that.
  await new Promise((resolve) => setTimeout(resolve, 50))
}

/** Frontend messages, as a client writes them. */
const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5)
  head.write(type, 0)
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}
const cstr = (s: string) => Buffer.from(`${s}\0`)
const startup = () => {
  const body = Buffer.concat([
    Buffer.from([0, 3, 0, 0]),
    cstr('user'),
    cstr('postgres'),
    cstr('database'),
    cstr('postgres'),
    Buffer.from([0]),
  ])
  const head = Buffer.alloc(4)
  head.writeInt32BE(body.length + 4)
  return Buffer.concat([head, body])
}
const parse = (sql: string) => message('P', Buffer.concat([cstr(''), cstr(sql), Buffer.from([0, 0])]))
const bind = () => message('B', Buffer.concat([cstr(''), cstr(''), Buffer.from([0, 0, 0, 0, 0, 0])]))
const execute = () => message('E', Buffer.concat([cstr(''), Buffer.from([0, 0, 0, 0])]))
const sync = () => message('S', Buffer.alloc(0))
const flush = () => message('H', Buffer.alloc(0))

/** A raw client: every chunk the socket reads, as it was read. */
async function raw() {
  const socket = connect(socketPath)
  const chunks: Buffer[] = []
  socket.on('data', (d) => chunks.push(d))
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10))
    expect(done()).toBe(true)
  }
  /** The backend message types in what was read, in order. */
  const types = () =>
    Buffer.concat(chunks).reduce<{ at: number; types: string[] }>(
      (acc, _b, i, all) => {
        if (i !== acc.at) return acc
        acc.types.push(String.fromCharCode(all[i]!))
        acc.at = i + 1 + Buffer.from(all.buffer, all.byteOffset).readInt32BE(i + 1)
        return acc
      },
      { at: 0, types: [] },
    ).types
  return { socket: socket as Socket, chunks, until, types }
}

/** A raw client past its start-up (the server's ReadyForQuery read and dropped). */
async function signedOn() {
  const r = await raw()
  r.socket.write(startup())
  await r.until(() => r.types().includes('Z'))
  r.chunks.length = 0
  return r
}

describe('the embedded database wire front', () => {
  it('serves queries with and without parameters, and a failed query leaves the session usable', async () => {
    const c = await client()
    await c.query('insert into notes values ($1, $2)', [1, 'first'])
    expect((await c.query('select body from notes where id = $1', [1])).rows).toEqual([{ body: 'first' }])
    // Several statements in one simple query.
    expect((await c.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[]).toHaveLength(2)
    await expect(c.query('select $1::int', ['not a number'])).rejects.toThrow(/invalid input syntax/)
    await expect(c.query('insert into notes values ($1, $2)', [1, 'again'])).rejects.toThrow(/duplicate key/)
    expect((await c.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }])
    await end(c)
  })

  it('answers a whole Sync group in one write, and pipelined groups in order', async () => {
    const r = await signedOn()
    // One query's five messages in one write: ParseComplete … ReadyForQuery come back in one read.
    r.socket.write(
      Buffer.concat([parse('select 41 + 1'), bind(), message('D', Buffer.from('P\0')), execute(), sync()]),
    )
    await r.until(() => r.types().includes('Z'))
    expect(r.chunks).toHaveLength(1)
    expect(r.types()).toEqual(['1', '2', 'T', 'D', 'C', 'Z'])
    expect(r.chunks[0]!.includes(Buffer.from('42'))).toBe(true)
    // Two groups in one write: two answers, in order.
    r.chunks.length = 0
    r.socket.write(
      Buffer.concat([
        parse('select 7'),
        bind(),
        execute(),
        sync(),
        parse('select 8'),
        bind(),
        execute(),
        sync(),
      ]),
    )
    await r.until(() => r.types().filter((t) => t === 'Z').length === 2)
    const text = Buffer.concat(r.chunks).toString('latin1')
    expect(text.indexOf('7')).toBeLessThan(text.indexOf('8'))
    r.socket.end()
    await new Promise((resolve) => r.socket.once('close', resolve))
  })

  it('a client that leaves inside a transaction has it rolled back before the next one', async () => {
    const a = await client()
    await a.query('begin')
    await a.query('insert into notes values ($1, $2)', [2, 'never committed'])
    await end(a)
    const b = await client()
    expect((await b.query('select id from notes order by id')).rows).toEqual([{ id: 1 }])
    // The next client is not inside the old transaction: its own insert commits by itself.
    await b.query('insert into notes values ($1, $2)', [3, 'third'])
    await end(b)
    expect((await db.query('select id from notes order by id')).rows).toEqual([{ id: 1 }, { id: 3 }])
  })

  it('a client that leaves in the middle of an extended query (after a Flush) does not leave it open', async () => {
    const r = await signedOn()
    r.socket.write(Buffer.concat([parse('select 1'), flush()]))
    await r.until(() => r.types().includes('1'))
    r.socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const c = await client()
    expect((await c.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }])
    await end(c)
  })

  it('clients past the limit are refused while the others are connected', async () => {
    const first = await client()
    const second = await client()
    const third = new pg.Client({ host: dir, user: 'postgres', database: 'postgres' })
    await expect(third.connect()).rejects.toThrow()
    expect((await first.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    expect((await second.query('select 2 as two')).rows).toEqual([{ two: 2 }])
    await end(first)
    await end(second)
  })

  /** Settled yet? (after letting the server work for `ms`) */
  const settledAfter = async (promise: Promise<unknown>, ms: number) => {
    let settled = false
    promise.then(
      () => (settled = true),
      () => (settled = true),
    )
    await new Promise((resolve) => setTimeout(resolve, ms))
    return settled
  }

  it('two clients take turns at the one session; one inside a transaction holds it, so the other never sees it', async () => {
    const a = await client()
    const b = await client()
    await a.query('begin')
    await a.query('insert into notes values ($1, $2)', [20, 'in a transaction'])
    // b's read waits for a's transaction to end instead of running inside it.
    const read = b.query('select count(*)::int as n from notes where id = 20')
    expect(await settledAfter(read, 150)).toBe(false)
    // a goes on meanwhile (its own groups are not behind b's).
    expect((await a.query('select count(*)::int as n from notes where id = 20')).rows).toEqual([{ n: 1 }])
    await a.query('rollback')
    expect((await read).rows).toEqual([{ n: 0 }])
    // Outside transactions, both are served in turn.
    const both = await Promise.all([
      a.query('select 1 as n'),
      b.query('select 2 as n'),
      a.query('select 3 as n'),
    ])
    expect(both.map((r) => r.rows[0].n)).toEqual([1, 2, 3])
    await end(a)
    await end(b)
  })

  it('a client that leaves inside its transaction: the waiting one is served after the rollback', async () => {
    const a = await client()
    const b = await client()
    await a.query('begin')
    await a.query('insert into notes values ($1, $2)', [21, 'never committed'])
    const read = b.query('select count(*)::int as n from notes where id = 21')
    expect(await settledAfter(read, 100)).toBe(false)
    clients.splice(clients.indexOf(a), 1)
    // The client dies without a word (as a crashed thread's connection does).
    a.on('error', () => {})
    ;(a as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
    expect((await read).rows).toEqual([{ n: 0 }])
    // b is not inside the abandoned transaction: its insert commits by itself.
    await b.query('insert into notes values ($1, $2)', [22, 'committed'])
    expect((await db.query('select count(*)::int as n from notes where id = 22')).rows).toEqual([{ n: 1 }])
    await db.query('delete from notes where id = 22')
    await end(b)
  })

  it('a message with an impossible length closes that connection; the next client is served', async () => {
    const r = await signedOn()
    const bad = Buffer.from([0x51, 0x7f, 0xff, 0xff, 0xff])
    r.socket.write(bad)
    await new Promise((resolve) => r.socket.once('close', resolve))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const c = await client()
    expect((await c.query('select 2 as two')).rows).toEqual([{ two: 2 }])
    await end(c)
  })

  it('a 12 MB parameter, and a query written a few bytes at a time, are read whole', async () => {
    const c = await client()
    const big = 'x'.repeat(12_000_000)
    expect((await c.query('select length($1::text) as n', [big])).rows).toEqual([{ n: 12_000_000 }])
    await end(c)
    const r = await signedOn()
    const bytes = Buffer.concat([parse('select 40 + 2'), bind(), execute(), sync()])
    for (let i = 0; i < bytes.length; i += 3) {
      r.socket.write(bytes.subarray(i, i + 3))
      await new Promise((resolve) => setImmediate(resolve))
    }
    await r.until(() => r.types().includes('Z'))
    expect(r.types()).toEqual(['1', '2', 'D', 'C', 'Z'])
    expect(Buffer.concat(r.chunks).includes(Buffer.from('42'))).toBe(true)
    r.socket.end()
    await new Promise((resolve) => r.socket.once('close', resolve))
  })

  it('parses a query text once for every client: later calls bind the named statement, planned for their values', async () => {
    const a = await client()
    const b = await client()
    await a.query('insert into notes values ($1, $2), ($3, $4) on conflict do nothing', [
      10,
      'ten',
      11,
      'eleven',
    ])
    const text = 'select body from notes where id = $1 and body <> $2'
    const prepared = async () =>
      (
        await db.query<{ n: number; generic: number }>(
          'select count(*)::int as n, coalesce(sum(generic_plans), 0)::int as generic from pg_prepared_statements where statement = $1',
          [text],
        )
      ).rows[0]
    for (let i = 0; i < 8; i++) {
      expect((await a.query(text, [10, ''])).rows).toEqual([{ body: 'ten' }])
      expect((await b.query(text, [11, ''])).rows).toEqual([{ body: 'eleven' }])
    }
    // One statement for both clients and all 16 calls, each planned for its own values.
    expect(await prepared()).toEqual({ n: 1, generic: 0 })
    // The same text with other parameter types is another statement; a text that does not parse is named
    // nothing and leaves the others working.
    expect(
      (await a.query('select body from notes where id = $1::int and body <> $2', [10, ''])).rows,
    ).toHaveLength(1)
    await expect(a.query('selec body from notes where id = $1', [10])).rejects.toThrow(/syntax error/)
    expect((await b.query(text, [10, 'x'])).rows).toEqual([{ body: 'ten' }])
    await end(a)
    await end(b)
  })

  it('a statement a client deallocated is parsed again, and the call that found it gone is answered', async () => {
    const c = await client()
    const text = 'select count(*)::int as n from notes where id > $1'
    expect((await c.query(text, [0])).rows[0]!.n).toBeGreaterThan(0)
    await c.query('deallocate all')
    expect((await c.query(text, [0])).rows[0]!.n).toBeGreaterThan(0)
    expect((await c.query(text, [0])).rows[0]!.n).toBeGreaterThan(0)
    // Inside a transaction the failure has aborted it, so the client is told; the next call parses again.
    await c.query('deallocate all')
    await c.query('begin')
    await expect(c.query(text, [0])).rejects.toThrow(/does not exist/)
    await c.query('rollback')
    expect((await c.query(text, [0])).rows[0]!.n).toBeGreaterThan(0)
    await end(c)
  })

  it('when PGlite itself stops (COPY FROM STDIN ends its program), the owner is told', async () => {
    // A database of its own: this one does not come back.
    const doomed = await PGlite.create()
    const doomedPath = path.join(dir, 'doomed.sock')
    const onFatal = vi.fn()
    const doomedServer = await serveWire(doomed, doomedPath, 1, onFatal)
    const socket = connect(doomedPath)
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.on('error', () => {})
    socket.write(startup())
    socket.write(message('Q', cstr('copy (select 1) to stdout; create table c (n int); copy c from stdin')))
    await vi.waitFor(() => expect(onFatal).toHaveBeenCalledTimes(1), { timeout: 5_000 })
    expect(onFatal.mock.calls[0]![0]).toMatchObject({ name: 'ExitStatus' })
    socket.destroy()
    await doomedServer.stop()
  })
})
