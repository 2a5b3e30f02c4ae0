// The floor's memo of platform answers (floor-server.ts), shared with its render threads (floor-thread.ts).

export type Answer = { status: number; headers: [string, string][]; body: ArrayBuffer }

/** A platform call's key: method, path and query, body. */
export const memoKey = (method: string, url: URL, body: string) =>
  `${method} ${url.pathname}${url.search} ${body}`

/** The recorded answer again (a fresh body each time), or 503 for a call that was not recorded. */
export function replay(answer: Answer | undefined): Response {
  if (!answer) return Response.json({ message: 'floor: not recorded' }, { status: 503 })
  return new Response(answer.body.byteLength ? answer.body.slice(0) : null, {
    status: answer.status,
    headers: answer.headers,
  })
}
