// What one console request's in-process platform calls have read (`platform.scopedFetch`). A page's
// loader calls the platform several times in-process: the guard's session, the stats and the list; the
// editor's campaign, and a group's products and keyword suggestions at once. Each would read the same
// session row, and the editor's two catalog calls the same product rows and account, again (decisions
// 074 and 080). Only in-process calls made for one console request share what they read, and only reads
// (GET, HEAD and the spec's read POSTs, platform/index.ts): a call that may write neither reads nor keeps
// them and empties them when it ends, so what that write changed (a revoked session, a new role, accepted
// terms) is read afresh by the calls after it. A request that came over HTTP shares nothing.
export type RequestReads = Map<string, Promise<unknown>>
const readsOf = new WeakMap<Request, RequestReads>()

/** Routes `request`'s shared reads through `reads` (the caller knows the request reads only). */
export function shareReads(request: Request, reads: RequestReads) {
  readsOf.set(request, reads)
}

/**
 * `read()`, or what an earlier call of the same console request read under `key` (the same promise,
 * so calls made at once join one read). The answer is shared: read only. A failed read is not kept.
 */
export function sharedRead<T>(request: Request | undefined, key: string, read: () => Promise<T>): Promise<T> {
  const reads = request && readsOf.get(request)
  const known = reads?.get(key) as Promise<T> | undefined
  if (known) return known
  const reading = read()
  if (reads) {
    reads.set(key, reading)
    // A failed read is not kept: the next call reads again.
    reading.catch(() => reads.delete(key))
  }
  return reading
}
