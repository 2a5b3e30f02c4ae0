// Reads joined while they run (decision 080): the editor asks the platform for an ad group's products
// and for its keyword suggestions at once, and both calls read the same catalog rows and the same
// account. A read already running on this database handle with the same key is joined instead of sent
// again. Nothing is kept once it has finished, so an answer is never older than a read started then.
// Keyed by the object the read runs on: a transaction's reads join only reads of that transaction. Use
// it only for reads that no write running beside them could change (the catalog, an account's kind).

const running = new WeakMap<object, Map<string, Promise<unknown>>>()

/** The running read `key` names on this handle, or `read()` started now. The answer is shared: read only. */
export function sharedWhileRunning<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  let reads = running.get(db)
  if (!reads) {
    reads = new Map()
    running.set(db, reads)
  }
  const current = reads.get(key) as Promise<T> | undefined
  if (current) return current
  const started = read().finally(() => reads.delete(key))
  reads.set(key, started)
  return started
}
