// The platform: four services over one database. The server mounts them over HTTP under /ads/…;
// the console calls the same apps in-process through `platform.fetch`.
import { ANALYTICS_BASE, createAnalyticsService } from './analytics'
import { REPORTS_PATH } from './analytics/reports'
import { AUTH_BASE, createAuthService } from './auth'
import type { PlatformDeps } from './deps'
import { createInventoryService, INVENTORY_BASE } from './inventory'
import { createPaymentsService, PAYMENTS_BASE } from './payments'
import { type RequestReads, shareReads } from './request-reads'

export type Platform = ReturnType<typeof createPlatform>

/**
 * The spec's read calls that are POSTs (their criteria travel in a JSON body): they write nothing, so
 * like GET and HEAD they may share a console request's reads. Any other POST, PUT or DELETE may
 * write.
 */
const READ_POSTS = new Set([
  `${INVENTORY_BASE}/v1/campaign/view`,
  `${INVENTORY_BASE}/v1/adgroup/list`,
  `${INVENTORY_BASE}/v1/adgroup/view`,
  `${INVENTORY_BASE}/v1/vertex/product/get`,
  `${INVENTORY_BASE}/v1/adgroup/keyword/suggest`,
  `${ANALYTICS_BASE}${REPORTS_PATH}/generateReport`,
])
const readsOnly = (request: Request) =>
  request.method === 'GET' ||
  request.method === 'HEAD' ||
  (request.method === 'POST' && READ_POSTS.has(new URL(request.url).pathname))

export function createPlatform(deps: PlatformDeps) {
  const auth = createAuthService(deps)
  const inventory = createInventoryService(deps)
  const payments = createPaymentsService(deps)
  const analytics = createAnalyticsService(deps)
  const services = [
    { base: AUTH_BASE, app: auth },
    { base: INVENTORY_BASE, app: inventory },
    { base: PAYMENTS_BASE, app: payments },
    { base: ANALYTICS_BASE, app: analytics },
  ]
  /** Routes a request to the service that owns its path (in-process transport). */
  async function fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url)
    const service = services.find(({ base }) => pathname === base || pathname.startsWith(`${base}/`))
    if (!service) return new Response(JSON.stringify({ code: 404, message: 'Not found' }), { status: 404 })
    return service.app.fetch(request)
  }
  /**
   * A `fetch` for one console request: its in-process calls share what they read (sessions, the
   * catalog's rows: ./request-reads.ts); a call that may write clears them when it ends.
   */
  function scopedFetch(): (request: Request) => Promise<Response> {
    const reads: RequestReads = new Map()
    return async (request) => {
      if (readsOnly(request)) {
        shareReads(request, reads)
        return fetch(request)
      }
      try {
        return await fetch(request)
      } finally {
        reads.clear()
      }
    }
  }
  return { deps, auth, inventory, payments, analytics, services, fetch, scopedFetch }
}
