// The embedded database's process serves PGlite over the PostgreSQL wire protocol (decision 076, in place
// of @electric-sql/pglite-socket's server, decision 057). The difference is the unit of work: a client's
// messages are handed to PGlite a whole group at a time (everything up to a Sync, a simple Query or a
// Flush: for node-postgres, one query's Parse, Bind, Describe, Execute and Sync) and PGlite's answer to
// the group leaves in one write. pglite-socket ran each message by itself (its own PGlite call, file
// sync and socket write), so the web server read a query's answer in five pieces.
//
// Several clients (the web server's threads, decision 078), one session: PGlite is one session, so the
// clients take turns by group, and a client whose group leaves the session inside a transaction (or
// inside an extended query, after a Flush) keeps it until one of its groups leaves it idle; the others'
// groups wait their turn in arrival order meanwhile. So no client sees another's transaction or unnamed
// statement. A client that leaves inside a transaction has it rolled back before anyone else is served.
//
// Statements are parsed once (decision 079): node-postgres sends every query as an unnamed statement, and
// PGlite parses it each time (0.6 ms of a 1.1 ms read of one campaign row). The front names each query text
// the first time it comes and, the next times, drops the Parse, binds the named statement and answers the
// ParseComplete itself. Plans are still made for each call's values (plan_cache_mode force_custom_plan).
import { createServer, type Server, type Socket } from 'node:net'
import type { PGlite } from '@electric-sql/pglite'
import { log } from '../log'

const PROTOCOL_3 = 196608
const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
/**
 * Message types that end a group: Sync, simple Query, Flush, and the end of a client's COPY data
 * (CopyDone, CopyFail), which the server answers without a Sync. Terminate ('X') ends the connection.
 */
const GROUP_END = new Set(['S', 'Q', 'H', 'c', 'f'].map((t) => t.charCodeAt(0)))
const FLUSH = 'H'.charCodeAt(0)
const TERMINATE = 'X'.charCodeAt(0)
const SYNC = Buffer.from([0x53, 0, 0, 0, 4])
/** A client message larger than this is refused (the connection closes): PostgreSQL's own limit is 1 GiB. */
export const WIRE_MAX_MESSAGE = 256 * 1024 * 1024

export type WireServer = { stop(): Promise<void> }

/**
 * Serves `db` on the UNIX socket `socketPath` until stop(). At most `maxConnections` clients at once.
 * `onFatal` is told when PGlite itself has stopped (its WebAssembly program exited, as it does on a
 * `COPY … FROM STDIN`): it cannot answer again, so the process should end and be started anew.
 */
