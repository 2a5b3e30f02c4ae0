// Messages between the web server and the embedded database's process (pglite-child.ts), over the
// IPC channel of child_process.fork. Decision 057.

/**
 * Connections the database process accepts, and so the size of the parent's pool. PGlite is one
 * session: pglite-socket 0.2 multiplexes several clients onto it message by message, keeping only an
 * explicit transaction's messages together. Two clients' extended-protocol queries (Parse, Bind,
 * Execute, Sync: what node-postgres sends for every query with parameters) can interleave and use each
 * other's unnamed statement, and an error makes PostgreSQL skip to the next Sync, which may be the other
 * client's. One connection is the only safe number, and it costs nothing: PGlite runs one statement at a
 * time whatever the number of connections.
 */
export const CHILD_MAX_CONNECTIONS = 1

/** The parent's messages: stop; answer the backup requests waiting in the data directory. */
export type ParentMessage = { type: 'close' } | { type: 'backup' }

/** The child's messages. */
export type ChildMessage = { type: 'ready' } | { type: 'failed'; message: string }
