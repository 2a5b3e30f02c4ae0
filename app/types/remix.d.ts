import '@remix-run/node'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
  interface AppLoadContext {
    /** The platform, called in-process (no socket). */
    platformFetch: (request: Request) => Promise<Response>
    cspNonce: string
    requestId: string
  }
}
