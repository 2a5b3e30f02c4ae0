// Messages between the web server and the embedded database's process (pglite-child.ts), over the
// IPC channel of child_process.fork. Decision 057.

/**
 * Connections the database process accepts: one for each thread of the web server (its main thread and
 * up to 3 render threads, decision 078), and room for a reconnect while a closed one is cleaned up.
 * PGlite is one session; its wire front (pglite-wire.ts) gives it to one client's group at a time and
 * holds it for a client inside a transaction.
 */
export const CHILD_MAX_CONNECTIONS = 8

/**
 * Connections each thread's pool opens to the database process: one. PGlite runs one statement at a
 * time whatever the number of connections, so more would only queue in the database process instead.
 */
export const CHILD_POOL_SIZE = 1

/** The parent's messages: stop; answer the backup requests waiting in the data directory. */
export type ParentMessage = { type: 'close' } | { type: 'backup' }

/** The child's messages. */
export type ChildMessage = { type: 'ready' } | { type: 'failed'; message: string }