export async function serveWire(
  db: PGlite,
  socketPath: string,
  maxConnections: number,
  onFatal: (error: unknown) => void = () => {},
): Promise<WireServer> {
  await db.waitReady
  // Named statements planned for each call's values, as unnamed ones are: no generic plan for a query
  // whose best plan depends on the advertiser (10 campaigns or 10,000).
  await db.exec('SET plan_cache_mode = force_custom_plan')
  const clients = new Set<Socket>()
  const session = sessionTurns()
  const statements = statementNames()
  let active = true
  const server: Server = createServer((socket) => {
    if (!active || clients.size >= maxConnections) {
      socket.on('error', () => {})
      socket.end('Too many connections\n', () => socket.destroy())
      return
    }
    clients.add(socket)
    serveClient(db, session, statements, socket, () => clients.delete(socket), onFatal)
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

/** PGlite's WebAssembly program has exited: nothing it holds can answer again. */
const isFatal = (error: unknown) => (error as { name?: unknown } | null)?.name === 'ExitStatus'

/** PGlite throws plain objects as well as errors. */
const describe = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'object' ? JSON.stringify(error) : String(error)

/**
 * Turns at the one session. `take(who)` resolves when `who` may run a group: at once if nobody holds the
 * session or `who` does, else after the groups and transactions ahead of it. `give(who, keep)` after
 * each group: `keep` (the session is inside `who`'s transaction or extended query) holds it for `who`'s
 * next group; otherwise the next waiter's turn comes.
 */
function sessionTurns() {
  let holder: object | null = null
  const waiting: { who: object; go: () => void }[] = []
  return {
    take(who: object): Promise<void> {
      if (holder === null || holder === who) {
        holder = who
        return Promise.resolve()
      }
      return new Promise((go) => waiting.push({ who, go }))
    },
    give(who: object, keep: boolean) {
      if (holder !== who || keep) return
      const next = waiting.shift()
      holder = next?.who ?? null
      next?.go()
    },
  }
}

/** At most this many query texts are named; later new texts stay unnamed (parsed at each call). */
export const WIRE_MAX_STATEMENTS = 1000
const PARSE = 'P'.charCodeAt(0)
const BIND = 'B'.charCodeAt(0)
const DESCRIBE = 'D'.charCodeAt(0)
const EXECUTE = 'E'.charCodeAt(0)
const SYNC_TYPE = 'S'.charCodeAt(0)
const PARSE_COMPLETE = Buffer.from([0x31, 0, 0, 0, 4])

/** The names given to query texts (with their parameter types), shared by every client of the session. */
function statementNames() {
  const names = new Map<string, string>()
  let next = 0
  return {
    get: (key: string) => names.get(key),
    /** A new name for `key`, or none when the limit is reached. */
    fresh: () => (names.size < WIRE_MAX_STATEMENTS ? `adc_wire_${++next}` : undefined),
    set: (key: string, name: string) => names.set(key, name),
    forget: (key: string) => names.delete(key),
  }
}

const UNKNOWN_STATEMENT = '26000'

/** The SQLSTATE of an answer that starts with an ErrorResponse, else undefined. */
function sqlState(answer: Buffer | undefined): string | undefined {
  if (answer?.[0] !== 'E'.charCodeAt(0) || answer.length < 6) return undefined
  const end = Math.min(answer.length, answer.readInt32BE(1) + 1)
  for (let at = 5; at < end && answer[at] !== 0; ) {
    const stop = answer.indexOf(0, at + 1)
    if (stop < 0) return undefined
    if (answer[at] === 'C'.charCodeAt(0)) return answer.toString('latin1', at + 1, stop)
    at = stop + 1
  }
  return undefined
}

/** `message` with `name` written into it at `at` (an empty C string's place: its name). */
function withName(message: Buffer, at: number, name: string): Buffer {
  const rewritten = Buffer.concat([
    message.subarray(0, at),
    Buffer.from(name, 'latin1'),
    message.subarray(at),
  ])
  rewritten.writeInt32BE(rewritten.length - 1, 1)
  return rewritten
}

/**
 * A group of one unnamed query (Parse '', Bind to '', Describe portal, Execute, Sync: what node-postgres
 * sends) with the statement named. `cached`: the name was given before, so the Parse is dropped and its
 * ParseComplete is the front's to answer. Any other group is left as it is (null).
 */
function nameStatement(group: Buffer[], statements: ReturnType<typeof statementNames>) {
  const [parse, bind, ...rest] = group
  if (!parse || !bind || parse[0] !== PARSE || bind[0] !== BIND || parse[5] !== 0) return null
  if (rest.at(-1)?.[0] !== SYNC_TYPE) return null
  for (const message of rest) {
    const type = message[0]
    if (type === DESCRIBE && message[5] !== 'P'.charCodeAt(0)) return null
    if (type !== DESCRIBE && type !== EXECUTE && type !== SYNC_TYPE) return null
  }
  const portalEnd = bind.indexOf(0, 5)
  if (portalEnd < 0 || bind[portalEnd + 1] !== 0) return null
  // The query text and its parameter types, after the (empty) name.
  const key = parse.subarray(6).toString('latin1')
  const known = statements.get(key)
  const name = known ?? statements.fresh()
  if (name === undefined) return null
  const named = withName(bind, portalEnd + 1, name)
  // The group as it came, joined only if a call must be run again (a name gone): rare.
  const original = group
  return known
    ? { key, name, original, cached: true, bytes: Buffer.concat([named, ...rest]) }
    : {
        key,
        name,
        original,
        cached: false,
        bytes: Buffer.concat([withName(parse, 5, name), named, ...rest]),
      }
}

function serveClient(
  db: PGlite,
  session: ReturnType<typeof sessionTurns>,
  statements: ReturnType<typeof statementNames>,
  socket: Socket,
  done: () => void,
  onFatal: (error: unknown) => void,
) {
  socket.setNoDelay(true)
  let pending: Buffer = Buffer.alloc(0)
  /** Data read while a message is incomplete, joined once `need` bytes are there (a 25 MB Bind arrives
   * in hundreds of reads: joining at every read would copy it hundreds of times). */
  let parts: Buffer[] = []
  let size = 0
  let need = 0
  let started = false
  /** The bytes of the group being gathered (complete messages whose group has not ended yet). */
  let group: Buffer[] = []
  /** Groups run one after another, in arrival order. */
  let chain: Promise<void> = Promise.resolve()
  /** Set after a group that ended in Flush: PGlite is inside an extended query until a Sync. */
  let midQuery = false
  let closed = false

  /** This client, as the session's turns know it. */
  const me = {}
  // `chain` never rejects: a failed group is logged, and that client's connection and queued groups end.
  const run = (bytes: Buffer, named: ReturnType<typeof nameStatement> = null) => {
    chain = chain
      .then(async () => {
        if (closed) return
        await session.take(me)
        if (closed) return
        let out: Buffer[] = []
        const exec = (group: Buffer) =>
          db.runExclusive(() =>
            db.execProtocolRawStream(group, { onRawData: (chunk) => out.push(Buffer.from(chunk)) }),
          )
        try {
          if (named?.cached) {
            out.push(PARSE_COMPLETE)
            await exec(named.bytes)
            // The name is gone from the session (a client deallocated it): forgotten, and the group runs
            // again as it came, unless the failure has aborted a transaction the client had open.
            if (sqlState(out[1]) === UNKNOWN_STATEMENT) {
              statements.forget(named.key)
              if (!db.isInTransaction()) {
                out = []
                await exec(Buffer.concat(named.original))
              }
            }
          } else {
            await exec(named?.bytes ?? bytes)
            // Named once PGlite has parsed it.
            if (named && out[0]?.[0] === PARSE_COMPLETE[0]) statements.set(named.key, named.name)
          }
          midQuery = bytes[bytes.length - 5] === FLUSH && bytes.readInt32BE(bytes.length - 4) === 4
        } finally {
          // Closed meanwhile: close() gives the session back once it has undone what was left open.
          if (!closed) session.give(me, midQuery || db.isInTransaction())
        }
        if (out.length && !closed && socket.writable)
          socket.write(out.length === 1 ? out[0]! : Buffer.concat(out))
      })
      .catch((error) => {
        log.error('database process: query failed', { error: describe(error) })
        if (isFatal(error)) onFatal(error)
        socket.destroy()
        close()
      })
  }

  const close = () => {
    if (closed) return
    closed = true
    done()
    // The rest of this client's work is dropped; what it left open is undone before the next client.
    chain = chain
      .then(async () => {
        await session.take(me)
        if (midQuery) await db.runExclusive(() => db.execProtocolRaw(SYNC))
        if (db.isInTransaction()) await db.exec('ROLLBACK')
      })
      .catch((error) => log.error('database process: cleanup failed', { error: describe(error) }))
      .finally(() => session.give(me, false))
  }

  /** Keeps the incomplete rest until `bytes` are there; returns nothing (the read is done). */
  const wait = (bytes: number) => {
    parts = [pending]
    size = pending.length
    need = bytes
  }
  socket.on('data', (data) => {
    parts.push(data)
    size += data.length
    if (size < need) return
    pending = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size)
    parts = []
    size = 0
    need = 0
    while (!closed) {
      if (!started) {
        // The start-up packets have no type byte: a length, then a code.
        if (pending.length < 8) return wait(8)
        const length = pending.readInt32BE(0)
        const code = pending.readInt32BE(4)
        if (length < 8 || length > 10_000) return void socket.destroy()
        if (pending.length < length) return wait(length)
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
      if (pending.length < 5) return wait(5)
      const type = pending[0]!
      const length = pending.readInt32BE(1)
      if (length < 4 || length > WIRE_MAX_MESSAGE) return void socket.destroy()
      if (pending.length < length + 1) return wait(length + 1)
      const message = pending.subarray(0, length + 1)
      pending = pending.subarray(length + 1)
      if (type === TERMINATE) return void socket.end()
      group.push(message)
      if (GROUP_END.has(type)) {
        const named = nameStatement(group, statements)
        const bytes = named ? named.bytes : group.length === 1 ? Buffer.from(group[0]!) : Buffer.concat(group)
        group = []
        run(bytes, named)
      }
    }
  })
  socket.on('error', () => socket.destroy())
  socket.on('close', close)
}
