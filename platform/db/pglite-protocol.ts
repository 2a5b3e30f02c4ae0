// Messages between the web server and the embedded database's process (pglite-child.ts), over the
// IPC channel of child_process.fork. Decision 057.

/**
 * Connections the database process accepts, and so the size of the parent's pool. PGlite is one
 * session: two clients would share its unnamed statement and its transaction, so its wire front
 * (pglite-wire.ts) serves one client at a time. It costs nothing: PGlite runs one statement at a time
 * whatever the number of connections.
 */
export const CHILD_MAX_CONNECTIONS = 1

/** The parent's messages: stop; answer the backup requests waiting in the data directory. */
export type ParentMessage = { type: 'close' } | { type: 'backup' }

/** The child's messages. */
export type ChildMessage = { type: 'ready' } | { type: 'failed'; message: string }
