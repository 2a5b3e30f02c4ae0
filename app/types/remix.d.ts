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
    /** The caller's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
    clientIp?: string | null
    /** The platform keeps mail in its outbox (not production, no SMTP_URL): the menu offers the Outbox page. */
    outboxEnabled?: boolean
  }
}
