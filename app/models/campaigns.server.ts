// Client of the inventory service (/ads/ad-inventory): campaigns, ad groups, catalog, analytics.
import type { AppLoadContext } from '@remix-run/node'
import { createUpstreamClient, transportFor } from './upstream.server'

export function inventoryApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'inventory'), { token, requestId: context.requestId })
}
