// The embedded database's process serves PGlite over the PostgreSQL wire protocol (decision 076, in place
// of @electric-sql/pglite-socket's server, decision 057). The difference is the unit of work: a client's
// messages are handed to PGlite a whole group at a time (everything up to a Sync, a simple Query or a
// Flush: for node-postgres, one query's Parse, Bind, Describe, Execute and Sync) and PGlite's answer to
// the group leaves in one write. pglite-socket ran each message by itself (its own PGlite call, file
// sync and socket write), so the web server read a query's answer in five pieces.
//
// One client at a time (CHILD_MAX_CONNECTIONS): PGlite is one session, and two clients' groups would
// share its unnamed statement and transaction. A client that leaves inside a transaction has it rolled
// back, so the next client (the pool's reconnect) starts clean.
import { createServer, type Server, type Socket } from 'node:net'
import type { PGlite } from '@electric-sql/pglite'

const PROTOCOL_3 = 196608
const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
/** Message types that end a group: Sync, simple Query, Flush. Terminate ('X') ends the connection. */
const GROUP_END = new Set(['S'.charCodeAt(0), 'Q'.charCodeAt(0), 'H'.charCodeAt(0)])
const FLUSH = 'H'.charCodeAt(0)
const TERMINATE = 'X'.charCodeAt(0)
const SYNC = Buffer.from([0x53, 0, 0, 0, 4])
/** A client message larger than this is refused (the connection closes): PostgreSQL's own limit is 1 GiB. */
export const WIRE_MAX_MESSAGE = 256 * 1024 * 1024

export type WireServer = { stop(): Promise<void> }

/** Serves `db` on the UNIX socket `socketPath` until stop(). At most `maxConnections` clients at once. */
export async function serveWire(db: PGlite, socketPath: string, maxConnections: number): Promise<WireServer> {
  await db.waitReady
  const clients = new Set<Socket>()
  let active = true
  const server: Server = createServer((socket) => {
    if (!active || clients.size >= maxConnections) {
      socket.on('error', () => {})
      socket.end('Too many connections\n', () => socket.destroy())
      return
    }
    clients.add(socket)
    serveClient(db, socket, () => clients.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    async stop() {
      active = false
      for (const socket of clients) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function serveClient(db: PGlite, socket: Socket, done: () => void) {
  socket.setNoDelay(true)
  let pending: Buffer = Buffer.alloc(0)
  let started = false
  /** The bytes of the group being gathered (complete messages whose group has not ended yet). */
  let group: Buffer[] = []
  /** Groups run one after another, in arrival order. */
  let chain: Promise<void> = Promise.resolve()
  /** Set after a group that ended in Flush: PGlite is inside an extended query until a Sync. */
  let midQuery = false
  let closed = false

  const run = (bytes: Buffer) => {
    chain = chain.then(async () => {
      if (closed) return
      const out: Buffer[] = []
      await db.runExclusive(() =>
        db.execProtocolRawStream(bytes, { onRawData: (chunk) => out.push(Buffer.from(chunk)) }),
      )
      midQuery = bytes[bytes.length - 5] === FLUSH && bytes.readInt32BE(bytes.length - 4) === 4
      if (out.length && !closed && socket.writable)
        socket.write(out.length === 1 ? out[0]! : Buffer.concat(out))
    })
    chain.catch((error) => {
      console.error(
        JSON.stringify({ level: 'error', msg: 'database process: query failed', error: String(error) }),
      )
      socket.destroy()
    })
  }

  const close = () => {
    if (closed) return
    closed = true
    done()
    // The rest of this client's work is dropped; what it left open is undone before the next client.
    chain = chain
      .catch(() => {})
      .then(async () => {
        if (midQuery) await db.runExclusive(() => db.execProtocolRaw(SYNC))
        if (db.isInTransaction()) await db.exec('ROLLBACK')
      })
      .catch((error) => {
        console.error(
          JSON.stringify({ level: 'error', msg: 'database process: cleanup failed', error: String(error) }),
        )
      })
  }

  socket.on('data', (data) => {
    pending = pending.length ? Buffer.concat([pending, data]) : data
    while (!closed) {
      if (!started) {
        // The start-up packets have no type byte: a length, then a code.
        if (pending.length < 8) return
        const length = pending.readInt32BE(0)
        const code = pending.readInt32BE(4)
        if (length < 8 || length > 10_000) return void socket.destroy()
        if (pending.length < length) return
        const packet = pending.subarray(0, length)
        pending = pending.subarray(length)
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write('N')
        else if (code === CANCEL_REQUEST) return void socket.destroy()
        else if (code === PROTOCOL_3) {
          started = true
          run(Buffer.from(packet))
        } else return void socket.destroy()
        continue
      }
      if (pending.length < 5) return
      const type = pending[0]!
      const length = pending.readInt32BE(1)
      if (length < 4 || length > WIRE_MAX_MESSAGE) return void socket.destroy()
      if (pending.length < length + 1) return
      const message = pending.subarray(0, length + 1)
      pending = pending.subarray(length + 1)
      if (type === TERMINATE) return void socket.end()
      group.push(message)
      if (GROUP_END.has(type)) {
        const bytes = group.length === 1 ? Buffer.from(group[0]!) : Buffer.concat(group)
        group = []
        run(bytes)
      }
    }
  })
  socket.on('error', () => socket.destroy())
  socket.on('close', close)
}
